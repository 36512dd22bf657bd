import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteBadges } from '../../support/site-badges';
import { answerMalformedRequest, createApp } from '../../../server/app';
import { createFixture, fakeStore, rawRequest, type Fixture } from './helpers';

let fixture: Fixture;
let server: Server;
let port: number;

beforeAll(async () => {
  fixture = createFixture();
  const app = createApp({ clientDir: fixture.clientDir, store: fakeStore(), siteUrl: 'https://example.com', badges: siteBadges() });
  server = createServer(app);
  server.on('clientError', answerMalformedRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
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
        expect(JSON.parse(res.body.toString())).toEqual({ success: false, message: 'The request could not be processed.', error: 'BAD_REQUEST' });
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
