// A complete takedown notice request in the inbox: 300 addresses over 4 hosts, each host's notices
// split at 250 with every element, copied and downloaded as sent; one host's notice sent by e-mail
// through the outbox, one host marked removed and one refused, as the lead, the audit log and the
// conversion view then show. The request is put in the server's store directly, as the notice form
// stores it.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AuditPage } from '../../contracts/inbox-contract';
import { NOTICE_STATUS_LABELS } from '../../contracts/notice-contract';
import { URLS_PER_NOTICE } from '../../engine/notices/notice-text';
import { recipientFor } from '../../engine/notices/recipients';
import { createSqliteStore } from '../../server/store/sqlite';
import { HOST_COUNTS, NOTICE_FACTS, noticeLead, noticeRequest } from '../support/notice-request';
import { createAccount, expectNoAxeViolations, signIn, statusLine, uniqueWord } from './admin';
import { e2eDataDir } from './content-root';
import { mailTo } from './mail';
import { siteModel } from './site';

const ACCOUNT = `${uniqueWord('notices')}@takedownshield.test`;
const OUTPUT = resolve(join(import.meta.dirname, '..', '..'), process.env.E2E_OUTPUT ?? 'test-results');

const template = () => siteModel().noticeTemplate!;
const directory = () => siteModel().noticeRecipients;

/** Puts a notice request in the shared server's store, as the notice form stores one; its id. */
async function storeNoticeRequest(facts: Partial<typeof NOTICE_FACTS> = {}): Promise<string> {
  const store = createSqliteStore({ file: join(e2eDataDir(OUTPUT), 'leads.sqlite') });
  await store.init();
  try {
    return (await store.leads.insertLead(noticeLead(template(), facts))).id;
  } finally {
    await store.close();
  }
}

let created = false;
test.beforeAll(async () => {
  if (created) return;
  await createAccount(ACCOUNT);
  created = true;
});

const hostBlock = (page: Page, host: string): Locator => page.getByRole('article', { name: host, exact: true });
const noticeTexts = (block: Locator) => block.locator('pre.admin-notice__text');

async function auditOf(page: Page, leadId: string) {
  const response = await page.request.get('/admin/api/audit', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AuditPage).entries.filter((e) => e.leadId === leadId);
}

