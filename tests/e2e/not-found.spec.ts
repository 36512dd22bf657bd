// The not-found page, as a visitor who followed a broken link sees it.
import { expect, test, type Page } from '@playwright/test';
import { MISSING_PATH, waitForIslands } from './site';

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

const main = (page: Page) => page.locator('main');

/** Opens the home page, then follows a broken address from it, like a visitor clicking a dead link. */
async function arriveFromHome(page: Page) {
  await page.goto('/');
  const response = await page.goto(MISSING_PATH);
  await waitForIslands(page);
  return response;
}

test('a missing page answers 404 and says "Page Not Found"', async ({ page }) => {
  const response = await arriveFromHome(page);
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(new RegExp(`${MISSING_PATH}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test('"Go to Homepage" takes the visitor to the home page', async ({ page }) => {
  await arriveFromHome(page);
  const home = main(page).getByRole('link', { name: 'Go to Homepage' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.locator('h1')).not.toHaveText('Page Not Found');
});

test('"Go Back" returns to the page the visitor came from', async ({ page }) => {
  await page.goto('/pricing');
  await page.goto(MISSING_PATH);
  await waitForIslands(page);
  const back = main(page).getByRole('button', { name: 'Go Back' });
  await expect(back).toHaveAttribute('data-action', 'history-back');
  await back.click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('lists the popular pages, then Contact Us and the FAQ', async ({ page }) => {
  await arriveFromHome(page);
  const popular = main(page).locator('section', { has: page.getByRole('heading', { name: 'Popular pages' }) });
  await expect(popular).toBeVisible();
  expect(await popular.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(POPULAR);
  for (const link of await popular.locator('a').all()) await expect(link).toBeVisible();

  const allLinks = await main(page)
    .locator('a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(allLinks, 'every link in the page body, in order').toEqual(['/', ...POPULAR, '/contact-us', '/questions']);
});

test('every popular page link leads to a page that exists', async ({ page, request }) => {
  await arriveFromHome(page);
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
