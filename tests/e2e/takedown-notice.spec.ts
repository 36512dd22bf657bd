// The complete takedown notice, as a visitor sends it with JavaScript and without: 300 pasted lines
// over 4 websites (with repeats, fragments, a private address and a javascript: line), the count per
// website and the refused lines at their line numbers, the notice signed and sent, and the lead
// stored with its 4 host groups. axe finds nothing in any state of the form.
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Form, ResolvedFormSection } from '../../engine/content/model';
import { ADDRESS_FIELD } from '../../engine/notices/notice-form';
import { axeBuilder } from './axe';
import { fillNotice, isNoticeForm, noticeAnswers } from './notice';
import { siteModel, waitForIslands } from './site';

const STORE = join(process.env.E2E_OUTPUT ?? 'test-results', 'e2e-data', 'leads.sqlite');

const { path, form } = siteModel()
  .pages.flatMap((p) =>
    p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
  )
  .find((f) => isNoticeForm(f.form))!;

const HOSTS = ['www.tube.example', 'photos.example', 'shop.example', 'blog.example'];
const UNIQUE = 296;
/** Where the two refused lines are pasted, 1-based. */
const PRIVATE_LINE = 101;
const SCRIPT_LINE = 201;

/**
 * 300 lines: 296 different addresses spread over the 4 hosts (74 each; every tenth with a fragment
 * and a tracking parameter, which normalising drops), 2 repeats of earlier lines (one with a new
 * fragment), a private address and a javascript: line.
 */
function pasted(): { all: string; clean: string } {
  const lines = Array.from({ length: UNIQUE }, (_, i) => {
    const url = `https://${HOSTS[i % HOSTS.length]}/copies/${i}`;
    return i % 10 === 0 ? `${url}?utm_source=feed#part-${i}` : url;
  });
  lines.splice(50, 0, lines[7]!);
  lines.splice(150, 0, `${lines[12]!}#again`);
  const clean = lines.join('\n');
  lines.splice(PRIVATE_LINE - 1, 0, 'http://192.168.0.12/copies/1');
  lines.splice(SCRIPT_LINE - 1, 0, 'javascript:alert(document.cookie)');
  expect(lines).toHaveLength(300);
  return { all: lines.join('\n'), clean };
}

const field = (page: Page, name: string) => page.locator(`[id="${form.id}-form_${name}"]`);
const summary = (page: Page) => page.locator(`[id="${form.id}-form_${ADDRESS_FIELD}-summary"]`);
const button = (page: Page) => page.locator(`form:has([id="${form.id}-form_email"])`).getByRole('button', { name: form.buttons.idle });
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;

/** Each host the element lists, with its count. */
async function hostCounts(page: Page, within: string): Promise<Array<[string, number]>> {
  return page
    .locator(`${within} [data-host]`)
    .evaluateAll((items) => items.map((li) => [li.getAttribute('data-host')!, Number(li.getAttribute('data-count'))] as [string, number]));
}

async function expectGrouped(page: Page, within: string): Promise<void> {
  await expect(page.locator(`${within} [data-host]`)).toHaveCount(HOSTS.length);
  expect(await hostCounts(page, within)).toEqual(HOSTS.map((h) => [h, UNIQUE / HOSTS.length]));
}

async function expectRefusedAtTheirLines(page: Page): Promise<void> {
  const refused = summary(page).locator('[data-line]');
  await expect(refused).toHaveCount(2);
  expect(
    await refused.evaluateAll((items) => items.map((li) => [Number(li.getAttribute('data-line')), li.getAttribute('data-reason')])),
  ).toEqual([
    [PRIVATE_LINE, 'private-address'],
    [SCRIPT_LINE, 'not-web'],
  ]);
  await expect(refused.nth(0)).toContainText(`Line ${PRIVATE_LINE} `);
  await expect(refused.nth(1)).toContainText(`Line ${SCRIPT_LINE} `);
}

async function expectNoViolations(page: Page): Promise<void> {
  expect((await axeBuilder(page).include(`#${form.id}-form-card`).analyze()).violations).toEqual([]);
}

interface StoredGroup {
  host: string;
  urls: string[];
}

