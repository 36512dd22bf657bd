import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SUBMISSION_ENDPOINTS } from './api/submissions';
import type { RouteOf } from './logging';
import { errorCodeOf, leadEndpointOf } from './request-route';
import type { OutboxSlice } from './store/types';

/** Seconds; from a cached page (well under a millisecond) to a slow store commit. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  readonly registry: Registry;
  /**
   * Counts the request under its route and times it; called by the request logger when the answer
   * is finished or abandoned (createRequestLogger's `answered`), so one pair of listeners serves both.
   */
  observe(routeOf: RouteOf, req: IncomingMessage, res: ServerResponse, seconds: number): void;
  storeError(operation: string): void;
  deliveryFailed(channel: string, outcome: string): void;
}

export interface MetricsOptions {
  /** Read at each scrape for the outbox depth; none: the gauges stay absent. */
  outbox?: Pick<OutboxSlice, 'listJobs'>;
  /** Node's own process metrics (memory, event loop lag); off in tests, which create many registries. */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route and status (0: the client went away first).',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const accepted = new Counter({
    name: 'leads_accepted_total',
    help: 'Submissions stored and answered 201, or 303 for a form sent without script (a retry with a known Idempotency-Key included), by endpoint.',
    labelNames: ['endpoint'] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'leads_refused_total',
    help: 'Submissions not stored, by endpoint and reason (the error code answered, FORM_TOKEN_* for a form token refused behind a 201 or 303, or "aborted").',
    labelNames: ['endpoint', 'reason'] as const,
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: 'store_errors_total',
    help: 'Operations on the lead store that failed, by operation.',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  const deliveryFailures = new Counter({
    name: 'notification_delivery_failures_total',
    help: 'Notification attempts that failed, by channel and what happens next (retry or dead).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const { outbox } = options;
  if (outbox) {
    new Gauge({
      name: 'outbox_jobs',
      help: 'Notifications in the outbox, by status: pending (waiting to be sent or retried) and dead.',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        try {
          const jobs = await outbox.listJobs({ status: ['pending', 'dead'] });
          this.set({ status: 'pending' }, jobs.filter((j) => j.status === 'pending').length);
          this.set({ status: 'dead' }, jobs.filter((j) => j.status === 'dead').length);
        } catch {
          storeErrors.inc({ operation: 'list_jobs' });
        }
      },
    });
  }
  // Their answers count as leads accepted or refused.
  const submissions = new Set<string>(SUBMISSION_ENDPOINTS);

  return {
    registry,
    observe(routeOf, req, res, seconds) {
      const route = routeOf(req, res);
      const status = res.writableFinished ? String(res.statusCode) : '0';
      const labels = { method: req.method ?? 'OTHER', route, status };
      requests.inc(labels);
      latency.observe(labels, seconds);
      // A form sent without script posts to its page (a 303 to the thanks page when stored), and counts with its form's endpoint.
      const formPost = leadEndpointOf(res);
      const endpoint = formPost ?? route;
      if (submissions.has(endpoint) && req.method === 'POST') {
        // A success with an error code is a post refused for its form token, answered as a success so its sender learns nothing.
        const code = errorCodeOf(res);
        if (status === (formPost ? '303' : '201') && code === undefined) accepted.inc({ endpoint });
        else refused.inc({ endpoint, reason: status === '0' ? 'aborted' : (code ?? `HTTP_${status}`) });
      }
    },
    storeError(operation) {
      storeErrors.inc({ operation });
    },
    deliveryFailed(channel, outcome) {
      deliveryFailures.inc({ channel, outcome });
    },
  };
}

/** GET /metrics in Prometheus' text format; the listener for the separate METRICS_PORT server. */
export function createMetricsListener(metrics: Metrics): RequestListener {
  return (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics are at GET /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${String(err)}\n`),
    );
  };
}
