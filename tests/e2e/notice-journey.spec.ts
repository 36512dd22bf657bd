// A takedown notice from the visitor's paste to the team's tracking, as one journey, with JavaScript
// and without: 300 pasted lines over 4 websites (repeats, fragments, a private address and a
// javascript: line), the count per website and the refused lines at their places, the list fixed,
// the notice signed and sent; then the team signs in, opens the lead, sees the 4 hosts with their
// notices split at 250 and every element of the stored request in each notice's text, marks one host
// removed and one refused, and finds both on the lead and in the audit log. axe finds nothing at any step.
import { expect, test, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditPage } from '../../contracts/inbox-contract';
import { NOTICE_STATUS_LABELS } from '../../contracts/notice-contract';
import type { ResolvedFormSection } from '../../engine/content/model';
import { ADDRESS_FIELD } from '../../engine/notices/notice-form';
import { readNoticeRequest } from '../../engine/notices/notice-request';
import { URLS_PER_NOTICE, type NoticeRequest } from '../../engine/notices/notice-text';
import { createAccount, expectNoAxeViolations, leadRows, search, signIn, statusLine, uniqueWord } from './admin';
import { fillNotice, isNoticeForm, noticeAnswers } from './notice';
import { siteModel, waitForIslands } from './site';

const STORE = join(process.env.E2E_OUTPUT ?? 'test-results', 'e2e-data', 'leads.sqlite');
const ACCOUNT = `${uniqueWord('journey')}@takedownshield.test`;

const { path, form } = siteModel()
  .pages.flatMap((p) =>
    p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
  )
  .find((f) => isNoticeForm(f.form))!;

/** The websites of the paste and how many different addresses each gets: the first one past the 250 a notice holds. */
const HOSTS: ReadonlyArray<readonly [string, number]> = [
  ['youtube.com', 262],
  ['instagram.com', 18],
  ['t.me', 8],
  ['copies.example.net', 8],
];
/** Where the two refused lines are pasted, 1-based. */
const PRIVATE_LINE = 37;
const SCRIPT_LINE = 268;

/**
 * 300 lines: 296 different addresses (every seventh with a fragment, every eleventh with a tracking
 * parameter, which normalising drops), 2 repeats of earlier lines (one with another fragment), a
 * private address and a javascript: line. `clean` is the same list with the two refused lines removed.
 */
