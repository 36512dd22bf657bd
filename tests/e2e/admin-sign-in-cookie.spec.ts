// A browser that refuses the inbox's session cookie (cookies blocked, or a Secure cookie on a
// plain-http address, as WebKit does) is told so, and the form stays usable.
import { expect, test } from '@playwright/test';
import { createAccount, PASSWORD, uniqueWord } from './admin';

test('a sign-in whose cookie the browser does not keep says so instead of staying on "Signing in…"', async ({ page }) => {
  const email = `${uniqueWord('nocookie')}@takedownshield.test`;
  await createAccount(email);
  // The password is right and the server sets the cookie; the browser is made to drop it.
  await page.route('**/admin/api/sign-in', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    expect(headers['set-cookie'], 'the server set a session cookie').toBeTruthy();
    delete headers['set-cookie'];
    // route.fetch() stores the cookies it receives in the browser context: take them out again.
    await page.context().clearCookies();
    await route.fulfill({ response, headers });
  });
  await page.goto('/admin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'did not keep the sign-in cookie. Allow cookies for this site' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});
