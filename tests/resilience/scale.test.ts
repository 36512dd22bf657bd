/**
 * Several processes, as production runs them: three compiled server processes on one PostgreSQL
 * behind nginx (deploy/nginx.conf, round robin). 64 visitors submit through nginx for a bounded
 * time while one process after another is SIGKILLed and started again. Afterwards every
 * acknowledged lead is stored exactly once, a retry that lands on another process gets the first
 * lead back, and the rate limit, counted in PostgreSQL, holds across the three processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployNginxConfig, ensureNginx, startNginx, type RunningNginx } from '../../bench/lib/nginx';
import { buildPayload } from '../../engine/forms/payload';
import { buildServer } from '../../scripts/build-server';
import { findPostgres, freePort, startLocalPostgres, type LocalPostgres } from '../support/postgres';
import { postgresReader, type LeadReader } from './support/lead-reader';
import { byMode, MODE } from './support/mode';
import { startServer, type ServerProcess } from './support/server-process';
import { BUILT_SERVER, CLIENT_DIR, readBuiltModel, ROOT } from './support/site-build';
import { audit, Submitters } from './support/submitters';

const PROCESSES = 3;
const VISITORS = 64;
const LOAD_MS = byMode(20_000, 60_000);
const KILL_EVERY_MS = byMode(3_000, 4_000);
/** Requests per client address and window on /api, counted in PostgreSQL by every process. */
const RATE_LIMIT = 20;
/** Longer than the whole run, so each probing client's requests all fall in one window. */
const RATE_LIMIT_WINDOW_MS = 15 * 60_000;
/** Addresses that only probe the limit: each asks three times what it may. */
const PROBE_CLIENTS = 4;

const model = readBuiltModel();
const form = model.forms['contact-us']!;
const pgFound = await findPostgres();
const nginxFound = await ensureNginx((line) => console.log(line));
const skipReason = !pgFound.available ? pgFound.reason : !nginxFound.ok ? nginxFound.reason : null;
if (skipReason) console.warn(`Skipping the scale test: ${skipReason}`);

/** A random private address, one per submission, so no visitor meets the rate limit. */
const randomAddress = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

