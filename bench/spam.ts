// Section "spam", run as its own process: `node --import tsx bench/spam.ts <distDir> <cpuRounds> [NAME=value…]`;
// each NAME=value is a setting of the server with the layers on (to weigh a default before changing it).
// `bench/spam.ts <distDir> layers <rounds> [notify]` measures only the CPU, of each layer apart (LAYER_SETTINGS);
// with `notify`, every server also sends the team's e-mails, auto-replies and webhook calls, as a
// deployment with notifications set up does (to sinks in this process), and each batch's CPU runs
// until its server's outbox is empty.
// Replays the labelled corpus (bench/spam-corpus/corpus.json) against the compiled server over HTTP
// on 127.0.0.1, as visitors' browsers would: each loads the form's page, waits as a person does, then
// posts the JSON the form's island posts with its headers (some send the form without script, a few
// are clients of the API). Bots do what no person does: fill the honeypot, post without loading the
// page, or post within a second of it. The mail-domain check is off: nothing leaves this machine.
//
// Each submission's fate is read from where it ended up, never from the answer alone (a refused bot
// is answered as a success): no lead stored (refused; the server's refusal counters say by what),
// stored as spam on arrival, in quarantine (with the reasons the store keeps), or in the inbox. The
// layers are whatever the server reports: a new reason code, counter or refusal shows up here without
// a change. The training split is replayed first and marked "Spam" / "Not spam" through the inbox
// API, as the team would, so a filter that learns from marks has seen them before the test split.
//
// Then the CPU the spam layers add: servers with the layers on and off (each bare, and with the team's
// notifications set up), fed the same submissions in the same batches, interleaved; the servers' own
// CPU (from /proc) per submission, the median of the rounds. Twice: as a site in use (every server
// starts on a copy of the store the marked training split left, and gets the held-out split), and
// as a new site (empty stores, the whole corpus).
//
// A JSON post answered 428 with a proof-of-work challenge (a doubtful score) is solved with
// altcha-lib, as the visitor's browser does (engine/forms/proof-of-work.ts), and sent again with the
// same key and the answer in X-Altcha; a form sent without script gets no challenge and is held.
// Prints one JSON line.
import { spawnSync } from 'node:child_process';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ERROR_CODES, HEADERS, PROOF_OF_WORK_STATUS, PROOF_UNSOLVED, REQUESTED_WITH, SOURCE_KEY } from '../contracts/api-contract';
import { ADMIN_ROUTES } from '../contracts/inbox-contract';
import type { Form, ResolvedFormSection, SiteModel } from '../engine/content/model';
import { FORM_ID_FIELD, FORM_MEDIA_TYPE } from '../engine/forms/form-post';
import { buildPayload, HONEYPOT_FIELD } from '../engine/forms/payload';
import { buildServer } from '../scripts/build-server';
import { FORM_TOKEN_COOKIE } from '../server/spam/form-token';
import { shippedServerEnv, SERVING_PORT } from './http';
import { backupSqliteFile } from '../server/store/sqlite-backup';
import { cpuSeconds } from './lib/cpu';
import { freePort, ROOT, startServer, tsNodeArgs, type Started } from './lib/proc';
import { median } from './lib/stats';
import type { Corpus, CorpusItem, Label } from './spam-corpus/generate';
import { startMailbox } from '../tests/support/mailbox';
import { startWebhookReceiver } from '../tests/support/webhook-receiver';

// ------------------------------------------------------------------------------------------ settings

/** What a person takes at least between the page and the post (the 2-second rule, with room). */
const PERSON_WAIT_MS = 2_600;
/** A bot that posts "within a second of loading the page". */
const FAST_BOT_MS = 300;
/** Visitors whose pages are loaded together, then whose posts are sent together. */
const BATCH = 60;
/** The mark a team member gives in the inbox, through the API the inbox itself calls. */
const TEAM_EMAIL = 'bench-marks@example.com';
const TEAM_PASSWORD = 'benchmark marks password';

/**
 * Both servers, as shipped, with the limiters at their defaults (each visitor has their own address,
 * told in X-Forwarded-For behind a trusted proxy) and no DNS question to anyone.
 */
/** The SQLite file of the lead store a server keeps in `dataDir` (server/store/store-choice.ts). */
const storeFile = (dataDir: string) => join(dataDir, 'leads.sqlite');

function serverEnv(distDir: string, dataDir: string, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...shippedServerEnv(distDir, dataDir), TRUST_PROXY: '1', SPAM_MAIL_CHECK: 'off', ...extra };
  delete env.RATE_LIMIT_MAX;
  return env;
}
/**
 * Every spam layer's off switch; a layer that adds a setting adds its "off" here, so "off" stays the
 * floor. With no score there is no proof-of-work step and no filter's vote (both are parts of the
 * score: server/config.ts reads them only when SPAM_QUARANTINE_SCORE is not off); the honeypot and
 * the rate limit stay, as they were before any of these layers.
 */
export const SPAM_LAYERS_OFF: Record<string, string> = { SPAM_QUARANTINE_SCORE: 'off', FORM_TOKENS: 'off' };

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

