// What a visitor with JavaScript off (or before any script has run) can still do on the pages that
// have islands: the header's menus, the answers, the prices, articles and badge code, and every
// form's fields with a note that sending needs JavaScript, and its consent notice (site/site.yaml
// `consent`, or the form's own) just above the submit button.
import { expect, test as base, type Page } from '@playwright/test';
import { workerPage } from './worker-page';
import type { ResolvedFormSection } from '../../engine/content/model';
import { siteModel } from './site';

// One page per worker for the checks that only read a page as loaded; the header's tests, which
// change the window's size and open menus, take a fresh page each.
const test = base.extend<{ scriptlessPage: Page }>({
  scriptlessPage: workerPage({ javaScriptEnabled: false }),
});

test.use({ javaScriptEnabled: false });

test.describe('the header on a page with islands (/pricing)', () => {
  test('on desktop a dropdown opens on click and on hover, one at a time, and Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    const button = (name: string) => page.locator('button.site-nav__trigger--desktop', { hasText: name });
    const takedowns = page.locator('#nav-menu-0');
    const solutions = page.locator('#nav-menu-2');
    // The header's menus and their first links, as site.yaml words them.
    const menus = siteModel().site.header.menus;
    await button(menus[0]!.label).click();
    await expect(takedowns).toBeVisible();
    await expect(takedowns.getByRole('link', { name: menus[0]!.items[0]!.label })).toBeVisible();
    await button(menus[2]!.label).click();
    await expect(solutions).toBeVisible();
    await expect(takedowns).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(solutions).toBeHidden();
    await expect(button(menus[2]!.label)).toBeFocused();
    await button(menus[1]!.label).hover();
    await expect(page.locator('#nav-menu-1')).toBeVisible();
    // The page being shown is marked in the navigation.
    await expect(page.locator('header a[aria-current="page"]')).toHaveAttribute('href', '/pricing');
  });

  test('on a phone the Menu button opens the navigation and its dropdowns are accordions', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.locator('nav#site-nav');
    await expect(nav).toBeVisible();
    const menus = siteModel().site.header.menus;
    await nav.locator('summary', { hasText: menus[0]!.label }).click();
    await expect(page.locator('#nav-menu-0')).toBeVisible();
    await nav.locator('summary', { hasText: menus[2]!.label }).click();
    await expect(page.locator('#nav-menu-2')).toBeVisible();
    await expect(page.locator('#nav-menu-0')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });
});

test('/pricing shows every plan with its monthly price', async ({ scriptlessPage: page }) => {
  await page.goto('/pricing');
  const cards = page.locator('#plans .price-card');
  expect(await cards.count()).toBeGreaterThan(1);
  for (const card of await cards.all()) await expect(card).toContainText('$');
});

test('/blog shows every article of site/blog/, each a link to its page', async ({ scriptlessPage: page }) => {
  await page.goto('/blog');
  const paths = siteModel().articles.map((a) => a.path);
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) await expect(page.locator(`.article-card__title a[href="${path}"]`)).toBeVisible();
});

test('/badges shows a badge and the code to embed it', async ({ scriptlessPage: page }) => {
  await page.goto('/badges');
  await expect(page.locator('#customize .badge-preview img')).toBeVisible();
  await expect(page.locator('#customize .badge-code code')).not.toBeEmpty();
});

const formPages = siteModel().pages.flatMap((p) =>
  p.sections
    .filter((s): s is ResolvedFormSection => s.type === 'form')
    .map((s) => ({ path: p.path!, form: s.definition, consent: s.consent })),
);

/** A notice's links (privacy policy, terms…), each with its label and address as site/ has them. */
const linksOf = (consent: ResolvedFormSection['consent']) => Object.values(consent?.links ?? {}).flatMap((l) => (l ? [l] : []));

for (const { path, form, consent } of formPages) {
  test(`${path} shows every field of its ${form.id} form and the consent notice just above its submit button, and the form posts to the page itself`, async ({
    scriptlessPage: page,
  }) => {
    await page.goto(path);
    await test.step('the consent notice sits just above the submit button, linking to /privacy and /terms', async () => {
      const submit = page.locator(`#${form.id}-form-consent + button[type="submit"]`);
      await expect(submit, 'the submit button comes right after the notice').toHaveCount(1);
      const notice = page.locator(`#${form.id}-form-consent`);
      await expect(notice).toBeVisible();
      // The notice's words and link labels as site/ has them; the links lead to /privacy and /terms.
      expect(consent, 'the form declares a consent notice').toBeDefined();
      await expect(notice).toContainText(consent!.text.split('{')[0]!.trim());
      const links = linksOf(consent);
      expect(links.map((l) => l.href)).toEqual(expect.arrayContaining(['/privacy', '/terms']));
      for (const link of links) await expect(notice.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
    });
    const hidden = (name: string) => (form.ui as Record<string, { 'ui:widget'?: string }> | undefined)?.[name]?.['ui:widget'] === 'hidden';
    for (const name of Object.keys(form.fields.properties as object).filter((n) => !hidden(n))) {
      await expect(page.locator(`[id="${form.id}-form_${name}"]`), `the ${name} field`).toBeVisible();
    }
    const card = page.locator(`.form-card:has([id^="${form.id}-form_"])`);
    await expect(card.getByRole('button', { name: form.buttons.idle })).toBeVisible();
    await expect(card.locator('form')).toHaveAttribute('method', 'post');
    await expect(card.locator('form')).toHaveAttribute('action', `${path}#${form.id}-form-card`);
  });
}
