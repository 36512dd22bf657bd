// Every lead form as a real HTML form: sent without JavaScript (the server checks it and answers
// with the page), and sent before its script has arrived (the loader holds the click and replays it).
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Form, ResolvedFormSection } from '../../engine/content/model';
import { messageFor } from '../../engine/forms/payload';
import { siteModel, waitForIslands } from './site';
import { axeBuilder } from './axe';
import { isNoticeForm } from './notice';

const STORE = join(process.env.E2E_OUTPUT ?? 'test-results', 'e2e-data', 'leads.sqlite');
const SUCCESS_DEFAULT = 'Form submitted successfully.';
/** What a visitor types into one field: markup in it must come back as text, and never reach an address. */
const TYPED = 'Ada <b>Lovelace</b> & co';

interface FieldSchema {
  type?: string;
  title?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: string[];
  oneOf?: Array<{ const: string }>;
}

const formPages = siteModel().pages.flatMap((p) =>
  p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
);

const propertiesOf = (form: Form) => form.fields.properties as Record<string, FieldSchema>;
const requiredOf = (form: Form) => (form.fields as { required?: string[] }).required ?? [];
const isHidden = (form: Form, name: string) =>
  (form.ui as Record<string, { 'ui:widget'?: string }> | undefined)?.[name]?.['ui:widget'] === 'hidden';
const isChoice = (schema: FieldSchema) => schema.oneOf !== undefined || schema.enum !== undefined;
/** The required fields an empty send leaves empty: not hidden, not filled in by a default. */
const leftEmpty = (form: Form, typed: string) =>
  requiredOf(form).filter(
    (n) => n !== typed && !isHidden(form, n) && (form.defaults as Record<string, unknown> | undefined)?.[n] === undefined,
  );

/** The first visible free-text field (no pattern, format or choices): where the visitor's words go. */
function freeTextField(form: Form): string {
  const name = Object.keys(propertiesOf(form)).find((n) => {
    const s = propertiesOf(form)[n]!;
    return !isHidden(form, n) && !isChoice(s) && !s.pattern && !s.format && n !== 'email' && (s.maxLength ?? 1000) >= TYPED.length;
  });
  if (!name) throw new Error(`${form.id} has no free-text field to type into`);
  return name;
}

/** A value each field's rules accept. */
function validValue(name: string, schema: FieldSchema, email: string): string {
  if (schema.oneOf) return schema.oneOf[0]!.const;
  if (schema.enum) return schema.enum[0]!;
  if (name === 'email' || schema.format === 'email') return email;
  if (schema.format === 'uri' || /http|hH/.test(schema.pattern ?? '')) return 'https://example.com/copied-work';
  return 'A plain answer, long enough for this field'.padEnd(schema.minLength ?? 1, '.').slice(0, schema.maxLength ?? 1000);
}

const fieldLocator = (page: Page, form: Form, name: string) => page.locator(`[id="${form.id}-form_${name}"]`);
const errorOf = (page: Page, form: Form, name: string) => page.locator(`[id="${form.id}-form_${name}__error"]`);
const formOf = (page: Page, form: Form) => page.locator(`form:has([id="${form.id}-form_email"])`);

async function fill(page: Page, form: Form, name: string, value: string): Promise<void> {
  const input = fieldLocator(page, form, name);
  if (isChoice(propertiesOf(form)[name]!)) await input.selectOption(value);
  else await input.fill(value);
}

function leadsFor(email: string): Array<{ formId: string; key: string | null }> {
  if (!existsSync(STORE)) return [];
  const db = new Database(STORE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare("SELECT form_id, idempotency_key FROM leads WHERE json_extract(payload, '$.email') = ? ORDER BY rowid")
      .all(email) as Array<{ form_id: string; idempotency_key: string | null }>;
    return rows.map((r) => ({ formId: r.form_id, key: r.idempotency_key }));
  } finally {
    db.close();
  }
}

const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;

