// The leads inbox at /admin, as the team uses it: find a lead, triage it, export, erase, and see
// each of those in the audit log; then sign out for good.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { siteModel } from './site';
import { STATUS_FILTERS } from '../../contracts/inbox-contract';
import {
  createAccount,
  leadRows,
  openFilters,
  openSignedIn,
  parseCsv,
  PASSWORD,
  search,
  seedLead,
  signIn,
  statusLine,
  uniqueWord,
  type SeedLead,
} from './admin';

const ACCOUNT = `${uniqueWord('inbox')}@takedownshield.test`;
/** In every lead of this file, so one search shows just them. */
const RUN = uniqueWord('run');

function lead(first: string): SeedLead & { word: string } {
  const word = uniqueWord(first.toLowerCase());
  return {
    word,
    name: `${first} Tester`,
    email: `${word}@example.org`,
    subject: `Question from ${first}`,
    message: `Please remove my photos; reference ${word}, batch ${RUN}.`,
    urgency: 'high',
  };
}

const ada = lead('Ada');
const brook = lead('Brook');
const cyd = lead('Cyd');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await createAccount(ACCOUNT);
  for (const l of [ada, brook, cyd]) {
    const { word: _word, ...body } = l;
    await seedLead(request, body);
  }
});

test('finds a lead by a word of it, sets its status and adds a note', async ({ page }) => {
  await openSignedIn(page, ACCOUNT);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await search(page, ada.word);
  await expect(leadRows(page)).toHaveCount(1);
  const row = leadRows(page).first();
  await expect(row).toContainText(ada.email);
  const { urgency } = siteModel().forms.contact!.fields.properties as Record<string, { oneOf: Array<{ const: string; title: string }> }>;
  await expect(row).toContainText(urgency!.oneOf.find((o) => o.const === 'high')!.title);
  await expect(row).toContainText('New');
  await expect(row.locator('td').nth(1).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  await row.getByRole('link', { name: ada.name }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead from ${ada.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const fields = page.locator('section', { has: page.getByRole('heading', { name: 'What they sent' }) });
  await expect(fields.locator('dd', { hasText: ada.message })).toBeVisible();
  await expect(fields.locator('dt', { hasText: 'Full name' })).toBeVisible();

  await page.getByRole('radio', { name: 'In progress' }).check();
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(statusLine(page)).toHaveText('Status set to In progress.');
  await expect(page.getByRole('button', { name: 'Save status' })).toBeFocused();

  const note = `Called back about ${ada.word}.\nThey will send the links.`;
  await page.getByRole('textbox', { name: 'Add a note' }).fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(statusLine(page)).toHaveText('Note added.');
  await expect(page.getByRole('button', { name: 'Add note' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');

  // Stored, not just shown: a fresh load of the page says the same.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'In progress' })).toBeChecked();
  await expect(page.locator('.admin-note')).toHaveCount(1);
  await expect(page.locator('.admin-note')).toContainText(ACCOUNT);
  expect(await page.locator('.admin-note p.admin-text').textContent()).toBe(note);

  // The list's filter by status finds it; the back link returns to the filtered list.
  await page.goto(`/admin/?status=in_progress&q=${RUN}`);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_progress');
  await expect(leadRows(page)).toHaveCount(1);
  await expect(leadRows(page).first()).toContainText('In progress');
});

test('exports the filtered view as a CSV file holding just those leads', async ({ page }) => {
  await openSignedIn(page, ACCOUNT, `/admin/?q=${RUN}`);
  await expect(leadRows(page)).toHaveCount(3);
  const link = page.getByRole('link', { name: /^Export CSV/ });
  await expect(link).toHaveAttribute('href', `/admin/api/leads.csv?q=${RUN}`);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')).filter((r) => r.some((f) => f !== ''));
  const [header, ...data] = rows;
  expect(header!.length).toBeGreaterThan(3);
  expect(data).toHaveLength(3);
  for (const l of [ada, brook, cyd])
    expect(
      data.filter((r) => r.includes(l.email)),
      l.email,
    ).toHaveLength(1);
});

test('erases a lead after a confirmation: the tombstone stays, the fields are gone', async ({ page }) => {
  await openSignedIn(page, ACCOUNT);
  await search(page, cyd.word);
  await expect(leadRows(page)).toHaveCount(1);
  await leadRows(page).first().getByRole('link', { name: cyd.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead from ${cyd.name}`);

  await page.getByRole('button', { name: 'Erase this lead…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this lead?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone.');
  // The safe choice has focus, and Escape backs out.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(cyd.message)).toBeVisible();

  await page.getByRole('button', { name: 'Erase this lead…' }).click();
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erased lead');
  await expect(statusLine(page)).toHaveText('The lead was erased.');
  await expect(page.locator('.admin-tombstone')).toContainText(`erased by ${ACCOUNT}`);
  await expect(page.getByRole('main')).not.toContainText(cyd.name);
  await expect(page.getByRole('main')).not.toContainText(cyd.word);
  await expect(page.getByRole('button', { name: 'Erase this lead…' })).toHaveCount(0);

  // Still erased after a reload; in the list it is a tombstone among the others.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erased lead');
  await page.goto(`/admin/?q=${RUN}`);
  await expect(leadRows(page)).toHaveCount(2);
  await page.goto(`/admin/?q=${cyd.word}`);
  await expect(page.getByText('No leads match this filter.')).toBeVisible();
});

test('marks a lead as spam: hidden from the inbox, shown with "Only spam", narrowed by dates; and back', async ({ page }) => {
  await openSignedIn(page, ACCOUNT, `/admin/?q=${brook.word}`);
  await expect(leadRows(page)).toHaveCount(1);
  await leadRows(page).first().getByRole('link', { name: brook.name }).click();
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(statusLine(page)).toHaveText('Marked as spam.');
  await expect(page.getByRole('button', { name: 'Not spam' })).toBeFocused();

  // Back to the same search: spam is hidden unless asked for.
  await page.getByRole('link', { name: 'Back to the leads' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/?\\?q=${brook.word}$`));
  await expect(page.getByText('No leads match this filter.')).toBeVisible();
  await openFilters(page);
  await page.getByLabel('Spam', { exact: true }).selectOption({ label: 'Only spam' });
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(/spam=only/);
  await expect(leadRows(page)).toHaveCount(1);
  await expect(leadRows(page).first()).toContainText('Spam');

  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await openFilters(page);
  await page.getByLabel('Received from').fill(today);
  await page.getByLabel('Received until').fill(today);
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  // The address changes a moment before the page shows its filter (the form is drawn again from it);
  // the export link follows the same render, so once it names the dates the form is the new one.
  await expect(page.getByRole('link', { name: /^Export CSV/ })).toHaveAttribute('href', new RegExp(`from=${today}&to=${today}`));
  await expect(leadRows(page)).toHaveCount(1);
  await openFilters(page);
  await page.getByLabel('Received from').fill(yesterday);
  await page.getByLabel('Received until').fill(yesterday);
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page.getByText('No leads match this filter.')).toBeVisible();

  // A shared address opens the same view, filter form included.
  await page.goto(`/admin/?spam=only&q=${brook.word}`);
  await expect(page.getByLabel('Spam', { exact: true })).toHaveValue('only');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(brook.word);
  await leadRows(page).first().getByRole('link', { name: brook.name }).click();
  await page.getByRole('button', { name: 'Not spam' }).click();
  await expect(statusLine(page)).toHaveText('Marked as not spam.');
  await page.goto(`/admin/?q=${brook.word}`);
  await expect(leadRows(page)).toHaveCount(1);
});

test('names the part of an address’s filter it cannot use, and applies the rest', async ({ page }) => {
  await openSignedIn(page, ACCOUNT, `/admin/?status=bogus&q=${ada.word}`);
  await expect(page.getByRole('alert')).toContainText(`status must be one of ${STATUS_FILTERS.join(', ')}.`);
  await expect(leadRows(page)).toHaveCount(1);
});

test('a session that ends returns to the sign-in view, and signing in again stays on the page', async ({ page }) => {
  await signIn(page, ACCOUNT);
  // The inbox asks for the list and its views' counts as it opens, and nothing more until someone acts.
  // Both have answered before the session ends, so the click below is what meets the ended session: on a
  // busy machine one of them could otherwise leave after the cookies went, and its refusal would show
  // the sign-in view in place of the link before the click.
  await expect(page.locator('.admin-summary')).toHaveText(/^Showing \d+ leads?,/);
  await expect(page.getByRole('navigation', { name: 'Saved views' }).locator('.admin-views__count').first()).toBeVisible();
  await page.context().clearCookies();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeFocused();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await page.getByLabel('E-mail address').fill(ACCOUNT);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
});

test('the audit log lists the status change, the note, the export and the erasure', async ({ page }) => {
  await openSignedIn(page, ACCOUNT);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
  const mine = page.locator('table.admin-table tbody tr', { hasText: ACCOUNT });
  await expect(mine.first()).toBeVisible();
  for (const action of ['Changed a status', 'Changed the spam flag', 'Added a note', 'Exported leads', 'Erased a lead', 'Signed in'])
    await expect(mine.filter({ hasText: action }).first(), action).toBeVisible();
  await expect(mine.filter({ hasText: 'Changed a status' }).first()).toContainText(/in.progress/i);
  // Newest first: the erasure came after the status change.
  const actions = await mine.locator('td:nth-child(3)').allTextContents();
  expect(actions.indexOf('Erased a lead')).toBeLessThan(actions.indexOf('Changed a status'));
  // A lead's row links to the lead.
  await mine.filter({ hasText: 'Erased a lead' }).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erased lead');
});

test('signing out shows the sign-in view, and the old session no longer works', async ({ page, browser, baseURL }) => {
  await signIn(page, ACCOUNT);
  const cookies = await page.context().cookies();
  expect(cookies.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText('You have signed out.')).toBeVisible();

  // The cookie the browser had, replayed from elsewhere, is refused.
  const other = await browser.newContext({ baseURL });
  await other.addCookies(cookies);
  const answer = await other.request.get('/admin/api/leads');
  expect(answer.status()).toBe(401);
  const otherPage = await other.newPage();
  await otherPage.goto('/admin/');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Sign in', exact: true })).toBeVisible();
  await other.close();
});