// ------------------------------------------------------------------------------------------- results

/** Where a submission ended up. */
export type Fate = 'refused' | 'stored-as-spam' | 'quarantined' | 'inbox' | 'invalid';

export interface Tally {
  total: number;
  refused: number;
  storedAsSpam: number;
  quarantined: number;
  inbox: number;
  /** Refused by the form's own checks (400/422): a corpus item the form does not accept; should be 0. */
  invalid: number;
}

export interface LayerRow {
  /** `refusal:<reason>` (an answer or a refusal counter), `stored-as-spam`, or `score:<reason code>`. */
  layer: string;
  genuine: number;
  spam: number;
}

export interface SplitResult {
  genuine: Tally;
  spam: Tally;
  /** Per layer: how many genuine and spam submissions it caught (a quarantined lead counts under each of its reasons). */
  layers: LayerRow[];
  /** Spam reaching the inbox, and genuine leads quarantined or refused, by kind. */
  spamInInboxByKind: Record<string, number>;
  genuineHeldByKind: Record<string, number>;
  /** Every genuine lead not in the inbox, with its reasons: each one is a lead the team might have lost. */
  genuineHeld: Array<{ id: string; kind: string; fate: Fate; reasons: string[] }>;
  /** The spam behaviours (person, honeypot, no-page, fast) and where they ended up. */
  spamByBehaviour: Record<string, Tally>;
  /** Each spam that reached the inbox: the score kept for it (only when the step was passed; below the step nothing is kept) and its reasons. */
  spamInInbox: Array<{ id: string; kind: string; behaviour: string; encoding: string; score: number | null; reasons: string[] }>;
  /** Posts from a served page that sent its form-token cookie back, of all posts from a page. */
  formTokens: { sent: number; fromPage: number };
}

export interface SpamBenchResult {
  corpus: { items: number; genuine: number; spam: number; train: number; test: number };
  /** The settings of the server with the layers off, and those given to the one with them on (beyond the defaults). */
  layersOff?: Record<string, string>;
  layersOn?: Record<string, string>;
  /** The inbox marks of the training split: how many the API accepted. */
  marks: { sent: number; accepted: number; error?: string };
  train: SplitResult;
  test: SplitResult;
  all: SplitResult;
  /**
   * Server CPU per submission (page load + post), layers on and off, interleaved rounds: bare, and
   * with the team's notifications set up (their delivery counted with the posts that caused it).
   */
  cpu:
    | (CpuComparison & {
        withNotifications?: CpuComparison;
        /**
         * The same four servers, each started on a copy of the store the training split left once
         * the team marked it (the filter voting), fed the held-out split: a site in use.
         */
        trained?: CpuComparison & { withNotifications: CpuComparison };
      })
    | null;
}

export interface CpuComparison {
  rounds: number;
  submissions: number;
  onMsPerSubmission: number[];
  offMsPerSubmission: number[];
  /** on / off, round by round, and its median: the goal is under 1.10. */
  ratio: number[];
  ratioMedian: number;
  /** The posts alone (the page loads left out). */
  postOnMs: number[];
  postOffMs: number[];
  postRatioMedian: number;
  /** E-mails and webhook calls sent each round, layers on and off (0 and 0 without notifications). */
  deliveries: { on: number[]; off: number[] };
}

// ---------------------------------------------------------------------------------------------- http

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const connections = new Agent({ keepAlive: true, maxSockets: 8 });

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: connections }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A visitor's cookies, as a browser keeps them between the page and the post. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(answer: Answer): void {
    const set = answer.headers['set-cookie'] ?? [];
    for (const line of Array.isArray(set) ? set : [set]) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): Record<string, string> {
    return this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The hidden inputs of one form on a served page (other than its form id): whatever the server puts
 * in the page for the form to send back, such as a signed form token. A browser sends them with the
 * form; the island reads them from the same form. Both encodings here send them beside the fields.
 */
export function hiddenInputs(html: string, formId: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const form of html.match(/<form\b[\s\S]*?<\/form>/g) ?? []) {
    const inputs = form.match(/<input\b[^>]*>/g) ?? [];
    const attrs = inputs.map((tag) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)])));
    if (!attrs.some((a) => a.name === FORM_ID_FIELD && a.value === formId)) continue;
    for (const a of attrs) if (a.type === 'hidden' && a.name && a.name !== FORM_ID_FIELD) found[a.name] = a.value ?? '';
  }
  return found;
}

// ------------------------------------------------------------------------------------------- replay

interface Site {
  forms: Record<string, Form>;
  /** The page each form is on. */
  pageOf: Record<string, string>;
}

function readSite(distDir: string): Site {
  const model = JSON.parse(readFileSync(join(distDir, 'site-model.json'), 'utf8')) as SiteModel;
  const pageOf: Record<string, string> = {};
  for (const page of model.pages) {
    for (const s of page.sections) {
      if (s.type === 'form' && page.path && !pageOf[(s as ResolvedFormSection).definition.id])
        pageOf[(s as ResolvedFormSection).definition.id] = page.path;
    }
  }
  return { forms: model.forms as Record<string, Form>, pageOf };
}

