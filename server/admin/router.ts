import { Router } from 'express';
import { sendApiError, shownPath } from '../api/router';
import { auditRoutes } from './audit';
import { conversionRoutes } from './conversion-routes';
import { createAdminContext, type AdminConfig } from './context';
import { requireSession } from './csrf';
import { evidenceRoutes } from './evidence-routes';
import { exportRoutes } from './export';
import { publishRoutes } from '../publish/routes';
import { leadRoutes } from './leads-routes';
import { noticeRoutes } from './notice-routes';
import { sessionRoutes, signInRoutes } from './sign-in';
import { twoStepRoutes } from './two-step-routes';
import { lazyHandler } from '../lazy';

export type { AdminConfig } from './context';

/**
 * The inbox's API: signing in, then (behind the session and same-origin guard) sessions, two-step
 * sign-in, the leads, their export, the audit log and the content editor.
 */
export function createAdminRouter(config: AdminConfig): Router {
  const ctx = createAdminContext(config);
  const router = Router({ caseSensitive: true });
  // Sent with every inbox answer: never indexed, never cached.
  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
    next();
  });
  router.use(signInRoutes(ctx));
  router.use(requireSession(ctx));
  router.use(
    sessionRoutes(ctx),
    twoStepRoutes(ctx),
    leadRoutes(ctx),
    evidenceRoutes(ctx),
    noticeRoutes(ctx),
    exportRoutes(ctx),
    conversionRoutes(ctx),
    auditRoutes(config.store.audit),
  );
  router.use(publishRoutes(config.publisher));
  const { editor } = config;
  if (editor) {
    // The editor's code and schemas are loaded with the first request that gets this far.
    router.use(
      lazyHandler(async () => {
        const [{ contentRoutes }, made] = await Promise.all([import('./content-routes'), typeof editor === 'function' ? editor() : editor]);
        return made ? contentRoutes(ctx, made) : (_req, _res, next) => next();
      }),
    );
  }
  router.use((req, res) => sendApiError(res, 404, 'NOT_FOUND', `No inbox endpoint at ${shownPath(req)}.`));
  return router;
}