test('the team sees 4 hosts with their notices split at 250, marks one removed and one refused, and the audit log says so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = uniqueWord('Rosa');
  const id = await storeNoticeRequest({ fullName: `${name} Delgado`, requesterName: `${name} Delgado` });
  const request = noticeRequest(template(), { fullName: `${name} Delgado`, requesterName: `${name} Delgado` });
  await signIn(page, ACCOUNT);
  await page.goto(`/admin/leads/${id}`);

  const section = page.getByRole('region', { name: 'Takedown notices' });
  await expect(section.getByRole('article')).toHaveCount(HOST_COUNTS.length);
  await expect(section.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(HOST_COUNTS.map(([host]) => host));

  for (const group of request.groups) {
    const block = hostBlock(page, group.host);
    const parts = Math.ceil(group.urls.length / URLS_PER_NOTICE);
    await expect(noticeTexts(block)).toHaveCount(parts);
    const recipient = recipientFor(group.host, directory());
    if (recipient === 'unknown') await expect(block.getByRole('link', { name: /web form/ })).toHaveCount(0);
    else await expect(block).toContainText(recipient.name);
    for (let i = 0; i < parts; i++) {
      const text = (await noticeTexts(block).nth(i).textContent())!;
      const lines = text.split('\n');
      const mine = group.urls.slice(i * URLS_PER_NOTICE, (i + 1) * URLS_PER_NOTICE);
      expect(lines.filter((l) => /^https?:\/\//.test(l) && group.urls.includes(l))).toEqual(mine);
      for (const element of [
        NOTICE_FACTS.description,
        request.work.kind,
        request.work.authorisedCopy,
        request.work.registration!,
        ...NOTICE_FACTS.postalAddress.split('\n'),
        request.requester.telephone,
        request.requester.email,
        template().checkboxes.goodFaith,
        template().checkboxes.accuracy,
        `/${name} Delgado/`,
      ])
        expect(text, `${group.host} part ${i + 1}`).toContain(element);
    }
  }
  await expect(section).toContainText(`0 of ${HOST_COUNTS.length} hosts done`);
  await expectNoAxeViolations(page, 'a notice request’s lead');

  // Copy and download give the text shown.
  const [byEmailHost] = HOST_COUNTS.find(([host]) => {
    const r = recipientFor(host, directory());
    return r !== 'unknown' && r.email;
  })!;
  const first = hostBlock(page, HOST_COUNTS[0]![0]);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await first.getByRole('button', { name: /^Copy/ }).first().click();
  const shown = (await noticeTexts(first).first().textContent())!;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first
      .getByRole('link', { name: /^Download as text/ })
      .nth(1)
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`notice-${HOST_COUNTS[0]![0]}-part-2-of-2.txt`);
  expect(readFileSync((await download.path())!, 'utf8')).toContain((await noticeTexts(first).nth(1).textContent())!);

  // Sent by e-mail only when asked: through the outbox, to the directory's address.
  const emailBlock = hostBlock(page, byEmailHost);
  const to = (recipientFor(byEmailHost, directory()) as { email: string }).email;
  await emailBlock.getByRole('button', { name: `Send by e-mail to ${to}` }).click();
  await expect(emailBlock.locator('.admin-badge--notice-sent')).toHaveText(NOTICE_STATUS_LABELS.sent);
  await expect(emailBlock).toContainText(`by e-mail to ${to}`);
  const sentMail = await mailTo(to, (m) => m.mail.text?.includes(`/${name} Delgado/`) ?? false);
  expect(sentMail.mail.subject).toContain(byEmailHost);
  expect(sentMail.mail.subject).not.toContain(name);

  // One host removed, one refused.
  const [removedHost, refusedHost] = HOST_COUNTS.map(([host]) => host).filter((host) => host !== byEmailHost);
  for (const [host, status] of [
    [removedHost!, 'removed'],
    [refusedHost!, 'refused'],
  ] as const) {
    const block = hostBlock(page, host);
    await block.getByLabel('New status', { exact: true }).selectOption({ label: NOTICE_STATUS_LABELS[status] });
    await block.getByRole('button', { name: /^Save status/ }).click();
    await expect(block.locator(`.admin-badge--notice-${status}`)).toHaveText(NOTICE_STATUS_LABELS[status]);
    await expect(statusLine(page)).toHaveText(`${host}: ${NOTICE_STATUS_LABELS[status]}.`);
  }
  await expect(section).toContainText(`2 of ${HOST_COUNTS.length} hosts done, 3 sent`);

  const parts = Math.ceil(request.groups.find((g) => g.host === byEmailHost)!.urls.length / URLS_PER_NOTICE);
  // Still so after a reload, and in the lead's timeline.
  await page.reload();
  await expect(hostBlock(page, removedHost!).locator('.admin-badge--notice-removed')).toHaveText(NOTICE_STATUS_LABELS.removed);
  await expect(hostBlock(page, refusedHost!).locator('.admin-badge--notice-refused')).toHaveText(NOTICE_STATUS_LABELS.refused);
  // The notice e-mails are in the lead's notifications, one per part, told apart from replies.
  const notifications = page.getByRole('region', { name: 'Notifications' }).getByRole('row');
  await expect(notifications.filter({ hasText: `notice ${byEmailHost} ` })).toHaveCount(parts);
  await expect(notifications.filter({ hasText: `notice ${byEmailHost} ` }).first()).toContainText('Takedown notice');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('→ removed');
  await expect(timeline).toContainText('→ refused');

  const entries = (await auditOf(page, id)).filter((e) => e.action === 'notice');
  expect(entries.map((e) => e.detail.split(': ').at(-1)).reverse()).toEqual([
    `to send → sent, ${parts} e-mail${parts === 1 ? '' : 's'} queued to ${to}`,
    'to send → removed',
    'to send → refused',
  ]);
  await page.goto('/admin/audit');
  const auditTable = page.getByRole('table');
  for (const e of entries) await expect(auditTable).toContainText(e.detail);

  // The list shows the lead's progress; the conversion view counts it, and both pass axe.
  await page.goto(`/admin/?q=${name}`);
  await expect(page.locator('.admin-notice-progress')).toContainText(`2 of ${HOST_COUNTS.length} hosts done`);
  await page.goto('/admin/conversion');
  const figures = page.getByRole('region', { name: 'Takedown notices' });
  await expect(figures.getByRole('table')).toHaveCount(2);
  await expectNoAxeViolations(page, 'the conversion view with notice figures');
});
