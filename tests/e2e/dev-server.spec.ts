import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { writableSectionTypes } from '../../engine/content/schema-set';
import { CONTENT_ROOT, readSchemas } from '../../scripts/read-project';
import { routeAt, waitForIslands } from './site';
import { axeBuilder } from './axe';
import { freePort } from '../support/free-port';

// The dev server renders from a copy of site/, so editing it here never touches the real content.
const ROOT = join(import.meta.dirname, '../..');
/** /support's h1 as site/ has it, and the line of its hero's title (indented under sections, not the meta title). */
const SUPPORT_H1 = routeAt('/support').h1;
const HERO_TITLE_LINE = new RegExp(`^ {4}title: ${SUPPORT_H1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm');
// On a port the OS says is free, taken when the server starts, so two runs on one machine never meet.
let PORT = 0;
let BASE = '';

/**
 * Each test waits on Vite to notice a saved file and render again. Alone that takes seconds, but in the
 * full run it shares both cores with the content editor's publishes and took over a minute once.
 */
const DEV_TEST_TIMEOUT = 150_000;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await axeBuilder(page).withTags(AXE_TAGS).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${v.help}`));
}

// The section types and their examples, read from the schemas as the catalogue reads them.
// Sections the site makes itself (readOnly, the article) are not for writers and not in the catalogue.
const SECTION_TYPES = writableSectionTypes(readSchemas());
const exampleOf = (type: string) => JSON.parse(readFileSync(join(ROOT, `schemas/sections/${type}.schema.json`), 'utf8')).examples[0];

/** Where each section of a page file is declared: the `type:` after its dash, as file:line:column. */
function declaredSections(contentRoot: string, file: string): string[] {
  const lines = readFileSync(join(contentRoot, file), 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    const m = /^( {2}- )type: /.exec(line);
    return m ? [`${file}:${i + 1}:${m[1].length + 1}`] : [];
  });
}

