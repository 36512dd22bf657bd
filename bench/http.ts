// Section 1: server throughput. Each target runs in its own fresh process; load comes from autocannon
// in another process over loopback. Rounds interleave the scenarios, so a noisy neighbour slows a
// round for every target alike, and ratios are taken run by run within a round.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Form, SiteModel } from '../engine/content/model';
import { buildPayload } from '../engine/forms/payload';
import { cpuSeconds, machineSeconds } from './lib/cpu';
import { deployNginxConfig, ensureNginx, startNginx, staticAnswersConfig, type NginxAvailability } from './lib/nginx';
import { recordAnswers, writeAnswerFiles } from './lib/recorded-answers';
import { searchPagePath } from '../server/search/search-page';
import { startMailbox } from '../tests/support/mailbox';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../tests/support/postgres';
import { buildServer } from '../scripts/build-server';
import { ROOT, runJson, startServer, tsNodeArgs, type Started } from './lib/proc';
import { median, pairedRatio, spread } from './lib/stats';
import type { LoadResult, LoadSpec, Spread } from './lib/types';

export type TargetKind =
  | 'baseline'
  | 'express'
  | 'ours'
  | 'ours-uncounted'
  | 'ours-notify'
  | 'nginx'
  | 'pg-nginx-1'
  | 'pg-nginx-3'
  | 'shipped'
  | 'bare-answers'
  | 'nginx-answers';

/** The three targets of the CPU-per-answer rows: the compiled server as shipped, and its two floors on the same bytes. */
const CPU_TARGETS: readonly TargetKind[] = ['shipped', 'bare-answers', 'nginx-answers'];

/** The processes behind nginx for each scaling target. */
const PROCESSES_OF: Partial<Record<TargetKind, number>> = { 'pg-nginx-1': 1, 'pg-nginx-3': 3 };

export interface Scenario {
  id: string;
  label: string;
  target: TargetKind;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  uniqueIds?: boolean;
  /** Status every answer must have. */
  expectStatus: number;
  /** Headers that depend on a first request to the started target (the badge's ETag). */
  prepare?: (base: string) => Promise<Record<string, string>>;
  /** The CPU-per-answer comparison the row belongs to (the same request to the shipped server, bare node:http and nginx). */
  cpuGroup?: CpuGroup;
}

export type CpuGroup = 'page' | 'not-found' | 'badge' | 'search' | 'not-modified';

export interface ScenarioResult {
  id: string;
  label: string;
  target: TargetKind;
  method: string;
  path: string;
  runs: LoadResult[];
  requestsPerSecond: Spread;
  latencyP50: Spread;
  latencyP99: Spread;
  /** Cores busy while measuring (median over runs): the target, and the load generator. */
  serverCpu: number | null;
  /** The target's own CPU time (utime + stime from /proc, its child processes included) over the answers of the same run, in µs; median over runs. */
  cpuPerAnswerUs: Spread | null;
  clientCpu: number;
  bad: number;
  errors: number;
  /** Submissions only: rows in SQLite after the run equal the 201 answers (warm-up included). */
  durability?: { acknowledged: number; stored: number }[];
}

export interface RatioResult {
  id: string;
  label: string;
  numerator: string;
  denominator: string;
  ratio: Spread;
  target?: { min: number; text: string; met: boolean };
}

export interface HttpReport {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  nginx: { available: boolean; version?: string; note?: string };
  scenarios: ScenarioResult[];
  ratios: RatioResult[];
  /** CPU per answer of the shipped server against bare node:http and nginx on the same bytes, run by run. */
  cpu: CpuComparison[];
  /** The machine's CPU time stolen by the hypervisor and spent by other processes over the measured runs, in cores. */
  machine?: { stealCores: Spread; otherCores: Spread };
  notes: string[];
}

export interface CpuComparison {
  group: CpuGroup;
  label: string;
  shipped: Spread;
  bare: Spread;
  nginx: Spread | null;
  /** shipped / bare, run by run (the runs of one round), then the median. */
  vsBare: Spread;
  vsNginx: Spread | null;
  /** The most shipped / bare may be. */
  target?: { max: number; met: boolean };
}

export interface HttpOptions {
  distDir: string;
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Scenario ids to run (all when empty); for development. */
  only?: string[];
  log: (line: string) => void;
}