function pasted(): { all: string; clean: string } {
  const lines: string[] = [];
  for (const [host, count] of HOSTS)
    for (let i = 1; i <= count; i++)
      lines.push(`https://${host}/copy/${i}${i % 11 === 0 ? '?utm_source=share' : ''}${i % 7 === 0 ? `#t=${i}` : ''}`);
  lines.splice(120, 0, lines[3]!);
  lines.splice(290, 0, `${lines[20]!}#again`);
  const clean = lines.join('\n');
  lines.splice(PRIVATE_LINE - 1, 0, 'http://10.0.0.7/copy/1');
  lines.splice(SCRIPT_LINE - 1, 0, 'javascript:alert(document.cookie)');
  expect(lines).toHaveLength(300);
  return { all: lines.join('\n'), clean };
}

const field = (page: Page, name: string) => page.locator(`[id="${form.id}-form_${name}"]`);
const summary = (page: Page) => field(page, `${ADDRESS_FIELD}-summary`);
const sendButton = (page: Page) => page.locator(`form:has([id="${form.id}-form_email"])`).getByRole('button', { name: form.buttons.idle });

/** The hosts a count list shows, with their counts, in its order. */
async function expectCounted(page: Page, within: string): Promise<void> {
  const items = page.locator(`${within} [data-host]`);
  await expect(items).toHaveCount(HOSTS.length);
  expect(await items.evaluateAll((li) => li.map((e) => [e.getAttribute('data-host'), Number(e.getAttribute('data-count'))]))).toEqual(
    HOSTS.map(([h, n]) => [h, n]),
  );
}

async function expectRefusedAtTheirLines(page: Page): Promise<void> {
  const refused = summary(page).locator('[data-line]');
  await expect(refused).toHaveCount(2);
  expect(await refused.evaluateAll((li) => li.map((e) => [Number(e.getAttribute('data-line')), e.getAttribute('data-reason')]))).toEqual([
    [PRIVATE_LINE, 'private-address'],
    [SCRIPT_LINE, 'not-web'],
  ]);
}

/** The notice leads stored for `email`: their ids and the requests their payloads hold. */
function stored(email: string): Array<{ id: string; request: NoticeRequest | null }> {
  if (!existsSync(STORE)) return [];
  const db = new Database(STORE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT id, payload FROM leads WHERE form_type = 'notice' AND json_extract(payload, '$.email') = ? ORDER BY rowid")
      .all(email) as Array<{ id: string; payload: string }>;
    return rows.map((r) => ({ id: r.id, request: readNoticeRequest(JSON.parse(r.payload)) }));
  } finally {
    db.close();
  }
}

/** What a visitor types: the notice's answers, under a name the inbox's search finds as one word. */
function visitor(label: string) {
  const word = uniqueWord(label);
  const email = `${word}@example.org`;
  const { all, clean } = pasted();
  const answers = { ...noticeAnswers(form, email, all), requesterName: `${word} Press`, fullName: `Dana ${word}` };
  return { word, email, all, clean, answers };
}

/** The team's part: sign in, find the lead, read its notices, mark two hosts, and check the lead and the audit log. */
async function theTeamTracksIt(browser: Browser, word: string, id: string, request: NoticeRequest): Promise<void> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  try {
    await signIn(page, ACCOUNT);
    await search(page, word);
    await expect(leadRows(page)).toHaveCount(1);
    await expectNoAxeViolations(page, 'the list with the notice lead');
    await leadRows(page).first().getByRole('link', { name: request.requester.name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${id}$`));

    const section = page.getByRole('region', { name: 'Takedown notices' });
    const blocks = section.getByRole('article');
    await expect(blocks).toHaveCount(HOSTS.length);
    await expect(blocks.getByRole('heading', { level: 3 })).toHaveText(HOSTS.map(([host]) => host));
    const { signature, work, requester, statements } = request;
    const elements = [
      work.description,
      work.kind,
      work.authorisedCopy,
      requester.name,
      ...requester.postalAddress.split('\n'),
      requester.telephone,
      requester.email,
      statements.goodFaith,
      statements.accuracy,
      siteModel().noticeTemplate!.lumen.given,
      `/${signature.fullName}/`,
      signature.authority!,
    ];
    for (const group of request.groups) {
      const texts = section.getByRole('article', { name: group.host, exact: true }).locator('pre.admin-notice__text');
      const parts = Math.ceil(group.urls.length / URLS_PER_NOTICE);
      await expect(texts).toHaveCount(parts);
      for (let i = 0; i < parts; i++) {
        const text = (await texts.nth(i).textContent())!;
        const listed = text.split('\n').filter((line) => group.urls.includes(line));
        expect(listed, `${group.host} part ${i + 1}`).toEqual(group.urls.slice(i * URLS_PER_NOTICE, (i + 1) * URLS_PER_NOTICE));
        for (const element of elements) expect(text, `${group.host} part ${i + 1}`).toContain(element);
      }
    }
    expect(request.groups.map((g) => Math.ceil(g.urls.length / URLS_PER_NOTICE))).toEqual([2, 1, 1, 1]);
    await expect(section).toContainText(`0 of ${HOSTS.length} hosts done`);
    await expectNoAxeViolations(page, 'the notice lead');

    // The audit log names a host by its place in the request (a host is what the visitor typed).
    const [removed, refused] = [0, 2];
    const [removedHost, refusedHost] = [HOSTS[removed]![0], HOSTS[refused]![0]];
    const place = (i: number) => `notice ${i + 1} of ${HOSTS.length} `;
    for (const [host, status] of [
      [removedHost, 'removed'],
      [refusedHost, 'refused'],
    ] as const) {
      const block = section.getByRole('article', { name: host, exact: true });
      await block.getByLabel('New status', { exact: true }).selectOption({ label: NOTICE_STATUS_LABELS[status] });
      await block.getByRole('button', { name: /^Save status/ }).click();
      await expect(block.locator(`.admin-badge--notice-${status}`)).toHaveText(NOTICE_STATUS_LABELS[status]);
      await expect(statusLine(page)).toHaveText(`${host}: ${NOTICE_STATUS_LABELS[status]}.`);
      await expectNoAxeViolations(page, `the notice lead with ${host} ${status}`);
    }

    // On the lead after a reload: the two statuses, the progress and the timeline.
    await page.reload();
    await expect(section.getByRole('article', { name: removedHost, exact: true }).locator('.admin-badge--notice-removed')).toHaveText(
      NOTICE_STATUS_LABELS.removed,
    );
    await expect(section.getByRole('article', { name: refusedHost, exact: true }).locator('.admin-badge--notice-refused')).toHaveText(
      NOTICE_STATUS_LABELS.refused,
    );
    await expect(section).toContainText(`2 of ${HOSTS.length} hosts done`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    // Each entry has one arrow: the host's place, then its change.
    await expect(timeline).toContainText(new RegExp(`${place(removed)}[^→]*→ removed`));
    await expect(timeline).toContainText(new RegExp(`${place(refused)}[^→]*→ refused`));

    // In the audit log, as the API records it and as the page shows it.
    const response = await page.request.get('/admin/api/audit', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(response.status()).toBe(200);
    const entries = ((await response.json()) as AuditPage).entries.filter((e) => e.leadId === id && e.action === 'notice');
    expect(
      entries.map((e) => [e.detail.includes(place(removed)), e.detail.includes(place(refused)), e.detail.split(': ').at(-1)]).reverse(),
    ).toEqual([
      [true, false, 'to send → removed'],
      [false, true, 'to send → refused'],
    ]);
    await page.goto('/admin/audit');
    const table = page.getByRole('table');
    for (const e of entries) await expect(table).toContainText(e.detail);
    await expectNoAxeViolations(page, 'the audit log with the notice changes');
  } finally {
    await context.close();
  }
}

test.beforeAll(() => createAccount(ACCOUNT));

test.describe('with JavaScript', () => {
  test('a visitor pastes, fixes, signs and sends 300 lines over 4 websites; the team tracks the notices to removal', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { word, email, clean, answers } = visitor('jsjourney');
    await page.goto(path);
    await waitForIslands(page);
    await expectNoAxeViolations(page, 'the empty notice form');

    await fillNotice(page, form, answers);
    await expectCounted(page, `[id="${form.id}-form_${ADDRESS_FIELD}-summary"]`);
    await expectRefusedAtTheirLines(page);
    await expectNoAxeViolations(page, 'the notice form counting a paste with refused lines');

    await field(page, ADDRESS_FIELD).fill(clean);
    await expect(summary(page).locator('[data-line]')).toHaveCount(0);
    await expectCounted(page, `[id="${form.id}-form_${ADDRESS_FIELD}-summary"]`);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === form.submit.endpoint);
    await sendButton(page).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: form.result.success.text! })).toBeVisible();
    await expectCounted(page, '.notice-receipt');
    await expectNoAxeViolations(page, 'the notice confirmed');

    const [lead, ...more] = stored(email);
    expect(more).toEqual([]);
    expect(lead!.request!.groups.map((g) => [g.host, g.urls.length])).toEqual(HOSTS.map(([h, n]) => [h, n]));
    await theTeamTracksIt(browser, word, lead!.id, lead!.request!);
  });
});

test.describe('without JavaScript', () => {
  test('a visitor posts 300 lines, is shown the counts and refused lines by the server, fixes and sends them; the team tracks the notices to removal', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // axe runs as script, so the page's own scripts are refused instead: the page as without JavaScript.
    await page.route(/\.js$/, (route) => route.abort());
    const { word, email, all, clean, answers } = visitor('htmljourney');
    await page.goto(path);
    await expectNoAxeViolations(page, 'the empty notice form without script');
    await fillNotice(page, form, answers);
    await expect(summary(page)).toHaveCount(0);

    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await sendButton(page).click();
    expect((await refused).status()).toBe(422);
    await expectCounted(page, `[id="${form.id}-form_${ADDRESS_FIELD}-summary"]`);
    await expectRefusedAtTheirLines(page);
    await expect(field(page, ADDRESS_FIELD)).toHaveValue(all);
    await expectNoAxeViolations(page, 'the notice form as the server returns it with refused lines');
    expect(stored(email)).toEqual([]);

    await field(page, ADDRESS_FIELD).fill(clean);
    const sent = page.waitForResponse((r) => r.request().method() === 'POST');
    await sendButton(page).click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: form.result.success.text! })).toBeVisible();
    await expectCounted(page, '.notice-receipt');
    await expectNoAxeViolations(page, 'the notice confirmed without script');

    const [lead, ...more] = stored(email);
    expect(more).toEqual([]);
    expect(lead!.request!.groups.map((g) => [g.host, g.urls.length])).toEqual(HOSTS.map(([h, n]) => [h, n]));
    await theTeamTracksIt(browser, word, lead!.id, lead!.request!);
  });
});
