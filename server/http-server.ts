import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { setSecurityHeaders, SECURITY_HEADERS } from './security-headers';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './config';
import type { ApiErrorBody } from './api/router';

/**
 * Node checks the header and request timeouts on a timer (every 30 s by default), so a slow client
 * could outlive its timeout by that much. A check every second, or more often for short timeouts,
 * keeps the overrun small.
 */
function checkingInterval(timeouts: ServerTimeouts): number {
  return Math.max(50, Math.min(1_000, Math.floor(timeouts.headersTimeoutMs / 4)));
}

/**
 * The HTTP server for the app: the timeouts above; strict framing (refusingBadFraming: Host,
 * version, and a closed connection after an answer given before the body was read); and the same
 * security headers and JSON error body on the answers Node's HTTP layer gives before the app sees
 * a request (one it cannot parse, one too slow to arrive, an `Expect` other than 100-continue).
 */
export function createHttpServer(app: RequestListener, timeouts: ServerTimeouts = DEFAULT_TIMEOUTS): Server {
  // Node bounds every request alike; with a longer bound for uploads, Node's is that one and the
  // shorter one is kept for every other request here (boundedBodies), answered the same way.
  const upload = timeouts.uploadTimeoutMs ?? timeouts.requestTimeoutMs;
  const longest = Math.max(upload, timeouts.requestTimeoutMs);
  const listener = upload > timeouts.requestTimeoutMs ? boundedBodies(app, timeouts.requestTimeoutMs) : app;
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: longest,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingInterval(timeouts),
      // Node's own refusal of a request without Host is a bare 400; refusingBadFraming answers it like the rest.
      requireHostHeader: false,
    },
    refusingBadFraming(listener),
  );
  // Set again as properties: every Node version this runs on reads them there.
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = longest;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.on('clientError', answerMalformedRequest);
  server.on('checkExpectation', answerUnmetExpectation);
  return server;
}

/** A request that brings files (a form posted as multipart/form-data): it may take the upload bound to arrive. */
export const isUpload = (req: IncomingMessage) =>
  req.method === 'POST' && /^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '');

const REQUEST_TIMEOUT = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

/**
 * Every request but an upload must have arrived whole within `requestTimeoutMs` of reaching the
 * app, or it is answered as Node answers a request past its timeout (408, the connection closed).
 * A request already whole, or already answered, is left alone.
 */
function boundedBodies(app: RequestListener, requestTimeoutMs: number): RequestListener {
  return (req, res) => {
    // A request that declares no body (most GETs) has nothing left to arrive: no timer for it.
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.complete && !isUpload(req)) {
      const timer = setTimeout(() => {
        if (!req.complete && !res.headersSent) answerMalformedRequest(REQUEST_TIMEOUT, req.socket);
      }, requestTimeoutMs);
      timer.unref();
      const stop = () => clearTimeout(timer);
      req.once('end', stop);
      res.once('finish', stop);
      res.once('close', stop);
    }
    app(req, res);
  };
}

// --- Answers given before the app sees a request ---------------------------------------------

const MALFORMED_ANSWERS: Record<string, { status: number; reason: string; error: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    error: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Payload Too Large',
    error: 'PAYLOAD_TOO_LARGE',
    message: 'The request body has too many chunk extensions.',
  },
  // A version the parser does not know at all (HTTP/1.2, HTTP/3.0); 2.0 and 0.9 are refused by refusingBadFraming.
  HPE_INVALID_VERSION: {
    status: 400,
    reason: 'Bad Request',
    error: 'UNSUPPORTED_HTTP_VERSION',
    message: 'Only HTTP/1.0 and HTTP/1.1 are supported.',
  },
  // Headers or the whole request slower than the server's timeouts (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS).
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    error: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive.',
  },
};
const EXPECTATION_FAILED = {
  status: 417,
  error: 'EXPECTATION_FAILED',
  message: 'The Expect header is not supported; the only expectation this server meets is 100-continue.',
};
const MALFORMED_DEFAULT = {
  status: 400,
  reason: 'Bad Request',
  error: 'BAD_REQUEST',
  message: 'The request is not valid HTTP and could not be read.',
};

