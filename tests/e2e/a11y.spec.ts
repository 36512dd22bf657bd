// axe-core on every route, the not-found page, the open desktop and mobile menus, and every page
// with islands as shown with JavaScript off; and, on the same load of each route, that the browser
// made no request that failed. axe runs once per distinct state of a page.
import type AxeBuilder from '@axe-core/playwright';
import { axeBuilder } from './axe';
import { expect, test as base, type Page } from '@playwright/test';
import { workerPage } from './worker-page';
import { islandsOf } from '../../engine/render/render-page';
import { watchRequests } from './failed-requests';
import { MISSING_PATH, routes, siteModel, waitForIslands } from './site';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The pages with islands, which are also checked as shown with JavaScript off. */
const scripted = siteModel()
  .pages.filter((p) => islandsOf(p).length > 0)
  .map((p) => p.path!);

// One browser page per worker for each way of showing the site, reused across the checks: axe is
// the slow part, so the per-test cost of a fresh context adds up over ~50 routes on a 2-core machine.
const test = base.extend<{ workerPage: Page; scriptlessPage: Page }>({
  workerPage: workerPage(),
  // With JavaScript off, a page with islands shows their prerendered HTML (and a form its note that
  // sending needs JavaScript); a page without islands is the same either way. axe itself needs
  // JavaScript, so the page is served as a browser without it would show it: no module scripts, and
  // the <noscript> content in place.
  scriptlessPage: workerPage({}, (context) =>
    context.route(
      (url) => scripted.includes(url.pathname),
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<\/?noscript>/g, '');
        // The body is served decoded, so it carries no encoding or length of the original.
        const headers = Object.fromEntries(
          Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
        );
        await route.fulfill({ status: response.status(), headers, body: html });
      },
    ),
  ),
});

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable line per failing element, so a failure says what to fix and where. */
function describe(violations: Violation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => {
      const detail = (n.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `${v.id} [${v.impact}] ${n.target.join(' ')} — ${v.help} (${v.helpUrl})${detail ? ` — ${detail}` : ''}`;
    }),
  );
}

/**
 * The document as axe reads it: every element and attribute, and each form control's value and
 * checked state, leaving out what is never shown (the scripts and the preloads of their code).
 */
function documentState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('script, link[rel="modulepreload"]')) hidden.remove();
    const controls = [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')].map((c) => `${c.value}|${c.checked}`);
    return `${copy.outerHTML}\n${controls.join('\n')}`;
  });
}

/** One axe run on the page as it is now. */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  const { violations } = await axeBuilder(page).withTags(TAGS).analyze();
  const found = describe(violations);
  expect(found, `axe violations on ${what}`).toEqual([]);
}

/**
 * The home page's states only a visitor's click reaches, each checked once: a desktop dropdown
 * open, and at phone width the menu with its first accordion open. They follow the closed page's
 * own check, on the same browser page.
 */
async function homeMenusOpen(page: Page): Promise<void> {
  const { viewport } = test.info().project.use;
  await test.step('with a desktop dropdown open (1280 px)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The third menu of the header (its words are the writer's, read from the model).
    const menu = siteModel().site.header.menus[2]!;
    const trigger = page.locator('button.site-nav__trigger--desktop', { hasText: menu.label });
    await trigger.click();
    await expect(page.locator('#nav-menu-2')).toBeVisible();
    await expectNoViolations(page, `/ with the ${menu.label} dropdown open (1280 px)`);
  });
  await test.step('with the mobile menu open (375 px)', async () => {
    try {
      await page.setViewportSize({ width: 375, height: 740 });
      // Loaded again at this width, so nothing the desktop step opened is carried over.
      await page.reload();
      await page.locator('button.menu-toggle').click();
      await expect(page.locator('nav#site-nav')).toBeVisible();
      const menu = siteModel().site.header.menus[0]!;
      await page.locator('summary.site-nav__trigger', { hasText: menu.label }).click();
      await expect(page.locator('#nav-menu-0')).toBeVisible();
      await expectNoViolations(page, `/ with the mobile menu and ${menu.label} open (375 px)`);
    } finally {
      // The next route's check sees the page at the project's size again.
      if (viewport) await page.setViewportSize(viewport);
    }
  });
}

/**
 * A page with islands as a browser without JavaScript shows it (on the worker's page that serves it
 * so). Where that document is the one the hydrated page showed, element for element, the axe run
 * just made on it was this state's too; where it differs (a <noscript> in place, markup the islands
 * change), axe runs on it.
 */
async function asShownWithoutJavaScript(analysed: string, page: Page, path: string): Promise<void> {
  await test.step('as shown with JavaScript off', async () => {
    await page.goto(path);
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    if ((await documentState(page)) === analysed) {
      test.info().annotations.push({ type: 'axe', description: `${path}: with JavaScript off, the same document as hydrated (one run)` });
      return;
    }
    // A second analysis: the test gets the time a test of its own would have.
    test.setTimeout(test.info().timeout + test.info().project.timeout);
    await expectNoViolations(page, `${path} (JavaScript off)`);
  });
}

test('every article of site/blog/, and every page with islands, is among the routes checked here', () => {
  const checked = routes().map((r) => r.path);
  expect(siteModel().articles.length).toBeGreaterThan(0);
  for (const article of siteModel().articles) expect(checked).toContain(article.path);
  expect(scripted.length).toBeGreaterThan(0);
  for (const path of scripted) expect(checked).toContain(path);
});

for (const route of routes()) {
  const extra =
    route.path === '/' ? ', nor with its menus open' : scripted.includes(route.path) ? ', nor as shown with JavaScript off' : '';
  test(`${route.path} loads with no failed request, its forms' code included, and has no accessibility violations${extra}`, async ({
    workerPage: page,
    scriptlessPage,
  }) => {
    // The home page's test does the work of three: its closed state and its two open menus.
    if (route.path === '/') test.slow();
    const requests = watchRequests(page);
    let analysed: string | undefined;
    try {
      await page.goto(route.path);
      await waitForIslands(page);
      // The document axe analyses, to compare with the page as shown without JavaScript.
      if (scripted.includes(route.path)) analysed = await documentState(page);
      await test.step('no accessibility violations', () => expectNoViolations(page, route.path));
      await test.step('no failed request', async () => {
        // What the page and its islands asked for (a form's validator once it hydrated) has answered.
        await page.waitForLoadState('networkidle');
        expect(requests.failed, `failed requests of ${route.path}`).toEqual([]);
      });
    } finally {
      requests.stop();
    }
    if (route.path === '/') await homeMenusOpen(page);
    if (analysed !== undefined) await asShownWithoutJavaScript(analysed, scriptlessPage, route.path);
  });
}

test('the not-found page has no accessibility violations', async ({ workerPage: page }) => {
  const response = await page.goto(MISSING_PATH);
  expect(response?.status()).toBe(404);
  await waitForIslands(page);
  await expectNoViolations(page, `the not-found page (${MISSING_PATH})`);
});
