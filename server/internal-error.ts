import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLogger } from './logging';

/** What a visitor is told when the fault is ours; the cause goes to the log, never to the answer. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * For a handler outside Express's error handling (a page answered after an import): the error is
 * logged with the request's id, and the answer is a plain 500, or the connection is closed when the
 * answer had already begun.
 */
export function answerInternalError(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  requestLogger(req).error({ err }, 'Unhandled error');
  if (res.headersSent) res.destroy();
  else res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`${INTERNAL_MESSAGE}\n`);
}
