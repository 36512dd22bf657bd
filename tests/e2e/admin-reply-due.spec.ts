// The reply promise in the inbox: a new lead shows when its answer is due, shows as overdue once the
// clock passes it (words and an icon), can be filtered by it, and stops its clock at the first reply
// sent, not when it is taken on.
import { expect, test } from '@playwright/test';
import { createAccount, expectNoAxeViolations, leadRows, openFilters, openSignedIn, seedLead, uniqueWord } from './admin';

const ACCOUNT = `${uniqueWord('due')}@takedownshield.test`;
const WORD = uniqueWord('promise');

// Tests of this file may run one after the other in the same worker, each with this hook.
let created = false;
test.beforeAll(async () => {
  if (created) return;
  await createAccount(ACCOUNT);
  created = true;
});

test('a new emergency lead is due in 2 hours, overdue once the clock passes it, and answered by a reply, not by a status', async ({
  page,
  request,
}) => {
  // Emergency requests are answered around the clock, so the promise is 2 hours whenever this runs.
  const id = await seedLead(request, {
    name: 'Rita Promise',
    email: `${WORD}@example.org`,
    subject: 'Leaked album',
    message: `Our album leaked before release, ${WORD}.`,
    urgency: 'emergency',
  });
  await page.clock.install({ time: new Date() });
  await openSignedIn(page, ACCOUNT, `/admin/?q=${WORD}`);
  const row = leadRows(page).filter({ hasText: 'Rita Promise' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').filter({ has: page.locator('time.admin-due') })).toHaveText('Due in 2 h');
  await expect(row.locator('time.admin-due')).toHaveAttribute('title', /^\w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d P[SD]T$/);

  await page.clock.fastForward('02:05:00');
  await expect(row.locator('time.admin-due')).toHaveText(/^!Overdue by \d+ min$/);
  await expect(row.locator('.admin-due__icon')).toBeVisible();
  await expectNoAxeViolations(page, 'the list with an overdue lead');

  await openFilters(page);
  await page.getByLabel('Order').selectOption('due');
  await page.getByRole('button', { name: 'Show leads' }).click();
  await expect(page).toHaveURL(/[?&]sort=due/);
  await expect(page.locator('p.admin-summary')).toHaveText('Showing 1 lead, reply due first.');
  await expect(row).toHaveCount(1);

  await row.getByRole('link', { name: 'Rita Promise' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead from Rita Promise');
  await expect(page.locator('.admin-due-line')).toContainText(/^Reply due \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d P[SD]T: !Overdue by/);
  await expectNoAxeViolations(page, 'an overdue lead');

  await page.getByRole('radio', { name: 'In progress' }).check();
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.locator('p.admin-status')).toHaveText('Status set to In progress.');
  // Taking the lead on answers nobody: no first answer is recorded, and the conversion view will not count one.
  await expect(page.locator('.admin-due-line')).toHaveCount(0);
  await expect(page.getByText(/First answered/)).toHaveCount(0);

  await page.getByLabel('Your reply').fill(`Hello Rita, we are on it (${WORD}).`);
  await page.getByRole('button', { name: 'Send reply' }).click();
  // The server's clock, not the page's: answered within seconds of arriving.
  await expect(page.locator('.admin-due-line')).toHaveText(/^First answered after [01] min, on .*, within the promise\.$/);

  expect(id).toMatch(/^[0-9a-f-]{36}$/);
});

test('taking a lead makes it yours: it shows you as its owner and is listed under "Mine", no longer under "Unassigned"', async ({
  page,
  request,
}) => {
  const word = uniqueWord('mine');
  await seedLead(request, {
    name: 'Omar Owner',
    email: `${word}@example.org`,
    subject: 'Copied course',
    message: `My course is copied, ${word}.`,
  });
  await openSignedIn(page, ACCOUNT, `/admin/?q=${word}&owner=unassigned`);
  await expect(leadRows(page)).toHaveCount(1);
  await expect(leadRows(page).first()).toContainText('Unassigned');

  await leadRows(page).first().getByRole('link', { name: 'Omar Owner' }).click();
  await page.getByRole('button', { name: 'Take it' }).click();
  await expect(page.locator('.admin-owner-form p')).toHaveText(`Owner: ${ACCOUNT} (you)`);
  await expect(page.getByRole('button', { name: 'Take it' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a lead you own');

  await page.goto(`/admin/?q=${word}&owner=mine`);
  await expect(leadRows(page)).toHaveCount(1);
  await expect(leadRows(page).first()).toContainText(ACCOUNT);
  await expect(page.getByLabel('Owner', { exact: true })).toHaveValue('mine');
  await expectNoAxeViolations(page, 'the list of your leads');
  await page.goto(`/admin/?q=${word}&owner=unassigned`);
  await expect(page.getByText('No leads match this filter.')).toBeVisible();

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(
    page
      .locator('table.admin-table tbody tr')
      .filter({ hasText: `assigned to ${ACCOUNT}` })
      .first(),
  ).toBeVisible();
});
