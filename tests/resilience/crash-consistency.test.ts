/**
 * Crash consistency: 64 visitors keep submitting through the site's own client while the real
 * server process is killed with SIGKILL and started again. After every restart each submission
 * that got a 2xx is stored exactly once, as the lead it was answered with. On PostgreSQL the
 * database is also stopped and started mid-load: meanwhile the API answers 503 in JSON, the
 * server stays up, and submissions resume once the database is back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BADGE_API_PATH } from '../../engine/badges/resolve';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../support/postgres';
import { postgresReader, sqliteReader, type LeadReader } from './support/lead-reader';
import { byMode, MODE } from './support/mode';
import { startServer, type ServerProcess } from './support/server-process';
import { readBuiltModel } from './support/site-build';
import { audit, auditPairs, Submitters, type Audit } from './support/submitters';

const VISITORS = 64;
const CYCLES = byMode(3, 20);
/** Acknowledged submissions each server lives to see before it is killed: a range, so kills land at different moments. */
const ACKS_BEFORE_KILL = [40, 120] as const;
const ACK_TIMEOUT_MS = 120_000;
/** Every 8th submission of a visitor is two different submissions under one Idempotency-Key. */
const KEY_REUSE_PAIR_EVERY = 8;

const model = readBuiltModel();
const form = model.forms['contact-us']!;
const badgePath = `${BADGE_API_PATH}/${model.badges.types[0]!.id}/${model.badges.sizes[0]!.id}/${model.badges.colors[0]!.id}`;
const found = await findPostgres();
if (!found.available) console.warn(`Skipping crash consistency on PostgreSQL: ${found.reason}`);

/** Undone after each test, last first, whether it passed or not: visitors, servers, databases, directories. */
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 120_000);

function between([low, high]: readonly [number, number]): number {
  return low + Math.floor(Math.random() * (high - low + 1));
}

interface Outage {
  /** Runs while the load is on, before the kill of this cycle. */
  cycle: number;
  run(server: ServerProcess, submitters: Submitters): Promise<Record<string, number>>;
}

interface CrashRun {
  backend: string;
  dataDir: string;
  databaseUrl?: string;
  reader: LeadReader;
  outage?: Outage;
}

function describeAudit(a: Audit): string {
  return `acknowledged ${a.acknowledged}, lost ${a.lost.length}, duplicated ${a.duplicated.length}, mismatched ${a.mismatched.length}, stored ${a.stored}`;
}

async function crashUnderLoad(run: CrashRun): Promise<void> {
  let server = await startServer({ dataDir: run.dataDir, databaseUrl: run.databaseUrl });
  cleanups.push(() => server.kill('SIGKILL'));
  const submitters = new Submitters({ concurrency: VISITORS, baseUrl: () => server.url, form, keyReusePairEvery: KEY_REUSE_PAIR_EVERY });
  let stopped = false;
  cleanups.push(() => (stopped ? undefined : submitters.stop()));
  submitters.start();

  const started = Date.now();
  let outageFigures: Record<string, number> | undefined;
  const perCycle: string[] = [];
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    await submitters.waitForMoreAcks(between(ACKS_BEFORE_KILL), ACK_TIMEOUT_MS);
    if (run.outage?.cycle === cycle) outageFigures = await run.outage.run(server, submitters);

    await server.kill('SIGKILL');
    const exit = await server.exited;
    expect(exit.signal, 'the server was killed, not stopped by itself').toBe('SIGKILL');
    const acknowledged = submitters.acknowledged();
    server = await startServer({ dataDir: run.dataDir, databaseUrl: run.databaseUrl, port: server.port });

    const result = audit(acknowledged, await run.reader.rows());
    perCycle.push(`cycle ${cycle}: ${describeAudit(result)}`);
    expect(result.lost, `acknowledged but not stored after restart ${cycle}`).toEqual([]);
    expect(result.duplicated, `stored twice after restart ${cycle}`).toEqual([]);
    expect(result.mismatched, `answered with another lead than stored after restart ${cycle}`).toEqual([]);
    const pairs = auditPairs(submitters.submissions, await run.reader.rows());
    expect(pairs.bothStored, `two submissions stored under one key after restart ${cycle}`).toEqual([]);
  }

  // The last server takes load too, then every visitor finishes what it was doing.
  await submitters.waitForMoreAcks(ACKS_BEFORE_KILL[0], ACK_TIMEOUT_MS);
  await submitters.stop();
  stopped = true;
  const rows = await run.reader.rows();
  const final = audit(submitters.acknowledged(), rows);
  const pairs = auditPairs(submitters.submissions, rows);
  const all = submitters.submissions;
  const retriedAndAcked = all.filter((s) => s.ackId && s.attempts > 1).length;
  const failed = all.filter((s) => !s.ackId);

  const report = {
    backend: run.backend,
    mode: MODE,
    cycles: CYCLES,
    visitors: VISITORS,
    seconds: Math.round((Date.now() - started) / 1000),
    submissions: all.length,
    acknowledged: final.acknowledged,
    lost: final.lost.length,
    duplicated: final.duplicated.length,
    mismatched: final.mismatched.length,
    acknowledgedAfterRetry: retriedAndAcked,
    notAcknowledged: failed.length,
    storedLeads: final.stored,
    answersByStatus: Object.fromEntries([...submitters.statuses].sort(([a], [b]) => a - b)),
    keyReusePairs: pairs.pairs,
    keyReuseHalvesRefused: pairs.refused,
    pairAnswersByStatus: Object.fromEntries([...submitters.pairStatuses].sort(([a], [b]) => a - b)),
    ...(outageFigures ? { outage: outageFigures } : {}),
  };
  console.log(`Crash consistency (${run.backend}):\n  ${perCycle.join('\n  ')}\n${JSON.stringify(report, null, 2)}`);

  expect(final.lost, 'acknowledged but not stored').toEqual([]);
  expect(final.duplicated, 'stored twice').toEqual([]);
  expect(final.mismatched, 'answered with another lead than stored').toEqual([]);
  // A key sent with two different submissions stores one of them, and a refused one is never stored.
  expect(pairs.pairs).toBeGreaterThan(0);
  expect(pairs.refused, 'the second half of a pair is refused with 422').toBeGreaterThan(0);
  expect(pairs.bothStored, 'two submissions stored under one key').toEqual([]);
  expect(pairs.refusedButStored, 'answered 422 but stored').toEqual([]);
  const pairUnexpected = [...submitters.pairStatuses.keys()].filter(
    (status) => ![201, 409, 422].includes(status) && !(run.outage && status === 503),
  );
  expect(pairUnexpected, 'pair statuses other than 201, 409 and 422 (and 503 while the database was down)').toEqual([]);
  // Retries keep the key of their submission, so a retry of a stored lead can never store it again.
  expect(all.filter((s) => s.keysSent.size !== 1).map((s) => s.marker)).toEqual([]);
  // Nothing but stored leads and (database outage only) "try again" answers.
  const unexpected = [...submitters.statuses.keys()].filter((status) => status !== 201 && !(run.outage && status === 503));
  expect(unexpected, 'statuses other than 201 (and 503 while the database was down)').toEqual([]);
  // Acknowledged leads can only be fewer than stored ones: an answer lost in a kill leaves a stored, unacknowledged lead.
  expect(final.stored).toBeGreaterThanOrEqual(final.acknowledged);
  expect(final.acknowledged).toBeGreaterThanOrEqual(CYCLES * ACKS_BEFORE_KILL[0]);
  // After all that, the last server still shuts down cleanly.
  await server.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