test.describe('npm run dev', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess;
  let contentRoot: string;
  let output = '';

  test.beforeAll(async () => {
    // Loading the site and starting Vite takes a while on a busy machine.
    test.setTimeout(120_000);
    PORT = await freePort();
    BASE = `http://127.0.0.1:${PORT}`;
    contentRoot = mkdtempSync(join(tmpdir(), 'site-dev-'));
    cpSync(join(CONTENT_ROOT, 'site'), join(contentRoot, 'site'), { recursive: true });
    // Through tsx's loader in one process, as `npm run dev` runs it less npm's and tsx's own starts.
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: ROOT,
      // Playwright fills a form faster than a person: no least fill time (the form token stays on, and is tested in process).
      env: {
        ...process.env,
        PORT: String(PORT),
        CONTENT_ROOT: contentRoot,
        DATA_DIR: join(contentRoot, 'data'),
        FORM_MIN_FILL_SECONDS: '0',
        // No test asks DNS (the e2e server runs so too): the test addresses' domains take no mail.
        SPAM_MAIL_CHECK: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    await expect.poll(async () => (await fetch(BASE + '/').catch(() => null))?.status ?? 0, { timeout: 110_000 }).toBe(200);
  });

  test.afterAll(() => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(contentRoot, { recursive: true, force: true });
  });

  test('updates the open page when a YAML file is saved, and shows a content error with its file:line:column', async ({ page }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    const file = join(contentRoot, 'site/pages/support.yaml');
    const original = readFileSync(file, 'utf8');
    await page.goto(BASE + '/support');
    await expect(page.locator('h1')).toHaveText(SUPPORT_H1);

    expect(original).toMatch(HERO_TITLE_LINE);
    const heroTitle = HERO_TITLE_LINE;
    writeFileSync(file, original.replace(heroTitle, '    title: Help Desk'));
    await expect(page.locator('h1')).toHaveText('Help Desk', { timeout: 15_000 });

    // A number where the schema wants text: the terminal and the overlay both name the place.
    const broken = original.replace(heroTitle, '    title: Help Desk').replace(/keywords:\n/, 'keywords:\n    - 404\n');
    writeFileSync(file, broken);
    const line = broken.split('\n').findIndex((l) => l === '    - 404') + 1;
    const message = `site/pages/support.yaml:${line}:7 meta.keywords[0]: must be text`;
    await expect(page.locator('vite-error-overlay .message-body')).toContainText(message, { timeout: 15_000 });
    await expect.poll(() => output).toContain(message);

    // The server stays up: a reload shows the same problem as a page instead of crashing.
    const res = await page.request.get(BASE + '/support');
    expect(res.status()).toBe(500);
    expect(await res.text()).toContain(message);

    // Fixing the file reloads the open page by itself.
    writeFileSync(file, original);
    await expect(page.locator('h1')).toHaveText(SUPPORT_H1, { timeout: 15_000 });
    await expect(page.locator('vite-error-overlay')).toHaveCount(0);
  });

  test('a title saved as *New* shows the problem in the browser instead of stopping the server, and the page comes back once fixed', async ({
    page,
  }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    const file = join(contentRoot, 'site/pages/support.yaml');
    const original = readFileSync(file, 'utf8');
    await page.goto(BASE + '/support');
    await expect(page.locator('h1')).toHaveText(SUPPORT_H1);

    // Markdown emphasis, which YAML reads as a reference to another value.
    const broken = original.replace(HERO_TITLE_LINE, '    title: *New*');
    writeFileSync(file, broken);
    const line = broken.split('\n').indexOf('    title: *New*') + 1;
    const message = `site/pages/support.yaml:${line}:12 a value starting with * needs quotes: write "*New*"`;
    await expect(page.locator('vite-error-overlay .message-body')).toContainText(message, { timeout: 15_000 });
    await expect.poll(() => output).toContain(message);

    // A fresh load gets the problem as a page of its own, which passes the accessibility checks.
    const problems = await page.context().newPage();
    await problems.goto(BASE + '/support');
    await expect(problems.locator('h1')).toHaveText('The site content has problems');
    await expect(problems.locator('li')).toContainText(message);
    expect(await axeViolations(problems)).toEqual([]);

    // Fixed, the title shows again in both pages, without a reload by hand.
    writeFileSync(file, original.replace(HERO_TITLE_LINE, '    title: New'));
    await expect(page.locator('h1')).toHaveText('New', { timeout: 40_000 });
    await expect(problems.locator('h1')).toHaveText('New', { timeout: 40_000 });
    // Put back as it was: the server serves it again (the live reload itself was shown just above).
    writeFileSync(file, original);
    await expect.poll(async () => (await page.request.get(BASE + '/support')).text(), { timeout: 15_000 }).toContain(`>${SUPPORT_H1}</h1>`);
  });

  test('previews an article saved in site/blog/: its page and the feed follow, and a mistake shows its file:line:column', async ({
    page,
  }) => {
    // Four waits of up to 15 s each on the watcher, and the page's teardown after them.
    test.setTimeout(120_000);
    // site/blog/ is in the copy from the start, so the watcher already sees the folder the file lands in.
    const file = join(contentRoot, 'site/blog', 'dev-preview.md');
    const text = readFileSync(join(ROOT, 'tests/fixtures/articles/watermark-your-images.md'), 'utf8');
    writeFileSync(file, text);
    await expect.poll(async () => (await page.request.get(BASE + '/blog/dev-preview')).status(), { timeout: 15_000 }).toBe(200);
    await page.goto(BASE + '/blog/dev-preview');
    await expect(page.locator('h1')).toHaveText('Watermarking Without Ruining Your Work: Five Practical Tips');
    const feed = await page.request.get(BASE + '/blog/feed.xml');
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(await feed.text()).toContain(`<id>${BASE.replace('127.0.0.1', 'localhost')}/blog/dev-preview</id>`);

    // A date written day/month/year: the overlay and the terminal point at the line in the .md file.
    writeFileSync(file, text.replace('date: 2023-12-14', 'date: 14/12/2023'));
    const message = 'site/blog/dev-preview.md:3:7 date: must be a date like 2024-01-12';
    await expect(page.locator('vite-error-overlay .message-body')).toContainText(message, { timeout: 15_000 });
    await expect.poll(() => output).toContain(message);

    rmSync(file);
    await expect.poll(async () => (await page.request.get(BASE + '/blog/dev-preview')).status(), { timeout: 15_000 }).toBe(404);
  });

  test('the site search finds an FAQ answer as soon as it is saved, at its anchor', async ({ page }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    const file = join(contentRoot, 'site/faq/pricing-questions.yaml');
    const original = readFileSync(file, 'utf8');
    const entry = [
      '  - id: quokka-discount',
      '    question: Is there a quokka discount?',
      '    answer: Every zanzibarquokka owner pays the same fair price as everyone else.',
      '    category: Plans & Pricing',
      '',
    ].join('\n');
    writeFileSync(file, original.replace(/^items:\n/m, `items:\n${entry}`));
    await expect
      .poll(async () => (await (await page.request.get(BASE + '/search?q=zanzibarquokka')).text()).includes('#quokka-discount'), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.goto(BASE + '/search?q=zanzibarquokka');
    await expect(page.locator('.search-result').first().getByRole('link')).toHaveAttribute('href', '/faq/pricing#quokka-discount');
    writeFileSync(file, original);
    await expect
      .poll(async () => (await (await page.request.get(BASE + '/search?q=zanzibarquokka')).text()).includes('No results for'), {
        timeout: 20_000,
      })
      .toBe(true);
  });

  test('forms on dev pages really submit: the lead lands in the store DATA_DIR names', async ({ page }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    await page.goto(BASE + '/takedowns/diy');
    await waitForIslands(page);
    const email = `dev.${Date.now().toString(36)}@example.org`;
    // The form's validators load as their own module in dev; the submit waits for them.
    await page.locator('#diy-free-template-form_name').fill('Mina Park');
    await page.locator('#diy-free-template-form_email').fill(email);
    await page.locator('form:has(#diy-free-template-form_email) button[type="submit"]').click();
    await expect(page.locator('.form-outcome--success')).toContainText('Your free Basic DMCA Notice template is ready to download.', {
      timeout: 15_000,
    });
    const db = new Database(join(contentRoot, 'data', 'leads.sqlite'), { readonly: true });
    try {
      const row = db.prepare("SELECT endpoint FROM leads WHERE json_extract(payload, '$.email') = ?").get(email) as
        { endpoint: string } | undefined;
      expect(row?.endpoint).toBe('/api/contact');
    } finally {
      db.close();
    }
  });

  test('runs the production app: pages carry its Content-Security-Policy and security headers, and nothing on a page breaks them', async ({
    page,
  }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    const res = await page.request.get(BASE + '/pricing');
    const headers = res.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-powered-by']).toBeUndefined();
    // Known-broken addresses with a live page are redirected here too.
    const moved = await page.request.get(BASE + '/takedown/commercial', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/takedowns/commercial');
    const api = await page.request.get(BASE + '/api/nope');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });

    // The browser reports every blocked script, style or connection (live reload included) on the console.
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(BASE + '/pricing');
    await waitForIslands(page);
    await page.goto(BASE + '/takedowns/diy');
    await waitForIslands(page);
    expect(violations).toEqual([]);
  });

  test('serves the leads inbox through Vite: sign in and see the list, under the same Content-Security-Policy', async ({ page }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    // The CLI as its own process (through tsx's loader; `npx tsx` starts two more): the browser specs' one such run,
    // as tests/e2e/admin.ts runs the account command in the test worker.
    const added = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', 'add-user', 'dev@example.com', '--password-stdin'], {
      cwd: ROOT,
      input: 'a development password\n',
      env: { ...process.env, DATA_DIR: join(contentRoot, 'data') },
      encoding: 'utf8',
    });
    expect(added.status, added.stderr).toBe(0);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(BASE + '/admin');
    expect(res!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await page.getByLabel('E-mail address').fill('dev@example.com');
    await page.getByLabel('Password').fill('a development password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // The lead the form test above sent is in the list.
    await expect(page.locator('table.admin-table tbody tr').first()).toContainText('Mina Park');
    expect(violations).toEqual([]);
  });

  test('the section catalogue lists every section type with its fields, its example as rendered and its YAML', async ({ page }) => {
    test.setTimeout(90_000);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(BASE + '/_catalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Section catalogue' })).toBeVisible();

    const toc = page.getByRole('navigation', { name: 'Section types' });
    await expect(toc.getByRole('link')).toHaveText(SECTION_TYPES);
    for (const type of SECTION_TYPES) {
      const entry = page.locator(`#type-${type}`);
      await expect(page.locator(`#type-${type}-title`)).toContainText(type);
      // Rendered by the real component, not described: every example is on the page.
      await expect(entry.locator(`[data-example="${type}"] > *`).first()).toBeVisible();
      await expect(page.locator(`#type-${type}-yaml`)).toContainText(`- type: ${type}`);
    }

    // The hero example is the real hero, with its heading; its fields say what each is for.
    const hero = page.locator('#type-hero');
    await expect(hero.locator('[data-example="hero"] h1')).toHaveText(exampleOf('hero').title);
    await expect(hero.locator('.catalogue-fields > li').filter({ hasText: /^title/ })).toContainText('required');
    await expect(hero.locator('.catalogue-fields > li').filter({ hasText: /^subtitle/ })).toContainText('Short line under the title');
    // Nested fields sit under their group.
    await expect(page.locator('#type-stats .catalogue-fields .catalogue-fields code', { hasText: 'value' })).toBeVisible();

    // Copy puts the YAML on the clipboard and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
    await hero.getByRole('button', { name: 'Copy the hero example' }).click();
    await expect(hero.getByRole('status')).toHaveText('Copied. Paste it under sections: in a page.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.locator('#type-hero-yaml').textContent());
    expect(copied).toContain(`    title: ${exampleOf('hero').title}`);

    await waitForIslands(page);
    expect(await axeViolations(page)).toEqual([]);
    // Its copy script and the examples' islands run under the production Content-Security-Policy.
    expect(violations).toEqual([]);
  });

  test('without JavaScript the catalogue has no Copy button and its YAML is plain text to select', async ({ browser }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(BASE + '/_catalogue#type-steps');
    const steps = page.locator('#type-steps');
    await expect(steps.getByRole('button', { name: /Copy/ })).toBeHidden();
    await expect(page.locator('#type-steps-yaml')).toBeVisible();
    await expect(page.locator('#type-steps-yaml')).toContainText(exampleOf('steps').steps[0].title);
    await context.close();
  });

  test('each section carries the file:line:column that declares it, and ?sources shows it on the page', async ({ page }) => {
    test.setTimeout(DEV_TEST_TIMEOUT);
    const declared = declaredSections(contentRoot, 'site/pages/pricing.yaml');
    expect(declared.length).toBeGreaterThan(3);

    await page.goto(BASE + '/pricing');
    const marks = page.locator('main [data-source]');
    expect(await marks.evaluateAll((els) => els.map((el) => el.getAttribute('data-source')))).toEqual(declared);
    // Marked, not shown: a page looks the same as the built one.
    await expect(marks.first()).toBeHidden();

    await page.goto(BASE + '/pricing?sources');
    const labels = page.locator('main .dev-source');
    await expect(labels).toHaveCount(declared.length);
    await expect(labels.first()).toBeVisible();
    await expect(labels.first()).toHaveText(`${declared[0]} hero`);
    await expect(page.locator('main .dev-source + *').first()).toHaveCSS('outline-style', 'dashed');
    await waitForIslands(page);
    expect(await axeViolations(page)).toEqual([]);

    // The catalogue links to every page with the labels on.
    await page.goto(BASE + '/_catalogue');
    await page.getByText('Every page, with where each section is declared').click();
    await page.getByRole('link', { name: '/pricing', exact: true }).click();
    // The pricing table's script keeps its state in the query, and writes an empty flag back as "sources=".
    await expect(page).toHaveURL(new RegExp(`^${BASE}/pricing\\?sources=?$`));
    await expect(page.locator('main .dev-source').first()).toBeVisible();
  });
});
