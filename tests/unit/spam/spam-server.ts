// The server the spam tests run: started as `npm start` starts it (startServer: createServer), in
// process on an ephemeral port, on a fresh SQLite store, with the real site's forms and word list and no pages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import type { Env } from '../../../server/config';
import type { MailResolver } from '../../../server/spam/mail-domain';
import type { SiteHandler } from '../../../server/static-files';
import { createSqliteStore } from '../../../server/store/sqlite';
import { startServer } from '../server/helpers';

const loaded = loadSite(readSiteFiles(), readSchemas()).model;
if (!loaded) throw new Error('site/ does not load; run npm run validate');
/** The real site's model, as loaded from site/. */
export const model = loaded;

/** What the server checks submissions against, as the build gives it. */
export const served = {
  forms: model.forms,
  apiPayloads: model.apiPayloads,
  notifications: model.notifications,
  site: model.site,
  spamWords: model.spamWords,
};

const noPages: SiteHandler = (_req, res) => {
  res.statusCode = 404;
  res.end();
};

export interface SpamServerOptions {
  /** Settings on top of the defaults here (FORM_TOKENS=off among them). */
  env?: Env;
  /** The clock of the store and the server. */
  now?: () => Date;
  /** The resolver the mail-domain check asks; the system's without it, as in production. */
  mailResolver?: MailResolver;
  /** The pages too, so forms posted without script are answered with them. */
  pages?: boolean;
}

/** Starts one server; `cleanups` gets what closes it and removes its folder. */
export async function startSpamServer(prefix: string, cleanups: Array<() => Promise<void> | void>, options: SpamServerOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'leads.sqlite');
  const store = createSqliteStore({ file, ...(options.now && { now: options.now }) });
  await store.init();
  const pages = options.pages ? { pages: { model, assets: { stylesheets: [], scripts: ['/assets/entry.js'] } } } : {};
  const server = await startServer({
    store,
    model: { ...served, ...pages },
    site: noPages,
    ...(options.now && { now: options.now }),
    ...(options.mailResolver && { mailResolver: options.mailResolver }),
    env: {
      SITE_URL: 'https://example.org',
      DATA_DIR: join(dir, 'data'),
      IP_HASH_SALT: 's',
      // The spam score is what these tests are about: on, with its defaults, unless a test sets it.
      SPAM_QUARANTINE_SCORE: '',
      // Posted straight to the API, from no page, so with no form token (tests/unit/server/form-tokens.test.ts has theirs).
      FORM_TOKENS: 'off',
      ...options.env,
    },
  });
  cleanups.push(async () => {
    await server.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { url: server.url, port: server.port, store, file };
}