describe.skipIf(skipReason !== null)('several processes behind nginx', () => {
  let postgres: LocalPostgres;
  let databaseUrl: string;
  let reader: LeadReader;
  let dataDir: string;
  let nginx: RunningNginx;
  let compiled: string;
  const ports: number[] = [];
  const servers: ServerProcess[] = [];

  const start = (i: number) =>
    startServer({
      dataDir,
      databaseUrl,
      port: ports[i],
      nodeArgs: ['--enable-source-maps', compiled],
      env: { TRUST_PROXY: '1', RATE_LIMIT_MAX: String(RATE_LIMIT), RATE_LIMIT_WINDOW_MS: String(RATE_LIMIT_WINDOW_MS) },
    });

  beforeAll(async () => {
    // The compiled server, as `npm start` runs it; inside the project so its imports find node_modules.
    compiled = BUILT_SERVER ?? (await buildServer(join(ROOT, 'node_modules', '.cache', 'scale-server')));
    postgres = await startLocalPostgres(pgFound);
    databaseUrl = await postgres.createDatabase('scale');
    reader = postgresReader(databaseUrl);
    dataDir = mkdtempSync(join(tmpdir(), 'resilience-scale-'));
    for (let i = 0; i < PROCESSES; i++) ports.push(await freePort());
    // One at a time: the first migrates the database, the others find it migrated.
    for (let i = 0; i < PROCESSES; i++) servers.push(await start(i));
    if (!nginxFound.ok) throw new Error('unreachable');
    nginx = await startNginx(nginxFound.binary, CLIENT_DIR, deployNginxConfig(ports, { trustClientAddress: true }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await nginx?.stop();
    await reader?.close();
    await postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('a retry with the same Idempotency-Key on another process gets the first lead back', async () => {
    const key = `scale-${Date.now()}`;
    const body = JSON.stringify(
      buildPayload(form, {
        name: 'Ann One',
        email: 'ann@example.com',
        inquiryType: 'takedown',
        subject: 'Retry elsewhere',
        message: 'Our photos were copied.',
      }),
    );
    const ids: string[] = [];
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-Form-Id': form.id,
          'Idempotency-Key': key,
          'X-Forwarded-For': '10.250.0.1',
        },
        body,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    expect(new Set(ids).size).toBe(1);
    expect((await reader.rows()).filter((r) => r.idempotencyKey === key)).toHaveLength(1);
  });

  it(`${VISITORS} visitors through nginx while a process is SIGKILLed every ${KILL_EVERY_MS / 1000} s: nothing lost, nothing twice, one rate limit`, async () => {
    const proxyUrl = `http://127.0.0.1:${nginx.port}`;
    const submitters = new Submitters({
      concurrency: VISITORS,
      baseUrl: () => proxyUrl,
      form,
      headersFor: () => ({ 'X-Forwarded-For': randomAddress() }),
    });
    const started = Date.now();
    submitters.start();

    // Clients that each ask for three times the limit, through nginx, spread over the run.
    const probes = Array.from({ length: PROBE_CLIENTS }, (_, i) => ({ address: `10.251.0.${i + 1}`, statuses: new Map<number, number>() }));
    const probing = Promise.all(
      probes.map(async (probe) => {
        for (let n = 0; n < 3 * RATE_LIMIT; n++) {
          await new Promise((resolve) => setTimeout(resolve, LOAD_MS / (3 * RATE_LIMIT)));
          let status = 0;
          try {
            const res = await fetch(`${proxyUrl}/api/contact`, { headers: { 'X-Forwarded-For': probe.address } });
            status = res.status;
            await res.arrayBuffer();
          } catch {
            // A connection error: neither allowed nor refused.
          }
          probe.statuses.set(status, (probe.statuses.get(status) ?? 0) + 1);
        }
      }),
    );

    // Every few seconds one running process is killed and started again on its port, in the
    // background: under this load a start takes seconds, and the kills keep their pace meanwhile.
    // At least one process is always up.
    let kills = 0;
    const restartMs: number[] = [];
    const restarting = new Set<number>();
    const restarts: Promise<void>[] = [];
    let next = 0;
    while (Date.now() - started < LOAD_MS - KILL_EVERY_MS / 2) {
      await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
      if (restarting.size >= PROCESSES - 1) continue;
      while (restarting.has(next % PROCESSES)) next += 1;
      const i = next % PROCESSES;
      next += 1;
      restarting.add(i);
      await servers[i]!.kill('SIGKILL');
      expect((await servers[i]!.exited).signal).toBe('SIGKILL');
      kills += 1;
      const restartAt = Date.now();
      restarts.push(
        start(i).then((server) => {
          servers[i] = server;
          restartMs.push(Date.now() - restartAt);
          restarting.delete(i);
        }),
      );
    }
    await Promise.all(restarts);
    expect(
      servers.map((s) => s.port),
      'restarted on their own ports, where nginx sends requests',
    ).toEqual(ports);
    const remaining = LOAD_MS - (Date.now() - started);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    await submitters.stop();
    await probing;

    const rows = await reader.rows();
    const result = audit(submitters.acknowledged(), rows);
    const all = submitters.submissions;
    const statuses = Object.fromEntries([...submitters.statuses].sort(([a], [b]) => a - b));
    const connectionErrors = all.reduce((n, s) => n + s.networkErrors, 0);
    const allowedPerProbe = probes.map((p) =>
      [...p.statuses].filter(([status]) => status !== 429 && status >= 400 && status < 500).reduce((n, [, c]) => n + c, 0),
    );
    const report = {
      mode: MODE,
      processes: PROCESSES,
      visitors: VISITORS,
      seconds: Math.round((Date.now() - started) / 1000),
      kills,
      restartMs,
      submissions: all.length,
      acknowledged: result.acknowledged,
      lost: result.lost.length,
      duplicated: result.duplicated.length,
      mismatched: result.mismatched.length,
      acknowledgedAfterRetry: all.filter((s) => s.ackId && s.attempts > 1).length,
      answers201: statuses[201] ?? 0,
      answers503: statuses[503] ?? 0,
      answers502: statuses[502] ?? 0,
      connectionErrors,
      answersByStatus: statuses,
      rateLimit: {
        limit: RATE_LIMIT,
        processes: PROCESSES,
        allowedPerClient: allowedPerProbe,
        refused429PerClient: probes.map((p) => p.statuses.get(429) ?? 0),
      },
    };
    console.log(`Scale (${PROCESSES} processes behind nginx, PostgreSQL):\n${JSON.stringify(report, null, 2)}`);

    expect(result.lost, 'acknowledged but not stored').toEqual([]);
    expect(result.duplicated, 'stored twice').toEqual([]);
    expect(result.mismatched, 'answered with another lead than stored').toEqual([]);
    expect(all.filter((s) => s.keysSent.size !== 1).map((s) => s.marker)).toEqual([]);
    expect(kills).toBeGreaterThanOrEqual(Math.floor(LOAD_MS / KILL_EVERY_MS / 2));
    expect(result.acknowledged).toBeGreaterThanOrEqual(100);
    // Some requests were in flight on a killed process: nginx answers those 502, and the visitor's client retries them.
    const unexpected = Object.keys(statuses)
      .map(Number)
      .filter((s) => ![201, 409, 502, 503, 504].includes(s));
    expect(unexpected, 'answers other than 201, 409 and those of a killed process').toEqual([]);
    for (const [i, allowed] of allowedPerProbe.entries()) {
      expect(allowed, `client ${probes[i]!.address} allowed past the limit`).toBeLessThanOrEqual(RATE_LIMIT + PROCESSES);
      expect(probes[i]!.statuses.get(429) ?? 0, `client ${probes[i]!.address} was never limited`).toBeGreaterThan(0);
    }

    // Every process still shuts down cleanly.
    for (const server of servers) {
      await server.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }
  });
});
