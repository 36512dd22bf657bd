import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECURITY_HEADERS } from '../../../server/security-headers';
import { DEFAULT_TIMEOUTS, readTimeouts } from '../../../server/config';
import { MALFORMED_LINGER_MS } from '../../../server/http-server';
import { siteBadges } from '../../support/site-badges';
import { createFixture, rawRequest, startServer, type Fixture, type TestServer } from './helpers';

// Short, so the slow-client cases finish quickly; production uses DEFAULT_TIMEOUTS or the environment.
const TIMEOUTS = { headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 5_000 };
const TIMEOUT_ENV = {
  HEADERS_TIMEOUT_MS: String(TIMEOUTS.headersTimeoutMs),
  REQUEST_TIMEOUT_MS: String(TIMEOUTS.requestTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: String(TIMEOUTS.keepAliveTimeoutMs),
};

let fixture: Fixture;
let server: TestServer;
let port: number;

beforeAll(async () => {
  fixture = createFixture();
  server = await startServer({ buildDir: fixture.root, model: { forms: {}, badges: siteBadges() }, env: TIMEOUT_ENV });
  port = server.port;
});

afterAll(async () => {
  server.server.http.closeAllConnections();
  await server.close();
  fixture.cleanup();
});

/** Writes the bytes as they are and collects everything until the server closes the connection. */
function sendBytes(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.end(text, 'latin1');
  });
}

function parse(raw: string): { statusLine: string; headers: string; body: unknown } {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...headers] = raw.slice(0, end).split('\r\n');
  return { statusLine, headers: headers.join('\n').toLowerCase(), body: JSON.parse(raw.slice(end + 4)) };
}

describe('a badge path with broken percent-encoding', () => {
  it.each(['/api/badge/%zz/medium/blue', '/api/badge/standard/%/blue', '/api/badge/standard/medium/%E0%A4%A'])(
    '%s is the client’s mistake: 400 JSON, nothing logged as a server error',
    async (path) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const res = await rawRequest(port, path);
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(res.body.toString())).toEqual({
          success: false,
          message: 'The request could not be processed.',
          error: 'BAD_REQUEST',
        });
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    },
  );
});

describe('requests the HTTP parser refuses', () => {
  const submit = (headers: string) => `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Length: 2\r\n\r\n{}`;

  it.each([
    ['a CR inside a header value', submit('X-Form-Id: contact-us\rX-Injected: 1\r\n')],
    ['two different lengths', submit('Content-Length: 7\r\n')],
    ['an unknown method', 'BREW /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['a request target without a slash', 'GET etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ])('%s: 400 with a JSON error body, then the connection closes', async (_label, request) => {
    const { statusLine, headers, body } = parse(await sendBytes(request));
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(headers).toContain('content-type: application/json; charset=utf-8');
    expect(headers).toContain('connection: close');
    expect(headers).not.toContain('x-injected');
    expect(body).toEqual({ success: false, message: 'The request is not valid HTTP and could not be read.', error: 'BAD_REQUEST' });
  });

  it('headers over the size limit: 431 with a JSON error body', async () => {
    const { statusLine, body } = parse(await sendBytes(submit(`X-Padding: ${'p'.repeat(20_000)}\r\n`)));
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(body).toEqual({ success: false, message: 'The request headers are too large.', error: 'HEADERS_TOO_LARGE' });
  });

  it('the server keeps answering well-formed requests', async () => {
    await sendBytes('BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await rawRequest(port, '/')).status).toBe(200);
  });
});

/** Writes the bytes, keeps the connection open without sending more, and collects until the server closes it. */
function sendAndStall(text: string): Promise<{ raw: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve({ raw: Buffer.concat(chunks).toString('latin1'), elapsedMs: Date.now() - started }));
    socket.on('error', reject);
    socket.write(text, 'latin1');
  });
}