const CONTACT_FORM = 'contact-us';
/** A browser's user agent: the view counter leaves out requests without one, as robots. */
const BROWSER = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
const BADGE_PATH = '/api/badge/standard/medium/blue';

/** The body the contact page's form posts, built by the same code the browser runs. */
function contactBody(distDir: string): string {
  const model = JSON.parse(readFileSync(join(distDir, 'site-model.json'), 'utf8')) as SiteModel;
  const form = model.forms[CONTACT_FORM] as Form | undefined;
  if (!form) throw new Error(`The built site has no form "${CONTACT_FORM}".`);
  if (form.submit.endpoint !== '/api/contact') throw new Error(`Form "${CONTACT_FORM}" no longer posts to /api/contact.`);
  return JSON.stringify(
    buildPayload(form, {
      name: 'Dana Whitfield',
      email: 'dana.whitfield@example.com',
      company: 'Whitfield Photography',
      inquiryType: 'takedown',
      subject: 'Copied portfolio on a print shop',
      message: 'A print-on-demand shop is selling twelve of my photographs without a licence. Please help me remove the listings.',
    }),
  );
}

/** A page that is not there: answered with the site's 404 page. */
const MISSING_PATH = '/no-such-page';
const SEARCH_QUERY = 'takedown';

/** The built site's search page path, or null when the site has none. */
function searchPath(distDir: string): string | null {
  return searchPagePath(JSON.parse(readFileSync(join(distDir, 'site-model.json'), 'utf8')) as SiteModel);
}

/** What the CPU-per-answer rows ask: as a browser does, gzip accepted, so page views are counted. */
const AS_BROWSER = { ...BROWSER, 'Accept-Encoding': 'gzip' };

/** The request targets recorded from the shipped server for its two floors. */
function cpuTargets(distDir: string): string[] {
  const search = searchPath(distDir);
  return ['/', MISSING_PATH, BADGE_PATH, ...(search ? [`${search}?q=${SEARCH_QUERY}`] : [])];
}

/** The same request to the shipped server, bare node:http and nginx, side by side in each round. */
function cpuScenarios(distDir: string): Scenario[] {
  const search = searchPath(distDir);
  const requests: { group: CpuGroup; what: string; path: string; expectStatus: number; conditional?: boolean }[] = [
    { group: 'page', what: 'GET / (gzip)', path: '/', expectStatus: 200 },
    { group: 'not-found', what: `GET ${MISSING_PATH} (404, gzip)`, path: MISSING_PATH, expectStatus: 404 },
    { group: 'badge', what: `GET ${BADGE_PATH}`, path: BADGE_PATH, expectStatus: 200 },
    ...(search
      ? [
          {
            group: 'search' as const,
            what: `GET ${search}?q=${SEARCH_QUERY} (gzip)`,
            path: `${search}?q=${SEARCH_QUERY}`,
            expectStatus: 200,
          },
        ]
      : []),
    { group: 'not-modified', what: 'GET / with If-None-Match (304)', path: '/', expectStatus: 304, conditional: true },
  ];
  const names: Record<string, string> = {
    shipped: 'shipped server (node dist/server/index.js, LOG_LEVEL=info, page views on)',
    'bare-answers': 'bare node:http, same answers from memory',
    'nginx-answers': 'nginx, same files (gzip_static)',
  };
  return requests.flatMap((r) =>
    CPU_TARGETS.map((target) => ({
      id: `cpu-${r.group}-${target === 'shipped' ? 'shipped' : target === 'bare-answers' ? 'bare' : 'nginx'}`,
      label: `${r.what}: ${names[target]}`,
      target,
      method: 'GET' as const,
      path: r.path,
      headers: AS_BROWSER,
      expectStatus: r.expectStatus,
      cpuGroup: r.group,
      prepare: r.conditional
        ? async (base: string) => {
            const res = await fetch(base + r.path, { headers: AS_BROWSER });
            const etag = res.headers.get('etag');
            if (!etag) throw new Error(`${base}${r.path} has no ETag.`);
            return { 'If-None-Match': etag };
          }
        : undefined,
    })),
  );
}

