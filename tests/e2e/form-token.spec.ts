// A form left open past its token's lifetime, on a production server of its own whose tokens last
// fifteen seconds (long enough for axe and the second send on a busy machine): the visitor keeps every value, reads one plain sentence, and sending again works.
// With JavaScript (the island's fetch) and without (the form posted to its page): two tabs that wait
// out their tokens together, each then checked in a step of its own.
import { expect, test, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_MESSAGES } from '../../contracts/api-contract';
import type { Form, ResolvedFormSection } from '../../engine/content/model';
import { DIST_DIR } from '../../scripts/read-project';
import { FORM_TOKEN_COOKIE } from '../../server/spam/form-token';
import { axeBuilder } from './axe';
import { siteModel, waitForIslands } from './site';

const ROOT = join(import.meta.dirname, '../..');
const LIFETIME_S = 15;
const SUCCESS_DEFAULT = API_MESSAGES.success;

// The contact form, as site/ declares it, on the page that shows it.
const { path, form } = siteModel()
  .pages.flatMap((p) =>
    p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
  )
  .find((f) => f.form.id === 'contact-us')!;

type FieldSchema = { oneOf?: Array<{ const: string }>; enum?: string[]; minLength?: number; maxLength?: number };
const properties = form.fields.properties as Record<string, FieldSchema>;
const required = (form.fields as { required?: string[] }).required ?? [];

function valueFor(name: string, email: string): string {
  const schema = properties[name]!;
  if (schema.oneOf) return schema.oneOf[0]!.const;
  if (schema.enum) return schema.enum[0]!;
  if (name === 'email') return email;
  return `A plain answer for ${name}, long enough`.padEnd(schema.minLength ?? 1, '.').slice(0, schema.maxLength ?? 1000);
}

const field = (page: Page, f: Form, name: string) => page.locator(`[id="${f.id}-form_${name}"]`);
const formOf = (page: Page, f: Form) => page.locator(`form:has([id="${f.id}-form_email"])`);

let server: ChildProcess;
/** Where the server listens: a port the system picked, read from its start line. */
let BASE = '';
let dataDir: string;
let output = '';

function leadsFor(email: string): number {
  const db = new Database(join(dataDir, 'leads.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM leads WHERE json_extract(payload, '$.email') = ?").get(email) as { n: number }).n;
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(join(tmpdir(), 'site-form-token-'));
  server = spawn(process.execPath, ['--enable-source-maps', join(DIST_DIR, 'server', 'index.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Plain HTTP, as the browser reaches it here: the cookie is then not Secure.
      SITE_URL: 'http://127.0.0.1',
      IP_HASH_SALT: 'form-token-spec',
      FORM_TOKEN_LIFETIME: String(LIFETIME_S),
      FORM_MIN_FILL_SECONDS: '0',
      SPAM_MAIL_CHECK: 'off',
      // Info: a failure's message then shows why the server refused a post (never what was sent).
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  await expect.poll(() => /Serving http:\/\/localhost:(\d+)/.exec(output)?.[1] ?? '', { timeout: 80_000 }).not.toBe('');
  BASE = `http://127.0.0.1:${/Serving http:\/\/localhost:(\d+)/.exec(output)![1]}`;
  expect((await fetch(`${BASE}/healthz`)).status, output).toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A visitor's tab: with JavaScript (the island's fetch), or with the page scripts blocked (the form posted to its page). */
interface Tab {
  javaScriptEnabled: boolean;
  page: Page;
  email: string;
  values: Record<string, string>;
}

/** Opens the form in a context of its own (its own token) and types a valid answer into every required field. */
async function openAndFill(browser: Browser, javaScriptEnabled: boolean): Promise<Tab> {
  const page = await (await browser.newContext()).newPage();
  // axe itself runs as script, so the page's own scripts are refused instead: the same page as without JavaScript.
  if (!javaScriptEnabled) await page.route(/\.js$/, (route) => route.abort());
  const email = `expired.${Date.now().toString(36)}${javaScriptEnabled ? 'js' : 'nojs'}@example.org`;
  await page.goto(BASE + path);
  if (javaScriptEnabled) await waitForIslands(page);
  const values = Object.fromEntries(required.map((name) => [name, valueFor(name, email)]));
  for (const [name, value] of Object.entries(values)) {
    const input = field(page, form, name);
    if (properties[name]!.oneOf || properties[name]!.enum) await input.selectOption(value);
    else await input.fill(value);
  }
  return { javaScriptEnabled, page, email, values };
}

/** When the token a tab holds stops letting its form be sent: its time of issue (the cookie's first part) plus the lifetime. */
async function expiresAt(page: Page): Promise<number> {
  const token = (await page.context().cookies()).find((c) => c.name === FORM_TOKEN_COOKIE);
  expect(token, 'the page came with a form token').toBeDefined();
  return Number(token!.value.split('.')[0]) + LIFETIME_S * 1000;
}

async function sendExpiredThenAgain({ page, email, values }: Tab): Promise<void> {
  await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();

  await expect(page.getByText(API_MESSAGES.formExpired)).toBeVisible();
  // The refusal came with a new token: the checks below and the second send must fit in its lifetime.
  const refusedAt = Date.now();
  for (const [name, value] of Object.entries(values)) await expect(field(page, form, name)).toHaveValue(value);
  expect(leadsFor(email), output).toBe(0);
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);

  await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
  await expect(
    page.getByText(form.result.success.text ?? SUCCESS_DEFAULT),
    `sent again ${((Date.now() - refusedAt) / 1000).toFixed(1)} s after the refusal, with tokens lasting ${LIFETIME_S} s`,
  ).toBeVisible();
  expect(leadsFor(email), output).toBe(1);
}

// Both tabs are filled first and wait out their tokens together: one lifetime for the two, not one each.
test('a token that expired while the form was open keeps every value, says so plainly, and sending again is stored', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tabs = [await openAndFill(browser, true), await openAndFill(browser, false)];
  // Past the tokens' lifetime, as a tab left open is: until the later one has expired, by the server's rule.
  const expired = Math.max(...(await Promise.all(tabs.map((t) => expiresAt(t.page)))));
  await expect
    .poll(() => Date.now(), { message: 'both tokens expired', intervals: [250], timeout: LIFETIME_S * 2000 })
    .toBeGreaterThan(expired);
  try {
    for (const tab of tabs)
      await test.step(tab.javaScriptEnabled ? 'with JavaScript' : 'with the page scripts blocked', () => sendExpiredThenAgain(tab));
  } finally {
    for (const tab of tabs) await tab.page.context().close();
  }
});