/** Header name → value, names in lower case. */
function headerMap(raw: string): Map<string, string> {
  const lines = raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n').slice(1);
  return new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

describe('every answer from the HTTP layer carries the security headers and a JSON body', () => {
  // A submission the app starts reading, whose chunk extensions then overflow the parser's limit.
  const chunkExtensions = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nTransfer-Encoding: chunked\r\n\r\n1;${'a=bbbbbbbbbbbbbbbbbbbb;'.repeat(5_000)}a=b\r\nx\r\n0\r\n\r\n`;
  const cases: Array<[string, () => Promise<string>, string, string]> = [
    [
      'unparseable HTTP',
      () => sendBytes('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad Name: 1\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'BAD_REQUEST',
    ],
    [
      'headers that never finish',
      async () => (await sendAndStall('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')).raw,
      'HTTP/1.1 408 Request Timeout',
      'REQUEST_TIMEOUT',
    ],
    ['chunk extensions over the limit', () => sendBytes(chunkExtensions), 'HTTP/1.1 413 Payload Too Large', 'PAYLOAD_TOO_LARGE'],
    [
      'an Expect other than 100-continue',
      () => sendBytes('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: foo\r\nContent-Length: 2\r\n\r\n{}'),
      'HTTP/1.1 417 Expectation Failed',
      'EXPECTATION_FAILED',
    ],
    ['an HTTP/1.1 request without Host', () => sendBytes('GET / HTTP/1.1\r\n\r\n'), 'HTTP/1.1 400 Bad Request', 'BAD_REQUEST'],
    [
      'two Host lines',
      () => sendBytes('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'BAD_REQUEST',
    ],
    [
      'the same Host twice',
      () => sendBytes('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nhost: 127.0.0.1\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'BAD_REQUEST',
    ],
    [
      'two Host lines in HTTP/1.0',
      () => sendBytes('GET / HTTP/1.0\r\nHost: a.example\r\nHost: b.example\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'BAD_REQUEST',
    ],
    ['a Host with a path', () => sendBytes('GET / HTTP/1.1\r\nHost: evil.example/../\r\n\r\n'), 'HTTP/1.1 400 Bad Request', 'BAD_REQUEST'],
    [
      'a Host with user information',
      () => sendBytes('GET / HTTP/1.1\r\nHost: user@evil.example\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'BAD_REQUEST',
    ],
    ['a Host with a space', () => sendBytes('GET / HTTP/1.1\r\nHost: a b\r\n\r\n'), 'HTTP/1.1 400 Bad Request', 'BAD_REQUEST'],
    [
      'a Host with a port that is no number',
      () => sendBytes('GET / HTTP/1.1\r\nHost: example.com:80x\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'BAD_REQUEST',
    ],
    [
      'an HTTP/2.0 request line',
      () => sendBytes('GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'UNSUPPORTED_HTTP_VERSION',
    ],
    [
      'an HTTP/2.0 request line without Host',
      () => sendBytes('GET / HTTP/2.0\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'UNSUPPORTED_HTTP_VERSION',
    ],
    ['a request line with no version', () => sendBytes('GET /\r\n\r\n'), 'HTTP/1.1 400 Bad Request', 'UNSUPPORTED_HTTP_VERSION'],
    [
      'an HTTP/1.2 request line',
      () => sendBytes('GET / HTTP/1.2\r\nHost: 127.0.0.1\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'UNSUPPORTED_HTTP_VERSION',
    ],
    [
      'an HTTP/3.0 request line',
      () => sendBytes('GET / HTTP/3.0\r\nHost: 127.0.0.1\r\n\r\n'),
      'HTTP/1.1 400 Bad Request',
      'UNSUPPORTED_HTTP_VERSION',
    ],
    [
      'headers over 16 KB',
      () => sendBytes(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`),
      'HTTP/1.1 431 Request Header Fields Too Large',
      'HEADERS_TOO_LARGE',
    ],
  ];

  it.each(cases.map(([label, send, statusLine, error]) => ({ label, send, statusLine, error })))(
    '$label: $statusLine',
    async ({ send, statusLine, error }) => {
      const raw = await send();
      expect(raw.split('\r\n')[0]).toBe(statusLine);
      const headers = headerMap(raw);
      expect(SECURITY_HEADERS.length).toBeGreaterThanOrEqual(10);
      for (const [name, value] of SECURITY_HEADERS) expect(headers.get(name.toLowerCase()), name).toBe(value);
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('connection')).toBe('close');
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toEqual({ success: false, message: expect.stringMatching(/\S/), error });
    },
  );

  it.each(['127.0.0.1', '127.0.0.1:8080', 'example.com', 'EXAMPLE.com:443', '[::1]:3000', 'xn--bcher-kva.example', ''])(
    'Host "%s" is a valid host and gets its page',
    async (host) => {
      expect((await sendBytes(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    },
  );

  it('an HTTP/1.0 request, which needs no Host, still gets its page', async () => {
    expect((await sendBytes('GET / HTTP/1.0\r\n\r\n')).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });

  it('the headers match what a page gets from the app', async () => {
    const page = await rawRequest(port, '/');
    for (const [name, value] of SECURITY_HEADERS) expect(page.headers[name.toLowerCase()], name).toBe(value);
  });
});

/** Sends `head`, then one byte every 50 ms, and collects everything until the server closes the connection. */
function trickleBody(head: string): Promise<{ raw: string; elapsedMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    // Writing into a connection the server closed resets it; what arrived before still counts.
    socket.on('error', () => {});
    socket.write(head);
    const trickle = setInterval(() => socket.writable && socket.write('x'), 50);
    socket.on('close', () => {
      clearInterval(trickle);
      resolve({ raw, elapsedMs: Date.now() - started });
    });
  });
}

