import { Router, type Request, type Response } from 'express';
import { EDITOR_ROUTES, type CheckRequest, type NewFileRequest, type ProblemsAnswer } from '../../contracts/editor-contract';
import { ADMIN_API } from '../../contracts/inbox-contract';
import { sendApiError } from '../api/router';
import { PathRefused } from '../content/content-files';
import { schemaBundle, type Editor } from '../content/editor';
import { badRequest, readBodyOf, route, type AdminContext, type SignedIn } from './context';
import { requireRole } from './role-guard';

/** The editor's paths below the admin API, as the router mounted there sees them. */
const at = (path: string) => path.slice(ADMIN_API.length);

/**
 * What a preview may do in the browser: show the site's styles and images, nothing else. It holds
 * no script, and a frame that shows it should add `sandbox` too.
 */
const PREVIEW_POLICY = [
  "default-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

const PATH_CODES = { 400: 'BAD_PATH', 403: 'PATH_REFUSED', 404: 'NOT_FOUND' } as const;

/** The deepest a draft's data may nest: the site's deepest file is under 10 levels; the editor's own work recurses on each one. */
export const MAX_DRAFT_DEPTH = 64;

/** How deep a JSON value nests, counted without recursion (so a hostile value cannot overflow the count itself). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_DRAFT_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The parts of a check, preview or save request, or null once a 400 was sent. */
function draftOf(res: Response, body: Record<string, unknown>): CheckRequest | null {
  if (!('data' in body)) {
    badRequest(res, 'Send the file’s data as "data" (and an article’s Markdown as "body").');
    return null;
  }
  if (depthOf(body.data) > MAX_DRAFT_DEPTH) {
    badRequest(
      res,
      `The file’s data nests lists and groups more than ${MAX_DRAFT_DEPTH} levels deep, far more than any page needs; nothing was checked or saved. Remove the extra levels.`,
    );
    return null;
  }
  if (body.body !== undefined && typeof body.body !== 'string') {
    badRequest(res, '"body" is an article’s Markdown, as text.');
    return null;
  }
  return { path: body.path as string, data: body.data, ...(typeof body.body === 'string' ? { body: body.body } : {}) };
}

/**
 * The content editor's API (contracts/editor-contract.ts), behind the session guard and its
 * same-origin check like the inbox's, for accounts with the role `content`. Saves and new files
 * are written to the audit log.
 */
export function contentRoutes(ctx: AdminContext, editor: Editor): Router {
  const router = Router({ caseSensitive: true });
  const content = requireRole('content');
  const problems = (res: Response, status: number, list: ProblemsAnswer['problems']) => {
    res.status(status).json({ problems: list } satisfies ProblemsAnswer);
  };
  /** A handler whose refused path is answered with its status; other errors go on to the app's handler. */
  const guarded = (handler: (req: Request, res: Response, user: SignedIn) => Promise<void>) =>
    route(async (req, res, user) => {
      try {
        await handler(req, res, user);
      } catch (err) {
        if (!(err instanceof PathRefused)) throw err;
        sendApiError(res, err.status, PATH_CODES[err.status], err.message);
      }
    });
  /** A handler of a draft (check, preview, save): the body read and its parts checked first. */
  const ofDraft = (handler: (res: Response, draft: CheckRequest, body: Record<string, unknown>, user: SignedIn) => Promise<void>) =>
    guarded(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      const draft = body && draftOf(res, body);
      if (draft) await handler(res, draft, body!, user);
    });
  // Read once: the schemas do not change while the server runs.
  let bundle: ReturnType<typeof schemaBundle> | undefined;

  router.get(
    at(EDITOR_ROUTES.files),
    content,
    guarded(async (_req, res) => void res.json(editor.list())),
  );

  router.get(
    at(EDITOR_ROUTES.file),
    content,
    guarded(async (req, res) => void res.json(await editor.open(new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get('path')))),
  );

  router.put(
    at(EDITOR_ROUTES.file),
    content,
    ofDraft(async (res, draft, body, user) => {
      if (typeof body.version !== 'string' || !body.version)
        return badRequest(res, 'Send the "version" the edit started from, as the file came.');
      const outcome = await editor.save({ ...draft, version: body.version, resolve: body.resolve, by: user.email });
      if ('conflict' in outcome) return void res.status(409).json(outcome.conflict);
      if ('problems' in outcome) return problems(res, 422, outcome.problems);
      if (outcome.changed > 0) await ctx.audit.contentSaved(user.email, draft.path, outcome.changed, outcome.saved.merged !== undefined);
      res.json(outcome.saved);
    }),
  );

  router.post(
    at(EDITOR_ROUTES.check),
    content,
    ofDraft(async (res, draft) => problems(res, 200, await editor.check(draft))),
  );

  router.post(
    at(EDITOR_ROUTES.preview),
    content,
    ofDraft(async (res, draft) => {
      const outcome = await editor.preview(draft);
      if ('problems' in outcome) return problems(res, 422, outcome.problems);
      if ('noPage' in outcome) return sendApiError(res, 400, 'NO_PAGE', outcome.noPage);
      res.set({ 'Content-Security-Policy': PREVIEW_POLICY, 'X-Frame-Options': 'SAMEORIGIN' }).type('html').send(outcome.html);
    }),
  );

  router.get(
    at(EDITOR_ROUTES.schemas),
    content,
    guarded(async (_req, res) => void res.json((bundle ??= schemaBundle(editor.schemas)))),
  );

  router.get(
    at(EDITOR_ROUTES.references),
    content,
    guarded(async (_req, res) => void res.json(await editor.references())),
  );

  router.post(
    at(EDITOR_ROUTES.create),
    content,
    guarded(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      const { kind, route: address, title } = body;
      if (kind !== 'page' && kind !== 'article') return badRequest(res, '"kind" must be "page" or "article".');
      if (kind === 'page' && typeof address !== 'string')
        return badRequest(res, 'A new page needs its address as "route", such as /guides/youtube-claims.');
      if (kind === 'article' && typeof title !== 'string') return badRequest(res, 'A new article needs its "title".');
      const request: NewFileRequest = kind === 'page' ? { kind, route: address as string } : { kind, title: title as string };
      const outcome = await editor.create(request);
      if ('exists' in outcome) return sendApiError(res, 409, 'EXISTS', outcome.exists);
      if ('problems' in outcome) return problems(res, 422, outcome.problems);
      await ctx.audit.contentCreated(user.email, outcome.created.path);
      res.status(201).json(outcome.created);
    }),
  );

  router.post(
    at(EDITOR_ROUTES.remove),
    content,
    guarded(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (typeof body.version !== 'string' || !body.version) return badRequest(res, 'Send the "version" of the file as it was opened.');
      if (body.redirect !== undefined && typeof body.redirect !== 'string')
        return badRequest(res, '"redirect" is the address of a live page, such as /pricing.');
      const outcome = await editor.remove({
        path: body.path as string,
        version: body.version,
        ...(typeof body.redirect === 'string' ? { redirect: body.redirect } : {}),
      });
      if ('conflict' in outcome) return void res.status(409).json(outcome.conflict);
      if ('problems' in outcome) return problems(res, 422, outcome.problems);
      await ctx.audit.contentDeleted(user.email, outcome.removed.path, typeof body.redirect === 'string' ? body.redirect : undefined);
      res.json(outcome.removed);
    }),
  );

  return router;
}