export function scenarios(distDir: string): Scenario[] {
  const body = contactBody(distDir);
  const json = { 'Content-Type': 'application/json' };
  // What the contact form sends, as the browser sends it: a fresh Idempotency-Key per request.
  const contactPost = {
    method: 'POST',
    path: '/api/contact',
    headers: { ...json, 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': CONTACT_FORM, 'Idempotency-Key': 'bench-[<id>]' },
    body,
    uniqueIds: true,
    expectStatus: 201,
  } as const;
  return [
    { id: 'baseline-get', label: 'node:http fixed 201 JSON (GET)', target: 'baseline', method: 'GET', path: '/', expectStatus: 201 },
    {
      id: 'baseline-post',
      label: 'node:http fixed 201 JSON (POST contact body)',
      target: 'baseline',
      method: 'POST',
      path: '/',
      headers: json,
      body,
      expectStatus: 201,
    },
    {
      id: 'express-get',
      label: 'Express 5 hello world (GET; helmet + JSON parser)',
      target: 'express',
      method: 'GET',
      path: '/hello',
      expectStatus: 200,
    },
    {
      id: 'express-post',
      label: 'Express 5 hello world (POST contact body, parsed)',
      target: 'express',
      method: 'POST',
      path: '/hello',
      headers: json,
      body,
      expectStatus: 201,
    },
    {
      ...contactPost,
      id: 'ours-contact',
      label: 'ours POST /api/contact (validated, committed to SQLite, synchronous=FULL)',
      target: 'ours',
    },
    {
      ...contactPost,
      id: 'ours-contact-notify',
      label:
        'ours POST /api/contact with notifications on (an e-mail job queued in the same transaction, delivered to a local SMTP server)',
      target: 'ours-notify',
    },
    { id: 'ours-html', label: 'ours GET / (prerendered HTML)', target: 'ours', method: 'GET', path: '/', expectStatus: 200 },
    // Page views: the same page from a browser, counted (the default) and with PAGE_VIEWS=off.
    {
      id: 'views-counted',
      label: 'ours GET / from a browser, page views counted',
      target: 'ours',
      method: 'GET',
      path: '/',
      headers: BROWSER,
      expectStatus: 200,
    },
    {
      id: 'views-campaign',
      label: 'ours GET /?utm_source=…&utm_campaign=… from another site, counted (view, campaign and referring host)',
      target: 'ours',
      method: 'GET',
      path: '/?utm_source=newsletter&utm_campaign=november',
      headers: { ...BROWSER, Referer: 'https://news.example.com/story?id=7' },
      expectStatus: 200,
    },
    {
      id: 'views-off',
      label: 'ours GET / from a browser, PAGE_VIEWS=off',
      target: 'ours-uncounted',
      method: 'GET',
      path: '/',
      headers: BROWSER,
      expectStatus: 200,
    },
    {
      ...contactPost,
      id: 'scale-1-contact',
      label: 'ours POST /api/contact, 1 compiled process on PostgreSQL behind nginx (deploy/nginx.conf)',
      target: 'pg-nginx-1',
    },
    {
      ...contactPost,
      id: 'scale-3-contact',
      label: 'ours POST /api/contact, 3 compiled processes on PostgreSQL behind nginx (deploy/nginx.conf, round robin)',
      target: 'pg-nginx-3',
    },
    { id: 'nginx-html', label: 'nginx GET / (same dist/client)', target: 'nginx', method: 'GET', path: '/', expectStatus: 200 },
    // As browsers ask: ours answers with the Brotli copy the build wrote, nginx compresses with gzip on the fly.
    {
      id: 'ours-html-br',
      label: 'ours GET / with Accept-Encoding: br, gzip (precompressed Brotli)',
      target: 'ours',
      method: 'GET',
      path: '/',
      headers: { 'Accept-Encoding': 'br, gzip' },
      expectStatus: 200,
    },
    {
      id: 'nginx-html-gzip',
      label: 'nginx GET / with Accept-Encoding: br, gzip (gzip on the fly)',
      target: 'nginx',
      method: 'GET',
      path: '/',
      headers: { 'Accept-Encoding': 'br, gzip' },
      expectStatus: 200,
    },
    { id: 'ours-badge', label: `ours GET ${BADGE_PATH}`, target: 'ours', method: 'GET', path: BADGE_PATH, expectStatus: 200 },
    {
      id: 'ours-badge-304',
      label: `ours GET ${BADGE_PATH} with If-None-Match (304)`,
      target: 'ours',
      method: 'GET',
      path: BADGE_PATH,
      expectStatus: 304,
      prepare: async (base) => {
        const res = await fetch(base + BADGE_PATH);
        const etag = res.headers.get('etag');
        if (!etag) throw new Error('The badge answer has no ETag.');
        return { 'If-None-Match': etag };
      },
    },
    ...cpuScenarios(distDir),
  ];
}

interface RunningTarget extends Started {
  dataDir?: string;
  /** Removes what the target left on disk; call after stop(). */
  cleanup(): void;
}

/** What the scaling targets share across rounds: one PostgreSQL server and the compiled server. */
interface ScaleSupport {
  postgres: LocalPostgres;
  compiled: string;
}

/** What the CPU-per-answer targets share: the compiled server, and the answers it gave, recorded for its floors. */
interface CpuSupport {
  compiled: string;
  answersFile: string;
  nginxRoot: string;
  dir: string;
}

/** The shipped server's settings as `npm run serve` runs it: logging at info, page views counted, SQLite in `dataDir`. */
export function shippedServerEnv(distDir: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PAGE_VIEWS: 'on',
    // The limiters stay in the request path; only their ceilings are raised above the benchmark's volume.
    RATE_LIMIT_MAX: '1000000000',
    SEARCH_RATE_LIMIT_MAX: '1000000000',
    IP_HASH_SALT: 'benchmark-salt',
    DATABASE_URL: '',
    SMTP_URL: '',
    WEBHOOK_URL: '',
  };
}

