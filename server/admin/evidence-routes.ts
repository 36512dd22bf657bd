import { Router } from 'express';
import { evidenceDownloadName, type EvidenceList } from '../../contracts/evidence-contract';
import { sendApiError } from '../api/router';
import { leadRoute, route, type AdminContext } from './context';
import { fromAdminApp } from './csrf';
import { requireRole } from './role-guard';

/**
 * A takedown request's evidence files, for the leads role only: the list on the lead's page, and
 * each file as a download. A file is never shown in the inbox's own origin as a page or an image:
 * it goes out as application/octet-stream, as an attachment named by its place and type, with
 * nosniff and a sandbox, so no browser renders what a visitor sent, whatever it holds.
 */
export function evidenceRoutes(ctx: AdminContext): Router {
  const { store } = ctx;
  const router = Router({ caseSensitive: true });
  const leads = requireRole('leads');

  router.get(
    '/leads/:id/evidence',
    leads,
    leadRoute(store, async (req, res) => {
      const body: EvidenceList = { files: await store.evidence.listEvidence(String(req.params.id)) };
      res.json(body);
    }),
  );

  router.get(
    '/leads/:id/evidence/:position',
    leads,
    // Recorded in the audit log: like the export, only the inbox's own link or fetch may ask.
    fromAdminApp,
    route(async (req, res, user) => {
      const id = String(req.params.id);
      const position = Number(req.params.position);
      const file = /^[1-9]$/.test(String(req.params.position)) ? await store.evidence.getEvidence(id, position) : null;
      if (!file) return sendApiError(res, 404, 'NOT_FOUND', 'This lead has no evidence file there.');
      await ctx.audit.evidenceDownloaded(user.email, id, position, file.sha256);
      res.set({
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${evidenceDownloadName(position, file.mediaType)}"`,
        'Content-Length': String(file.bytes.length),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
      res.end(file.bytes);
    }),
  );
  return router;
}
