import { Router, type Request, type Response } from 'express';
import { readPeriod, type ConversionReport } from '../../contracts/inbox-contract';
import { csvRow } from '../leads/csv';
import { badRequest, route, type AdminContext } from './context';
import { requireRole } from './role-guard';

const CSV_COLUMNS = ['table', 'name', 'views', 'leads', 'rate', 'new', 'inProgress', 'done', 'spam', 'promised', 'answeredInTime'];

/** A rate as a fraction with four digits, as a spreadsheet reads it; empty without views. */
const fraction = (rate: number | null) => (rate === null ? '' : rate.toFixed(4));

/** The campaign's three parameters as one name: source / medium / campaign, a missing one as "-". */
export const campaignName = (c: ConversionReport['campaigns'][number]) =>
  [c.utmSource, c.utmMedium, c.utmCampaign].map((p) => p ?? '-').join(' / ');

/** The report as one CSV: a row per page, campaign, referring site and form, with the columns each has. */
export function conversionCsv(report: ConversionReport, formTitle: (id: string) => string): string {
  const figures = (table: string, name: string, r: { views: number; leads: number; rate: number | null }) =>
    csvRow([table, name, String(r.views), String(r.leads), fraction(r.rate), '', '', '', '', '', '']);
  return [
    csvRow(CSV_COLUMNS),
    ...report.pages.map((p) => figures('page', p.path, p)),
    ...report.campaigns.map((c) => figures('campaign', campaignName(c), c)),
    ...report.referrers.map((r) => figures('referrer', r.host, r)),
    ...report.forms.map((f) =>
      csvRow([
        'form',
        formTitle(f.formId),
        '',
        String(f.new + f.inProgress + f.done),
        '',
        ...[f.new, f.inProgress, f.done, f.spam, f.promised, f.answeredInTime].map(String),
      ]),
    ),
  ].join('');
}

/** GET /conversion and /conversion.csv: views, leads and rates for a period. */
export function conversionRoutes(ctx: AdminContext): Router {
  const router = Router({ caseSensitive: true });
  // Lead figures are the leads' own: an account that only edits content is not shown them.
  const leads = requireRole('leads');
  const report = async (req: Request, res: Response): Promise<ConversionReport | null> => {
    const params = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    const now = ctx.now();
    const period = readPeriod(params, now.toISOString().slice(0, 10));
    if ('problems' in period) {
      badRequest(res, period.problems.join(' '));
      return null;
    }
    return ctx.store.views.conversionReport({ ...period, now });
  };

  router.get(
    '/conversion',
    leads,
    route(async (req, res) => {
      const found = await report(req, res);
      if (found) res.json(found);
    }),
  );

  router.get(
    '/conversion.csv',
    leads,
    route(async (req, res) => {
      const found = await report(req, res);
      if (!found) return;
      res.set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="conversion-${found.from}-to-${found.to}.csv"`,
      });
      res.send(conversionCsv(found, (id) => ctx.forms[id]?.title ?? id));
    }),
  );
  return router;
}
