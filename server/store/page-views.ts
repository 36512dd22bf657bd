import { sql } from 'kysely';
import { CONVERSION_MAX_ROWS, OTHER_SOURCES, type ConversionReport } from '../../contracts/inbox-contract';
import { noticeConversion } from './notices';
import { ms } from './rows';
import type { Db } from './schema';

/** Counts one process gathered since its last flush, keyed by UTC day. */
export interface ViewCounts {
  pages: ReadonlyArray<{ day: string; path: string; views: number }>;
  campaigns: ReadonlyArray<{ day: string; utmSource: string; utmMedium: string; utmCampaign: string; arrivals: number }>;
  referrers: ReadonlyArray<{ day: string; host: string; arrivals: number }>;
}

/** Most distinct campaigns, and most distinct referring sites, stored for one day; the rest count as OTHER_SOURCES. */
export const MAX_SOURCES_PER_DAY = 5_000;
/** Rows per INSERT: well inside SQLite's 32,766 bound parameters with five columns a row. */
const ROWS_PER_STATEMENT = 500;

type Campaign = ViewCounts['campaigns'][number];
type Referrer = ViewCounts['referrers'][number];

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

const byKey =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
const campaignKey = (c: Pick<Campaign, 'utmSource' | 'utmMedium' | 'utmCampaign'>) => [c.utmSource, c.utmMedium, c.utmCampaign].join('\n');

/**
 * Keeps a day's distinct sources (campaigns or referring sites) within `cap`, counted in the store
 * so the bound holds across flushes and processes: rows already stored are always added to, new
 * ones only while the day has room, and the arrivals of the rest are summed into one `other` row.
 * The caller holds the page-view lock, so no other process adds sources in between.
 */
async function withinCap<R extends { day: string; arrivals: number }>(
  rows: readonly R[],
  cap: number,
  stored: { count: (day: string) => Promise<number>; keys: (day: string) => Promise<Set<string>> },
  keyOf: (row: R) => string,
  other: (day: string, arrivals: number) => R,
): Promise<R[]> {
  const days = new Map<string, R[]>();
  for (const row of rows) {
    const list = days.get(row.day) ?? [];
    list.push(row);
    days.set(row.day, list);
  }
  const kept: R[] = [];
  for (const [day, dayRows] of days) {
    const otherKey = keyOf(other(day, 0));
    const named = dayRows.filter((r) => keyOf(r) !== otherKey);
    let count = await stored.count(day);
    if (count + named.length <= cap) {
      kept.push(...dayRows);
      continue;
    }
    const known = await stored.keys(day);
    let others = dayRows.filter((r) => keyOf(r) === otherKey).reduce((sum, r) => sum + r.arrivals, 0);
    for (const row of named) {
      if (known.has(keyOf(row))) kept.push(row);
      else if (count < cap) {
        kept.push(row);
        count += 1;
      } else others += row.arrivals;
    }
    if (others > 0) kept.push(other(day, others));
  }
  return kept;
}

/**
 * Adds the counts to the stored ones (count = count + ?), in one transaction: several processes
 * flushing at once each add theirs, and none overwrites another's. `trx` holds the page-view lock
 * (see StoreDialect.holdLock), so flushes from several processes take turns instead of locking
 * the same rows in different orders; rows go in key order, a few hundred per statement.
 */
