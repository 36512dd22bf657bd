import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SiteModel } from '../../engine/content/model';
import type { PageAssets } from '../../engine/render/page-assets';
import { QUERY_PARAM, SEARCH_JSON_TYPE } from '../../engine/search/search-context';
import { loadSiteSearch, SEARCH_INDEX_FILE, type SiteSearch } from '../../engine/search/search-index';
import { answerInternalError } from '../internal-error';
import { lazy } from '../lazy';
import { noteRoute } from '../request-route';
import { negotiateEncoding, splitTarget, type SiteHandler } from '../static-files';

/** The path of the page that answers searches: the page with a search-results section, if any. */
export function searchPagePath(model: SiteModel): string | null {
  return model.pages.find((p) => p.sections.some((s) => s.type === 'search-results'))?.path ?? null;
}

export interface SearchPageConfig {
  /** The index to search; without it the search page is served as built, with no results. */
  search?: SiteSearch;
  /** The model and assets the page is rendered with, as for a form posted without script. */
  pages?: { model: SiteModel; assets: PageAssets };
  siteUrl: string;
  now?: () => Date;
}

/** The index `npm run build` wrote into `distDir`, or undefined (with the reason given to `warn`) when there is none. */
export function readSiteSearch(distDir: string, warn: (message: string) => void): SiteSearch | undefined {
  const file = join(distDir, SEARCH_INDEX_FILE);
  if (!existsSync(file)) {
    warn(`${file} is missing, so the search page shows no results. Run \`npm run build\` again.`);
    return undefined;
  }
  try {
    return loadSiteSearch(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} could not be read (${(err as Error).message}). Run \`npm run build\` again.`, { cause: err });
  }
}

/** The page renderer, imported with the first search page answered. */
const renderer = lazy(() => import('../../engine/render/render-page'));

/** How many answers are kept for repeated queries: the common ones, a few MB at most. */
export const CACHED_SEARCH_ANSWERS = 200;

/** An answer's bytes, and its gzip copy once a browser that takes gzip asked for it. */
interface Answer {
  identity: Buffer;
  gzip?: Buffer;
}

/**
 * The answers last given, by query and kind, the least recently used dropped first. A Map keeps
 * its keys in the order they were set, so moving a key to the end on each use is the whole of it.
 */
function recentAnswers(limit: number) {
  const answers = new Map<string, Answer>();
  return (key: string, make: () => Answer): Answer => {
    const kept = answers.get(key);
    answers.delete(key);
    const answer = kept ?? make();
    answers.set(key, answer);
    if (answers.size > limit) answers.delete(answers.keys().next().value!);
    return answer;
  };
}

/**
 * The site with its search page answered by the server: GET or HEAD of the search page's path
 * renders that page with the results for ?q=; everything else goes to `site`. The answer is never
 * cached by a browser or indexed, and the request is logged and counted under the page's path, never
 * its query. A repeated query is answered from the last CACHED_SEARCH_ANSWERS answers of this
 * release (a new release makes a new handler, so none outlives the content it came from).
 */
export function withSearchPage(site: SiteHandler, config: SearchPageConfig): SiteHandler {
  const { search, pages } = config;
  const path = pages ? searchPagePath(pages.model) : null;
  if (!search || !pages || path === null) return site;
  const now = config.now ?? (() => new Date());
  const answered = recentAnswers(CACHED_SEARCH_ANSWERS);
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const target = splitTarget(req.url ?? '/');
    if (target.path !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      site(req, res);
      return;
    }
    noteRoute(res, path);
    const query = new URLSearchParams(target.query).get(QUERY_PARAM);
    // The search trims the query itself, so " refund " and "refund" are one answer.
    const key = query === null ? '' : `?${query.trim()}`;
    // The page's code follows the typing with the same results as JSON.
    if (query !== null && req.headers.accept === SEARCH_JSON_TYPE) {
      send(
        req,
        res,
        SEARCH_JSON_TYPE,
        answered(`json${key}`, () => ({ identity: Buffer.from(JSON.stringify(search.search(query))) })),
      );
      return;
    }
    // The first page answer loads the renderer (React and the sections), then is answered as every other.
    const rendering = renderer.loaded;
    if (!rendering) {
      renderer.get().then(
        () => answer(req, res),
        (err: unknown) => answerInternalError(req, res, err),
      );
      return;
    }
    const html = answered(`html${key}`, () => {
      const outcome = query === null ? undefined : search.search(query);
      const page = rendering.renderPage(pages.model, path, {
        siteUrl: config.siteUrl,
        assets: pages.assets,
        year: now().getFullYear(),
        search: outcome,
      });
      return { identity: Buffer.from(page.html) };
    });
    send(req, res, 'text/html', html);
  };
  return answer;
}

/** An answer never cached or indexed, gzip when the browser takes it (compressed once per kept answer). */
function send(req: IncomingMessage, res: ServerResponse, type: string, answer: Answer): void {
  const gzip = negotiateEncoding(req, ['gzip']) === 'gzip';
  const body = gzip ? (answer.gzip ??= gzipSync(answer.identity)) : answer.identity;
  res.writeHead(200, {
    'Content-Type': `${type}; charset=utf-8`,
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
    Vary: 'Accept, Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
