// Triage from the list: saved views with their counts, several leads changed at once, leads worked
// through with the keyboard alone, and a list that keeps its place and filters around a lead.
import { expect, test, type Page } from '@playwright/test';
import { INBOX_VIEWS, STATUS_LABELS, type AuditPage } from '../../contracts/inbox-contract';
import { createAccount, expectNoAxeViolations, leadRows, openSignedIn, seedLead, statusLine, uniqueWord } from './admin';

const ACCOUNT = `${uniqueWord('triage')}@takedownshield.test`;

let created = false;
test.beforeAll(async () => {
  if (created) return;
  await createAccount(ACCOUNT);
  created = true;
});

/** Sends `count` leads sharing one search word; resolves to the word and the leads' names, oldest first. */
async function seedBatch(request: Parameters<typeof seedLead>[0], prefix: string, count: number) {
  const word = uniqueWord(prefix);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix} Person ${String.fromCharCode(65 + i)}`;
    names.push(name);
    await seedLead(request, {
      name,
      email: `${word}${i}@example.org`,
      subject: `Request ${i}`,
      message: `Please take down copies, reference ${word}.`,
    });
  }
  return { word, names };
}

/** The audit log's entries about these leads, newest first, read through the inbox's own API. */
async function auditOf(page: Page, leadIds: readonly string[]) {
  const response = await page.request.get('/admin/api/audit', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AuditPage).entries.filter((e) => e.leadId !== null && leadIds.includes(e.leadId));
}

/** The id of the lead a row links to. */
async function rowId(page: Page, index: number): Promise<string> {
  const href = await leadRows(page).nth(index).getByRole('link').getAttribute('href');
  return decodeURIComponent(href!.split('/leads/')[1]!);
}

test('checks three leads and marks them done at once; each change is audited on its own lead', async ({ page, request }) => {
  const { word, names } = await seedBatch(request, 'Bulk', 4);
  await openSignedIn(page, ACCOUNT, `/admin/?q=${word}`);
  await expect(leadRows(page)).toHaveCount(4);
  const ids = await Promise.all([0, 1, 2, 3].map((i) => rowId(page, i)));
  for (const name of names.slice(0, 3)) await page.getByRole('checkbox', { name: `Select the lead from ${name}` }).check();
  await expect(page.locator('.admin-bulk__count')).toHaveText('3 checked');
  await page.getByLabel('New status').selectOption({ label: STATUS_LABELS.done });
  await page.getByRole('button', { name: 'Set status' }).click();
  await expect(statusLine(page)).toHaveText(`3 leads set to ${STATUS_LABELS.done}.`);

  for (const name of names.slice(0, 3))
    await expect(leadRows(page).filter({ hasText: name }).locator('.admin-badge--done')).toHaveText(STATUS_LABELS.done);
  await expect(leadRows(page).filter({ hasText: names[3]! }).locator('.admin-badge--new')).toHaveText(STATUS_LABELS.new);
  await expect(page.locator('.admin-bulk__count')).toBeEmpty();
  await expectNoAxeViolations(page, 'the list after a bulk change');

  const changedIds = await Promise.all(
    names.slice(0, 3).map(async (name) => {
      const index = (await leadRows(page).allInnerTexts()).findIndex((t) => t.includes(name));
      return rowId(page, index);
    }),
  );
  const entries = await auditOf(page, ids);
  const statusEntries = entries.filter((e) => e.action === 'status');
  expect(statusEntries.map((e) => e.leadId).sort()).toEqual([...changedIds].sort());
  for (const e of statusEntries) expect(e.actor).toBe(ACCOUNT);

  // Reloaded from the server, not just drawn: the three are Done there too.
  await page.reload();
  await expect(leadRows(page).locator('.admin-badge--done')).toHaveCount(3);
});

test('works through five leads with the keyboard alone: next, take, done, spam, help, and keys never fire while typing', async ({
  page,
  request,
}) => {
  const { word, names } = await seedBatch(request, 'Keys', 5);
  await openSignedIn(page, ACCOUNT, `/admin/?q=${word}&sort=newest`);
  await expect(leadRows(page)).toHaveCount(5);

  // Typing a key's letter into the search box is text, not a command.
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.type(' dts');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`${word} dts`);
  await expect(leadRows(page).locator('.admin-badge--new')).toHaveCount(5);
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.locator('h1').focus();

  // Newest first: the last seeded is on top.
  const shown = [...names].reverse();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('j');
    await expect(leadRows(page).nth(i).getByRole('link')).toBeFocused();
    if (i === 4) {
      await page.keyboard.press('s');
      await expect(statusLine(page)).toHaveText(`${shown[i]}: marked as spam.`);
      await expect(leadRows(page).nth(i).locator('.admin-badge--spam')).toHaveText('Spam');
      continue;
    }
    await page.keyboard.press('t');
    await expect(statusLine(page)).toHaveText(`${shown[i]}: assigned to you.`);
    await expect(leadRows(page).nth(i)).toContainText(ACCOUNT);
    await page.keyboard.press('d');
    await expect(statusLine(page)).toHaveText(`${shown[i]}: set to ${STATUS_LABELS.done}.`);
    await expect(leadRows(page).nth(i).locator('.admin-badge--done')).toHaveText(STATUS_LABELS.done);
  }
  // j at the last row stays there; k goes back up.
  await page.keyboard.press('j');
  await expect(leadRows(page).nth(4).getByRole('link')).toBeFocused();
  await page.keyboard.press('k');
  await expect(leadRows(page).nth(3).getByRole('link')).toBeFocused();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  expect(await help.locator('kbd').allInnerTexts()).toEqual(['j', 'k', 'Enter', 'o', 't', 'd', 's', '?']);
  await expectNoAxeViolations(page, 'the keys dialog');
  // Keys do nothing behind the dialog.
  await page.keyboard.press('j');
  await expect(leadRows(page).nth(3).getByRole('link')).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // o opens the lead the keyboard is on.
  await leadRows(page).nth(1).getByRole('link').focus();
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead from ${shown[1]}`);

  // Reloaded from the server: four done and owned, one spam.
  await page.goto(`/admin/?q=${word}&sort=newest&spam=include`);
  await expect(leadRows(page).locator('.admin-badge--done')).toHaveCount(4);
  await expect(leadRows(page).filter({ hasText: ACCOUNT })).toHaveCount(4);
  await expect(leadRows(page).locator('.admin-badge--spam')).toHaveCount(1);
});

