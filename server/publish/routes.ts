import { Router, type Response } from 'express';
import {
  EDITOR_ROUTES,
  type FileDiff,
  type PendingChanges,
  type ProblemsAnswer,
  type PublishAnswer,
  type ReleaseList,
  type RollbackPlan,
} from '../../contracts/editor-contract';
import { ADMIN_API } from '../../contracts/inbox-contract';
import { sendApiError } from '../api/router';
import { badRequest, readBodyOf, route } from '../admin/context';
import { requireRole } from '../admin/role-guard';
import type { Publisher, PublishResult } from './publisher';

/** What the dev server answers: its files are the site, so there is nothing to publish. */
export const NOT_PUBLISHED_HERE =
  'This server does not publish: in development (npm run dev) every saved file is live at once. Publishing, releases and rollback are on the production server (npm start).';

const pathOf = (full: string) => full.slice(ADMIN_API.length);
/** One query parameter of the request, or '' when absent. */
const queryOf = (url: string, name: string) => new URLSearchParams(url.split('?')[1] ?? '').get(name) ?? '';

function answer(res: Response, result: PublishResult): void {
  if (result.kind === 'published') res.json(result.answer satisfies PublishAnswer);
  else if (result.kind === 'problems') res.status(422).json({ problems: result.problems } satisfies ProblemsAnswer);
  else if (result.kind === 'busy') sendApiError(res, 409, 'PUBLISH_RUNNING', result.message);
  else sendApiError(res, 404, 'NOT_FOUND', result.message);
}

/**
 * POST publish, GET releases, POST rollback, and what they would do (the changes since the live
 * release, a file's diff, a rollback's plan): for accounts with the role `content`, behind the
 * session and same-origin guard.
 */
export function publishRoutes(publisher: Publisher | undefined): Router {
  const router = Router({ caseSensitive: true });
  const content = requireRole('content');
  const paths = [
    EDITOR_ROUTES.publish,
    EDITOR_ROUTES.releases,
    EDITOR_ROUTES.rollback,
    EDITOR_ROUTES.changes,
    EDITOR_ROUTES.changeDiff,
    EDITOR_ROUTES.rollbackPlan,
  ].map(pathOf);
  if (!publisher) {
    router.all(paths, content, (_req, res) => sendApiError(res, 409, 'NOT_PUBLISHED_HERE', NOT_PUBLISHED_HERE));
    return router;
  }
  router.post(
    pathOf(EDITOR_ROUTES.publish),
    content,
    route(async (req, res, user) => {
      // The body is optional: a publish without one gets a message made from the changed files' titles.
      const body = req.headers['content-length'] === '0' || !req.headers['content-type'] ? {} : await readBodyOf(req, res);
      if (!body) return;
      if (body.message !== undefined && typeof body.message !== 'string')
        return badRequest(res, 'Send the publish message as text: { "message": "…" }.');
      answer(res, await publisher.publish(user.email, body.message as string | undefined));
    }),
  );
  router.get(
    pathOf(EDITOR_ROUTES.changes),
    content,
    route(async (_req, res) => {
      res.json((await publisher.changes()) satisfies PendingChanges);
    }),
  );
  /** A GET of the one thing a query parameter names: it as JSON, or a 404 that says what to pick instead. */
  const getNamed = <T>(path: string, param: string, find: (name: string) => Promise<T | null>, missing: string) =>
    router.get(
      pathOf(path),
      content,
      route(async (req, res) => {
        const found = await find(queryOf(req.originalUrl, param));
        if (!found) return sendApiError(res, 404, 'NOT_FOUND', missing);
        res.json(found);
      }),
    );
  getNamed<FileDiff>(
    EDITOR_ROUTES.changeDiff,
    'path',
    (path) => publisher.diff(path),
    'That file has no change since the live release. Pick one from the list.',
  );
  getNamed<RollbackPlan>(
    EDITOR_ROUTES.rollbackPlan,
    'release',
    (id) => publisher.rollbackPlan(id),
    'There is no such release to roll back to. Pick one from History.',
  );
  router.get(
    pathOf(EDITOR_ROUTES.releases),
    content,
    route(async (_req, res) => {
      res.json({ releases: await publisher.list() } satisfies ReleaseList);
    }),
  );
  router.post(
    pathOf(EDITOR_ROUTES.rollback),
    content,
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (typeof body.release !== 'string' || body.release === '')
        return badRequest(res, 'Send { "release": "<id>" }: the id of a release from the list of releases.');
      answer(res, await publisher.rollback(body.release, user.email));
    }),
  );
  return router;
}
