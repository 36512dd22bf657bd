import { Router } from 'express';
import { csvRow } from '../leads/csv';
import { SOURCE_COLUMNS, sourceCells } from '../leads/lead-source';
import { optionLabels } from '../notify/messages';
import { route, type AdminContext } from './context';
import { fromAdminApp } from './csrf';
import { leadSummary } from './inbox-view';
import { listQuery } from './leads-routes';
import { positionOf } from '../store/leads';
import { requireRole } from './roles';

const EXPORT_BATCH = 500;
const COLUMNS = [
  ...['id', 'receivedAt', 'form', 'status', 'spam', 'name', 'email', 'urgency', 'erasedAt', 'erasedBy', 'payload'],
  // The option each choice showed the visitor, next to the stored values of payload; then the reply promise and the owner.
  ...['labels', 'replyDueAt', 'firstAnsweredAt', 'owner'],
  // Where the visitor came from: the form's page, the campaign and the referring host.
  ...SOURCE_COLUMNS,
];

/** GET /leads.csv: the leads the list's filter selects, as CSV, written a batch at a time. */
export function exportRoutes(ctx: AdminContext): Router {
  const { store, forms } = ctx;
  const router = Router({ caseSensitive: true });
  router.get(
    '/leads.csv',
    requireRole('leads'),
    fromAdminApp,
    route(async (req, res, user) => {
      const query = listQuery(req, res);
      if (!query) return;
      const day = ctx.now().toISOString().slice(0, 10);
      res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="leads-${day}.csv"` });
      let out = csvRow(COLUMNS);
      let count = 0;
      let after = query.after;
      // Page by page, so a large export never holds every lead in memory at once.
      for (;;) {
        const batch = await store.findLeads({ filter: query.filter, after, limit: EXPORT_BATCH, now: ctx.now(), viewer: user.email });
        for (const lead of batch) {
          const s = leadSummary(lead, forms);
          out += csvRow([
            s.id,
            s.createdAt,
            s.formTitle,
            s.status,
            String(s.spam),
            s.name ?? '',
            s.email ?? '',
            s.urgency ?? '',
            lead.erasedAt ?? '',
            lead.erasedBy ?? '',
            lead.erasedAt ? '' : JSON.stringify(lead.payload),
            lead.erasedAt ? '' : JSON.stringify(optionLabels(lead, lead.formId ? forms[lead.formId] : undefined)),
            lead.dueAt ?? '',
            lead.firstAnsweredAt ?? '',
            lead.assignee ?? '',
            ...sourceCells(lead.source),
          ]);
        }
        count += batch.length;
        if (out.length > 64 * 1024 || batch.length < EXPORT_BATCH) {
          res.write(out);
          out = '';
        }
        if (batch.length < EXPORT_BATCH) break;
        const last = batch[batch.length - 1]!;
        after = positionOf(last, query.filter.sort);
      }
      await ctx.audit.exported(user.email, count, query.filter);
      res.end();
    }),
  );
  return router;
}
