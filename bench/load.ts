// Load generator, run as its own process: `node --import tsx bench/load.ts '<json LoadSpec>'`.
// Warms the target up, measures for a fixed time, and prints one JSON line (LoadResult).
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './lib/types';

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;

const options = {
  url: spec.url,
  method: spec.method,
  headers: spec.headers,
  body: spec.body,
  connections: spec.connections,
  timeout: 10,
  // `[<id>]` in a header or the body becomes a fresh id per request (unique Idempotency-Key).
  idReplacement: spec.uniqueIds,
};

const warmup = spec.warmupSeconds > 0 ? await autocannon({ ...options, duration: spec.warmupSeconds }) : null;
const cpuBefore = process.cpuUsage();
const r = await autocannon({ ...options, duration: spec.durationSeconds });
const cpu = process.cpuUsage(cpuBefore);

const result: LoadResult & { warmupOk: number } = {
  // Every answered request counts; `bad` says how many of them were not 2xx/3xx.
  requestsPerSecond: (r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx']) / r.duration,
  latencyP50: r.latency.p50,
  latencyP99: r.latency.p99,
  latencyMax: r.latency.max,
  total: r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'],
  ok: r['2xx'] + r['3xx'],
  bad: r['1xx'] + r['4xx'] + r['5xx'],
  errors: r.errors,
  timeouts: r.timeouts,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  durationSeconds: r.duration,
  warmupOk: warmup ? warmup['2xx'] + warmup['3xx'] : 0,
  clientCpu: (cpu.user + cpu.system) / 1e6 / r.duration,
};
console.log(JSON.stringify(result));