interface Visit {
  item: CorpusItem;
  jar: Jar;
  hidden: Record<string, string>;
  loadedAt: number;
  answer?: Answer;
  /** The proof-of-work step, when the server asked for it: whether the answer found was sent. */
  step?: 'solved' | 'unsolved';
  /** Whether the page's answer set the form-token cookie, and the post sent it back. */
  tokenSent?: boolean;
  fromPage?: boolean;
  /** The refusal counters that moved while this item was posted (only when they are read between posts). */
  counters?: string[];
}

function visitorHeaders(item: CorpusItem, port: number): Record<string, string> {
  return {
    'User-Agent': item.behaviour === 'person' ? BROWSER_UA : BOT_UA,
    'Accept-Language': 'en-GB,en;q=0.9',
    'X-Forwarded-For': item.ip,
    Host: `127.0.0.1:${port}`,
  };
}

async function loadPage(port: number, site: Site, visit: Visit): Promise<void> {
  const { item } = visit;
  if (item.behaviour === 'no-page' || item.encoding === 'api' || !item.form) return;
  const path = site.pageOf[item.form];
  if (!path) throw new Error(`No page shows the form "${item.form}".`);
  const answer = await send(port, 'GET', path, {
    ...visitorHeaders(item, port),
    Accept: 'text/html,application/xhtml+xml',
    'Sec-Fetch-Site': 'none',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
  });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}.`);
  visit.jar.take(answer);
  visit.fromPage = true;
  visit.hidden = hiddenInputs(answer.body, item.form);
  visit.loadedAt = performance.now();
}

async function post(port: number, site: Site, visit: Visit): Promise<void> {
  const { item, jar, hidden } = visit;
  const origin = `http://127.0.0.1:${port}`;
  const base = visitorHeaders(item, port);
  visit.tokenSent = new RegExp(`(^|; )${FORM_TOKEN_COOKIE}=`).test(jar.header().Cookie ?? '');
  const trap: Record<string, string> = item.behaviour === 'honeypot' ? { [HONEYPOT_FIELD]: item.values.email ?? 'yes' } : {};
  if (item.encoding === 'api' || !item.form) {
    visit.answer = await send(
      port,
      'POST',
      item.endpoint!,
      { ...base, 'Content-Type': 'application/json', Accept: 'application/json', [HEADERS.requestedWith]: REQUESTED_WITH },
      JSON.stringify(item.values),
    );
    return;
  }
  const form = site.forms[item.form]!;
  const page = site.pageOf[item.form]!;
  if (item.encoding === 'form-post') {
    const body = new URLSearchParams({ [FORM_ID_FIELD]: item.form, ...hidden, ...item.values, ...trap });
    visit.answer = await send(
      port,
      'POST',
      page,
      {
        ...base,
        ...jar.header(),
        'Content-Type': FORM_MEDIA_TYPE,
        Origin: origin,
        Referer: `${origin}${page}`,
        'Sec-Fetch-Site': item.behaviour === 'no-page' ? 'none' : 'same-origin',
        'Sec-Fetch-Mode': 'navigate',
      },
      body.toString(),
    );
    return;
  }
  // What the island sends: the payload its own code builds, the trap as it reads it, the page it is on.
  // The page's hidden inputs that are not fields of the form (those the form's own code already sends, or omits).
  const fields = new Set(Object.keys(form.fields.properties ?? {}));
  const extra = Object.fromEntries(Object.entries(hidden).filter(([name]) => !fields.has(name)));
  const payload = JSON.stringify({ ...buildPayload(form, item.values), ...trap, ...extra, [SOURCE_KEY]: { page } });
  const headers = {
    ...base,
    ...jar.header(),
    'Content-Type': 'application/json',
    Accept: 'application/json',
    [HEADERS.requestedWith]: REQUESTED_WITH,
    [HEADERS.idempotencyKey]: randomUUID(),
    [HEADERS.formId]: item.form,
    Origin: origin,
    Referer: `${origin}${page}`,
    'Sec-Fetch-Site': 'same-origin',
    'Sec-Fetch-Mode': 'cors',
  };
  visit.answer = await send(port, 'POST', form.submit.endpoint, headers, payload);
  if (visit.answer.status === PROOF_OF_WORK_STATUS) {
    // A doubtful score: the browser solves the challenge (a bot that runs script can too) and sends the same request again.
    const { challenge } = JSON.parse(visit.answer.body) as { challenge: Challenge };
    const solution = await solveChallenge({ challenge, deriveKey });
    const proof = solution ? Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') : PROOF_UNSOLVED;
    visit.step = solution ? 'solved' : 'unsolved';
    visit.answer = await send(port, 'POST', form.submit.endpoint, { ...headers, [HEADERS.proofOfWork]: proof }, payload);
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Counter series about refusals, tokens, spam or bots, read from the metrics port: name{labels} → value. */
async function refusalCounters(metricsPort: number | null): Promise<Map<string, number>> {
  const counters = new Map<string, number>();
  if (!metricsPort) return counters;
  const answer = await send(metricsPort, 'GET', '/metrics', {});
  for (const line of answer.body.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^(\w+)(\{[^}]*\})? ([\d.e+-]+)$/.exec(line);
    if (m && /refus|spam|token|bot|honeypot|proof|pow/i.test(m[1]!) && !/_bucket|_sum|_count$/.test(m[1]!))
      counters.set(`${m[1]}${m[2] ?? ''}`, Number(m[3]));
  }
  return counters;
}