/** The line the server prints once it listens, with its port. */
export const SERVING_PORT = /Serving http:\/\/localhost:(\d+)/;

/** The compiled server as `npm run serve` runs it, SQLite in a fresh folder. */
async function startShipped(distDir: string, compiled: string): Promise<RunningTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const started = await startServer({
    command: process.execPath,
    args: ['--enable-source-maps', compiled],
    env: shippedServerEnv(distDir, dataDir),
    portPattern: SERVING_PORT,
    label: 'the shipped server',
  });
  return { ...started, dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Compiles the server, starts it once and records its answers to the CPU rows' requests, as JSON and as files. */
async function prepareCpuSupport(distDir: string): Promise<CpuSupport> {
  const compiled = await buildServer(join(ROOT, 'node_modules', '.cache', 'bench-server'));
  const dir = mkdtempSync(join(tmpdir(), 'bench-answers-'));
  // nginx's worker runs as another user when the benchmark runs as root: the files must be readable to it.
  chmodSync(dir, 0o755);
  const server = await startShipped(distDir, compiled);
  try {
    const answers = await recordAnswers(`http://127.0.0.1:${server.port}`, cpuTargets(distDir), AS_BROWSER);
    const answersFile = join(dir, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const nginxRoot = join(dir, 'root');
    writeAnswerFiles(nginxRoot, answers);
    return { compiled, answersFile, nginxRoot, dir };
  } finally {
    await server.stop();
    server.cleanup();
  }
}

/** N compiled server processes on a fresh PostgreSQL database, behind nginx with deploy/nginx.conf. */
async function startScaled(processes: number, distDir: string, nginxBinary: string, support: ScaleSupport): Promise<RunningTarget> {
  const databaseUrl = await support.postgres.createDatabase('bench');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const servers: Started[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One at a time: the first migrates the database.
    for (let i = 0; i < processes; i++) {
      servers.push(
        await startServer({
          command: process.execPath,
          args: [support.compiled],
          env: {
            NODE_ENV: 'production',
            PORT: '0',
            HOST: '127.0.0.1',
            DIST_DIR: distDir,
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            TRUST_PROXY: '1',
            RATE_LIMIT_MAX: '1000000000',
            IP_HASH_SALT: 'benchmark-salt',
            // Its posts come from no page, so they carry no form token (which has its own tests); on, each would be refused.
            FORM_TOKENS: 'off',
            SMTP_URL: '',
            WEBHOOK_URL: '',
            // As in production: one JSON log line per request (to a pipe the benchmark drains).
            LOG_LEVEL: 'info',
          },
          portPattern: /Serving http:\/\/localhost:(\d+)/,
          label: `our server ${i + 1}/${processes}`,
        }),
      );
    }
    const nginx = await startNginx(nginxBinary, join(distDir, 'client'), deployNginxConfig(servers.map((s) => s.port)));
    return {
      ...nginx,
      stop: async () => {
        await nginx.stop();
        await stopAll();
      },
      cleanup: () => {},
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function startTarget(
  kind: TargetKind,
  distDir: string,
  nginxBinary: string | null,
  smtpUrl: string | null,
  scale: ScaleSupport | null,
  cpu: CpuSupport | null,
): Promise<RunningTarget> {
  const env = { NODE_ENV: 'production' };
  const processes = PROCESSES_OF[kind];
  if (processes) return startScaled(processes, distDir, nginxBinary!, scale!);
  if (kind === 'shipped') return startShipped(distDir, cpu!.compiled);
  if (kind === 'nginx-answers')
    return { ...(await startNginx(nginxBinary!, cpu!.nginxRoot, staticAnswersConfig(cpu!.nginxRoot))), cleanup: () => {} };
  if (kind === 'bare-answers') {
    const started = await startServer({
      command: process.execPath,
      args: tsNodeArgs(join(ROOT, 'bench', 'targets', 'bare-answers.ts')),
      env: { ...env, ANSWERS_FILE: cpu!.answersFile },
      portPattern: /listening on (\d+)/,
      label: 'bare node:http (recorded answers)',
    });
    return { ...started, cleanup: () => {} };
  }
  if (kind === 'baseline' || kind === 'express') {
    const file = join(ROOT, 'bench', 'targets', kind === 'baseline' ? 'baseline.ts' : 'express-hello.ts');
    const started = await startServer({
      command: process.execPath,
      args: tsNodeArgs(file),
      env,
      portPattern: /listening on (\d+)/,
      label: kind,
    });
    return { ...started, cleanup: () => {} };
  }
  if (kind === 'nginx') return { ...(await startNginx(nginxBinary!, join(distDir, 'client'))), cleanup: () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const started = await startServer({
    command: process.execPath,
    args: tsNodeArgs(join(ROOT, 'server', 'index.ts')),
    env: {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      // The limiter stays in the request path; only its ceiling is raised above the benchmark's volume.
      RATE_LIMIT_MAX: '1000000000',
      IP_HASH_SALT: 'benchmark-salt',
      // Its posts come from no page, so they carry no form token (which has its own tests); on, each would be refused.
      FORM_TOKENS: 'off',
      DATABASE_URL: '',
      PAGE_VIEWS: kind === 'ours-uncounted' ? 'off' : 'on',
      // Notifications are off for `ours`; `ours-notify` sends each lead's team e-mail (and the auto-reply, once an hour) to the local SMTP server.
      ...(kind === 'ours-notify' && smtpUrl
        ? { SMTP_URL: smtpUrl, MAIL_FROM: 'leads@bench.example', LEADS_EMAIL_TO: 'team@bench.example' }
        : { SMTP_URL: '', WEBHOOK_URL: '' }),
    },
    portPattern: /Serving http:\/\/localhost:(\d+)/,
    label: 'our server',
  });
  return { ...started, dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function checkOnce(base: string, s: Scenario, headers: Record<string, string>): Promise<void> {
  const res = await fetch(base + s.path, {
    method: s.method,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('[<id>]', 'check')])),
    body: s.body,
  });
  const text = await res.text();
  if (res.status !== s.expectStatus) throw new Error(`${s.id}: expected ${s.expectStatus}, got ${res.status}: ${text.slice(0, 300)}`);
}

function storedLeads(dataDir: string): number {
  const db = new Database(join(dataDir, 'leads.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM leads').pluck().get() as number;
  } finally {
    db.close();
  }
}

interface LoadOutput extends LoadResult {
  warmupOk: number;
  /** The target's CPU seconds over the measured run, and per answer in µs. */
  serverCpuSeconds?: number | null;
  cpuPerAnswerUs?: number | null;
  /** The machine over the measured run, in cores: stolen by the hypervisor, and busy in processes other than the target and autocannon. */
  stealCores?: number | null;
  otherCores?: number | null;
}

export async function runHttp(options: HttpOptions): Promise<HttpReport> {
  const { distDir, rounds, durationSeconds, warmupSeconds, connections, log } = options;
  const notes: string[] = [];
  const wantsNginx =
    !options.only?.length || options.only.some((id) => id.startsWith('nginx') || id.startsWith('scale-') || id.startsWith('cpu-'));
  const nginx: NginxAvailability = wantsNginx ? await ensureNginx(log) : { ok: false, reason: 'not selected' };
  if (!nginx.ok) {
    if (wantsNginx) {
      notes.push(`nginx not measured: ${nginx.reason}`);
      log(`nginx not available: ${nginx.reason}`);
    }
  } else if (nginx.installedNow) notes.push(`nginx (${nginx.version}) was installed by this run with apt-get.`);

  const wantsScale = !options.only?.length || options.only.some((id) => id.startsWith('scale-'));
  const pgFound = wantsScale && nginx.ok ? await findPostgres() : null;
  if (wantsScale && pgFound && !pgFound.available) notes.push(`Scaling not measured: ${pgFound.reason}`);
  const scale: ScaleSupport | null =
    pgFound?.available === true
      ? {
          // fsync stays on: commits are as durable as in production, which is what a submission costs.
          postgres: await startLocalPostgres(pgFound, { fsync: true }),
          compiled: await buildServer(join(ROOT, 'node_modules', '.cache', 'bench-server')),
        }
      : null;
  const list = scenarios(distDir).filter(
    (s) =>
      ((s.target !== 'nginx' && s.target !== 'nginx-answers') || nginx.ok) &&
      (!PROCESSES_OF[s.target] || scale !== null) &&
      // An id ending in * picks every row it begins (cpu-* : the CPU-per-answer rows).
      (!options.only?.length || options.only.some((o) => o === s.id || (o.endsWith('*') && s.id.startsWith(o.slice(0, -1))))),
  );
  const runs = new Map<string, LoadOutput[]>(list.map((s) => [s.id, []]));
  const cpu = list.some((s) => CPU_TARGETS.includes(s.target)) ? await prepareCpuSupport(distDir) : null;
  // The mail server the notifying target sends to: a real SMTP server in this process, on loopback.
  const mailbox = list.some((s) => s.target === 'ours-notify') ? await startMailbox() : null;
  const durability = new Map<string, { acknowledged: number; stored: number }[]>();

  for (let round = 1; round <= rounds; round++) {
    for (const s of list) {
      const target = await startTarget(s.target, distDir, nginx.ok ? nginx.binary : null, mailbox?.url ?? null, scale, cpu);
      try {
        const base = `http://127.0.0.1:${target.port}`;
        const headers = { ...(s.headers ?? {}), ...((await s.prepare?.(base)) ?? {}) };
        await checkOnce(base, s, headers);
        const spec: LoadSpec = {
          url: base + s.path,
          method: s.method,
          headers,
          body: s.body,
          connections,
          durationSeconds,
          warmupSeconds: 0,
          uniqueIds: s.uniqueIds,
        };
        const load = join(ROOT, 'bench', 'load.ts');
        const timeoutMs = (durationSeconds + warmupSeconds + 60) * 1000;
        // The warm-up is a run of its own, so the target's CPU time can be read around the measured run alone.
        const warm =
          warmupSeconds > 0
            ? await runJson<LoadOutput>(load, [JSON.stringify({ ...spec, durationSeconds: warmupSeconds })], { timeoutMs })
            : null;
        const machineBefore = machineSeconds();
        const cpuBefore = cpuSeconds(target.child.pid);
        const measured = await runJson<LoadOutput>(load, [JSON.stringify(spec)], { timeoutMs });
        const cpuAfter = cpuSeconds(target.child.pid);
        const machineAfter = machineSeconds();
        const used = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
        // The machine's figures are over the whole measured stretch: the load generator's start and exit included.
        const busy = machineBefore && machineAfter ? machineAfter.busy - machineBefore.busy : null;
        const result: LoadOutput = {
          ...measured,
          warmupOk: warm ? warm.ok : 0,
          serverCpu: used === null ? null : used / measured.durationSeconds,
          serverCpuSeconds: used,
          // The target's own CPU time over the answers of this run, never a median of one run over a median of another.
          cpuPerAnswerUs: used === null || measured.total === 0 ? null : (used / measured.total) * 1e6,
          stealCores: machineBefore && machineAfter ? (machineAfter.steal - machineBefore.steal) / measured.durationSeconds : null,
          otherCores:
            busy === null || used === null
              ? null
              : Math.max(0, busy - used - measured.clientCpu * measured.durationSeconds) / measured.durationSeconds,
        };
        runs.get(s.id)!.push(result);
        log(
          `  round ${round}/${rounds} ${s.id.padEnd(15)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.latencyP50} ms  p99 ${result.latencyP99} ms  bad ${result.bad}  errors ${result.errors + result.timeouts}  cpu server ${result.serverCpu?.toFixed(2) ?? '?'} (${result.cpuPerAnswerUs?.toFixed(0) ?? '?'} µs/answer) client ${result.clientCpu.toFixed(2)} steal ${result.stealCores?.toFixed(2) ?? '?'} other ${result.otherCores?.toFixed(2) ?? '?'}`,
        );
        if ((s.id === 'ours-contact' || s.id === 'ours-contact-notify') && target.dataDir) {
          await target.stop();
          // One check request, the warm-up and the measured run; every 201 must be a stored row.
          const acknowledged = 1 + result.warmupOk + (result.statusCodes['201'] ?? 0);
          const stored = storedLeads(target.dataDir);
          if (!durability.has(s.id)) durability.set(s.id, []);
          durability.get(s.id)!.push({ acknowledged, stored });
        }
      } finally {
        await target.stop();
        target.cleanup();
      }
    }
  }

  if (scale) {
    notes.push(
      `The scaling rows: autocannon → nginx (deploy/nginx.conf, one worker) → 1 or 3 compiled server processes → one local PostgreSQL (fsync on), all on this machine's ${cpus().length} cores; the server CPU figure of those rows is nginx's alone. The rate limit stays on and is counted in PostgreSQL; all load comes from one address, so every request updates the same row.`,
    );
    await scale.postgres.destroy();
  }
  if (mailbox) {
    notes.push(
      `The notifying server's e-mails went to a local SMTP server (smtp-server, in the benchmark's own process): ${mailbox.messages.length} accepted over the run.`,
    );
    await mailbox.close();
  }

  const results: ScenarioResult[] = list.map((s) => {
    const r = runs.get(s.id)!;
    return {
      id: s.id,
      label: s.label,
      target: s.target,
      method: s.method,
      path: s.path,
      runs: r,
      requestsPerSecond: spread(r.map((x) => x.requestsPerSecond)),
      latencyP50: spread(r.map((x) => x.latencyP50)),
      latencyP99: spread(r.map((x) => x.latencyP99)),
      serverCpu: r.every((x) => typeof x.serverCpu === 'number') ? median(r.map((x) => x.serverCpu!)) : null,
      cpuPerAnswerUs: r.length && r.every((x) => typeof x.cpuPerAnswerUs === 'number') ? spread(r.map((x) => x.cpuPerAnswerUs!)) : null,
      clientCpu: median(r.map((x) => x.clientCpu)),
      // A row that expects a 404 counts the answers other than 404 as bad.
      bad: r.reduce((n, x) => n + (s.expectStatus >= 400 ? x.total - (x.statusCodes[String(s.expectStatus)] ?? 0) : x.bad), 0),
      errors: r.reduce((n, x) => n + x.errors + x.timeouts, 0),
      durability: durability.get(s.id),
    };
  });

  const rps = (id: string) => runs.get(id)?.map((x) => x.requestsPerSecond);
  const ratio = (
    id: string,
    label: string,
    a: string,
    b: string,
    target?: { min: number; text: string; extra?: () => boolean },
  ): RatioResult | null => {
    const ra = rps(a);
    const rb = rps(b);
    if (!ra || !rb) return null;
    const r = pairedRatio(ra, rb);
    return {
      id,
      label,
      numerator: a,
      denominator: b,
      ratio: r,
      target: target && { min: target.min, text: target.text, met: r.median >= target.min && (target.extra?.() ?? true) },
    };
  };
  const contactP99 = () => (results.find((x) => x.id === 'ours-contact')?.latencyP99.median ?? Infinity) < 25;
  const ratios = [
    ratio('submit-vs-express-post', 'Durable submissions / Express hello world (POST, same body)', 'ours-contact', 'express-post', {
      min: 0.5,
      text: '≥ 50 % with p99 < 25 ms',
      extra: contactP99,
    }),
    ratio('submit-vs-express-get', 'Durable submissions / Express hello world (GET)', 'ours-contact', 'express-get', {
      min: 0.5,
      text: '≥ 50 % with p99 < 25 ms',
      extra: contactP99,
    }),
    ratio('submit-vs-baseline', 'Durable submissions / node:http baseline (POST)', 'ours-contact', 'baseline-post'),
    ratio('notify-on-vs-off', 'Submissions with notifications on / off', 'ours-contact-notify', 'ours-contact', {
      min: 0.85,
      text: '≥ 85 %',
    }),
    ratio('three-vs-one-process', 'Submissions, 3 processes / 1 process (PostgreSQL behind nginx)', 'scale-3-contact', 'scale-1-contact'),
    ratio('views-on-vs-off', 'HTML page with page views counted / not counted', 'views-counted', 'views-off', {
      min: 0.95,
      text: '≥ 95 %',
    }),
    ratio('campaign-vs-off', 'Campaign arrival counted / page not counted', 'views-campaign', 'views-off', { min: 0.95, text: '≥ 95 %' }),
    ratio('html-vs-nginx', 'HTML page / nginx', 'ours-html', 'nginx-html', { min: 0.7, text: '≥ 70 %' }),
    ratio('html-compressed-vs-nginx', 'HTML page as browsers ask (br) / nginx (gzip on the fly)', 'ours-html-br', 'nginx-html-gzip'),
    ratio('html-vs-baseline', 'HTML page / node:http baseline', 'ours-html', 'baseline-get'),
    ratio('badge-vs-express', 'Badge (200) / Express hello world (GET)', 'ours-badge', 'express-get', { min: 0.8, text: '≥ 80 %' }),
    ratio('badge304-vs-express', 'Badge (304) / Express hello world (GET)', 'ours-badge-304', 'express-get', { min: 0.8, text: '≥ 80 %' }),
    ratio('badge-vs-baseline', 'Badge (200) / node:http baseline', 'ours-badge', 'baseline-get'),
    ratio('express-vs-baseline', 'Express hello world / node:http baseline (GET)', 'express-get', 'baseline-get'),
  ].filter((r): r is RatioResult => r !== null);

  const perAnswer = (id: string) => runs.get(id)?.map((x) => x.cpuPerAnswerUs ?? NaN);
  // A page within 1.3× of bare node:http on the same bytes; a 404 and a 304 within 1.5×.
  const CPU_LIMITS: Partial<Record<CpuGroup, number>> = { page: 1.3, 'not-found': 1.5, 'not-modified': 1.5 };
  const cpuRows: CpuComparison[] = [];
  for (const group of ['page', 'not-found', 'not-modified', 'badge', 'search'] as const) {
    const shipped = perAnswer(`cpu-${group}-shipped`);
    const bare = perAnswer(`cpu-${group}-bare`);
    if (!shipped?.length || !bare?.length) continue;
    const nginxRuns = perAnswer(`cpu-${group}-nginx`);
    const vsBare = pairedRatio(shipped, bare);
    const limit = CPU_LIMITS[group];
    cpuRows.push({
      group,
      label: list.find((s) => s.id === `cpu-${group}-shipped`)!.label.split(':')[0]!,
      shipped: spread(shipped),
      bare: spread(bare),
      nginx: nginxRuns?.length ? spread(nginxRuns) : null,
      vsBare,
      vsNginx: nginxRuns?.length ? pairedRatio(shipped, nginxRuns) : null,
      target: limit ? { max: limit, met: vsBare.median <= limit } : undefined,
    });
  }
  const measuredRuns = [...runs.values()].flat();
  const machine =
    measuredRuns.every((x) => typeof x.stealCores === 'number' && typeof x.otherCores === 'number') && measuredRuns.length
      ? { stealCores: spread(measuredRuns.map((x) => x.stealCores!)), otherCores: spread(measuredRuns.map((x) => x.otherCores!)) }
      : undefined;
  if (cpu) rmSync(cpu.dir, { recursive: true, force: true });

  return {
    connections,
    durationSeconds,
    warmupSeconds,
    rounds,
    nginx: nginx.ok ? { available: true, version: nginx.version } : { available: false, note: nginx.reason },
    scenarios: results,
    ratios,
    cpu: cpuRows,
    machine,
    notes,
  };
}