export async function addViewCounts(trx: Db, counts: ViewCounts, cap = MAX_SOURCES_PER_DAY): Promise<void> {
  const pages = [...counts.pages].sort(byKey((r) => `${r.day}\n${r.path}`));
  for (const rows of chunks(pages))
    await trx
      .insertInto('page_views')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['day', 'path']).doUpdateSet((eb) => ({ views: eb('page_views.views', '+', eb.ref('excluded.views')) })),
      )
      .execute();

  const campaignsOfDay = (day: string) => trx.selectFrom('campaign_arrivals').where('day', '=', day);
  const campaigns = await withinCap(
    counts.campaigns,
    cap,
    {
      count: async (day) =>
        Number(
          (
            await campaignsOfDay(day)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        ),
      keys: async (day) =>
        new Set(
          (await campaignsOfDay(day).select(['utm_source', 'utm_medium', 'utm_campaign']).execute()).map((r) =>
            campaignKey({ utmSource: r.utm_source, utmMedium: r.utm_medium, utmCampaign: r.utm_campaign }),
          ),
        ),
    },
    campaignKey,
    (day, arrivals): Campaign => ({ day, utmSource: OTHER_SOURCES, utmMedium: '', utmCampaign: '', arrivals }),
  );
  for (const rows of chunks(campaigns.sort(byKey((c) => `${c.day}\n${campaignKey(c)}`))))
    await trx
      .insertInto('campaign_arrivals')
      .values(
        rows.map((c) => ({
          day: c.day,
          utm_source: c.utmSource,
          utm_medium: c.utmMedium,
          utm_campaign: c.utmCampaign,
          arrivals: c.arrivals,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['day', 'utm_source', 'utm_medium', 'utm_campaign'])
          .doUpdateSet((eb) => ({ arrivals: eb('campaign_arrivals.arrivals', '+', eb.ref('excluded.arrivals')) })),
      )
      .execute();

  const referrersOfDay = (day: string) => trx.selectFrom('referrer_arrivals').where('day', '=', day);
  const referrers = await withinCap(
    counts.referrers,
    cap,
    {
      count: async (day) =>
        Number(
          (
            await referrersOfDay(day)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        ),
      keys: async (day) => new Set((await referrersOfDay(day).select('host').execute()).map((r) => r.host)),
    },
    (r) => r.host,
    (day, arrivals): Referrer => ({ day, host: OTHER_SOURCES, arrivals }),
  );
  for (const rows of chunks(referrers.sort(byKey((r) => `${r.day}\n${r.host}`))))
    await trx
      .insertInto('referrer_arrivals')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['day', 'host']).doUpdateSet((eb) => ({ arrivals: eb('referrer_arrivals.arrivals', '+', eb.ref('excluded.arrivals')) })),
      )
      .execute();
}

/** The first instant after a day (YYYY-MM-DD). */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

// PostgreSQL's SUM and COUNT are bigint, which pg reads as text.
const num = (v: unknown) => Number(v ?? 0);
const rate = (leads: number, views: number) => (views > 0 ? leads / views : null);
/** Campaign parts are stored as '' when the address had none; the report says null. */
const part = (v: string | null) => (v === '' ? null : v);

/**
 * The conversion view for the days from..to (UTC, both included): views, leads and their rate per
 * page and per campaign, arrivals and leads per referring site, and per form the leads by status
 * and how many were answered within the reply promise. Spam is no lead: it is counted apart.
 */
export async function conversionReport(db: Db, range: { from: string; to: string; now: Date }): Promise<ConversionReport> {
  const start = `${range.from}T00:00:00.000Z`;
  const end = dayAfter(range.to);
  const leads = db.selectFrom('leads').where('created_at', '>=', start).where('created_at', '<', end);
  const real = leads.where('spam', '=', false);

  const [views, pageLeads, arrivals, campaignLeads, referrerViews, referrerLeads, forms] = await Promise.all([
    db
      .selectFrom('page_views')
      .select(['path', (eb) => eb.fn.sum<string>('views').as('n')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('path')
      .execute(),
    real
      .select(['page_path', (eb) => eb.fn.countAll<string>().as('n')])
      .where('page_path', 'is not', null)
      .groupBy('page_path')
      .execute(),
    db
      .selectFrom('campaign_arrivals')
      .select(['utm_source', 'utm_medium', 'utm_campaign', (eb) => eb.fn.sum<string>('arrivals').as('n')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['utm_source', 'utm_medium', 'utm_campaign'])
      .execute(),
    real
      .select([
        sql<string>`coalesce(utm_source, '')`.as('utm_source'),
        sql<string>`coalesce(utm_medium, '')`.as('utm_medium'),
        sql<string>`coalesce(utm_campaign, '')`.as('utm_campaign'),
        (eb) => eb.fn.countAll<string>().as('n'),
      ])
      .where((eb) => eb.or([eb('utm_source', 'is not', null), eb('utm_medium', 'is not', null), eb('utm_campaign', 'is not', null)]))
      .groupBy([sql`coalesce(utm_source, '')`, sql`coalesce(utm_medium, '')`, sql`coalesce(utm_campaign, '')`])
      .execute(),
    db
      .selectFrom('referrer_arrivals')
      .select(['host', (eb) => eb.fn.sum<string>('arrivals').as('n')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('host')
      .execute(),
    real
      .select(['referrer_host', (eb) => eb.fn.countAll<string>().as('n')])
      .where('referrer_host', 'is not', null)
      .groupBy('referrer_host')
      .execute(),
    leads.select(['form_id', 'form_type', 'status', 'spam', 'due_at', 'first_answered_at']).execute(),
  ]);

  const pages = new Map<string, { views: number; leads: number }>();
  for (const v of views) pages.set(v.path, { views: num(v.n), leads: 0 });
  for (const l of pageLeads) {
    const row = pages.get(l.page_path!) ?? { views: 0, leads: 0 };
    pages.set(l.page_path!, { ...row, leads: num(l.n) });
  }

  const campaignKey = (s: string, m: string, c: string) => JSON.stringify([s, m, c]);
  const campaigns = new Map<string, { parts: [string, string, string]; views: number; leads: number }>();
  for (const a of arrivals)
    campaigns.set(campaignKey(a.utm_source, a.utm_medium, a.utm_campaign), {
      parts: [a.utm_source, a.utm_medium, a.utm_campaign],
      views: num(a.n),
      leads: 0,
    });
  for (const l of campaignLeads) {
    const key = campaignKey(l.utm_source, l.utm_medium, l.utm_campaign);
    const row = campaigns.get(key) ?? { parts: [l.utm_source, l.utm_medium, l.utm_campaign], views: 0, leads: 0 };
    campaigns.set(key, { ...row, leads: num(l.n) });
  }

  const referrers = new Map<string, { views: number; leads: number }>();
  for (const v of referrerViews) referrers.set(v.host, { views: num(v.n), leads: 0 });
  for (const l of referrerLeads) {
    const row = referrers.get(l.referrer_host!) ?? { views: 0, leads: 0 };
    referrers.set(l.referrer_host!, { ...row, leads: num(l.n) });
  }

  const byForm = new Map<string, ConversionReport['forms'][number]>();
  const now = range.now.getTime();
  for (const l of forms) {
    const id = l.form_id ?? l.form_type;
    const row = byForm.get(id) ?? { formId: id, new: 0, inProgress: 0, done: 0, spam: 0, promised: 0, answeredInTime: 0 };
    if (l.spam === true || l.spam === 1) row.spam += 1;
    else {
      row[l.status === 'in_progress' ? 'inProgress' : l.status] += 1;
      // A lead counts once its promise is decided: answered, or still unanswered past its due time.
      if (l.due_at !== null) {
        const due = ms(l.due_at);
        const answered = l.first_answered_at === null ? null : ms(l.first_answered_at);
        if (answered !== null || due < now) row.promised += 1;
        if (answered !== null && answered <= due) row.answeredInTime += 1;
      }
    }
    byForm.set(id, row);
  }

  const byLeadsThenViews = (a: { leads: number; views: number }, b: { leads: number; views: number }) =>
    b.leads - a.leads || b.views - a.views;
  const pageRows = [...pages]
    .map(([path, r]) => ({ path, views: r.views, leads: r.leads, rate: rate(r.leads, r.views) }))
    .sort((a, b) => byLeadsThenViews(a, b) || a.path.localeCompare(b.path));
  const campaignRows = [...campaigns.values()]
    .map((r) => ({
      utmSource: part(r.parts[0]),
      utmMedium: part(r.parts[1]),
      utmCampaign: part(r.parts[2]),
      views: r.views,
      leads: r.leads,
      rate: rate(r.leads, r.views),
    }))
    .sort(byLeadsThenViews);
  const referrerRows = [...referrers]
    .map(([host, r]) => ({ host, views: r.views, leads: r.leads, rate: rate(r.leads, r.views) }))
    .sort((a, b) => byLeadsThenViews(a, b) || a.host.localeCompare(b.host));
  const left = (rows: readonly unknown[]) => Math.max(0, rows.length - CONVERSION_MAX_ROWS);
  return {
    from: range.from,
    to: range.to,
    pages: pageRows.slice(0, CONVERSION_MAX_ROWS),
    campaigns: campaignRows.slice(0, CONVERSION_MAX_ROWS),
    referrers: referrerRows.slice(0, CONVERSION_MAX_ROWS),
    omitted: { pages: left(pageRows), campaigns: left(campaignRows), referrers: left(referrerRows) },
    forms: [...byForm.values()].sort((a, b) => a.formId.localeCompare(b.formId)),
    notices: await noticeConversion(db, start, end),
  };
}