/** How long a connection answered before its request was read may keep sending before it is closed anyway. */
export const MALFORMED_LINGER_MS = 2_000;
/** How much a connection answered early may still send (read and dropped) before it is closed anyway. */
export const LINGER_MAX_BYTES = 4 * 1024 * 1024;
const answeredMalformed = new WeakSet<Duplex>();
/** The responses each connection was asked for, oldest first; those finished or closed are dropped as the list is read. */
const answering = new WeakMap<Duplex, ServerResponse[]>();

const settled = (res: ServerResponse) => res.writableFinished || res.destroyed;

/** The oldest response the connection still owes (the one being written), if any. */
function owedFirst(socket: Duplex): ServerResponse | undefined {
  const owed = answering.get(socket);
  if (!owed) return undefined;
  // Answers leave in the order they were asked for, so the settled ones are at the front.
  while (owed.length > 0 && settled(owed[0]!)) owed.shift();
  return owed[0];
}

/** Notes the response as owed; no listener per request, the list is tidied when it grows or is read. */
function noteAnswering(req: IncomingMessage, res: ServerResponse): void {
  const owed = answering.get(req.socket);
  if (!owed) {
    answering.set(req.socket, [res]);
    return;
  }
  while (owed.length > 0 && settled(owed[0]!)) owed.shift();
  owed.push(res);
}

/**
 * Closing while the client is still sending (the rest of a body) would reset the connection, and a
 * reset can discard the answer before the client reads it. So, once the answer is on its way, what
 * still arrives is read and dropped, never kept, until the client closes its side, or
 * MALFORMED_LINGER_MS have passed, or LINGER_MAX_BYTES have arrived; then `close` runs.
 */
function drainThenClose(socket: Duplex, close: () => void): void {
  // The client already closed its side: nothing more can arrive.
  if (socket.readableEnded) return close();
  let drained = 0;
  const timer = setTimeout(close, MALFORMED_LINGER_MS);
  timer.unref();
  socket.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_MAX_BYTES) close();
  });
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
}

/**
 * For `server.on('clientError')`: a request Node's HTTP parser refuses (a CR in a header, two
 * lengths, an unknown method, headers over 16 KB) never reaches the app. Node's own answer is a
 * bare status line; this one carries the same JSON error body as every other API answer.
 */
