// The page scripts: they run cleanly under the site's CSP and make the islands interactive, and
// without them the content and links are still there for visitors and crawlers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { assetsFromManifest, pageChunks, type ViteManifest } from '../../engine/render/manifest-assets';
import { budgetKind, referencedAssets } from '../../tooling/page-weight';
import { DIST_DIR } from '../../scripts/read-project';
import { routes, siteModel, waitForIslands } from './site';

/** The home page (no script), a FAQ page with no script, and one whose FAQ has a search (an island). */
function pagesToCheck(): string[] {
  return ['/', '/faq/technical', '/questions'];
}

/** Collects everything that went wrong while the page loaded and ran. */
async function watchForProblems(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()} (${msg.location().url}:${msg.location().lineNumber})`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught exception: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  // Installed through the DevTools protocol, so the page's CSP does not apply to this script itself.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return async () => {
    const csp = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    return [...problems, ...csp.map((v) => `CSP violation: ${v}`)];
  };
}

test.describe('with JavaScript', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of pagesToCheck()) {
    test(`${path} loads with no console errors, script errors or CSP violations, and its islands work`, async ({ page }) => {
      const problems = await watchForProblems(page);
      await page.goto(path, { waitUntil: 'load' });
      await waitForIslands(page);

      // The header needs no script: a dropdown opens on hover and on click.
      const solutions = page.locator('button.site-nav__trigger--desktop', { hasText: siteModel().site.header.menus[2]!.label });
      const panel = page.locator(`#${await solutions.getAttribute('popovertarget')}`);
      await solutions.hover();
      await expect(panel).toBeVisible();
      await page.mouse.move(640, 780);
      await expect(panel).toBeHidden();

      // A FAQ accordion, where the page has one, opens its first answer on click.
      const question = page.locator('main .accordion__trigger').first();
      if ((await question.count()) > 0) {
        await question.click();
        await expect(question.locator('xpath=..')).toHaveAttribute('open', '');
        await expect(question.locator('xpath=..').locator('.accordion__panel')).toBeVisible();
      }

      await page.waitForLoadState('networkidle');
      expect(await problems()).toEqual([]);
    });
  }
});

test.describe('the scripts a page loads', () => {
  // The size budgets (npm run report:size) count the chunks the manifest says a page's islands load;
  // this checks that count against what the browser really fetches, form validators included: on
  // load, and for a form page again once the visitor scrolls near the form.
  // A short window, so that every form starts out of reach of the loader's margin.
  test.use({ viewport: { width: 1280, height: 360 } });
  const manifest = () => JSON.parse(readFileSync(join(DIST_DIR, 'client', '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const pages = siteModel().pages;
  const withForm = (show: string) => pages.find((p) => p.sections.some((s) => s.type === 'form' && s.definition.errors.show === show))!;
  const byPath = (path: string) => pages.find((p) => p.path === path)!;
  const staticPage = pages.find((p) => budgetKind(p) === 'static')!;
  const checked = [
    ...new Set([
      staticPage,
      byPath('/'),
      byPath('/faq/technical'),
      byPath('/pricing'),
      byPath('/faq'),
      byPath('/questions'),
      byPath('/blog'),
      byPath('/badges'),
      withForm('browser'),
      withForm('after-submit'),
      withForm('submit-and-live'),
    ]),
  ];

  for (const shown of checked) {
    const path = shown.path!;
    const kind = budgetKind(shown);
    test(`${path} (${kind}) fetches exactly the scripts its size budget counts, and its HTML preloads none`, async ({ page }) => {
      const fetched = new Set<string>();
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname.endsWith('.js')) fetched.add(url.pathname);
      });
      const response = await page.goto(path, { waitUntil: 'load' });
      const html = await response!.text();
      expect(html).not.toContain('modulepreload');
      await page.waitForLoadState('networkidle');
      const chunks = pageChunks(manifest(), shown);
      const entry = referencedAssets(html).js;
      if (kind === 'static') expect(entry, 'a static page names no script').toEqual([]);
      else expect(entry).toEqual(assetsFromManifest(manifest()).scripts);
      expect([...fetched].sort(), 'scripts fetched with the page').toEqual([...entry, ...chunks.load].sort());
      if (kind === 'interactive') expect(chunks.load, 'a search, switch, filter or picker loads no code with the page').toEqual([]);
      if (kind !== 'form') return;

      expect(chunks.intent.length, 'a form loads its code on intent').toBeGreaterThan(0);
      await waitForIslands(page);
      // The validator is fetched just after the form hydrates, so wait for the list rather than for the network.
      await expect
        .poll(() => [...fetched].sort(), { message: 'scripts fetched once the form is near' })
        .toEqual([...entry, ...chunks.load, ...chunks.intent].sort());
    });
  }
});

test.describe('a form before its code has loaded', () => {
  const formPage = siteModel().pages.find((p) => p.sections.some((s) => s.type === 'form' && s.definition.id === 'contact-us'))!;

  test('what a visitor typed before the form hydrated is kept, focus stays, and the form then works', async ({ page }) => {
    // Hold the form's code back until the visitor has typed, as on a slow connection.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/FormSection\.island-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(formPage.path!);
    const name = page.locator('#contact-us-form_name');
    await name.click();
    await page.keyboard.type('Ada Lovelace');
    release();
    await waitForIslands(page);
    await expect(name).toHaveValue('Ada Lovelace');
    await expect(name).toBeFocused();
    await page.keyboard.type(' Byron');
    await expect(name).toHaveValue('Ada Lovelace Byron');
    // The form's own checks now run, and see the typed name: only the other fields are reported.
    await page.locator('form:has(#contact-us-form_email) button[type="submit"]').click();
    await expect(page.locator('[id="contact-us-form_email__error"]')).not.toBeEmpty();
    await expect(page.locator('[id="contact-us-form_name__error"]')).toBeEmpty();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  const header = siteModel().site.header;
  const headerHrefs = [...header.menus.flatMap((m) => m.items.map((i) => i.href)), ...header.links.map((l) => l.href)];

  for (const path of pagesToCheck()) {
    const route = routes().find((r) => r.path === path)!;
    test(`${path} still shows its heading, navigation links and footer links (crawlable)`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      await expect(page.locator('main')).toBeVisible();

      // Header links are real anchors in the HTML, even inside the closed dropdowns.
      const inHeader = await page.locator('header.site-header a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of headerHrefs) expect(inHeader, `header link to ${href}`).toContain(href);

      const footer = page.locator('footer.site-footer');
      await expect(footer).toBeVisible();
      const inFooter = await footer.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of [...headerHrefs, '/privacy']) expect(inFooter, `footer link to ${href}`).toContain(href);
      // The legal links, by their words in site.yaml.
      const legal = siteModel().site.footer.legal;
      expect(legal.map((l) => l.href)).toEqual(expect.arrayContaining(['/terms', '/privacy']));
      for (const link of legal)
        await expect(footer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
      const mail = footer.locator('a[href^="mailto:"]');
      await expect(mail).toHaveCount(1);
      await expect(mail).toBeVisible();
      await expect(mail).toHaveAttribute('href', `mailto:${siteModel().site.footer.supportEmail}`);
      for (const link of await footer.locator('a[href]').all()) await expect(link).toBeVisible();
    });
  }
});