describe('crash consistency', () => {
  it(`SQLite: ${VISITORS} visitors, ${CYCLES} SIGKILL restarts, every acknowledged lead stored exactly once`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'resilience-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await crashUnderLoad({ backend: 'SQLite', dataDir, reader: sqliteReader(join(dataDir, 'leads.sqlite')) });
  });

  it.skipIf(!found.available)(
    `PostgreSQL: ${VISITORS} visitors, ${CYCLES} SIGKILL restarts and a database restart, every acknowledged lead stored exactly once`,
    async () => {
      const postgres: LocalPostgres = await startLocalPostgres(found);
      cleanups.push(() => postgres.destroy());
      const databaseUrl = await postgres.createDatabase('crash');
      const dataDir = mkdtempSync(join(tmpdir(), 'resilience-crash-pg-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const reader = postgresReader(databaseUrl);
      cleanups.push(() => reader.close());
      await crashUnderLoad({
        backend: 'PostgreSQL',
        dataDir,
        databaseUrl,
        reader,
        outage: { cycle: Math.ceil(CYCLES / 2), run: (server, submitters) => databaseOutage(postgres, server, submitters) },
      });
    },
  );
});

/**
 * Stops PostgreSQL under load. While it is down every submission is answered 503 with a JSON
 * "try again" (the visitors' retries included), pages, badges and the health check answer, and the
 * server process stays up; once it is back, submissions are stored again.
 */
async function databaseOutage(postgres: LocalPostgres, server: ServerProcess, submitters: Submitters): Promise<Record<string, number>> {
  const started = Date.now();
  const unavailableBefore = submitters.statuses.get(503) ?? 0;
  const givenUpBefore = submitters.submissions.filter((s) => s.result && !s.ackId).length;
  await postgres.stop('fast');
  const stoppedAt = Date.now();

  // The outage lasts until the visitors have been turned away three times each on average, so
  // submissions run out of retries (first try, after 1 s, after 2 s) and fail, as they would.
  let probes = 0;
  while ((submitters.statuses.get(503) ?? 0) - unavailableBefore < 3 * VISITORS) {
    const res = await fetch(`${server.url}${form.submit.endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': form.id },
      body: JSON.stringify({
        name: 'Probe',
        email: 'probe@example.com',
        subject: 'Probe during outage',
        message: 'Checking the answer while the database is down.',
        serviceInterest: 'takedown',
        inquiryType: 'takedown',
      }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ success: false, error: 'STORE_UNAVAILABLE', message: expect.stringMatching(/try again/i) });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable' });
    for (const path of ['/', badgePath]) {
      const res = await fetch(server.url + path);
      expect(res.status, `${path} does not need the database`).toBe(200);
      await res.arrayBuffer();
    }
    probes += 1;
    expect(server.alive(), 'the server process must survive the database outage').toBe(true);
  }
  const turnedAway = (submitters.statuses.get(503) ?? 0) - unavailableBefore;

  await postgres.start();
  const restartedAt = Date.now();
  const givenUp = submitters.submissions.filter((s) => s.result && !s.ackId).length - givenUpBefore;
  // Stored again: as many new acknowledgements as there are visitors.
  await submitters.waitForMoreAcks(VISITORS, ACK_TIMEOUT_MS);
  expect(server.alive()).toBe(true);
  return {
    downMs: restartedAt - stoppedAt,
    probesAnswered503: probes,
    visitorAttemptsAnswered503: turnedAway,
    msUntilStoringAgain: Date.now() - restartedAt,
    submissionsGivenUpDuringOutage: givenUp,
    totalMs: Date.now() - started,
  };
}
