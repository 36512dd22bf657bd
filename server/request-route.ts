import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitTarget } from './static-files';

/** Route and error code noted by the handler that answered, read when the answer is logged and counted. */
const routes = new WeakMap<ServerResponse, string>();
const errorCodes = new WeakMap<ServerResponse, string>();
const leadEndpoints = new WeakMap<ServerResponse, string>();

export function noteRoute(res: ServerResponse, route: string): void {
  routes.set(res, route);
}

export function noteErrorCode(res: ServerResponse, code: string): void {
  errorCodes.set(res, code);
}

export function errorCodeOf(res: ServerResponse): string | undefined {
  return errorCodes.get(res);
}

/**
 * The submission endpoint a request posted a lead to by another route: a form sent without script
 * posts to its page, and is counted with its form's endpoint (leads_accepted_total, leads_refused_total).
 */
export function noteLeadEndpoint(res: ServerResponse, endpoint: string): void {
  leadEndpoints.set(res, endpoint);
}

export function leadEndpointOf(res: ServerResponse): string | undefined {
  return leadEndpoints.get(res);
}

const FILE_NAME = /\/[^/]+\.[A-Za-z0-9]+$/;

/**
 * The bounded label of a request for logs and metrics, never the raw URL: the API route the app
 * noted or one of `knownApiPaths`, else "not_found" for a 404, "asset" for a file, "page" for a
 * page, and "api_other" for anything else the API answered (a 405 or 429 on an unknown path).
 */
export function createRouteOf(knownApiPaths: readonly string[], isAppPath: (path: string) => boolean) {
  const known = new Set(knownApiPaths);
  return (req: IncomingMessage, res: ServerResponse): string => {
    const noted = routes.get(res);
    if (noted) return noted;
    // Express rewrites req.url below a mount point; originalUrl keeps what the client asked for.
    const { path } = splitTarget((req as { originalUrl?: string }).originalUrl ?? req.url ?? '/');
    if (known.has(path)) return path;
    if (res.statusCode === 404) return 'not_found';
    if (isAppPath(path)) return 'api_other';
    return FILE_NAME.test(path) && !path.endsWith('.html') ? 'asset' : 'page';
  };
}
