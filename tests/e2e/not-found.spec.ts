// The not-found page, as a visitor who followed a broken link sees it.
import { expect, test, type Page } from '@playwright/test';
import { MISSING_PATH, notFoundPage, siteModel, waitForIslands } from './site';

const POPULAR = [
  '/takedowns/commercial',
  '/takedowns/personal',
  '/takedowns/diy',
  '/compliant',
  '/protectionpro',
  '/brand-protection',
  '/protection-for-content-creators',
  '/protect-your-music-online',
  '/support',
  '/questions',
  '/pricing',
  '/contact-us',
];

/** The page's words as site/not-found.yaml has them: the hero's two buttons and the popular pages' heading. */
function words() {
  const [hero, popular] = siteModel().notFound.sections;
  if (hero?.type !== 'hero' || popular?.type !== 'link-list') throw new Error('site/not-found.yaml: a hero, then a link list');
  const home = hero.actions?.find((a) => a.href === '/');
  const back = hero.actions?.find((a) => (a as { action?: string }).action === 'history-back');
  if (!home || !back || !popular.title) throw new Error('site/not-found.yaml: the hero has a button home and one back');
  return { home: home.label, back: back.label, popular: popular.title };
}

const main = (page: Page) => page.locator('main');

test('a broken link from the home page: a 404 page that says so, lists the popular pages (all served) and leads home', async ({
  page,
  request,
}) => {
  // Opens the home page, then follows a broken address from it, like a visitor clicking a dead link.
  await page.goto('/');
  const response = await page.goto(MISSING_PATH);
  await waitForIslands(page);

  await test.step('it answers 404 with the not-found page, marked noindex', async () => {
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(new RegExp(`${MISSING_PATH}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundPage().h1);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  await test.step('it lists the popular pages, then Contact Us and the FAQ', async () => {
    const popular = main(page).locator('section', { has: page.getByRole('heading', { name: words().popular }) });
    await expect(popular).toBeVisible();
    expect(await popular.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(POPULAR);
    for (const link of await popular.locator('a').all()) await expect(link).toBeVisible();

    const allLinks = await main(page)
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(allLinks, 'every link in the page body, in order').toEqual(['/', ...POPULAR, '/contact-us', '/questions']);
  });

  await test.step('every popular page link leads to a page that exists', async () => {
    const hrefs = await main(page)
      .locator('a')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
    const broken: string[] = [];
    for (const href of hrefs) {
      const status = (await request.get(href)).status();
      if (status !== 200) broken.push(`${href} → ${status}`);
    }
    expect(broken).toEqual([]);
  });

  // Last: it leaves the page.
  await test.step('its home button takes the visitor to the home page', async () => {
    const home = main(page).getByRole('link', { name: words().home });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator('h1')).not.toHaveText(notFoundPage().h1);
  });
});

test("the not-found page's back button returns to the page the visitor came from", async ({ page }) => {
  await page.goto('/pricing');
  await page.goto(MISSING_PATH);
  await waitForIslands(page);
  const back = main(page).getByRole('button', { name: words().back });
  await expect(back).toHaveAttribute('data-action', 'history-back');
  await back.click();
  await expect(page).toHaveURL(/\/pricing$/);
});