function storedNotices(email: string): Array<{ formType: string; groups: StoredGroup[]; statements: Record<string, string> }> {
  if (!existsSync(STORE)) return [];
  const db = new Database(STORE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT form_type, payload FROM leads WHERE json_extract(payload, '$.email') = ? ORDER BY rowid")
      .all(email) as Array<{ form_type: string; payload: string }>;
    return rows.map((r) => {
      const payload = JSON.parse(r.payload) as { groups: StoredGroup[]; statements: Record<string, string> };
      return { formType: r.form_type, groups: payload.groups, statements: payload.statements };
    });
  } finally {
    db.close();
  }
}

function expectStored(email: string): void {
  const [lead, ...more] = storedNotices(email);
  expect(more).toEqual([]);
  expect(lead!.formType).toBe('notice');
  expect(lead!.groups.map((g) => [g.host, g.urls.length])).toEqual(HOSTS.map((h) => [h, UNIQUE / HOSTS.length]));
  // Normalised: no fragment, no tracking parameter.
  expect(lead!.groups.flatMap((g) => g.urls).filter((u) => u.includes('#') || u.includes('utm_'))).toEqual([]);
  const words = form.fields.properties as Record<string, { title: string }>;
  expect(lead!.statements).toEqual({ goodFaith: words.goodFaith!.title, accuracy: words.accuracy!.title });
}

function answersFor(email: string, urls: string): Record<string, string> {
  return noticeAnswers(form as Form, email, urls);
}

test.describe('with JavaScript', () => {
  test('a pasted list is counted per website and its refused lines marked as the visitor types; the fixed notice is stored with 4 hosts', async ({
    page,
  }) => {
    test.slow();
    const { all, clean } = pasted();
    const email = uniqueEmail('notice-js');
    await page.goto(path);
    await waitForIslands(page);
    await expectNoViolations(page);

    await fillNotice(page, form, answersFor(email, all));
    await expectGrouped(page, `[id="${form.id}-form_${ADDRESS_FIELD}-summary"]`);
    await expectRefusedAtTheirLines(page);
    await expectNoViolations(page);

    // Sent as it is: refused in the browser, at the address box, and nothing stored.
    await button(page).click();
    await expect(page.locator('.error-summary')).toBeVisible();
    await expect(field(page, `${ADDRESS_FIELD}__error`)).toContainText(`Line ${PRIVATE_LINE} `);
    await expectNoViolations(page);
    expect(storedNotices(email)).toEqual([]);

    // The refused lines removed: the notice is sent and confirmed with what it covers.
    await field(page, ADDRESS_FIELD).fill(clean);
    await expect(summary(page).locator('[data-line]')).toHaveCount(0);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === form.submit.endpoint);
    await button(page).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: form.result.success.text! })).toBeVisible();
    await expectGrouped(page, '.notice-receipt');
    await expectNoViolations(page);
    expectStored(email);
  });
});

test.describe('without JavaScript', () => {
  // axe runs as script, so the page's own scripts are refused instead: the same page as without JavaScript.
  test.beforeEach(async ({ page }) => {
    await page.route(/\.js$/, (route) => route.abort());
  });

  test('the server answers with the same grouping and the refused lines at their numbers, keeps the list, then stores the fixed notice with 4 hosts', async ({
    page,
  }) => {
    test.slow();
    const { all, clean } = pasted();
    const email = uniqueEmail('notice-post');
    await page.goto(path);
    await expectNoViolations(page);
    await fillNotice(page, form, answersFor(email, all));
    // Nothing counts while typing without script: the server does it.
    await expect(summary(page)).toHaveCount(0);

    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await button(page).click();
    expect((await refused).status()).toBe(422);
    await expectGrouped(page, `[id="${form.id}-form_${ADDRESS_FIELD}-summary"]`);
    await expectRefusedAtTheirLines(page);
    await expect(field(page, ADDRESS_FIELD)).toHaveValue(all);
    await expect(field(page, 'fullName')).toHaveValue(answersFor(email, all).fullName!);
    await expect(page.locator('.error-summary')).toBeVisible();
    await expectNoViolations(page);
    expect(storedNotices(email)).toEqual([]);

    // The ticked statements come back ticked; the list corrected, the notice is sent.
    for (const box of ['goodFaith', 'accuracy', 'lumenConsent']) await expect(field(page, box)).toBeChecked();
    await field(page, ADDRESS_FIELD).fill(clean);
    const sent = page.waitForResponse((r) => r.request().method() === 'POST');
    await button(page).click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: form.result.success.text! })).toBeVisible();
    await expectGrouped(page, '.notice-receipt');
    await expectNoViolations(page);
    expectStored(email);
  });
});