export function answerMalformedRequest(err: NodeJS.ErrnoException, socket: Duplex): void {
  // The parser reports its error again for every chunk that still arrives; it has been answered.
  if (answeredMalformed.has(socket)) return;
  // As Node does: never write into the middle of a response already on its way.
  if (err.code === 'ECONNRESET' || !socket.writable || owedFirst(socket)?.headersSent) {
    socket.destroy();
    return;
  }
  answeredMalformed.add(socket);
  const answer = MALFORMED_ANSWERS[err.code ?? ''] ?? MALFORMED_DEFAULT;
  const body = JSON.stringify({ success: false, message: answer.message, error: answer.error } satisfies ApiErrorBody);
  const head = [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    ...SECURITY_HEADERS.map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  drainThenClose(socket, () => socket.destroy());
}

/**
 * For `server.on('checkExpectation')`: Node calls it for an `Expect` header other than
 * `100-continue`, before the app sees the request. Without it Node answers a bare 417; this one
 * carries the security headers and the JSON error body of every other refused request.
 */
export function answerUnmetExpectation(_req: IncomingMessage, res: ServerResponse): void {
  refuseBeforeApp(res, EXPECTATION_FAILED);
}

const MISSING_HOST = { status: 400, error: 'BAD_REQUEST', message: 'The request has no Host header, which HTTP/1.1 requires.' };
const REPEATED_HOST = { status: 400, error: 'BAD_REQUEST', message: 'The request has more than one Host header.' };
const MALFORMED_HOST = {
  status: 400,
  error: 'BAD_REQUEST',
  message: 'The Host header is not a host name or address with an optional port.',
};
// 400 rather than 505: a client's mistake must not count as a server error in the logs and metrics.
const UNSUPPORTED_VERSION = { status: 400, error: 'UNSUPPORTED_HTTP_VERSION', message: 'Only HTTP/1.0 and HTTP/1.1 are supported.' };

// RFC 9112 §3.2 with RFC 3986's authority: an IP literal in brackets or a registered name (or IPv4), then an optional port. Empty is allowed.
const HOST_VALUE = /^(?:\[[\d.:A-F]+\]|[\w!$%&'()*+,.;=~-]*)(?::\d*)?$/i;

function framingProblem(req: IncomingMessage): { status: number; error: string; message: string } | null {
  if (req.httpVersionMajor !== 1 || (req.httpVersionMinor !== 0 && req.httpVersionMinor !== 1)) return UNSUPPORTED_VERSION;
  // Every Host line as sent, read from the raw list (headersDistinct would copy every header for one).
  let host: string | undefined;
  let hosts = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') {
      hosts += 1;
      host = raw[i + 1];
    }
  }
  if (hosts === 0) return req.httpVersionMinor === 1 ? MISSING_HOST : null;
  if (hosts > 1) return REPEATED_HOST;
  return HOST_VALUE.test(host!) ? null : MALFORMED_HOST;
}

/**
 * Wraps the app so a request framed against RFC 9112 is refused before it, with the security
 * headers and JSON body: a version other than HTTP/1.0 and 1.1, a missing HTTP/1.1 Host,
 * more than one Host or a Host that is no host[:port] (400; Node's `requireHostHeader`, turned off
 * in createHttpServer, would only catch the first, with a bare answer). Every other request's
 * answer closes the connection when it leaves before the body was read (closingWhenBodyUnread).
 */
export function refusingBadFraming(
  app: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // A request behind one answered before its body was read: the connection is closing and nobody answers it.
    if (closingAfterAnswer.has(req.socket)) {
      req.resume();
      return;
    }
    noteAnswering(req, res);
    // A request that says it has no body can never leave one unread.
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined) closingWhenBodyUnread(req, res);
    const problem = framingProblem(req);
    if (problem) {
      refuseBeforeApp(res, problem);
      return;
    }
    app(req, res);
  };
}

/** True while the request has a body that has not fully arrived (the app answered without reading it). */
function bodyUnread(req: IncomingMessage): boolean {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  return hasBody && !req.complete;
}

/** Connections whose answer left before its request's body was read; they take no further request. */
const closingAfterAnswer = new WeakSet<Socket>();

/**
 * Node destroys the connection once an answer that says `Connection: close` is written, and with
 * part of the body still unread that is a reset, which can discard the answer on the client's
 * side. Here the first such close, without an error, becomes drainThenClose (the answer already
 * written, the sending side ended); an error, or any later close, destroys at once.
 */
function lingerBeforeClosing(socket: Socket): void {
  if (closingAfterAnswer.has(socket)) return;
  closingAfterAnswer.add(socket);
  const destroyNow = socket.destroy.bind(socket);
  let lingering = false;
  socket.destroy = ((error?: Error) => {
    if (error || lingering || socket.destroyed) return destroyNow(error);
    lingering = true;
    if (!socket.writableEnded) socket.end();
    drainThenClose(socket, () => destroyNow());
    return socket;
  }) as Socket['destroy'];
}

/**
 * An answer written before its request's body has arrived (a 405 for `POST /`, a 403 or 413 before
 * a submission is read) says `Connection: close`, and the connection then closes (after
 * lingerBeforeClosing): kept open, the unread body would run into the request timeout, and its 408
 * would be a second, unrequested answer that a proxy reusing the connection could hand to another
 * visitor. Set on the response itself, as Express replaces its prototype.
 */
function closingWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && bodyUnread(req)) {
      this.setHeader('Connection', 'close');
      lingerBeforeClosing(req.socket);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** A JSON error with the security headers, for a request refused before it reaches the app; the connection then closes. */
function refuseBeforeApp(res: ServerResponse, answer: { status: number; error: string; message: string }): void {
  const body = JSON.stringify({ success: false, message: answer.message, error: answer.error } satisfies ApiErrorBody);
  setSecurityHeaders(res);
  res.writeHead(answer.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    // A body the client may still send is not read; the connection ends here.
    Connection: 'close',
  });
  res.end(body);
}