interface ServerSide {
  port: number;
  metricsPort: number | null;
  pid: number | undefined;
  /** With notifications on: resolves once the server's outbox has sent everything it holds. */
  drain?: () => Promise<void>;
}

interface BatchCpu {
  pages: number;
  posts: number;
}

/**
 * One batch of visitors: every page loaded, fast bots posting at once, then (after a person's pause)
 * everyone else, one post at a time. With `counters`, the refusal counters are read around each post.
 */
async function replayBatch(server: ServerSide, site: Site, items: CorpusItem[], counters: boolean): Promise<BatchCpu> {
  const visits: Visit[] = items.map((item) => ({ item, jar: new Jar(), hidden: {}, loadedAt: performance.now() }));
  const cpu0 = cpuSeconds(server.pid) ?? 0;
  for (const v of visits) await loadPage(server.port, site, v);
  const cpu1 = cpuSeconds(server.pid) ?? 0;
  let postCpu = 0;
  const postAll = async (list: Visit[]) => {
    const before = cpuSeconds(server.pid) ?? 0;
    for (const v of list) {
      const was = counters ? await refusalCounters(server.metricsPort) : null;
      await post(server.port, site, v);
      if (was) {
        const now = await refusalCounters(server.metricsPort);
        v.counters = [...now].filter(([k, n]) => n > (was.get(k) ?? 0)).map(([k]) => k);
      }
    }
    postCpu += (cpuSeconds(server.pid) ?? 0) - before;
  };
  const fast = visits.filter((v) => v.item.behaviour === 'fast');
  if (fast.length) {
    await sleep(Math.max(0, FAST_BOT_MS - (performance.now() - Math.min(...fast.map((v) => v.loadedAt)))));
    await postAll(fast);
  }
  const rest = visits.filter((v) => v.item.behaviour !== 'fast');
  await sleep(Math.max(0, PERSON_WAIT_MS - (performance.now() - Math.max(...visits.map((v) => v.loadedAt)))));
  await postAll(rest);
  if (server.drain) {
    // What the batch's leads cause after their answers: the team's e-mails, auto-replies and webhook calls.
    const before = cpuSeconds(server.pid) ?? 0;
    await server.drain();
    postCpu += (cpuSeconds(server.pid) ?? 0) - before;
  }
  batchVisits.push(...visits);
  return { pages: cpu1 - cpu0, posts: postCpu };
}

/** The visits of the run being recorded (its fates are read from them and the store). */
let batchVisits: Visit[] = [];

function batches<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

// -------------------------------------------------------------------------------------------- fates

interface StoredRow {
  id: string;
  payload: string;
  spam: number;
  quarantined_at: string | null;
  quarantine: string | null;
}

interface Outcome {
  item: CorpusItem;
  fate: Fate;
  reasons: string[];
  leadId: string | null;
  /** The score the store kept (a quarantined lead, or one let through after the step). */
  score?: number;
  /** The score's reasons of a lead let through (the step passed). */
  scored?: string[];
  fromPage: boolean;
  tokenSent: boolean;
}

function readStore(dataDir: string): Map<string, StoredRow> {
  const db = new Database(storeFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT id, payload, spam, quarantined_at, quarantine FROM leads').all() as StoredRow[];
    const byEmail = new Map<string, StoredRow>();
    for (const row of rows) {
      const email = (JSON.parse(row.payload) as { email?: unknown }).email;
      if (typeof email === 'string') byEmail.set(email.toLowerCase(), row);
    }
    return byEmail;
  } finally {
    db.close();
  }
}

function errorOf(answer: Answer | undefined): string {
  if (!answer) return 'no answer';
  try {
    const json = JSON.parse(answer.body) as { error?: unknown; fields?: Record<string, unknown> };
    // The fields named, never what was in them.
    if (typeof json.error === 'string') return json.fields ? `${json.error} (${Object.keys(json.fields).sort().join(', ')})` : json.error;
  } catch {
    // A page or plain text: the status says it.
  }
  return `HTTP ${answer.status}`;
}

function fateOf(visit: Visit, row: StoredRow | undefined): Outcome {
  return { ...fateOfVisit(visit, row), fromPage: visit.fromPage === true, tokenSent: visit.tokenSent === true };
}

