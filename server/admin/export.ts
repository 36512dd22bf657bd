import { Router } from 'express';
import { csvRow } from '../leads/csv';
import { route, type AdminContext } from './context';
import { fromAdminApp } from './csrf';
import { listQuery } from './leads-routes';
import { csvCells, csvLayout } from './lead-csv';
import { positionOf } from '../store/leads';
import { requireRole } from './role-guard';

const EXPORT_BATCH = 500;

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
      const timeZone = ctx.config.timeZone ?? 'UTC';
      // The filter's form alone, or every form by title: the columns are known before the first row.
      const formIds = query.filter.form
        ? [query.filter.form]
        : Object.values(forms)
            .sort((a, b) => a.title.localeCompare(b.title))
            .map((f) => f.id);
      const layout = csvLayout(forms, formIds, timeZone);
      let out = csvRow(layout.header);
      let count = 0;
      let after = query.after;
      // Page by page, so a large export never holds every lead in memory at once.
      for (;;) {
        const batch = await store.inbox.findLeads({ filter: query.filter, after, limit: EXPORT_BATCH, now: ctx.now(), viewer: user.email });
        const notes = await Promise.all(batch.map((lead) => (lead.erasedAt ? [] : store.inbox.listNotes(lead.id))));
        batch.forEach((lead, i) => {
          out += csvRow(csvCells(lead, notes[i]!, forms, layout, timeZone));
        });
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
