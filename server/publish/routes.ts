import { Router, type Response } from 'express';
import { EDITOR_ROUTES, type ProblemsAnswer, type PublishAnswer, type ReleaseList } from '../../contracts/editor-contract';
import { ADMIN_API } from '../../contracts/inbox-contract';
import { sendApiError } from '../api/router';
import { badRequest, readBodyOf, route } from '../admin/context';
import { requireRole } from '../admin/roles';
import type { Publisher, PublishResult } from './publisher';

/** What the dev server answers: its files are the site, so there is nothing to publish. */
export const NOT_PUBLISHED_HERE =
  'This server does not publish: in development (npm run dev) every saved file is live at once. Publishing, releases and rollback are on the production server (npm start).';

const pathOf = (full: string) => full.slice(ADMIN_API.length);

function answer(res: Response, result: PublishResult): void {
  if (result.kind === 'published') res.json(result.answer satisfies PublishAnswer);
  else if (result.kind === 'problems') res.status(422).json({ problems: result.problems } satisfies ProblemsAnswer);
  else if (result.kind === 'busy') sendApiError(res, 409, 'PUBLISH_RUNNING', result.message);
  else sendApiError(res, 404, 'NOT_FOUND', result.message);
}

/** POST publish, GET releases, POST rollback: for accounts with the role `content`, behind the session and same-origin guard. */
export function publishRoutes(publisher: Publisher | undefined): Router {
  const router = Router({ caseSensitive: true });
  const content = requireRole('content');
  const paths = [EDITOR_ROUTES.publish, EDITOR_ROUTES.releases, EDITOR_ROUTES.rollback].map(pathOf);
  if (!publisher) {
    router.all(paths, content, (_req, res) => sendApiError(res, 409, 'NOT_PUBLISHED_HERE', NOT_PUBLISHED_HERE));
    return router;
  }
  router.post(
    pathOf(EDITOR_ROUTES.publish),
    content,
    route(async (_req, res, user) => answer(res, await publisher.publish(user.email))),
  );
  router.get(
    pathOf(EDITOR_ROUTES.releases),
    content,
    route(async (_req, res) => {
      res.json({ releases: await publisher.list() } satisfies ReleaseList);
    }),
  );
  router.post(
    pathOf(EDITOR_ROUTES.rollback),
    content,
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (typeof body.release !== 'string' || body.release === '')
        return badRequest(res, 'Send { "release": "<id>" }: the id of a release from the list of releases.');
      answer(res, await publisher.rollback(body.release, user.email));
    }),
  );
  return router;
}