describe('an answer sent before the request body was read', () => {
  it.each([
    ['POST to a page', 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n', 'HTTP/1.1 405 Method Not Allowed'],
    [
      'a submission without the site’s request header',
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      'HTTP/1.1 403 Forbidden',
    ],
    [
      'a chunked POST to a page',
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n3e8\r\n',
      'HTTP/1.1 405 Method Not Allowed',
    ],
  ])('%s: exactly one answer, with Connection: close, and the connection closes before any timeout', async (_label, head, statusLine) => {
    const { raw } = await trickleBody(head);
    expect(raw.split('\r\n')[0]).toBe(statusLine);
    expect(raw.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
    expect(headerMap(raw).get('connection')).toBe('close');
    // Closed by the answer, not by the request timeout, which would have written a 408 first: the one status line says so.
  });

  it('requests without a body keep their connection for the next one', async () => {
    const raw = await sendBytes(
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(raw.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(raw).toMatch(/Connection: keep-alive/i);
  });
});

describe('a body far over the limit, sent at once or slowly', () => {
  const ONE_MB = 1024 * 1024;
  const head = (length: number) =>
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: ${length}\r\n\r\n`;
  let bigServer: TestServer;
  let bigPort: number;

  beforeAll(async () => {
    // Its own server with a high rate limit, so forty submissions in a row all reach the size check.
    bigServer = await startServer({
      buildDir: fixture.root,
      env: { ...TIMEOUT_ENV, RATE_LIMIT_MAX: '1000', REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '5000' },
    });
    bigPort = bigServer.port;
  });

  afterAll(async () => {
    bigServer.server.http.closeAllConnections();
    await bigServer.close();
  });

  interface Outcome {
    raw: string;
    error: string | null;
    closedMs: number;
  }

  /**
   * `at once`: the 1 MB body in one write; the client closes its side when the server does.
   * Otherwise a body of `declared` bytes in `piece`-byte writes every 10 ms, carrying on after the
   * answer as an uploading client does, and ending after the last one.
   */
  function sendOversized(pace: 'at once' | { declared: number; piece: number }): Promise<Outcome> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect({ port: bigPort, host: '127.0.0.1', allowHalfOpen: pace !== 'at once' });
      const chunks: Buffer[] = [];
      let error: string | null = null;
      const pieces: NodeJS.Timeout[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
      socket.on('close', () => {
        pieces.forEach(clearInterval);
        resolve({ raw: Buffer.concat(chunks).toString('latin1'), error, closedMs: Date.now() - started });
      });
      if (pace === 'at once') {
        socket.write(Buffer.concat([Buffer.from(head(ONE_MB), 'latin1'), Buffer.alloc(ONE_MB, 'x')]));
        return;
      }
      socket.write(head(pace.declared), 'latin1');
      let sent = 0;
      const timer = setInterval(() => {
        if (!socket.writable) return clearInterval(timer);
        socket.write(Buffer.alloc(pace.piece, 'x'));
        sent += pace.piece;
        if (sent >= pace.declared) {
          clearInterval(timer);
          socket.end();
        }
      }, 10);
      pieces.push(timer);
    });
  }

  function expectWholeAnswer(raw: string): void {
    const end = raw.indexOf('\r\n\r\n');
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(raw.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
    const headers = headerMap(raw);
    expect(headers.get('connection')).toBe('close');
    const body = raw.slice(end + 4);
    expect(Buffer.byteLength(body, 'latin1')).toBe(Number(headers.get('content-length')));
    expect(JSON.parse(body)).toEqual({ success: false, error: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 64 KB.' });
  }

  it.each([
    ['at once', 'at once'],
    ['slowly, in 64 KB pieces 10 ms apart', { declared: ONE_MB, piece: 64 * 1024 }],
  ] as const)(
    'sent %s, twenty times in a row: each gets the whole 413 with its JSON body, and the connection ends without a reset',
    async (_label, pace) => {
      for (let i = 0; i < 20; i++) {
        const outcome = await sendOversized(pace);
        expectWholeAnswer(outcome.raw);
        expect(outcome.error, `try ${i + 1}`).toBeNull();
        expect(outcome.closedMs).toBeLessThan(MALFORMED_LINGER_MS);
      }
    },
    30_000,
  );

  it('a client that keeps sending a 100 MB body still gets the whole answer, and is cut once the linger time passes', async () => {
    // 1.6 MB a second: the time runs out before the byte allowance does.
    const outcome = await sendOversized({ declared: 100 * ONE_MB, piece: 16 * 1024 });
    expectWholeAnswer(outcome.raw);
    expect(outcome.closedMs).toBeGreaterThanOrEqual(MALFORMED_LINGER_MS - 100);
    // Cut by the linger time, not after the 60 s the client would take to send it all: the bound sits between the two.
    expect(outcome.closedMs).toBeLessThan(MALFORMED_LINGER_MS * 10);
  });

  it('a client that floods a 100 MB body still gets the whole answer, and is cut once the byte allowance is read', async () => {
    // 25 MB a second: the allowance is read long before the time runs out.
    const outcome = await sendOversized({ declared: 100 * ONE_MB, piece: 256 * 1024 });
    expectWholeAnswer(outcome.raw);
    expect(outcome.closedMs).toBeLessThan(MALFORMED_LINGER_MS / 2);
  });

  it('a request sent after the refused body on the same connection gets no answer of its own', async () => {
    const raw = await sendBytes(
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n0123456789GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(raw.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it('a client that trickles its headers is answered 408 and closed once the headers timeout passes', async () => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(trickle);
    const elapsed = Date.now() - started;
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    // Timers never fire early, so the lower bound holds on any machine; the upper one tells the setting from the default (10 s).
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUTS.headersTimeoutMs - 50);
    expect(elapsed).toBeLessThan(DEFAULT_TIMEOUTS.headersTimeoutMs / 2);
  });

  it('a client that trickles its body is answered 408 and closed once the request timeout passes', async () => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: 100\r\n\r\n',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(trickle);
    const elapsed = Date.now() - started;
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeoutMs - 50);
    expect(elapsed).toBeLessThan(DEFAULT_TIMEOUTS.requestTimeoutMs / 4);
  });

  it('are read from the environment, with defaults sized for a slow phone network', () => {
    expect(readTimeouts({})).toEqual(DEFAULT_TIMEOUTS);
    expect(DEFAULT_TIMEOUTS).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      uploadTimeoutMs: 600_000,
    });
    expect(readTimeouts({ HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '4000', KEEP_ALIVE_TIMEOUT_MS: '1000' })).toEqual({
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 4_000,
      keepAliveTimeoutMs: 1_000,
      uploadTimeoutMs: 600_000,
    });
    expect(readTimeouts({ UPLOAD_TIMEOUT_MS: '120000' }).uploadTimeoutMs).toBe(120_000);
    expect(() => readTimeouts({ UPLOAD_TIMEOUT_MS: '20000' })).toThrow(
      /UPLOAD_TIMEOUT_MS \(20000\) must not be shorter than REQUEST_TIMEOUT_MS/,
    );
    expect(() => readTimeouts({ REQUEST_TIMEOUT_MS: '10s' })).toThrow(
      'REQUEST_TIMEOUT_MS must be a whole number of milliseconds of at least 1, got "10s".',
    );
    expect(() => readTimeouts({ KEEP_ALIVE_TIMEOUT_MS: '0' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS must be/);
    expect(() => readTimeouts({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HEADERS_TIMEOUT_MS \(40000\) must not be longer than REQUEST_TIMEOUT_MS \(30000\)/,
    );
  });
});
