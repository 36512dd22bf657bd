// The leads inbox's views under axe, and the sign-in view's answers to refusals, by keyboard.
import { expect, test } from '@playwright/test';
import { createAccount, expectNoAxeViolations, leadRows, PASSWORD, seedLead, signIn, uniqueWord } from './admin';

const ACCOUNT = `${uniqueWord('a11y')}@takedownshield.test`;
const WORD = uniqueWord('access');

test.beforeAll(() => createAccount(ACCOUNT));

test('the inbox page is not for search engines and has its own title', async ({ page }) => {
  const response = await page.goto('/admin');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Leads inbox/);
});

test('the sign-in view has no accessibility violations, also when it shows a refusal', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in view');

  // By keyboard: type, Tab, type, Enter.
  await page.getByLabel('E-mail address').focus();
  await page.keyboard.type(ACCOUNT);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  expect((await alert.textContent())!.length).toBeGreaterThan(5);
  await expectNoAxeViolations(page, 'the sign-in view with a refusal');
});

test('after five wrong passwords from here the page asks to wait, in an alert that takes focus', async ({ page, request }) => {
  // Any address is slowed the same way, account or not, so this one needs no account.
  const address = `${uniqueWord('locked')}@takedownshield.test`;
  for (let i = 0; i < 5; i++) {
    const answer = await request.post('/admin/api/sign-in', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email: address, password: `wrong password ${i}` },
    });
    expect(answer.status()).toBe(401);
  }
  await page.goto('/admin');
  await page.getByLabel('E-mail address').fill(address);
  await page.getByLabel('Password').fill(PASSWORD);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/api/sign-in')),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(((await answer.json()) as { message: string }).message);
  await expect(alert).toContainText('Try again in');
  await expect(alert).toBeFocused();
});

test('the sign-in page says how accounts are made, without saying whether any exist', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
  await page.getByText('No account yet?').click();
  await expect(page.getByRole('main')).toContainText('npm run leads -- add-user you@example.com');
  const anonymous = await page.request.get('/admin/api/session');
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).not.toHaveProperty('setupNeeded');
  await expectNoAxeViolations(page, 'the sign-in view with its help open');
});

test('the list, a lead, the erase confirmation and the audit log have no accessibility violations', async ({ page, request }) => {
  // Sent here, not before every worker's tests: the API allows 30 leads a minute per address.
  await seedLead(request, {
    name: 'Axe Checker',
    email: `${WORD}@example.org`,
    subject: 'Accessibility check',
    message: `A lead for the accessibility checks, ${WORD}.`,
  });
  await signIn(page, ACCOUNT, undefined, `/admin/?q=${WORD}`);
  await expect(leadRows(page)).toHaveCount(1);
  await expectNoAxeViolations(page, 'the list');

  await leadRows(page).first().getByRole('link', { name: 'Axe Checker' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead from Axe Checker');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expectNoAxeViolations(page, 'the lead');

  await page.getByRole('button', { name: 'Erase this lead…' }).click();
  await expect(page.getByRole('dialog', { name: 'Erase this lead?' })).toBeVisible();
  await expectNoAxeViolations(page, 'the erase confirmation');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Erase this lead…' })).toBeFocused();

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.locator('table.admin-table tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the audit log');

  await page.goto('/admin/?q=nothingmatchesthisword');
  await expect(page.getByText('No leads match this filter.')).toBeVisible();
  await expectNoAxeViolations(page, 'the empty list');
});
