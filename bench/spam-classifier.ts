// What the spam filter the team trains adds to scoring a submission: a store trained through its
// own inbox path (600 leads marked, a few thousand distinct tokens), then the same submissions
// scored with the filter and without it, batch by batch in turn; CPU time and wall time per
// submission, medians. SQLite in a temp directory; PostgreSQL too when DATABASE_URL is given.
// `node --import tsx bench/spam-classifier.ts` prints JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { SubmissionRules } from '../engine/forms/payload';
import { DEFAULT_SPAM } from '../server/config';
import { keptCounts } from '../server/spam/classifier';
import { createSpamScorer, type SpamScorer } from '../server/spam/score';
import { DEFAULT_SPAM_WEIGHTS } from '../server/spam/signals';
import { createPostgresStore } from '../server/store/postgres';
import { createSqliteStore } from '../server/store/sqlite';
import type { LeadStore } from '../server/store/types';

const MARKS = 300;
const SUBMISSIONS = 200;
const BATCHES = 15;

/** A small deterministic generator, so every run scores the same texts. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

const GENUINE = [
  'someone copied my photographs to their online shop without asking',
  'our course videos are being sold on a forum and we need them taken down',
  'a competitor republished three of our blog articles word for word',
  'my illustrations appear on print on demand mugs I never licensed',
  'please send a takedown notice to the host of this mirror site',
  'we found our software installer on a file sharing site with a crack',
  'the ebook I wrote is offered as a free download on several sites',
  'can you monitor marketplaces for copies of our product photos every week',
  'the pirate site ignores our emails and the host is in another country',
  'I would like a quote for protecting a catalogue of about two hundred songs',
];
const SPAM = [
  'we offer cheap backlinks and guest post placement on high authority sites',
  'boost your ranking with our seo services first page guaranteed',
  'earn passive income with crypto trading signals join our telegram today',
  'casino bonus free spins no deposit required claim now',
  'we build websites apps and logos at the lowest price contact our agency',
  'increase your followers and likes instantly with our social media package',
  'limited offer buy verified accounts and reviews for your business',
  'your website has errors our experts can fix them for a small fee',
  'investment opportunity double your bitcoin in seven days',
  'hire our virtual assistants from five dollars an hour',
];

/** A message of 3 to 5 sentences of one kind, with a few random words of its own. */
function message(kind: readonly string[], next: () => number): string {
  const n = 3 + Math.floor(next() * 3);
  const words = Array.from({ length: n }, () => kind[Math.floor(next() * kind.length)]!);
  words.push(Array.from({ length: 4 }, () => Math.floor(next() * 36 ** 5).toString(36)).join(' '));
  return words.join('. ');
}

const form = {
  id: 'contact',
  title: 'Contact',
  submit: { endpoint: '/api/contact', formType: 'contact' },
  fields: {
    type: 'object',
    properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, message: { type: 'string' } },
  },
} as unknown as SubmissionRules;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function train(store: Pick<LeadStore, 'leads' | 'inbox'>, next: () => number): Promise<void> {
  for (let i = 0; i < MARKS * 2; i++) {
    const spam = i % 2 === 0;
    const lead = await store.leads.insertLead({
      endpoint: '/api/contact',
      formType: 'contact',
      formId: 'contact',
      payload: {
        name: `Visitor ${i}`,
        email: `v${i}@${spam ? 'offers' : 'studio'}${i % 40}.example`,
        message: message(spam ? SPAM : GENUINE, next),
      },
    });
    await store.inbox.changeLead(lead.id, { spam: true }, 'bench@example.com');
    if (!spam) await store.inbox.changeLead(lead.id, { spam: false }, 'bench@example.com');
  }
}

/** Scores every submission once; CPU and wall microseconds per submission. */
async function batch(score: SpamScorer, payloads: readonly Record<string, unknown>[]) {
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  for (const payload of payloads) await score({ form, payload });
  const used = process.cpuUsage(cpu);
  return {
    cpuUs: (used.user + used.system) / payloads.length,
    wallUs: Number(process.hrtime.bigint() - wall) / 1000 / payloads.length,
  };
}

