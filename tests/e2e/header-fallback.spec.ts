// The header in Chromium as a browser without the newest CSS sees it (Safari before 26, Firefox
// before 147, older Chromium): every page is served with anchor positioning and ::details-content
// taken out of its styles, as such a parser drops them, and @supports answered as it would answer.
import { expect, test, type Page } from '@playwright/test';
import postcss, { type AtRule, type Root } from 'postcss';
import { siteModel } from './site';

/** What those browsers do not know: the anchor properties and functions, and ::details-content. */
const NEWER = /anchor|details-content/;
const NEWER_PROPERTY = /^(anchor-name|anchor-scope|position-anchor|position-area|position-try.*|position-visibility)$/;

/** The stylesheet as an older engine keeps it. */
function withoutNewerCss(css: string): string {
  const root: Root = postcss.parse(css);
  root.walkAtRules('supports', (rule: AtRule) => {
    if (!NEWER.test(rule.params)) return;
    // The conditions here test newer features only: `not (…)` holds, anything else does not.
    if (/^not\s/.test(rule.params.trim())) rule.replaceWith(rule.nodes ?? []);
    else rule.remove();
  });
  root.walkRules((rule) => {
    if (NEWER.test(rule.selector)) rule.remove();
  });
  root.walkDecls((decl) => {
    if (NEWER_PROPERTY.test(decl.prop) || /\banchor(-size)?\(/.test(decl.value)) decl.remove();
  });
  return root.toString();
}

/** Serves every page with its inline styles rewritten by withoutNewerCss. */
async function asOlderEngine(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open: string, css: string, close: string) => {
      const older = withoutNewerCss(css);
      expect(older, 'the rewrite took something out').not.toBe(css);
      return open + older + close;
    });
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, body: html, headers });
  });
}

/** The second dropdown's name and the header search's, as site.yaml words them. */
const SECOND_MENU = siteModel().site.header.menus[1]!.label;
const SEARCH_LABEL = siteModel().site.header.search!.label;

const menu = (page: Page, n: number) => page.locator(`.site-nav__list > li.site-nav__menu:nth-child(${n})`);
const shownTrigger = (page: Page, n: number) => menu(page, n).locator('.site-nav__trigger:visible');

/** The n-th dropdown's list is drawn right under its shown trigger, inside the window, with nothing over its links. */
async function expectUnderItsButton(page: Page, n: number): Promise<void> {
  const panel = menu(page, n).locator('.site-nav__panel');
  const links = panel.getByRole('link');
  await expect(links.first()).toBeVisible();
  const trigger = (await shownTrigger(page, n).boundingBox())!;
  const box = (await panel.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, 'the list starts at its button').toBeGreaterThanOrEqual(trigger.y + trigger.height - 2);
  expect(box.y, 'the list starts right under its button').toBeLessThanOrEqual(trigger.y + trigger.height + 16);
  expect(box.x, 'the list is aligned with its button').toBeGreaterThanOrEqual(trigger.x - 16);
  expect(box.x, 'the list is aligned with its button').toBeLessThanOrEqual(trigger.x + trigger.width);
  expect(box.x + box.width, 'the list fits the window').toBeLessThanOrEqual(viewport.width);
  for (const link of await links.all()) {
    const b = (await link.boundingBox())!;
    expect(b.y + b.height, 'every link is inside the window').toBeLessThanOrEqual(viewport.height);
    // What a pointer at the link's middle would hit is the link itself.
    const hit = await link.evaluate((a, [x, y]) => a.contains(document.elementFromPoint(x!, y!)), [b.x + b.width / 2, b.y + b.height / 2]);
    expect(hit, 'nothing covers the link').toBe(true);
  }
}

test.describe('desktop header without anchor positioning (1400 × 900)', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  test.beforeEach(async ({ page }) => {
    await asOlderEngine(page);
    await page.goto('/');
  });

  test('a click on the second dropdown shows its links under it, and one can be followed', async ({ page }) => {
    await shownTrigger(page, 2).click();
    await expect(shownTrigger(page, 2)).toHaveText(SECOND_MENU);
    await expectUnderItsButton(page, 2);
    await menu(page, 2).locator('a[href="/brand-protection"]').click();
    await expect(page).toHaveURL(/\/brand-protection$/);
  });

  test('Tab and Enter open a dropdown under its button, its links take focus, and Enter closes it again', async ({ page }) => {
    let focused = '';
    for (let i = 0; i < 10 && focused !== SECOND_MENU; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() =>
        document.activeElement?.matches('.site-nav__trigger') ? document.activeElement.textContent!.trim() : '',
      );
    }
    expect(focused, `${SECOND_MENU} is reachable with Tab`).toBe(SECOND_MENU);
    await page.keyboard.press('Enter');
    await expectUnderItsButton(page, 2);
    await page.keyboard.press('Tab');
    await expect(menu(page, 2).locator('.site-nav__panel a').first()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(menu(page, 2).locator('.site-nav__panel')).toBeHidden();
  });

  test('opening a second dropdown closes the first', async ({ page }) => {
    await shownTrigger(page, 1).click();
    await expectUnderItsButton(page, 1);
    await shownTrigger(page, 3).click();
    await expectUnderItsButton(page, 3);
    await expect(page.locator('.site-nav__panel:visible')).toHaveCount(1);
  });

  test('the search button opens its box under the header, inside the window, and it searches', async ({ page }) => {
    const toggle = page.getByRole('button', { name: SEARCH_LABEL });
    await toggle.click();
    const box = page.getByRole('searchbox', { name: SEARCH_LABEL });
    await expect(box).toBeVisible();
    const header = (await page.locator('header.site-header').boundingBox())!;
    const form = (await page.locator('.site-search__form').boundingBox())!;
    const button = (await toggle.boundingBox())!;
    expect(form.y, 'the box starts under the header').toBeGreaterThanOrEqual(header.y + header.height - 2);
    expect(form.y, 'the box starts right under the header').toBeLessThanOrEqual(header.y + header.height + 16);
    expect(form.x + form.width, 'the box fits the window').toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(form.x + form.width, 'the box ends near its button').toBeGreaterThanOrEqual(button.x);
    await box.fill('counter notice');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=counter\+notice$/);
  });
});

test.describe('phone header without anchor positioning (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens under the header, Close stays visible and closes it', async ({ page }) => {
    await asOlderEngine(page);
    await page.goto('/');
    const toggle = page.locator('button.menu-toggle');
    await toggle.click();
    const nav = page.locator('nav#site-nav');
    await expect(nav).toBeVisible();
    const header = (await page.locator('header.site-header').boundingBox())!;
    expect((await nav.boundingBox())!.y, 'the menu starts under the header').toBeGreaterThanOrEqual(header.y + header.height - 1);
    await expect(toggle.getByText('Close')).toBeVisible();
    const t = (await toggle.boundingBox())!;
    const hit = await toggle.evaluate(
      (b, [x, y]) => b.contains(document.elementFromPoint(x!, y!)),
      [t.x + t.width / 2, t.y + t.height / 2],
    );
    expect(hit, 'nothing covers the Close button').toBe(true);
    await menu(page, 1).locator('summary').click();
    await expect(menu(page, 1).locator('a[href="/takedowns"]')).toBeVisible();
    await toggle.click();
    await expect(nav).toBeHidden();
    await expect(toggle.locator('.menu-toggle__open')).toBeVisible();
  });
});
