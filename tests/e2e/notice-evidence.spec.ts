// Evidence files with the complete takedown notice, as a visitor sends them with JavaScript and
// without: a PNG and a PDF chosen, their names and sizes shown (with script), too large a file or a
// file that is not what its name says refused at the field, every value kept; the notice sent; and
// the team sees both files on the lead with their SHA-256. axe finds nothing with files chosen or
// with a file error.
import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import type { Form, ResolvedFormSection } from '../../engine/content/model';
import { MAX_EVIDENCE_BYTES } from '../../contracts/evidence-contract';
import { axeBuilder } from './axe';
import { createAccount, leadRows, signIn, uniqueWord } from './admin';
import { fillNotice, isNoticeForm, noticeAnswers } from './notice';
import { siteModel, waitForIslands } from './site';

const { path, form } = siteModel()
  .pages.flatMap((p) =>
    p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
  )
  .find((f) => isNoticeForm(f.form) && f.form.files)!;
const FILES = form.files!.name;
const ACCOUNT = `${uniqueWord('notice-files')}@takedownshield.test`;

const png = {
  name: 'copy-screenshot.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 3)]),
};
const pdf = {
  name: 'original-work.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
};
/** A web page given a picture's name: refused by its bytes. */
const disguised = { name: 'proof.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><p>not a picture</p>') };
const tooLarge = { name: 'huge-scan.png', mimeType: 'image/png', buffer: Buffer.concat([png.buffer, Buffer.alloc(MAX_EVIDENCE_BYTES)]) };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const field = (page: Page, name: string) => page.locator(`[id="${form.id}-form_${name}"]`);
const button = (page: Page) => page.locator(`form:has([id="${form.id}-form_email"])`).getByRole('button', { name: form.buttons.idle });

async function expectNoViolations(page: Page): Promise<void> {
  expect((await axeBuilder(page).include(`#${form.id}-form-card`).analyze()).violations).toEqual([]);
}

/** The team's view: the lead found by its requester's address shows both files with their hashes. */
async function expectTeamSeesFiles(page: Page, word: string): Promise<void> {
  await signIn(page, ACCOUNT, undefined, `/admin/?q=${word}`);
  await expect(leadRows(page)).toHaveCount(1);
  await leadRows(page).first().getByRole('link').first().click();
  const rows = page.getByRole('region', { name: 'Evidence files' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(png.name);
  await expect(rows.nth(0)).toContainText(sha256(png.buffer));
  await expect(rows.nth(1)).toContainText(pdf.name);
  await expect(rows.nth(1)).toContainText(sha256(pdf.buffer));
}

test.beforeAll(() => createAccount(ACCOUNT));

test('with JavaScript: the chosen files are listed, too large a file is refused before sending, and the team sees both files with their SHA-256', async ({
  page,
}) => {
  test.slow();
  const word = uniqueWord('files');
  await page.goto(path);
  await waitForIslands(page);
  await fillNotice(page, form as Form, noticeAnswers(form as Form, `${word}@example.org`));

  // Too large: said at the field, nothing sent.
  let posted = 0;
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === form.submit.endpoint && posted++);
  await field(page, FILES).setInputFiles([png, tooLarge]);
  await expect(field(page, `${FILES}__error`)).toContainText(tooLarge.name);
  await expect(field(page, FILES)).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page);
  await button(page).click();
  await expect(page.locator('.error-summary')).toBeVisible();
  expect(posted).toBe(0);

  // A PNG and a PDF: listed with their names and sizes, then sent.
  await field(page, FILES).setInputFiles([png, pdf]);
  const chosen = field(page, `${FILES}__chosen`).locator('li');
  await expect(chosen).toHaveCount(2);
  await expect(chosen.nth(0)).toContainText(png.name);
  await expect(chosen.nth(0)).toContainText('KB');
  await expect(chosen.nth(1)).toContainText(pdf.name);
  await expect(field(page, `${FILES}__error`)).toHaveCount(0);
  await expectNoViolations(page);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === form.submit.endpoint);
  await button(page).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: form.result.success.text! })).toBeVisible();

  await expectTeamSeesFiles(page, word);
});

test('without JavaScript: a file refused by its bytes comes back at the field with every value kept, and the team sees the files sent again', async ({
  page,
}) => {
  test.slow();
  const word = uniqueWord('files-post');
  const answers = noticeAnswers(form as Form, `${word}@example.org`);
  await page.route(/\.js$/, (route) => route.abort());
  await page.goto(path);
  await fillNotice(page, form as Form, answers);
  await field(page, FILES).setInputFiles([png, disguised]);
  await expectNoViolations(page);

  const refused = page.waitForResponse((r) => r.request().method() === 'POST');
  await button(page).click();
  expect((await refused).status()).toBe(422);
  await expect(field(page, `${FILES}__error`)).toContainText(disguised.name);
  await expect(field(page, FILES)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.error-summary')).toBeVisible();
  await expect(field(page, 'fullName')).toHaveValue(answers.fullName!);
  await expect(field(page, 'email')).toHaveValue(answers.email!);
  await expectNoViolations(page);

  // Chosen again (no browser refills a file input), the notice is sent with both files.
  await field(page, FILES).setInputFiles([png, pdf]);
  const sent = page.waitForResponse((r) => r.request().method() === 'POST');
  await button(page).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: form.result.success.text! })).toBeVisible();

  await page.unroute(/\.js$/);
  await expectTeamSeesFiles(page, word);
});
