// What a first GET / does not need is imported where it is first used (scripts/build-server.ts makes
// each such import() a chunk of its own). These two helpers keep that one pattern: the load starts
// once and is shared; a load that fails is said where it is used and is tried again next time.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface Lazy<T> {
  /** Starts the load on the first call; every call gets the same promise until one fails. */
  get(): Promise<T>;
  /** The value once loaded, else undefined (for closing only what was made). */
  readonly loaded: T | undefined;
  /** Whether a load has started (and not failed): what close() has to wait for. */
  readonly started: boolean;
}

/** A value made on first use by `load` (a dynamic import and what is made from it). */
export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    get() {
      pending ??= load().then(
        (made) => (value = made),
        (err: unknown) => {
          // A failed load is not kept: the next use tries again (a file put back, a transient read error).
          pending = undefined;
          throw err;
        },
      );
      return pending;
    },
    get loaded() {
      return value;
    },
    get started() {
      return pending !== undefined;
    },
  };
}

/** A value that is already there, where a Lazy is expected (one passed in by a test or npm run dev). */
export function ready<T>(value: T): Lazy<T> {
  const done = Promise.resolve(value);
  return { get: () => done, loaded: value, started: true };
}

/**
 * An Express handler made on its first request. While it loads, requests wait for it; when the load
 * fails, each waiting request goes to the app's error handler (logged, a 500 in the usual form), so a
 * missing chunk is never a request left hanging.
 */
export function lazyHandler(load: () => Promise<RequestHandler>): RequestHandler {
  const handler = lazy(load);
  return (req: Request, res: Response, next: NextFunction) => {
    const made = handler.loaded;
    if (made) {
      made(req, res, next);
      return;
    }
    handler.get().then(
      (h) => h(req, res, next),
      (err: unknown) => next(err),
    );
  };
}
