/**
 * HTTP/1.1 over a bare TCP socket: the request goes out byte for byte (request target, header
 * values with CR or LF, lying lengths, invalid UTF-8), so nothing on our side normalises it.
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** The server closed the connection after answering. */
  closed: boolean;
}

const HEADER_END = Buffer.from('\r\n\r\n');

interface Parsed {
  status: number;
  headers: Record<string, string>;
  bodyStart: number;
}

function parseHead(data: Buffer): Parsed | null {
  const end = data.indexOf(HEADER_END);
  if (end === -1) return null;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status, headers, bodyStart: end + HEADER_END.length };
}

/** The decoded chunked body, or null while more bytes are needed. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) return null;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) throw new Error('malformed chunked body');
    at = lineEnd + 2;
    if (size === 0) return data.indexOf('\r\n', at) === -1 ? null : Buffer.concat(parts);
    if (data.length < at + size + 2) return null;
    parts.push(data.subarray(at, at + size));
    at += size + 2;
  }
}

/** The body once complete; null while more bytes are expected (or until the connection closes). */
function completeBody(head: Parsed, data: Buffer, method: string, ended: boolean): Buffer | null {
  const rest = data.subarray(head.bodyStart);
  if (method === 'HEAD' || head.status === 204 || head.status === 304) return Buffer.alloc(0);
  if (/chunked/i.test(head.headers['transfer-encoding'] ?? '')) return dechunk(rest);
  const length = head.headers['content-length'];
  if (length !== undefined) return rest.length >= Number(length) ? rest.subarray(0, Number(length)) : null;
  return ended ? rest : null;
}

export interface SendOptions {
  /** The method, for knowing whether a body follows (HEAD has none). */
  method: string;
  timeoutMs?: number;
}

/**
 * Sends `head` then `body` and resolves with the first response. The body is written with
 * backpressure, so a 10 MB upload does not sit in memory twice; if the server answers and closes
 * before taking all of it, the answer still counts.
 */
export function sendRaw(port: number, head: Buffer, body: Buffer | Buffer[] | null, options: SendOptions): Promise<RawResponse> {
  const { method, timeoutMs = 30_000 } = options;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let parsed: Parsed | null = null;
    let ended = false;
    let done = false;
    const finish = (err: Error | null, response?: RawResponse) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(response!);
    };
    const timer = setTimeout(
      () => finish(new Error(`no complete answer within ${timeoutMs} ms; got ${JSON.stringify(data.subarray(0, 300).toString('latin1'))}`)),
      timeoutMs,
    );
    const check = () => {
      try {
        parsed ??= parseHead(data);
        // An interim answer (100 Continue) is followed by the real one.
        while (parsed && parsed.status < 200) {
          data = data.subarray(parsed.bodyStart);
          parsed = parseHead(data);
        }
        if (!parsed) {
          if (ended)
            finish(
              new Error(`the connection closed without an answer${data.length ? `; got ${JSON.stringify(data.toString('latin1'))}` : ''}`),
            );
          return;
        }
        const responseBody = completeBody(parsed, data, method, ended);
        if (responseBody)
          finish(null, {
            status: parsed.status,
            headers: parsed.headers,
            body: responseBody,
            closed: ended || parsed.headers.connection === 'close',
          });
        else if (ended)
          finish(new Error(`the connection closed in the middle of the answer: ${JSON.stringify(data.toString('latin1').slice(0, 300))}`));
      } catch (err) {
        finish(err as Error);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      check();
    });
    socket.on('end', () => {
      ended = true;
      check();
    });
    socket.on('close', () => {
      ended = true;
      check();
    });
    // A reset after (or while) the server answered is how a refused upload ends; judged by what arrived.
    socket.on('error', () => {
      ended = true;
      check();
    });
    socket.on('connect', async () => {
      const chunks = body === null ? [] : Array.isArray(body) ? body : [body];
      const write = (buf: Buffer) => new Promise<void>((ok) => (socket.write(buf) ? ok() : socket.once('drain', ok)));
      try {
        await write(head);
        for (const chunk of chunks) {
          if (done || socket.destroyed) return;
          await write(chunk);
        }
      } catch {
        // The 'error' handler has it.
      }
    });
  });
}