async function measure(name: string, store: LeadStore, countTokens: () => Promise<number>) {
  await store.init();
  const next = random(41);
  await train(store, next);
  const marks = await store.spam.classifierMarks();
  const base = {
    weights: DEFAULT_SPAM_WEIGHTS,
    threshold: DEFAULT_SPAM.threshold,
    language: 'en',
    words: [],
    countSameMessage: (q: { messageHash: string; senderHash: string | null; since: Date }) => store.spam.countSameMessage(q),
  };
  const without = createSpamScorer(base);
  /** The store's query alone, for the share of the added time it takes. */
  const lookup = { cpuUs: 0, calls: 0, keys: 0, found: 0 };
  const withFilter = createSpamScorer({
    ...base,
    classifier: {
      minMarks: DEFAULT_SPAM.classifierMinMarks,
      weight: DEFAULT_SPAM.classifierWeight,
      // As the server does: the counts a process has read are kept while no mark trains (keptCounts).
      counts: keptCounts(async (k) => {
        const before = process.cpuUsage();
        const found = await store.spam.classifierCounts(k);
        const used = process.cpuUsage(before);
        lookup.cpuUs += used.user + used.system;
        lookup.calls++;
        lookup.keys += k.length;
        lookup.found += found.size;
        return found;
      }),
    },
  });
  // Every batch is new messages: their own random words are never kept from an earlier one.
  const payloadsFor = (b: number) =>
    Array.from({ length: SUBMISSIONS }, (_, i) => ({
      name: `Sender ${b}-${i}`,
      email: `s${i}@mail${i % 17}.example`,
      message: message(i % 2 ? SPAM : GENUINE, next),
    }));
  // Warm both up, then alternate.
  const first = payloadsFor(-1);
  await batch(without, first);
  await batch(withFilter, first);
  Object.assign(lookup, { cpuUs: 0, calls: 0, keys: 0, found: 0 });
  const runs = { without: [] as Array<{ cpuUs: number; wallUs: number }>, with: [] as Array<{ cpuUs: number; wallUs: number }> };
  for (let b = 0; b < BATCHES; b++) {
    const payloads = payloadsFor(b);
    runs.without.push(await batch(without, payloads));
    runs.with.push(await batch(withFilter, payloads));
  }
  const storedTokens = await countTokens();
  const summary = (rs: Array<{ cpuUs: number; wallUs: number }>) => ({
    cpuUs: Math.round(median(rs.map((r) => r.cpuUs))),
    wallUs: Math.round(median(rs.map((r) => r.wallUs))),
  });
  const w = summary(runs.without);
  const f = summary(runs.with);
  await store.close();
  return {
    store: name,
    marks,
    storedTokens,
    submissions: SUBMISSIONS,
    batches: BATCHES,
    withoutFilter: w,
    withFilter: f,
    addedCpuUs: f.cpuUs - w.cpuUs,
    addedWallUs: f.wallUs - w.wallUs,
    query: {
      cpuUs: Math.round(lookup.cpuUs / lookup.calls),
      keysPerSubmission: Math.round(lookup.keys / lookup.calls),
      foundPerSubmission: Math.round(lookup.found / lookup.calls),
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-spam-filter-'));
try {
  const file = join(dir, 'leads.sqlite');
  const sqliteTokens = async () => {
    const db = new Database(file, { readonly: true });
    try {
      return Number(db.prepare('SELECT count(*) FROM spam_tokens').pluck().get());
    } finally {
      db.close();
    }
  };
  const results = [await measure('SQLite', createSqliteStore({ file }), sqliteTokens)];
  const url = process.env.DATABASE_URL;
  if (url) {
    const pgTokens = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM spam_tokens')).rows[0]!.n);
      } finally {
        await client.end();
      }
    };
    results.push(await measure('PostgreSQL', createPostgresStore({ connectionString: url }), pgTokens));
  }
  console.log(JSON.stringify(results, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