function fateOfVisit(visit: Visit, row: StoredRow | undefined): Omit<Outcome, 'fromPage' | 'tokenSent'> {
  const { item, answer } = visit;
  // The 428 that asked for the step is counted by the server as an answer without a lead; the step's own rows say it here.
  const counters = (visit.counters ?? [])
    .filter((c) => !(visit.step && c.includes(ERROR_CODES.proofOfWorkRequired)))
    .map((c) => `refusal:${c}`);
  const ok = answer && (answer.status === 201 || answer.status === 200 || answer.status === 303);
  if (!ok) {
    const error = errorOf(answer);
    const invalid = answer && (answer.status === 400 || answer.status === 422) && /^VALIDATION|^HTTP 422/.test(error);
    return { item, fate: invalid ? 'invalid' : 'refused', reasons: [`refusal:${error}`, ...counters], leadId: null };
  }
  // Answered as a success, but nothing stored: refused without saying so; the counters say by what.
  if (!row) return { item, fate: 'refused', reasons: counters.length ? counters : ['refusal:unreported'], leadId: null };
  if (row.spam) return { item, fate: 'stored-as-spam', reasons: ['stored-as-spam', ...counters], leadId: row.id };
  // The proof-of-work step's own rows: asked (and answered) by the server, or skipped for a form sent without script.
  const kept = JSON.parse(row.quarantine ?? '{}') as { score?: number; reasons?: Array<{ code?: string }> };
  const stepped = (kept.reasons ?? []).some((r) => r.code === 'proof-of-work');
  const step = visit.step
    ? ['proof-of-work:challenged', row.quarantined_at ? 'proof-of-work:held' : 'proof-of-work:passed']
    : stepped
      ? ['proof-of-work:no-script']
      : [];
  const scored = (kept.reasons ?? []).filter((r) => r.code !== 'proof-of-work').map((r) => `score:${r.code}`);
  if (row.quarantined_at) return { item, fate: 'quarantined', reasons: [...scored, ...step], leadId: row.id, score: kept.score };
  return { item, fate: 'inbox', reasons: [...counters, ...step], leadId: row.id, score: kept.score, scored };
}

const emptyTally = (): Tally => ({ total: 0, refused: 0, storedAsSpam: 0, quarantined: 0, inbox: 0, invalid: 0 });

function count(tally: Tally, fate: Fate): void {
  tally.total++;
  if (fate === 'refused') tally.refused++;
  else if (fate === 'stored-as-spam') tally.storedAsSpam++;
  else if (fate === 'quarantined') tally.quarantined++;
  else if (fate === 'inbox') tally.inbox++;
  else tally.invalid++;
}

export function summarise(outcomes: readonly Outcome[]): SplitResult {
  const result: SplitResult = {
    genuine: emptyTally(),
    spam: emptyTally(),
    layers: [],
    spamInInboxByKind: {},
    genuineHeldByKind: {},
    genuineHeld: [],
    spamByBehaviour: {},
    formTokens: { sent: 0, fromPage: 0 },
    spamInInbox: [],
  };
  const layers = new Map<string, LayerRow>();
  for (const o of outcomes) {
    const label: Label = o.item.label;
    count(result[label], o.fate);
    if (o.fromPage) {
      result.formTokens.fromPage++;
      if (o.tokenSent) result.formTokens.sent++;
    }
    // A layer counts what it held back; the proof-of-work step also counts those it let through.
    for (const layer of new Set(o.reasons))
      if (o.fate !== 'inbox' || label === 'genuine' || layer.startsWith('proof-of-work:')) {
        const row = layers.get(layer) ?? { layer, genuine: 0, spam: 0 };
        row[label]++;
        layers.set(layer, row);
      }
    if (label === 'spam') {
      count((result.spamByBehaviour[o.item.behaviour] ??= emptyTally()), o.fate);
      if (o.fate === 'inbox') {
        result.spamInInboxByKind[o.item.kind] = (result.spamInInboxByKind[o.item.kind] ?? 0) + 1;
        const { id, kind, behaviour, encoding } = o.item;
        result.spamInInbox.push({ id, kind, behaviour, encoding, score: o.score ?? null, reasons: o.scored ?? [] });
      }
    } else if (o.fate !== 'inbox') {
      result.genuineHeldByKind[o.item.kind] = (result.genuineHeldByKind[o.item.kind] ?? 0) + 1;
      result.genuineHeld.push({ id: o.item.id, kind: o.item.kind, fate: o.fate, reasons: o.reasons });
    }
  }
  result.layers = [...layers.values()].sort((a, b) => a.layer.localeCompare(b.layer));
  return result;
}

// -------------------------------------------------------------------------------------------- marks

