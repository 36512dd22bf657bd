import { Router, type Request, type RequestHandler, type Response } from 'express';
import { echo } from '../error-echo';
import { noteErrorCode } from '../request-route';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiEndpoint {
  /** Path below `/api`, e.g. `/leads`. */
  path: string;
  methods: Partial<Record<ApiMethod, RequestHandler>>;
}

export interface ApiErrorBody {
  success: false;
  message: string;
  error: string;
}

export function sendApiError(res: Response, status: number, error: string, message: string): void {
  const body: ApiErrorBody = { success: false, message, error };
  noteErrorCode(res, error);
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

/**
 * The path the client actually called (with the `/api` prefix) as an error message names it,
 * through echo: cut to a bound, invisible characters shown as escapes.
 */
export function shownPath(req: Request): string {
  return echo(req.originalUrl.split('?')[0] ?? req.originalUrl);
}

function humanList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

export function createApiRouter(endpoints: readonly ApiEndpoint[] = []): Router {
  const router = Router({ caseSensitive: true });
  for (const endpoint of endpoints) {
    const methods = Object.keys(endpoint.methods) as ApiMethod[];
    if (methods.length === 0) throw new Error(`API endpoint ${endpoint.path} declares no methods.`);
    const route = router.route(endpoint.path);
    for (const method of methods) {
      route[method.toLowerCase() as Lowercase<ApiMethod>](endpoint.methods[method]!);
    }
    // Express answers HEAD with the GET handler, so advertise it too.
    const allow = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    route.all((req, res) => {
      res.set('Allow', allow.join(', '));
      sendApiError(
        res,
        405,
        'METHOD_NOT_ALLOWED',
        `Method ${echo(req.method)} is not allowed on ${shownPath(req)}. Use ${humanList(methods)}.`,
      );
    });
  }
  router.use((req, res) => {
    sendApiError(res, 404, 'NOT_FOUND', `No API endpoint at ${shownPath(req)}.`);
  });
  return router;
}