/** Every address the page's main frame was shown, so a test can say none held what was typed. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

function expectNoTypedValueIn(addresses: string[], values: string[]): void {
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replace(/\+/g, ' '));
    for (const value of values) expect(decoded, `the address ${address}`).not.toContain(value);
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, form } of formPages) {
    // One test per form: the empty send, then a valid one from the page as first served (a notice's
    // confirmation lists its addresses, so it is the post's own answer: takedown-notice.spec.ts sends one).
    test(`${path}: an empty send of ${form.id} shows each message beside its field and in a summary, keeps what was typed, and puts nothing in the address; a valid send stores one lead and shows its success message, and a reload stores no second`, async ({
      page,
    }) => {
      const addresses = addressesOf(page);
      await test.step('an empty send', async () => {
        await page.goto(path);
        const typedField = freeTextField(form);
        await fill(page, form, typedField, TYPED);
        if (form.errors.show === 'browser') {
          // This form leaves its checks to the browser: an empty send never leaves the page...
          let posted = 0;
          page.on('request', (r) => void (r.method() === 'POST' && posted++));
          await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
          await expect(formOf(page, form).locator(':invalid').first()).toBeVisible();
          expect(posted).toBe(0);
          // ...and a browser that skips them is answered by the server with the same messages.
          await formOf(page, form).evaluate((el: HTMLFormElement) => (el.noValidate = true));
        }
        const answer = page.waitForResponse((r) => r.request().method() === 'POST');
        await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
        expect((await answer).status()).toBe(422);

        const missing = leftEmpty(form, typedField);
        const summary = page.locator('.error-summary');
        await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
        for (const name of missing) {
          const message = messageFor(form, name, 'required');
          await expect(errorOf(page, form, name), `${name}'s message`).toHaveText(message);
          await expect(summary.getByRole('link', { name: message, exact: true }).first()).toHaveAttribute(
            'href',
            `#${form.id}-form_${name}`,
          );
        }
        await expect(summary.getByRole('link')).toHaveCount(new Set(missing.map((n) => messageFor(form, n, 'required'))).size);
        await expect(errorOf(page, form, typedField)).toBeHidden();
        await expect(fieldLocator(page, form, typedField)).toHaveValue(TYPED);
        expect(new URL(page.url()).pathname).toBe(path);
        expectNoTypedValueIn(addresses, [TYPED, 'Lovelace']);
      });
      if (isNoticeForm(form)) return;

      await test.step('a valid send, and a reload', async () => {
        const email = uniqueEmail(form.id);
        await page.goto(path);
        const typed: string[] = [];
        for (const [name, schema] of Object.entries(propertiesOf(form))) {
          if (isHidden(form, name) || !requiredOf(form).includes(name)) continue;
          const value = validValue(name, schema, email);
          await fill(page, form, name, value);
          if (!isChoice(schema)) typed.push(value);
        }
        await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
        await expect(page.getByRole('status').filter({ hasText: form.result.success.text ?? SUCCESS_DEFAULT })).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(path);
        expect(leadsFor(email)).toEqual([expect.objectContaining({ formId: form.id })]);

        const reloaded = await page.reload();
        expect(reloaded?.request().method()).toBe('GET');
        await expect(page.getByRole('status').filter({ hasText: form.result.success.text ?? SUCCESS_DEFAULT })).toBeVisible();
        expect(leadsFor(email)).toHaveLength(1);
        expectNoTypedValueIn(addresses, typed);
      });
    });
  }

  test('the same post sent twice (a double click, or the browser sending it again) stores one lead', async ({ page }) => {
    const { path, form } = formPages.find((f) => f.form.id === 'personal-takedown')!;
    const email = uniqueEmail('twice');
    const body: Record<string, string> = { 'form-id': form.id };
    for (const name of requiredOf(form)) body[name] = validValue(name, propertiesOf(form)[name]!, email);
    // The page first, as a browser loads it: its answer holds the form token the posts carry.
    await page.goto(path);
    const send = () => page.request.post(path, { form: body, headers: { 'Sec-Fetch-Site': 'same-origin' }, maxRedirects: 0 });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status(), second.status()]).toEqual([303, 303]);
    expect((await send()).status()).toBe(303);
    expect(first.headers().location).toBe(`${path}?sent=${form.id}#${form.id}-form-card`);
    expect(leadsFor(email)).toHaveLength(1);
  });

  test("a post from another site's page is refused with 403 and nothing is stored", async ({ page }) => {
    const { path, form } = formPages.find((f) => f.form.id === 'contact-us')!;
    const email = uniqueEmail('foreign');
    const body: Record<string, string> = { 'form-id': form.id };
    for (const name of requiredOf(form)) body[name] = validValue(name, propertiesOf(form)[name]!, email);
    const foreign = await page.request.post(path, { form: body, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 });
    expect(foreign.status()).toBe(403);
    const crossSite = await page.request.post(path, { form: body, headers: { 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
    expect(leadsFor(email)).toHaveLength(0);
  });
});

test.describe('axe with the messages showing', () => {
  for (const { path, form } of formPages) {
    // The page as it loads is a11y.spec.ts's (every page with islands, as shown without JavaScript, and
    // every route hydrated); here, after the post and with the hydrated form's messages, on one page.
    test(`${path} passes axe with the server's messages showing, and with its form hydrated and its messages showing`, async ({ page }) => {
      test.slow();
      await test.step('with the page scripts blocked', async () => {
        // axe itself runs as script, so the page's own scripts are refused instead: the same page as without JavaScript.
        await page.route(/\.js$/, (route) => route.abort());
        await page.goto(path);
        await formOf(page, form).evaluate((el: HTMLFormElement) => (el.noValidate = true));
        const answer = page.waitForResponse((r) => r.request().method() === 'POST');
        await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
        expect((await answer).status()).toBe(422);
        await expect(page.locator('.error-summary')).toBeVisible();
        expect((await axeBuilder(page).analyze()).violations).toEqual([]);
        await page.unroute(/\.js$/);
      });

      await test.step('with JavaScript', async () => {
        await page.goto(path);
        await waitForIslands(page);
        await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
        // A form that leaves its checks to the browser shows the browser's own message; the others their summary.
        if (form.errors.show === 'browser') await expect(formOf(page, form).locator(':invalid').first()).toBeVisible();
        else await expect(page.locator('.error-summary')).toBeVisible();
        expect((await axeBuilder(page).analyze()).violations).toEqual([]);
      });
    });
  }
});

test.describe('with JavaScript', () => {
  for (const formId of ['personal-takedown', 'contact-us']) {
    const { path, form } = formPages.find((f) => f.form.id === formId)!;
    test(`${path}: Submit clicked before the form's script has arrived shows the spec's messages, keeps what was typed, and the address stays`, async ({
      page,
    }) => {
      // The form's code is held back by the network, as on a slow phone, until Submit has been clicked.
      let clicked!: () => void;
      const afterClick = new Promise<void>((resolve) => (clicked = resolve));
      await page.route(/FormSection\.island-[^/]*\.js$/, async (route) => {
        await afterClick;
        await route.continue();
      });
      let postedPages = 0;
      page.on('request', (r) => void (r.isNavigationRequest() && r.method() === 'POST' && postedPages++));
      await page.goto(path);
      const addresses = addressesOf(page);
      const typedField = freeTextField(form);
      await fill(page, form, typedField, TYPED);
      expect(await page.locator('[data-island="FormSection"]').evaluate((el) => Object.keys(el).some((k) => k.startsWith('__react')))).toBe(
        false,
      );
      await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
      clicked();

      for (const name of leftEmpty(form, typedField)) {
        await expect(errorOf(page, form, name)).toHaveText(messageFor(form, name, 'required'), { timeout: 10_000 });
      }
      await expect(page.locator('.error-summary')).toBeFocused();
      await expect(fieldLocator(page, form, typedField)).toHaveValue(TYPED);
      expect(page.url()).toBe(new URL(path, page.url()).href);
      expect(addresses).toEqual([]);
      expect(postedPages).toBe(0);
    });
  }

  test("/contact-us: when the form's code cannot load at all, Submit is answered by the server with the same messages", async ({
    page,
  }) => {
    const { path, form } = formPages.find((f) => f.form.id === 'contact-us')!;
    await page.route(/FormSection\.island-[^/]*\.js$/, (route) => route.abort());
    await page.goto(path);
    await fill(page, form, 'name', TYPED);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await formOf(page, form).getByRole('button', { name: form.buttons.idle }).click();
    expect((await answer).status()).toBe(422);
    await expect(errorOf(page, form, 'email')).toHaveText(messageFor(form, 'email', 'required'));
    await expect(fieldLocator(page, form, 'name')).toHaveValue(TYPED);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(new URL(page.url()).search).toBe('');
  });
});