/** Signs in as a team member and marks each training lead as the team would (Spam, or Done for a genuine one, and a release for a genuine lead held); returns how many the API took. */
async function markTraining(port: number, outcomes: readonly Outcome[]): Promise<SpamBenchResult['marks']> {
  const marked = outcomes.filter((o) => o.leadId !== null);
  const origin = `http://127.0.0.1:${port}`;
  const headers = { Host: `127.0.0.1:${port}`, Origin: origin, 'Sec-Fetch-Site': 'same-origin', [HEADERS.requestedWith]: REQUESTED_WITH };
  const jar = new Jar();
  const signIn = await send(
    port,
    'POST',
    ADMIN_ROUTES.signIn,
    { ...headers, 'Content-Type': 'application/json' },
    JSON.stringify({ email: TEAM_EMAIL, password: TEAM_PASSWORD }),
  );
  if (signIn.status !== 204) return { sent: 0, accepted: 0, error: `sign-in answered ${signIn.status}` };
  jar.take(signIn);
  let accepted = 0;
  for (const o of marked) {
    const answer = await send(
      port,
      'PATCH',
      ADMIN_ROUTES.lead(o.leadId!),
      { ...headers, ...jar.header(), 'Content-Type': 'application/json' },
      // A genuine lead is taken up (Done), which is how the team's kept leads teach the filter "not spam".
      JSON.stringify(o.item.label === 'spam' ? { spam: true } : { spam: false, status: 'done' }),
    );
    // A genuine lead held in quarantine is also released, as the team does with one it finds there.
    const released =
      o.item.label === 'genuine' && o.fate === 'quarantined'
        ? (await send(port, 'POST', ADMIN_ROUTES.release(o.leadId!), { ...headers, ...jar.header() })).status === 200
        : true;
    if (answer.status === 200 && released) accepted++;
  }
  return { sent: marked.length, accepted };
}

// -------------------------------------------------------------------------------------- notifications

/**
 * The team's notifications as the product sends them once an operator has set them up (README,
 * "Notifications"): an e-mail per lead to LEADS_EMAIL_TO, the forms' auto-replies, and the signed
 * webhook. They go to the tests' own mailbox and webhook receiver, in this process on 127.0.0.1, so
 * a server does the delivery work a real deployment does and nothing leaves the machine; their work
 * is this process's, not the server's. One pair per server, so each server's deliveries are counted apart.
 */
interface Sinks {
  env: Record<string, string>;
  readonly mails: number;
  readonly webhooks: number;
  close(): Promise<void>;
}

const WEBHOOK_SECRET = `whsec_${Buffer.from('benchmark webhook secret, 32 b.').toString('base64')}`;

async function startSinks(): Promise<Sinks> {
  const mailbox = await startMailbox();
  const receiver = await startWebhookReceiver(WEBHOOK_SECRET);
  return {
    env: {
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'leads@example.com',
      LEADS_EMAIL_TO: 'team@example.com',
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET,
    },
    get mails() {
      return mailbox.messages.length;
    },
    get webhooks() {
      return receiver.calls.length;
    },
    close: async () => {
      await mailbox.close();
      await receiver.close();
    },
  };
}

/**
 * Waits until the server's outbox holds nothing pending: what its leads caused has been sent. A job
 * the sinks made fail would wait for a retry, so it ends the run with its error instead.
 */
