// Two-step sign-in in the inbox, as a person sets it up and uses it: scan the QR code (here: read
// the typed key), confirm with a code, keep the recovery codes; then sign in with a code, with a
// recovery code once (and not twice); move it to a new app and turn it off, each with the password
// and the current code; and an account that must have it reaches nothing without it.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { currentCode } from '../../server/admin/two-step';
import { WRONG_CODE, WRONG_PASSWORD } from '../../server/admin/two-step-routes';
import { createAccount, expectNoAxeViolations, PASSWORD, requireTwoStep, signIn, statusLine, typePassword, uniqueWord } from './admin';

const STEP_MS = 30_000;

/**
 * A code of a later step than `used` (codes count once): the app's current one, or while that is
 * still the used step's, the next, as an app whose clock runs a little ahead shows it. The server
 * accepts the next step too, so the test need not wait up to 30 s.
 */
function freshCode(secret: string, used: number): string {
  const step = Math.max(Math.floor(used / STEP_MS) + 1, Math.floor(Date.now() / STEP_MS));
  return currentCode(secret, new Date(step * STEP_MS));
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
}

async function enterCode(page: Page, label: 'Code from the app' | 'Recovery code', code: string): Promise<void> {
  await page.getByLabel(label).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Sets two-step sign-in up from the screen showing "Set up two-step sign-in"; the key and the recovery codes. */
async function setUp(page: Page): Promise<{ secret: string; codes: string[]; usedAt: number }> {
  // The session alone is not enough: the password is asked for again, and a wrong one refused.
  await page.getByLabel('Your password').fill('not the password at all');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('alert')).toContainText(WRONG_PASSWORD);
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Add the inbox to your authenticator app' })).toBeFocused();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  // The browser drew it: the Content-Security-Policy let the image through.
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page, 'the QR code and key');

  await page.getByLabel('Code the app shows now').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  const usedAt = Date.now();
  await page.getByLabel('Code the app shows now').fill(currentCode(secret, new Date(usedAt)));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in is on: save your recovery codes' })).toBeFocused();
  const codes = (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  // One state at a time: the page no longer says it is off above the codes of it being on.
  await expect(page.getByText('Two-step sign-in is off.')).toHaveCount(0);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy the codes' }).click();
  await expect(page.getByText('The recovery codes are copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').filter((line) => codes.includes(line))).toEqual(codes);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as a .txt file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.txt$/);
  const saved = readFileSync((await download.path())!, 'utf8');
  expect(saved.split('\n').filter((line) => codes.includes(line))).toEqual(codes);
  await expectNoAxeViolations(page, 'the recovery codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return { secret, codes, usedAt };
}

