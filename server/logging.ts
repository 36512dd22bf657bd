import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
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
  return options.destination ? pino(settings, options.destination as never) : pino(settings);
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

/**
 * One JSON line per request when its answer is finished (or the client went away): method, route,
 * status, duration and request id, and the error code of a refused request. Never the URL, the
 * headers, the body or the client's address. Also sets X-Request-Id on the answer and `req.log`.
 */
export function createRequestLogger(
  logger: Logger,
  routeOf: RouteOf,
  errorCodeOf: ErrorCodeOf,
): (req: IncomingMessage, res: ServerResponse) => void {
  const summary = (req: IncomingMessage, res: ServerResponse, responseTime: number) => {
    const error = errorCodeOf(res);
    return {
      method: req.method,
      route: routeOf(req, res),
      status: res.writableFinished ? res.statusCode : 0,
      durationMs: responseTime,
      ...(error ? { error } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    };
  };
  const middleware = pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (req, res) => {
      const id = requestIdFor(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, val: { responseTime: number }) => summary(req, res, val.responseTime),
    customErrorObject: (req, res, err, val: { responseTime: number }) => ({
      ...summary(req, res, val.responseTime),
      err: { type: (err as Error).name, message: (err as Error).message },
    }),
    customSuccessMessage: (req, res) => `${req.method} ${routeOf(req, res)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${routeOf(req, res)} ${res.statusCode}`,
  });
  return (req, res) => middleware(req, res);
}
