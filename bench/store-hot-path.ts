// The lead store's hot path in this checkout against another one, in one process, interleaved
// round by round (the order swapped each round) so both share the machine's mood: the CPU time of
// storing a lead (insertLead, SQLite's group commit, 400 at once) and of adding a page-view flush
// (addViewCounts, 50 pages). `node --import tsx bench/store-hot-path.ts <other checkout> [rounds]`
// prints JSON. The other checkout may have the flat store of before the slices.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NewLead } from '../server/store/types';
import type { ViewCounts } from '../server/store/page-views';
import { ROOT } from './lib/proc';
import { median, pairedRatio } from './lib/stats';

/** Either shape of the store: sliced (this checkout) or flat (before the slices). */
interface AnyStore {
  init(): Promise<void>;
  close(): Promise<void>;
  leads?: { insertLead(lead: NewLead): Promise<unknown> };
  views?: { addViewCounts(counts: ViewCounts): Promise<void> };
  insertLead?(lead: NewLead): Promise<unknown>;
  addViewCounts?(counts: ViewCounts): Promise<void>;
}

const other = process.argv[2];
if (!other) throw new Error('Usage: node --import tsx bench/store-hot-path.ts <other checkout> [rounds]');
const ROUNDS = Number(process.argv[3] ?? 21);
const LEADS = 400;
const FLUSHES = 20;
/** The first rounds warm the JIT for both alike; the medians leave them out. */
const WARM = 3;

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const insert = (s: AnyStore) => (lead: NewLead) => (s.leads ? s.leads.insertLead(lead) : s.insertLead!(lead));
const addViews = (s: AnyStore) => (counts: ViewCounts) => (s.views ? s.views.addViewCounts(counts) : s.addViewCounts!(counts));

const dir = mkdtempSync(join(tmpdir(), 'store-hot-path-'));
const trees = { other: resolve(other), this: ROOT } as const;
type Tree = keyof typeof trees;
const stores = {} as Record<Tree, AnyStore>;
for (const tree of Object.keys(trees) as Tree[]) {
  const { createSqliteStore } = (await import(join(trees[tree], 'server/store/sqlite.ts'))) as {
    createSqliteStore(options: { file: string }): AnyStore;
  };
  stores[tree] = createSqliteStore({ file: join(dir, `${tree}.sqlite`) });
  await stores[tree].init();
}

const runs: Record<Tree, { lead: number[]; views: number[] }> = { other: { lead: [], views: [] }, this: { lead: [], views: [] } };
let n = 0;
const day = new Date().toISOString().slice(0, 10);
const counts: ViewCounts = {
  pages: Array.from({ length: 50 }, (_, i) => ({ day, path: `/page-${i}`, views: 3 })),
  campaigns: [{ day, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'autumn', arrivals: 2 }],
  referrers: [{ day, host: 'example.org', arrivals: 4 }],
};
try {
  for (let r = 0; r < ROUNDS; r++) {
    for (const tree of (r % 2 === 0 ? ['other', 'this'] : ['this', 'other']) as Tree[]) {
      const store = stores[tree];
      const add = insert(store);
      const t0 = cpuUs();
      await Promise.all(
        Array.from({ length: LEADS }, () => {
          n += 1;
          return add({
            endpoint: '/api/contact',
            formType: 'contact',
            formId: 'contact-us',
            payload: { name: 'Dana Whitfield', email: `dana${n}@example.com`, message: 'My photographs are copied on another site.' },
            idempotencyKey: `bench-${n}`,
            ipHash: 'hash',
            userAgent: 'bench',
          });
        }),
      );
      runs[tree].lead.push((cpuUs() - t0) / LEADS);
      const flush = addViews(store);
      const t1 = cpuUs();
      for (let i = 0; i < FLUSHES; i++) await flush(counts);
      runs[tree].views.push((cpuUs() - t1) / FLUSHES);
    }
  }
} finally {
  for (const store of Object.values(stores)) await store.close();
  rmSync(dir, { recursive: true, force: true });
}

const settled = (xs: number[]) => xs.slice(WARM);
const round = (x: number) => Math.round(x * 10) / 10;
console.log(
  JSON.stringify(
    {
      rounds: ROUNDS - WARM,
      leadsPerRound: LEADS,
      insertLeadCpuUsPerLead: {
        other: round(median(settled(runs.other.lead))),
        this: round(median(settled(runs.this.lead))),
        thisOverOther: pairedRatio(settled(runs.this.lead), settled(runs.other.lead)).median,
      },
      addViewCountsCpuUsPerFlush: {
        other: round(median(settled(runs.other.views))),
        this: round(median(settled(runs.this.views))),
        thisOverOther: pairedRatio(settled(runs.this.views), settled(runs.other.views)).median,
      },
    },
    null,
    2,
  ),
);