test('sets up two-step sign-in, signs in with a code, and with a recovery code once but not twice', async ({ page }) => {
  // Five axe runs; on a busy machine each can take seconds.
  test.setTimeout(120_000);
  const account = `${uniqueWord('totp')}@takedownshield.test`;
  await createAccount(account);
  await signIn(page, account);
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('Two-step sign-in is off.');
  const { secret, codes, usedAt } = await setUp(page);
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText(
    'Two-step sign-in is on. 10 of your recovery codes are unused.',
  );
  await signOut(page);

  // With a code from the app: the password alone opens nothing.
  await typePassword(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeFocused();
  expect((await page.request.get('/admin/api/leads')).status()).toBe(403);
  await expectNoAxeViolations(page, 'the code step');
  await enterCode(page, 'Code from the app', freshCode(secret, usedAt));
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await signOut(page);

  // With a recovery code, once.
  await typePassword(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await enterCode(page, 'Recovery code', codes[3]!);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('9 of your recovery codes are unused.');
  await signOut(page);

  // The same recovery code a second time: refused, and still signed out of the inbox.
  await typePassword(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await enterCode(page, 'Recovery code', codes[3]!);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('That code is not right, or was used already.');
  await expect(alert).toBeFocused();
  await expectNoAxeViolations(page, 'the code step with a refusal');
  expect((await page.request.get('/admin/api/leads')).status()).toBe(403);
  await page.getByRole('button', { name: 'Cancel and sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
});

test('moves two-step sign-in to a new app and turns it off, each with the password and the current code', async ({ page }) => {
  // Four axe runs; on a busy machine each can take seconds.
  test.setTimeout(120_000);
  const account = `${uniqueWord('move')}@takedownshield.test`;
  await createAccount(account);
  await signIn(page, account);
  await page.getByRole('link', { name: 'Your account' }).click();
  const { secret, usedAt } = await setUp(page);
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section).toContainText('10 of your recovery codes are unused.');
  await expectNoAxeViolations(page, 'your account with two-step sign-in on');

  // Moving to a new app: the code of the app in use, and the password.
  const move = page.getByRole('group', { name: 'Move to a new phone or app' });
  await move.getByLabel('Your password').fill(PASSWORD);
  await move.getByLabel('Code from the app you use now').fill('000000');
  await move.getByRole('button', { name: 'Move to a new app' }).click();
  await expect(move.getByRole('alert')).toContainText(WRONG_CODE);
  await move.getByLabel('Your password').fill(PASSWORD);
  await move.getByLabel('Code from the app you use now').fill(freshCode(secret, usedAt));
  await move.getByRole('button', { name: 'Move to a new app' }).click();
  await expect(move.getByRole('heading', { name: 'Add the inbox to your authenticator app' })).toBeFocused();
  const moved = (await move.getByTestId('totp-secret').textContent())!.trim();
  expect(moved).not.toBe(secret);
  const movedAt = Date.now();
  await move.getByLabel('Code the app shows now').fill(currentCode(moved, new Date(movedAt)));
  await move.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(move.getByRole('heading', { name: 'Two-step sign-in is on: save your recovery codes' })).toBeFocused();
  await expectNoAxeViolations(page, 'the new recovery codes after moving to a new app');
  await move.getByRole('button', { name: 'I have saved them' }).click();
  await expect(move.getByRole('button', { name: 'Move to a new app' })).toBeVisible();

  // Turning it off: a wrong password is refused and changes nothing; the password and the new app's code turn it off.
  const off = page.getByRole('form', { name: 'Turn it off' });
  await off.getByLabel('Your password').fill('not the password at all');
  await off.getByLabel('Code from the app, to turn it off').fill(freshCode(moved, movedAt));
  await off.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(off.getByRole('alert')).toContainText(WRONG_PASSWORD);
  await expectNoAxeViolations(page, 'turning two-step sign-in off, refused');
  await off.getByLabel('Your password').fill(PASSWORD);
  await off.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(statusLine(page)).toHaveText('Two-step sign-in is off.');
  await expect(section).toContainText('Two-step sign-in is off.');
  await signOut(page);
  await typePassword(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
});

test('an account that must use two-step sign-in reaches nothing but its set-up until it is done', async ({ page }) => {
  // Three axe runs; on a busy machine each can take seconds.
  test.setTimeout(90_000);
  const account = `${uniqueWord('must')}@takedownshield.test`;
  await createAccount(account);
  await requireTwoStep(account);
  await typePassword(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the required set-up');
  for (const path of ['/admin/api/leads', '/admin/api/audit', '/admin/api/leads.csv', '/admin/api/sessions']) {
    const refused = await page.request.get(path);
    expect(refused.status(), path).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('SECOND_STEP_NEEDED');
  }
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();

  await setUp(page);
  // Where the person was going before the set-up stopped them.
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  expect((await page.request.get('/admin/api/leads')).status()).toBe(200);
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('It is required for this account');
});

test('your sessions lists each browser signed in, and signing out everywhere else ends the others', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const account = `${uniqueWord('sessions')}@takedownshield.test`;
  await createAccount(account);
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, account);
  await signIn(page, account);
  await page.getByRole('link', { name: 'Your account' }).click();
  const table = page.getByRole('table', { name: 'Your sessions, most recently used first' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('(this browser)');
  await expect(table).toContainText('Chrome on Linux');
  await expectNoAxeViolations(page, 'your account and sessions');
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(statusLine(page)).toHaveText('Signed out everywhere else: 1 other session ended.');
  await expect(table.getByRole('row')).toHaveCount(2);
  expect((await other.request.get('/admin/api/leads')).status()).toBe(401);
  await elsewhere.close();
});