async function outboxDrained(dataDir: string, timeoutMs = 120_000): Promise<void> {
  const db = new Database(storeFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    const pending = db.prepare(
      `SELECT count(*) FILTER (WHERE status = 'pending') AS n,
              max(CASE WHEN status = 'dead' OR (status = 'pending' AND last_error IS NOT NULL) THEN coalesce(last_error, status) END) AS error
         FROM outbox`,
    );
    const until = performance.now() + timeoutMs;
    for (;;) {
      const { n, error } = pending.get() as { n: number; error: string | null };
      if (error) throw new Error(`A notification failed: ${error}`);
      if (n === 0) return;
      if (performance.now() > until) throw new Error(`The outbox still holds ${n} notifications after ${timeoutMs / 1000} s.`);
      await sleep(20);
    }
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------- run

async function start(compiled: string, distDir: string, dataDir: string, extra: Record<string, string>, label: string): Promise<Started> {
  return startServer({
    command: process.execPath,
    args: ['--enable-source-maps', compiled],
    env: serverEnv(distDir, dataDir, extra),
    portPattern: SERVING_PORT,
    label,
  });
}

function addTeamMember(dataDir: string): void {
  const r = spawnSync(process.execPath, tsNodeArgs(join(ROOT, 'scripts', 'leads.ts'), ['add-user', TEAM_EMAIL, '--password-stdin']), {
    cwd: ROOT,
    input: `${TEAM_PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`add-user failed:\n${r.stdout}${r.stderr}`);
}

/** Settings given after the rounds (NAME=value), for the server with the layers on. */
let layersOn: Record<string, string> = {};

/**
 * The fates, and with `trainedCopy`, a copy of the store as it is once the team has marked the
 * training split (before the test split is replayed): what a site has after its first weeks.
 */
async function recordFates(
  compiled: string,
  distDir: string,
  site: Site,
  corpus: Corpus,
  trainedCopy?: string,
): Promise<Omit<SpamBenchResult, 'corpus' | 'cpu'>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-spam-'));
  try {
    addTeamMember(dataDir);
    const metricsPort = await freePort();
    const server = await start(
      compiled,
      distDir,
      dataDir,
      { ...layersOn, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' },
      'the server (spam layers on)',
    );
    const side: ServerSide = { port: server.port, metricsPort, pid: server.child.pid };
    try {
      const replay = async (items: CorpusItem[]): Promise<Outcome[]> => {
        batchVisits = [];
        for (const batch of batches(items, BATCH)) await replayBatch(side, site, batch, true);
        const store = readStore(dataDir);
        return batchVisits.map((v) => fateOf(v, store.get((v.item.values.email ?? '').toLowerCase())));
      };
      const train = await replay(corpus.items.filter((i) => i.split === 'train'));
      const marks = await markTraining(server.port, train);
      // The shipped backup (`npm run leads -- backup`): one consistent copy while the server runs.
      if (trainedCopy) backupSqliteFile(storeFile(dataDir), trainedCopy);
      const test = await replay(corpus.items.filter((i) => i.split === 'test'));
      return { marks, train: summarise(train), test: summarise(test), all: summarise([...train, ...test]) };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A server's settings beyond the shipped ones; with `notify`, it sends the team's notifications to sinks of its own. */
interface Setting {
  label: string;
  env: Record<string, string>;
  notify?: boolean;
}

/**
 * Server CPU per submission (ms) of each setting, page and post and the posts alone, one entry per
 * round; and the e-mails and webhook calls its sinks received each round (0 without notifications).
 */
type CpuBySetting = Array<{ all: number[]; posts: number[]; mails: number[]; webhooks: number[] }>;

/**
 * The corpus replayed to one server per setting, started afresh each round, batch by batch: each
 * batch goes to every server in turn, in an order that rotates with the batch and the round, so no
 * server always meets the machine in the same mood. Each server's own CPU (from /proc).
 */
async function cpuBySetting(
  compiled: string,
  distDir: string,
  site: Site,
  items: readonly CorpusItem[],
  rounds: number,
  settings: ReadonlyArray<Setting>,
  /** A store every server starts from (a copy each), instead of an empty one. */
  seed?: string,
): Promise<CpuBySetting> {
  const n = items.length;
  const out: CpuBySetting = settings.map(() => ({ all: [], posts: [], mails: [], webhooks: [] }));
  for (let round = 0; round < rounds; round++) {
    const dirs = settings.map(() => mkdtempSync(join(tmpdir(), 'bench-spam-cpu-')));
    if (seed) for (const dir of dirs) copyFileSync(seed, storeFile(dir));
    const servers: Started[] = [];
    const sinks: Array<Sinks | null> = [];
    try {
      for (const setting of settings) sinks.push(setting.notify ? await startSinks() : null);
      for (const [i, { label, env }] of settings.entries())
        servers.push(await start(compiled, distDir, dirs[i]!, { ...sinks[i]?.env, ...env }, label));
      const sides = servers.map((s, i): ServerSide => ({
        port: s.port,
        metricsPort: null,
        pid: s.child.pid,
        drain: sinks[i] ? () => outboxDrained(dirs[i]!) : undefined,
      }));
      const totals = settings.map(() => ({ pages: 0, posts: 0 }));
      batchVisits = [];
      let b = 0;
      for (const batch of batches(items, BATCH)) {
        for (let k = 0; k < settings.length; k++) {
          const i = (k + b + round) % settings.length;
          const cpu = await replayBatch(sides[i]!, site, batch, false);
          totals[i]!.pages += cpu.pages;
          totals[i]!.posts += cpu.posts;
        }
        b++;
      }
      totals.forEach((t, i) => {
        out[i]!.all.push(((t.pages + t.posts) * 1000) / n);
        out[i]!.posts.push((t.posts * 1000) / n);
        out[i]!.mails.push(sinks[i]?.mails ?? 0);
        out[i]!.webhooks.push(sinks[i]?.webhooks ?? 0);
      });
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await Promise.all(sinks.map((s) => s?.close()));
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  }
  return out;
}

/** On against off, round by round, of two settings' CPU, and their deliveries. */
function versus(on: CpuBySetting[number], off: CpuBySetting[number], rounds: number, submissions: number): CpuComparison {
  const ratio = on.all.map((x, i) => x / off.all[i]!);
  return {
    rounds,
    submissions,
    onMsPerSubmission: on.all,
    offMsPerSubmission: off.all,
    ratio,
    ratioMedian: median(ratio),
    postOnMs: on.posts,
    postOffMs: off.posts,
    postRatioMedian: median(on.posts.map((x, i) => x / off.posts[i]!)),
    deliveries: { on: on.mails.map((m, i) => m + on.webhooks[i]!), off: off.mails.map((m, i) => m + off.webhooks[i]!) },
  };
}

/**
 * Layers on and off, each bare (no notifications set up: the server's own work on a submission) and
 * with the team's notifications on (what a deployment does per submission), four servers side by side.
 */
async function measureCpu(
  compiled: string,
  distDir: string,
  site: Site,
  corpus: Corpus,
  rounds: number,
  trained: string,
): Promise<SpamBenchResult['cpu']> {
  const fourServers = async (
    items: readonly CorpusItem[],
    seed?: string,
  ): Promise<CpuComparison & { withNotifications: CpuComparison }> => {
    const [on, off, notifyOn, notifyOff] = await cpuBySetting(
      compiled,
      distDir,
      site,
      items,
      rounds,
      [
        { label: 'the server (spam layers on)', env: layersOn },
        { label: 'the server (spam layers off)', env: SPAM_LAYERS_OFF },
        { label: 'the server (spam layers on, notifications on)', env: layersOn, notify: true },
        { label: 'the server (spam layers off, notifications on)', env: SPAM_LAYERS_OFF, notify: true },
      ],
      seed,
    );
    return { ...versus(on!, off!, rounds, items.length), withNotifications: versus(notifyOn!, notifyOff!, rounds, items.length) };
  };
  // A site in use: its store holds what the training split left, marked by the team, so the filter
  // votes and looks its words up among real counts; the held-out split is what arrives next.
  const inUse = await fourServers(
    corpus.items.filter((i) => i.split === 'test'),
    trained,
  );
  // A new site: every server on an empty store, the whole corpus.
  return { ...(await fourServers(corpus.items)), trained: inUse };
}

/**
 * What each layer adds, `bench/spam.ts <distDir> layers <rounds>`: the layers off, all on, and all
 * on but one (the proof-of-work step, the form tokens) or only the tokens, side by side as above.
 * Each is given as its CPU per submission against the layers off, round by round.
 */
export const LAYER_SETTINGS: readonly Setting[] = [
  { label: 'layers off', env: SPAM_LAYERS_OFF },
  { label: 'every layer on', env: {} },
  { label: 'every layer but the proof-of-work step', env: { SPAM_CHALLENGE_SCORE: 'off' } },
  { label: 'every layer but the form tokens', env: { FORM_TOKENS: 'off' } },
  { label: 'the form tokens alone', env: { SPAM_QUARANTINE_SCORE: 'off' } },
];

async function measureLayers(compiled: string, distDir: string, site: Site, corpus: Corpus, rounds: number, notify: boolean) {
  const cpu = await cpuBySetting(
    compiled,
    distDir,
    site,
    corpus.items,
    rounds,
    LAYER_SETTINGS.map((setting) => ({ ...setting, notify })),
  );
  const off = cpu[0]!;
  return LAYER_SETTINGS.map(({ label, env }, i) => ({
    label,
    env,
    msPerSubmission: cpu[i]!.all,
    postMsPerSubmission: cpu[i]!.posts,
    againstOff: cpu[i]!.all.map((x, r) => x / off.all[r]!),
    againstOffMedian: median(cpu[i]!.all.map((x, r) => x / off.all[r]!)),
    ...(notify ? { notifications: { mails: cpu[i]!.mails, webhooks: cpu[i]!.webhooks } } : {}),
  }));
}

async function main(): Promise<void> {
  const [distDir = '/tmp/bench-dist', roundsArg = '3', ...settings] = process.argv.slice(2);
  if (roundsArg === 'layers') {
    const loadAtStart = loadavg();
    const corpus = JSON.parse(readFileSync(join(ROOT, 'bench', 'spam-corpus', 'corpus.json'), 'utf8')) as Corpus;
    const compiled = await buildServer(join(ROOT, 'node_modules', '.cache', 'bench-server-layers'));
    const notify = settings[1] === 'notify';
    const layers = await measureLayers(compiled, distDir, readSite(distDir), corpus, Number(settings[0] ?? '2'), notify);
    connections.destroy();
    console.log(JSON.stringify({ loadAverage: { start: loadAtStart, end: loadavg() }, notifications: notify, layers }));
    return;
  }
  layersOn = Object.fromEntries(settings.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]));
  const corpus = JSON.parse(readFileSync(join(ROOT, 'bench', 'spam-corpus', 'corpus.json'), 'utf8')) as Corpus;
  const site = readSite(distDir);
  const compiled = await buildServer(join(ROOT, 'node_modules', '.cache', 'bench-server'));
  const trainedDir = mkdtempSync(join(tmpdir(), 'bench-spam-trained-'));
  const trained = storeFile(trainedDir);
  const rounds = Number(roundsArg);
  let fates: Awaited<ReturnType<typeof recordFates>>;
  let cpu: SpamBenchResult['cpu'];
  try {
    fates = await recordFates(compiled, distDir, site, corpus, rounds > 0 ? trained : undefined);
    cpu = rounds > 0 ? await measureCpu(compiled, distDir, site, corpus, rounds, trained) : null;
  } finally {
    rmSync(trainedDir, { recursive: true, force: true });
  }
  const items = corpus.items;
  const result: SpamBenchResult = {
    corpus: {
      items: items.length,
      genuine: items.filter((i) => i.label === 'genuine').length,
      spam: items.filter((i) => i.label === 'spam').length,
      train: items.filter((i) => i.split === 'train').length,
      test: items.filter((i) => i.split === 'test').length,
    },
    ...fates,
    layersOff: SPAM_LAYERS_OFF,
    layersOn,
    cpu,
  };
  connections.destroy();
  console.log(JSON.stringify(result));
}

if (process.argv[1]?.endsWith('spam.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
