// ClamAV's daemon, asked over its unix socket whether a file holds anything it knows: the INSTREAM
// command (the bytes in chunks, each after its length as 4 bytes big-endian, then a zero length)
// and the one-line answer "stream: OK" or "stream: <signature> FOUND". Written here because the
// protocol is these few lines and no package the project keeps speaks it (docs/developers/decisions.md).
import { createConnection } from 'node:net';

/** What a scan found: nothing, a signature, or no answer to trust (which refuses the file as surely). */
export type ScanResult = { verdict: 'clean' } | { verdict: 'infected'; signature: string } | { verdict: 'failed'; reason: string };

export interface Scanner {
  scan(bytes: Uint8Array): Promise<ScanResult>;
}

export interface ClamdOptions {
  /** The path of clamd's LocalSocket. */
  socket: string;
  /** The whole scan, connecting included, must end within this time (ms); else it failed. */
  timeoutMs?: number;
}

const CHUNK = 64 * 1024;
/** clamd's answer is one short line; anything longer is not clamd. */
const MAX_ANSWER = 4096;

/** Reads clamd's answer line: "stream: OK", "stream: Name FOUND", or "… ERROR". */
export function readClamdAnswer(answer: string): ScanResult {
  const line = answer.replace(/\0/g, '').trim();
  if (line === 'stream: OK') return { verdict: 'clean' };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found) return { verdict: 'infected', signature: found[1]! };
  return { verdict: 'failed', reason: line ? `clamd answered: ${line.slice(0, 200)}` : 'clamd closed the connection without an answer' };
}

export function clamdScanner({ socket, timeoutMs = 30_000 }: ClamdOptions): Scanner {
  return {
    scan: (bytes) =>
      new Promise<ScanResult>((resolve) => {
        let answer = '';
        let settled = false;
        const conn = createConnection({ path: socket });
        const finish = (result: ScanResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          conn.destroy();
          resolve(result);
        };
        const timer = setTimeout(() => finish({ verdict: 'failed', reason: `clamd did not answer within ${timeoutMs} ms` }), timeoutMs);
        conn.on('error', (err) => finish({ verdict: 'failed', reason: `clamd could not be reached: ${err.message}` }));
        conn.on('data', (data: Buffer) => {
          answer += data.toString('latin1');
          if (answer.includes('\0') || answer.length > MAX_ANSWER) finish(readClamdAnswer(answer));
        });
        conn.on('end', () => finish(readClamdAnswer(answer)));
        conn.on('connect', () => {
          conn.write('zINSTREAM\0');
          for (let at = 0; at < bytes.length; at += CHUNK) {
            const chunk = bytes.subarray(at, at + CHUNK);
            const size = Buffer.alloc(4);
            size.writeUInt32BE(chunk.length);
            conn.write(size);
            conn.write(chunk);
          }
          conn.write(Buffer.alloc(4));
        });
      }),
  };
}

/** The scanner CLAMD_SOCKET names (config.clamd), or null when files are checked by their bytes only. */
export function scannerFor(clamd: ClamdOptions | null): Scanner | null {
  return clamd ? clamdScanner(clamd) : null;
}

/** Whether clamd answers PING with PONG within the time allowed: said at start, so a wrong socket is seen before a visitor's file is refused. */
export function pingClamd({ socket, timeoutMs = 5_000 }: ClamdOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = '';
    const conn = createConnection({ path: socket });
    const timer = setTimeout(() => conn.destroy(), timeoutMs);
    conn.on('connect', () => conn.write('zPING\0'));
    conn.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (answer.includes('\0') || answer.length > MAX_ANSWER) conn.end();
    });
    conn.on('error', () => {});
    conn.on('close', () => {
      clearTimeout(timer);
      resolve(answer.replace(/\0/g, '').trim() === 'PONG');
    });
  });
}
