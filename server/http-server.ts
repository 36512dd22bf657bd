import { createServer, type RequestListener, type Server } from 'node:http';
import { answerMalformedRequest, answerUnmetExpectation, refusingMissingHost } from './app';

/**
 * How long a client may take, in milliseconds. Sized for a visitor on a slow phone network: the
 * headers of a request are a few hundred bytes, and the largest body the API reads (64 KB) takes
 * about 10 s at 50 kbit/s. A client slower than that is holding a connection, not sending a lead.
 */
export interface ServerTimeouts {
  /** Until the request's headers are complete (Node's default is 60 s). */
  headersTimeoutMs: number;
  /** Until the whole request, body included, has arrived (Node's default is 300 s). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open for the next request. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 };

const TIMEOUT_VARIABLES = {
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
} as const satisfies Record<keyof ServerTimeouts, string>;

/** The timeouts from HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS; throws a message naming the bad one. */
export function readTimeouts(env: NodeJS.ProcessEnv): ServerTimeouts {
  const timeouts = { ...DEFAULT_TIMEOUTS };
  for (const [key, name] of Object.entries(TIMEOUT_VARIABLES) as Array<[keyof ServerTimeouts, string]>) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of milliseconds of at least 1, got "${value}".`);
    timeouts[key] = n;
  }
  if (timeouts.headersTimeoutMs > timeouts.requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_MS (${timeouts.headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${timeouts.requestTimeoutMs}): the headers are part of the request.`,
    );
  }
  return timeouts;
}

/**
 * Node checks the header and request timeouts on a timer (every 30 s by default), so a slow client
 * could outlive its timeout by that much. A check every second, or more often for short timeouts,
 * keeps the overrun small.
 */
function checkingInterval(timeouts: ServerTimeouts): number {
  return Math.max(50, Math.min(1_000, Math.floor(timeouts.headersTimeoutMs / 4)));
}

/**
 * The HTTP server for the app: the timeouts above, and the same security headers and JSON error
 * body on the answers Node's HTTP layer gives before the app sees a request (a request it cannot
 * parse, one too slow to arrive, an `Expect` other than 100-continue, an HTTP/1.1 request without Host).
 */
export function createHttpServer(app: RequestListener, timeouts: ServerTimeouts = DEFAULT_TIMEOUTS): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingInterval(timeouts),
      // Node's own refusal of a request without Host is a bare 400; refusingMissingHost answers it like the rest.
      requireHostHeader: false,
    },
    refusingMissingHost(app),
  );
  // Set again as properties: every Node version this runs on reads them there.
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.on('clientError', answerMalformedRequest);
  server.on('checkExpectation', answerUnmetExpectation);
  return server;
}