test('shows each saved view with its count, and following a view lists that many leads', async ({ page, request }) => {
  const { word } = await seedBatch(request, 'Views', 2);
  await openSignedIn(page, ACCOUNT, `/admin/?q=${word}`);
  await expect(leadRows(page)).toHaveCount(2);
  await leadRows(page).first().getByRole('link').focus();
  await page.keyboard.press('t');
  await expect(statusLine(page)).toHaveText(/assigned to you\.$/);

  const views = page.getByRole('navigation', { name: 'Saved views' });
  for (const view of INBOX_VIEWS)
    await expect(views.getByRole('link', { name: new RegExp(`^${view.label}\\s*: \\d+ leads?$`) })).toHaveCount(1);

  for (const view of INBOX_VIEWS) {
    const link = views.getByRole('link', { name: new RegExp(`^${view.label}\\s*:`) });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/?\\?${view.params.replace(/[?&]/g, '.')}$`));
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('p.admin-summary')).not.toHaveText('Loading leads…');
    // The counts are fetched again with each list, and other tests add leads meanwhile: the list is
    // compared with the count shown beside it once both have arrived. A page holds fifty; a larger
    // view says more follow.
    const shown = async () => Number(/\d+/.exec(await link.locator('.admin-views__count').innerText())![0]);
    await expect
      .poll(async () => Math.min(await shown(), 51) === Math.min(await leadRows(page).count(), 51) || (await shown()) > 50)
      .toBe(true);
    if ((await shown()) > 50) await expect(page.locator('p.admin-summary')).toContainText('follow');
  }
  // This account took exactly one lead, and "Mine" lists it.
  await views.getByRole('link', { name: /^Mine\s*:/ }).click();
  await expect(views.getByRole('link', { name: /^Mine\s*:/ })).toHaveAccessibleName(/^Mine\s*: 1 lead$/);
  await expect(leadRows(page)).toHaveCount(1);
  await expectNoAxeViolations(page, 'a saved view');
});

test('at 1366 × 900 the rows start near the top, no column is cut, and the folded filters open', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { word } = await seedBatch(request, 'Layout', 1);
  await openSignedIn(page, ACCOUNT, `/admin/?q=${word}`);
  await expect(leadRows(page)).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('list-1366.png') });
  const top = (await leadRows(page).first().boundingBox())!.y;
  expect(top, 'where the first row starts').toBeLessThan(450);
  const cut = await page.locator('.admin-table-wrap').evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
  expect(cut, 'table wider than its box').toBeLessThanOrEqual(0);
  await expect(page.getByLabel('Urgency')).toBeHidden();
  await page.getByText('More filters').click();
  await expect(page.getByLabel('Urgency')).toBeVisible();
  await expectNoAxeViolations(page, 'the list with its filters open');
});

test('coming back from a lead keeps the filters and puts the keyboard on the row it was opened from', async ({ page, request }) => {
  const { word, names } = await seedBatch(request, 'Place', 4);
  const filters = `q=${word}&status=open&sort=newest`;
  await openSignedIn(page, ACCOUNT, `/admin/?${filters}`);
  await expect(leadRows(page)).toHaveCount(4);
  const third = [...names].reverse()[2]!;
  await leadRows(page).nth(2).getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead from ${third}`);

  await page.getByRole('link', { name: 'Back to the leads' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/?\\?${filters}$`));
  await expect(leadRows(page).nth(2).getByRole('link', { name: third })).toBeFocused();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('open');

  // The browser's Back button does the same.
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead from ${[...names].reverse()[3]}`);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/admin/?\\?${filters}$`));
  await expect(leadRows(page).nth(3).getByRole('link')).toBeFocused();
});
