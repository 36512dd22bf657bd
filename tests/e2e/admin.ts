// Helpers for the leads inbox's end-to-end tests: accounts made with the CLI in the store the
// server under test uses, leads sent through the public API, signing in, and axe.
import { expect, test, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { join, resolve } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { Env } from '../../server/config';
import type { AccountCommand } from '../../scripts/leads-accounts';
import { axeBuilder } from './axe';
import { siteModel } from './site';
import { e2eDataDir } from './content-root';
import { e2ePorts } from './ports';

const ROOT = join(import.meta.dirname, '..', '..');
const OUTPUT = resolve(ROOT, process.env.E2E_OUTPUT ?? 'test-results');
/** The shared server's store (playwright.config.ts starts it with this DATA_DIR). */
const DATA_DIR = e2eDataDir(OUTPUT);

/** The store of the server the running test talks to: the shared one, or the content editor's own. */
function serverDataDir(): string {
  const port = Number(new URL(test.info().project.use.baseURL ?? 'http://x').port);
  return port === e2ePorts().editor ? e2eDataDir(OUTPUT, true) : DATA_DIR;
}

export const PASSWORD = 'correct horse battery staple 42';

/** Letters and digits only, so the inbox's word search finds it as one word. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Runs an account command of `npm run leads --` (add-user, require-2fa…) on the store in `dataDir`,
 * in this worker: its own parsing, password rules, hashing and audit line, on the store the CLI
 * would open there (DATABASE_URL, else DATA_DIR's SQLite). A process per account cost about 1.6
 * CPU-s of start and imports each time; here the imports are paid once per worker. The command as a
 * process is run by `dev-server.spec.ts` and in process by `tests/unit/server/leads-accounts.test.ts`.
 */
async function accountCommand(command: AccountCommand, rest: string[], dataDir: string, input = ''): Promise<void> {
  const [{ parseAccountArgs, runAccountCommand }, { createStore }, { readScriptConfig }] = await Promise.all([
    import('../../scripts/leads-accounts'),
    import('../../server/store/create-store'),
    import('../../server/config'),
  ]);
  const store = createStore(readScriptConfig({ ...(process.env as Env), DATA_DIR: dataDir }));
  try {
    await store.init();
    await runAccountCommand(
      parseAccountArgs(command, rest),
      store,
      { stdin: Readable.from([input]), prompt: new PassThrough() },
      undefined,
    );
  } finally {
    await store.close();
  }
}

/** An inbox account, made the way the README says: `npm run leads -- add-user EMAIL [--role …]`, password on stdin. */
export async function createAccount(
  email: string,
  password = PASSWORD,
  dataDir = serverDataDir(),
  roles: readonly string[] = [],
): Promise<void> {
  const roleArgs = roles.length ? ['--role', roles.join(',')] : [];
  try {
    await accountCommand('add-user', [email, ...roleArgs, '--password-stdin'], dataDir, `${password}\n`);
  } catch (err) {
    // A hook that runs again in the same worker (after a failed test) asks for the account it already made.
    if ((err as Error).message.includes('There is already an account')) return;
    throw new Error(`add-user ${email}: ${(err as Error).message}`, { cause: err });
  }
}

/** `npm run leads -- require-2fa EMAIL`: two-step sign-in required of that account. */
export async function requireTwoStep(email: string): Promise<void> {
  await accountCommand('require-2fa', [email], DATA_DIR);
}

export interface SeedLead {
  name: string;
  email: string;
  subject: string;
  message: string;
  company?: string;
  urgency?: 'normal' | 'high' | 'urgent' | 'emergency';
}

/** Sends a lead as the /contact form does; resolves to its id. */
/** The page that shows the form seeded leads are sent as. */
function contactFormPage(): string {
  const page = siteModel().pages.find((p) => p.sections.some((s) => s.type === 'form' && s.definition.id === 'contact'));
  if (!page?.path) throw new Error('No page shows the contact form');
  return page.path;
}

export async function seedLead(request: APIRequestContext, lead: SeedLead): Promise<string> {
  // The form's page first, as a browser loads it: its answer holds the form token the post carries
  // (each stored lead's answer holds the next one, so seeds one after another need no new page).
  await request.get(contactFormPage());
  const response = await request.post('/api/contact', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': 'contact' },
    data: { serviceInterest: 'general', urgency: 'normal', ...lead },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = '/admin'): Promise<void> {
  await typePassword(page, email, password, path);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** The session cookies each account's first sign-in in this worker left, by server and account. */
const keptSessions = new Map<string, Cookie[]>();

/**
 * Opens `path` signed in as `email`, for tests to which signing in is only the way in. The first
 * time in a worker it signs in through the form (`signIn`); after that it gives the test's new
 * browser context that session's cookies, as a browser that stays signed in has them, so the
 * password is typed once per account and worker. Tests of signing in and out use `signIn`: a test
 * that ends a session must not end a kept one.
 */
export async function openSignedIn(page: Page, email: string, path = '/admin'): Promise<void> {
  const key = `${test.info().project.use.baseURL ?? ''} ${email}`;
  const kept = keptSessions.get(key);
  if (!kept) {
    await signIn(page, email, PASSWORD, path);
    keptSessions.set(key, await page.context().cookies());
    return;
  }
  await page.context().addCookies(kept);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** The first step only: e-mail and password typed and sent. */
export async function typePassword(page: Page, email: string, password = PASSWORD, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the list with a search, the way a person does it: type, then "Show leads". */
export async function search(page: Page, words: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(words);
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(words).replace(/%20/g, '\\+')}`));
}

/** Unfolds the list's "More filters" panel, when it is folded. */
export async function openFilters(page: Page): Promise<void> {
  const more = page.locator('details.admin-filters__more');
  if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
  await expect(more).toHaveAttribute('open', '');
}

/** The rows of the leads table (none while it loads or when nothing matches). */
export const leadRows = (page: Page) => page.locator('table.admin-table tbody tr');

/** The page's polite status line, where the inbox confirms what was done. */
export const statusLine = (page: Page) => page.locator('p.admin-status');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** `exclude`: a frame axe cannot enter (the editor's preview runs no scripts); its page is checked on its own. */
export async function expectNoAxeViolations(page: Page, what: string, exclude?: string): Promise<void> {
  const builder = axeBuilder(page).withTags(TAGS);
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.join(' ')} — ${v.help}`));
  expect(found, `axe violations on ${what}`).toEqual([]);
}

/** Rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
