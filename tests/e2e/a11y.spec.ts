// axe-core on every route, the not-found page, and the open desktop and mobile menus.
import type AxeBuilder from '@axe-core/playwright';
import { axeBuilder } from './axe';
import { expect, test as base, type Page } from '@playwright/test';
import { islandsOf } from '../../engine/render/render-page';
import { MISSING_PATH, routes, siteModel, waitForIslands } from './site';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// One browser page per worker, reused across the route checks: axe is the slow part, so the
// per-test cost of a fresh context adds up over ~50 routes on a 2-core machine.
const test = base.extend<object, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
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

async function expectNoViolations(page: Page, what: string): Promise<void> {
  const { violations } = await axeBuilder(page).withTags(TAGS).analyze();
  const found = describe(violations);
  expect(found, `axe violations on ${what}`).toEqual([]);
}

test('every article of site/blog/ is among the routes checked here', () => {
  const checked = routes().map((r) => r.path);
  expect(siteModel().articles.length).toBeGreaterThan(0);
  for (const article of siteModel().articles) expect(checked).toContain(article.path);
});

for (const route of routes()) {
  test(`${route.path} has no accessibility violations`, async ({ workerPage: page }) => {
    await page.goto(route.path);
    await waitForIslands(page);
    await expectNoViolations(page, route.path);
  });
}

test('the not-found page has no accessibility violations', async ({ workerPage: page }) => {
  const response = await page.goto(MISSING_PATH);
  expect(response?.status()).toBe(404);
  await waitForIslands(page);
  await expectNoViolations(page, `the not-found page (${MISSING_PATH})`);
});

// With JavaScript off, a page with islands shows their prerendered HTML (and a form its note that
// sending needs JavaScript); a page without islands is the same either way. axe itself needs
// JavaScript, so the page is served as a browser without it would show it: no module scripts, and
// the <noscript> content in place.
test.describe('as shown with JavaScript off', () => {
  const scripted = siteModel()
    .pages.filter((p) => islandsOf(p).length > 0)
    .map((p) => p.path!);

  for (const path of scripted) {
    test(`${path} has no accessibility violations with JavaScript off`, async ({ page }) => {
      await page.route(
        (url) => url.pathname === path,
        async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<\/?noscript>/g, '');
          // The body is served decoded, so it carries no encoding or length of the original.
          const headers = Object.fromEntries(
            Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
          );
          await route.fulfill({ status: response.status(), headers, body: html });
        },
      );
      await page.goto(path);
      await expect(page.locator('script[type="module"]')).toHaveCount(0);
      await expectNoViolations(page, `${path} (JavaScript off)`);
    });
  }
});

test('the home page with a desktop dropdown open has no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  // The third menu of the header (its words are the writer's, read from the model).
  const menu = siteModel().site.header.menus[2]!;
  const trigger = page.locator('button.site-nav__trigger--desktop', { hasText: menu.label });
  await trigger.click();
  await expect(page.locator('#nav-menu-2')).toBeVisible();
  await expectNoViolations(page, `/ with the ${menu.label} dropdown open (1280 px)`);
});

test('the home page with the mobile menu open has no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.locator('button.menu-toggle').click();
  await expect(page.locator('nav#site-nav')).toBeVisible();
  const menu = siteModel().site.header.menus[0]!;
  await page.locator('summary.site-nav__trigger', { hasText: menu.label }).click();
  await expect(page.locator('#nav-menu-0')).toBeVisible();
  await expectNoViolations(page, `/ with the mobile menu and ${menu.label} open (375 px)`);
});
