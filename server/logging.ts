import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** An id a client or proxy sent is kept only when it is short and plain, so a log line never carries header text. */
export const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keys that could hold what a visitor typed or where they are; censored wherever they appear in a log object. */
const REDACTED_PATHS = [
  'req.headers',
  'req.remoteAddress',
  'req.body',
  'headers',
  'body',
  'payload',
  'email',
  'ip',
  '*.headers',
  '*.body',
  '*.payload',
  '*.email',
  '*.ip',
];

export interface LoggerOptions {
  level?: LogLevel;
  /** Human-readable lines (pino-pretty, a development dependency) instead of one JSON object a line. */
  pretty?: boolean;
  /** Where JSON lines go; standard output by default. Tests pass a stream to read them back. */
  destination?: NodeJS.WritableStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = {
    level: options.level ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // No hostname: it says nothing a deployment does not already know.
    base: { pid: process.pid },
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (options.pretty) {
    return pino({
      ...settings,
      transport: { target: 'pino-pretty', options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid' } },
    });
  }
  return pino(settings, options.destination ? (options.destination as never) : standardOutput());
}

/** Bytes of log lines gathered before they are written; a busy server then writes once per some twenty lines, not once per line. */
const LOG_BUFFER_BYTES = 4096;
/** The longest a line waits for its buffer to fill before it is written anyway. */
export const LOG_FLUSH_MS = 200;

/**
 * Standard output, buffered: each write to a pipe is a system call, and one per request was a good
 * part of what logging a page answer cost. Written synchronously once LOG_BUFFER_BYTES have
 * gathered (sonic-boom's asynchronous mode costs more per line than it saves), by a timer within
 * LOG_FLUSH_MS on a quiet server, and whatever is left when the process exits (a fatal line before
 * process.exit, an uncaught exception).
 */
function standardOutput() {
  const stream = pino.destination({ dest: 1, minLength: LOG_BUFFER_BYTES, sync: true });
  // flush(), not flushSync(): in sync mode it writes just as synchronously (so it serves at exit
  // too), and a write that fails ends in the stream's error, where pino.destination stops logging
  // on a broken pipe. flushSync() retries every failed write for ever: with nobody left reading
  // standard output (a log shipper that died), the process would stop answering and never exit.
  const flush = () => {
    try {
      stream.flush();
    } catch {
      // The stream is gone: there is nowhere left to write.
    }
  };
  setInterval(flush, LOG_FLUSH_MS).unref();
  process.once('exit', flush);
  // pino calls the destination's flushSync() right after a fatal line: here that is the same
  // flush(), so a fatal line after the reader left cannot hang the process either. Lines still go
  // through the stream's own write(), which pino.destination turns off on a broken pipe.
  return { write: (line: string) => stream.write(line), flushSync: flush };
}

/** For tests and tools that run the app in-process: nothing is written. */
export const silentLogger: Logger = pino({ level: 'silent' });

/** The request's id: the one the client or proxy sent when well-formed, else a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** The bounded name a request is logged and counted under: an API route, "page", "asset" or "not_found". */
export type RouteOf = (req: IncomingMessage, res: ServerResponse) => string;

/** What the app noted about an answer: the error code it sent, if any (see noteErrorCode). */
export type ErrorCodeOf = (res: ServerResponse) => string | undefined;

/** Told when an answer is finished or abandoned, with the seconds it took (the metrics). */
export type Answered = (req: IncomingMessage, res: ServerResponse, seconds: number) => void;

interface RequestLog {
  id: string;
  root: Logger;
  child?: Logger;
}

/** Where the request logger keeps a request's id and logger: a property of our own on the request, cheaper than a WeakMap entry per request. */
const REQUEST_LOG = Symbol('requestLog');
type LoggedRequest = IncomingMessage & { [REQUEST_LOG]?: RequestLog };

/** The id the request logger gave the request, if it saw it. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as LoggedRequest)[REQUEST_LOG]?.id;
}

/**
 * The logger for what a request's handlers say (an error, a refusal), every line with the request's
 * id; silent for a request the request logger never saw. Made on first use: most answers log
 * nothing but their one line, and a child logger per request is most of what that line would cost.
 */
export function requestLogger(req: IncomingMessage): Logger {
  const log = (req as LoggedRequest)[REQUEST_LOG];
  if (!log) return silentLogger;
  log.child ??= log.root.child({ requestId: log.id });
  return log.child;
}

/**
 * One JSON line per request when its answer is finished (or the client went away): method, route,
 * status, duration and request id, and the error code of a refused request. Never the URL, the
 * headers, the body or the client's address. Returns the request's id, which every answer carries
 * as X-Request-Id (the caller writes it), and keeps it for requestLogger(req). The line is written
 * with the request id as its first field, as a child logger would, by one logger made here: the
 * root's settings without its redaction pass, since every field of this line is ours (a checked
 * id, the method, a bounded route, a status, a duration, our own error code) and that pass was
 * half of what the line cost.
 */
export function createRequestLogger(
  logger: Logger,
  routeOf: RouteOf,
  errorCodeOf: ErrorCodeOf,
  answered?: Answered,
): (req: IncomingMessage, res: ServerResponse) => string {
  const lines = logger.child({}, { redact: [] });
  return (req, res) => {
    const id = requestIdFor(req);
    (req as LoggedRequest)[REQUEST_LOG] = { id, root: logger };
    const startedMs = Date.now();
    const started = answered ? process.hrtime.bigint() : 0n;
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      res.off('close', onClose);
      if (answered) answered(req, res, Number(process.hrtime.bigint() - started) / 1e9);
      const route = routeOf(req, res);
      const finished = res.writableFinished;
      const error = errorCodeOf(res);
      const failed = err !== undefined || res.statusCode >= 500;
      const line: Record<string, unknown> = {
        requestId: id,
        method: req.method,
        route,
        status: finished ? res.statusCode : 0,
        durationMs: Date.now() - startedMs,
      };
      if (error) line.error = error;
      if (!finished) line.aborted = true;
      const message = `${req.method} ${route} ${res.statusCode}`;
      if (failed) {
        const cause = err ?? new Error(`failed with status code ${res.statusCode}`);
        line.err = { type: cause.name, message: cause.message };
        lines.error(line, message);
      } else lines.info(line, message);
    };
    // 'close' follows every answer, finished (a tick after 'finish') or abandoned.
    const onClose = () => finish();
    res.on('close', onClose);
    // Also keeps a write after the end from taking the process down as an unhandled 'error'.
    res.on('error', (err: Error) => finish(err));
    return id;
  };
}
