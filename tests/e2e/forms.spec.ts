// The lead forms in a real browser against the real server: the spec's messages and states (spec
// 000 §4, §5, §8), the retry policy, and the lead each successful submit leaves in the store.
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { siteModel, waitForIslands } from './site';
import { axeBuilder } from './axe';

const STORE = join(process.env.E2E_OUTPUT ?? 'test-results', 'e2e-data', 'leads.sqlite');

interface StoredRow {
  endpoint: string;
  form_type: string;
  payload: string;
  idempotency_key: string | null;
  spam: number;
}

/** Every lead stored with this e-mail address, read straight from the server's SQLite file. */
function leadsFor(
  email: string,
): { endpoint: string; formType: string; payload: Record<string, unknown>; key: string | null; spam: boolean }[] {
  if (!existsSync(STORE)) return [];
  const db = new Database(STORE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT endpoint, form_type, payload, idempotency_key, spam FROM leads WHERE json_extract(payload, '$.email') = ? ORDER BY rowid",
      )
      .all(email) as StoredRow[];
    return rows.map((r) => ({
      endpoint: r.endpoint,
      formType: r.form_type,
      payload: JSON.parse(r.payload),
      key: r.idempotency_key,
      spam: r.spam === 1,
    }));
  } finally {
    db.close();
  }
}

/** An address no other test uses, so each test finds exactly its own leads. */
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;

const field = (page: Page, formId: string, name: string) => page.locator(`#${formId}-form_${name}`);
const errorOf = (page: Page, formId: string, name: string) => page.locator(`[id="${formId}-form_${name}__error"]`);
// The field error messages and the buttons' words while sending (Sending..., Submitting...) are the
// spec's fixed texts, so they stay written here; the idle button's words are the writers', from site/.
const idleLabel = (formId: string) => siteModel().forms[formId]!.buttons!.idle;
const submitButton = (page: Page, formId: string) => page.locator(`form:has(#${formId}-form_email) button[type="submit"]`);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

/** Counts the posts a page makes to an endpoint, letting them through. */
function countPosts(page: Page, endpoint: string): { readonly count: number; readonly requests: Request[] } {
  const requests: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === endpoint) requests.push(r);
  });
  return {
    get count() {
      return requests.length;
    },
    requests,
  };
}

/** Holds every post to the endpoint until release() is called, so a test can look at the sending state. */
async function holdPosts(page: Page, endpoint: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${endpoint}`, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

test.describe('Contact Us message form (/contact-us)', () => {
  const F = 'contact-us';

  test("an empty send shows each field's message under it and in a focused summary, sends nothing, and passes axe", async ({ page }) => {
    await open(page, '/contact-us');
    const posts = countPosts(page, '/api/contact');
    // Before any attempt, no message shows.
    await expect(page.locator('.field-error:not([hidden])')).toHaveCount(0);
    await submitButton(page, F).click();
    const expected: Record<string, string> = {
      name: 'Name is required',
      email: 'Email is required',
      inquiryType: 'Please select an inquiry type',
      subject: 'Subject is required',
      message: 'Message is required',
    };
    for (const [name, message] of Object.entries(expected)) {
      await expect(errorOf(page, F, name)).toHaveText(message);
      await expect(field(page, F, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, F, name)).toHaveAttribute('aria-describedby', new RegExp(`${F}-form_${name}__error`));
    }
    await expect(errorOf(page, F, 'company')).toBeHidden();
    const summary = page.locator('.error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.locator('li')).toHaveText(Object.values(expected));
    expect(posts.count).toBe(0);
    await test.step('with the errors showing, the form passes axe', async () => {
      await expect(summary).toBeVisible();
      const results = await axeBuilder(page).include('#message-form').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
    // Spaces only count as empty.
    await field(page, F, 'name').fill('   ');
    await submitButton(page, F).click();
    await expect(errorOf(page, F, 'name')).toHaveText('Name is required');
    expect(posts.count).toBe(0);
  });

  test('checks the address shape and the message length, and editing a field clears its message', async ({ page }) => {
    await open(page, '/contact-us');
    await field(page, F, 'name').fill('Dana Whitfield');
    await field(page, F, 'email').fill('dana at example.org');
    await field(page, F, 'inquiryType').selectOption('takedown');
    await field(page, F, 'subject').fill('Stolen photos');
    await field(page, F, 'message').fill('  too short  ');
    await submitButton(page, F).click();
    await expect(errorOf(page, F, 'email')).toHaveText('Please enter a valid email address');
    await expect(errorOf(page, F, 'message')).toHaveText('Message must be at least 10 characters long');
    await field(page, F, 'email').fill('dana@example');
    // Editing clears the message until the next attempt.
    await expect(errorOf(page, F, 'email')).toBeHidden();
    await expect(errorOf(page, F, 'message')).toHaveText('Message must be at least 10 characters long');
    await submitButton(page, F).click();
    await expect(errorOf(page, F, 'email')).toHaveText('Please enter a valid email address');
  });

  test('an address that is really a list passes the page but the server refuses it under the field, and nothing is stored', async ({
    page,
  }) => {
    await open(page, '/contact-us');
    const email = `dana,${uniqueEmail('list')}`;
    const posts = countPosts(page, '/api/contact');
    await field(page, F, 'name').fill('Dana Whitfield');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'inquiryType').selectOption('takedown');
    await field(page, F, 'subject').fill('Stolen photos');
    await field(page, F, 'message').fill('Twelve of my photos are sold as prints.');
    await submitButton(page, F).click();
    await expect(errorOf(page, F, 'email')).toHaveText('Please enter a valid email address');
    expect(posts.count).toBe(1);
    expect(leadsFor(email)).toEqual([]);
    expect(
      await axeBuilder(page)
        .analyze()
        .then((r) => r.violations),
    ).toEqual([]);
  });

  test('a valid message is sent once, shows Sending... while out, then a green banner, clears the form and is stored', async ({ page }) => {
    await open(page, '/contact-us');
    const email = uniqueEmail('contact-us');
    const posts = countPosts(page, '/api/contact');
    await field(page, F, 'name').fill('  Dana Whitfield ');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'company').fill('Whitfield Studio');
    await field(page, F, 'inquiryType').selectOption('takedown');
    await field(page, F, 'subject').fill('Stolen photos on a print shop');
    await field(page, F, 'message').fill('Twelve of my photos are sold as prints without my permission.');
    const gate = await holdPosts(page, '/api/contact');
    await submitButton(page, F).click();
    await expect(submitButton(page, F)).toHaveText('Sending...');
    await expect(submitButton(page, F)).toBeDisabled();
    gate.release();
    const banner = page.locator('.form-outcome--success');
    await expect(banner).toHaveText(/Form submitted successfully\./);
    await expect(banner).toHaveAttribute('role', 'status');
    await expect(submitButton(page, F)).toHaveText(idleLabel(F));
    await expect(submitButton(page, F)).toBeEnabled();
    for (const name of ['name', 'email', 'company', 'subject', 'message']) await expect(field(page, F, name)).toHaveValue('');
    await expect(field(page, F, 'inquiryType')).toHaveValue('');
    // Sending again without input shows errors again: the submitted flag was reset with the form.
    await expect(page.locator('.field-error:not([hidden])')).toHaveCount(0);
    expect(posts.count).toBe(1);

    const leads = leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ endpoint: '/api/contact', formType: 'contact', spam: false });
    expect(leads[0]!.payload).toEqual({
      name: 'Dana Whitfield',
      email,
      subject: 'Stolen photos on a print shop',
      message: 'Twelve of my photos are sold as prints without my permission.',
      serviceInterest: 'takedown',
      company: 'Whitfield Studio',
      inquiryType: 'takedown',
    });
    // The request carried the client's markers and an idempotency key, which the store kept.
    const headers = posts.requests[0]!.headers();
    expect(headers['content-type']).toBe('application/json');
    expect(headers['accept']).toBe('application/json');
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(headers['x-form-id']).toBe('contact-us');
    expect(leads[0]!.key).toBe(headers['idempotency-key']);
  });

  test('a refused request shows a red banner and keeps what was typed; editing clears the banner', async ({ page }) => {
    await open(page, '/contact-us');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'VALIDATION', message: 'Invalid request.' }),
      }),
    );
    await field(page, F, 'name').fill('Dana Whitfield');
    await field(page, F, 'email').fill('dana@example.org');
    await field(page, F, 'inquiryType').selectOption('billing');
    await field(page, F, 'subject').fill('Invoice question');
    await field(page, F, 'message').fill('Can I get an invoice with my VAT number?');
    await submitButton(page, F).click();
    const banner = page.locator('.form-outcome--failure');
    await expect(banner).toHaveText(/Invalid request\. Please check your information and try again\./);
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(field(page, F, 'subject')).toHaveValue('Invoice question');
    await expect(field(page, F, 'inquiryType')).toHaveValue('billing');
    await field(page, F, 'subject').fill('Invoice question, again');
    await expect(banner).toHaveCount(0);
  });

  /**
   * The first post reaches the server and is stored, but its answer never reaches the page: the
   * client gives up after its 15 s (fast-forwarded) and says so. Returns the keys each post carried.
   */
  async function timeOutFirstSend(page: Page, email: string): Promise<string[]> {
    const keys: string[] = [];
    let stored!: () => void;
    const firstStored = new Promise<void>((resolve) => (stored = resolve));
    await page.route('**/api/contact', async (route) => {
      keys.push(route.request().headers()['idempotency-key']!);
      if (keys.length > 1) return route.continue();
      await route.fetch();
      stored();
      // The answer is held back for good; the page's own timer ends the attempt.
    });
    await field(page, F, 'name').fill('Robin Achterberg');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'inquiryType').selectOption('takedown');
    await field(page, F, 'subject').fill('Copied illustrations');
    await field(page, F, 'message').fill('My illustrations are sold as posters on a marketplace.');
    await submitButton(page, F).click();
    await firstStored;
    expect(leadsFor(email)).toHaveLength(1);
    await page.clock.fastForward(15_000);
    await expect(page.locator('.form-outcome--failure')).toHaveText(/Request timed out\. Please try again\./);
    return keys;
  }

  test('a send that timed out and is sent again unchanged reuses its key and stores the lead once', async ({ page }) => {
    await page.clock.install();
    await open(page, '/contact-us');
    const email = uniqueEmail('timeout-same');
    const keys = await timeOutFirstSend(page, email);
    await submitButton(page, F).click();
    await expect(page.locator('.form-outcome--success')).toHaveText(/Form submitted successfully\./);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const leads = leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.key).toBe(keys[0]);
  });

  test('a send that timed out, then edited and sent again, stores the edited lead under a new key', async ({ page }) => {
    await page.clock.install();
    await open(page, '/contact-us');
    const email = uniqueEmail('timeout-edited');
    const keys = await timeOutFirstSend(page, email);
    await field(page, F, 'message').fill('My illustrations are sold as posters and mugs on a marketplace.');
    await submitButton(page, F).click();
    await expect(page.locator('.form-outcome--success')).toHaveText(/Form submitted successfully\./);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    const leads = leadsFor(email);
    expect(leads.map((l) => [l.key, l.payload.message])).toEqual([
      [keys[0], 'My illustrations are sold as posters on a marketplace.'],
      [keys[1], 'My illustrations are sold as posters and mugs on a marketplace.'],
    ]);
  });

  test('a key the server says belongs to another submission is replaced once, and the visitor sees success', async ({ page }) => {
    await open(page, '/contact-us');
    const email = uniqueEmail('key-reused');
    const keys: string[] = [];
    await page.route('**/api/contact', async (route) => {
      keys.push(route.request().headers()['idempotency-key']!);
      if (keys.length > 1) return route.continue();
      await route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used.' }),
      });
    });
    await field(page, F, 'name').fill('Noor Haddad');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'inquiryType').selectOption('general');
    await field(page, F, 'subject').fill('Monitoring question');
    await field(page, F, 'message').fill('Do you monitor marketplaces outside Europe?');
    await submitButton(page, F).click();
    await expect(page.locator('.form-outcome--success')).toHaveText(/Form submitted successfully\./);
    await expect(page.locator('.form-outcome--failure')).toHaveCount(0);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(leadsFor(email).map((l) => l.key)).toEqual([keys[1]]);
  });
});

test.describe('Personal takedown request (/takedowns/personal)', () => {
  const F = 'personal-takedown';

  test("checks while typing once a field has been left, with the spec's messages", async ({ page }) => {
    await open(page, '/takedowns/personal');
    const name = field(page, F, 'contactName');
    await name.fill('J');
    // Not yet left: no message while the visitor is still typing the first time.
    await expect(errorOf(page, F, 'contactName')).toBeHidden();
    await name.blur();
    await expect(errorOf(page, F, 'contactName')).toHaveText('Name must be at least 2 characters long');
    await name.fill('Jo');
    await expect(errorOf(page, F, 'contactName')).toBeHidden();
    await name.fill('');
    await expect(errorOf(page, F, 'contactName')).toHaveText('Contact name is required');

    const url = field(page, F, 'infringementUrl');
    await url.fill('https://copycat.example/gallery/1\nhttps://copycat.example/gallery/2');
    await url.blur();
    // The whole box is tested as one address, so two lines fail.
    await expect(errorOf(page, F, 'infringementUrl')).toHaveText('Please enter a valid URL');
    await url.fill('ftp://copycat.example/file');
    await expect(errorOf(page, F, 'infringementUrl')).toHaveText('Please enter a valid URL');
    await url.fill('https://copycat.example/gallery/1');
    await expect(errorOf(page, F, 'infringementUrl')).toBeHidden();

    const original = field(page, F, 'originalContentUrl');
    await original.fill('my-site');
    await original.blur();
    await expect(errorOf(page, F, 'originalContentUrl')).toHaveText('Please enter a valid URL');
    await original.fill('');
    await expect(errorOf(page, F, 'originalContentUrl')).toBeHidden();

    const description = field(page, F, 'description');
    await description.fill('   Copied my photo   ');
    await description.blur();
    await expect(errorOf(page, F, 'description')).toHaveText('Description must be at least 20 characters long');
  });

  test('an empty submit lists every required field, sends nothing, and passes axe with the live errors showing', async ({ page }) => {
    await open(page, '/takedowns/personal');
    const posts = countPosts(page, '/api/takedown-request');
    await submitButton(page, F).click();
    await expect(errorOf(page, F, 'contactName')).toHaveText('Contact name is required');
    await expect(errorOf(page, F, 'email')).toHaveText('Email address is required');
    await expect(errorOf(page, F, 'contentType')).toHaveText('Please select a content type');
    await expect(errorOf(page, F, 'infringementUrl')).toHaveText('Infringement URL is required');
    await expect(errorOf(page, F, 'description')).toHaveText('Description is required');
    await expect(page.locator('.error-summary li')).toHaveCount(5);
    // The relationship starts as creator, so it is never missing.
    await expect(field(page, F, 'relationship')).toHaveValue('creator');
    expect(posts.count).toBe(0);
    await test.step('with live errors showing, the form passes axe', async () => {
      await expect(page.locator('.error-summary')).toBeVisible();
      const results = await axeBuilder(page).include('#contact-form').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  });

  test('a valid request reads Submitting... while out, then succeeds, resets to its defaults and is stored as typed', async ({ page }) => {
    await open(page, '/takedowns/personal');
    const email = uniqueEmail('personal');
    await field(page, F, 'contactName').fill('Jordan Reyes');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'contentType').selectOption('photography');
    await field(page, F, 'infringementUrl').fill('https://copycat.example/gallery/sunset');
    await field(page, F, 'originalContentUrl').fill('https://jordanreyes.example/sunset');
    await field(page, F, 'description').fill('My sunset photo is used as a blog header without credit.');
    await field(page, F, 'relationship').selectOption('owner');
    const gate = await holdPosts(page, '/api/takedown-request');
    await submitButton(page, F).click();
    await expect(submitButton(page, F)).toHaveText('Submitting...');
    await expect(submitButton(page, F)).toBeDisabled();
    gate.release();
    await expect(page.locator('.form-outcome--success')).toHaveText(/Form submitted successfully\./);
    await expect(submitButton(page, F)).toHaveText(idleLabel(F));
    await expect(field(page, F, 'contactName')).toHaveValue('');
    await expect(field(page, F, 'relationship')).toHaveValue('creator');
    await expect(page.locator('.field-error:not([hidden])')).toHaveCount(0);

    const leads = leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ endpoint: '/api/takedown-request', formType: 'takedown', spam: false });
    // Sent as-is, with no renaming; the unused infringementUrls field is never sent.
    expect(leads[0]!.payload).toEqual({
      contactName: 'Jordan Reyes',
      email,
      contentType: 'photography',
      infringementUrl: 'https://copycat.example/gallery/sunset',
      originalContentUrl: 'https://jordanreyes.example/sunset',
      description: 'My sunset photo is used as a blog header without credit.',
      relationship: 'owner',
    });
  });

  test('server errors are retried after 1 s and 2 s with the same key; the third attempt stores the lead once', async ({ page }) => {
    await open(page, '/takedowns/personal');
    const email = uniqueEmail('retry');
    const attempts: { at: number; key: string | undefined }[] = [];
    await page.route('**/api/takedown-request', async (route) => {
      attempts.push({ at: Date.now(), key: route.request().headers()['idempotency-key'] });
      if (attempts.length < 3)
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"UNAVAILABLE","message":"busy"}' });
      else await route.continue();
    });
    await field(page, F, 'contactName').fill('Sam Okafor');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'contentType').selectOption('writing');
    await field(page, F, 'infringementUrl').fill('https://scraper.example/post/123');
    await field(page, F, 'description').fill('My article was copied word for word onto this site.');
    await submitButton(page, F).click();
    await expect(page.locator('.form-outcome--success')).toHaveText(/Form submitted successfully\./, { timeout: 10_000 });
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1);
    expect(attempts[0]!.key).toBeTruthy();
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_950);
    expect(leadsFor(email)).toHaveLength(1);
  });

  test('after three failed attempts the visitor is told to try later, and keeps what was typed', async ({ page }) => {
    await open(page, '/takedowns/personal');
    let attempts = 0;
    await page.route('**/api/takedown-request', (route) => {
      attempts++;
      return route.abort('connectionrefused');
    });
    await field(page, F, 'contactName').fill('Sam Okafor');
    await field(page, F, 'email').fill('sam@example.org');
    await field(page, F, 'contentType').selectOption('writing');
    await field(page, F, 'infringementUrl').fill('https://scraper.example/post/123');
    await field(page, F, 'description').fill('My article was copied word for word onto this site.');
    await submitButton(page, F).click();
    await expect(page.locator('.form-outcome--failure')).toHaveText(/Unable to submit form\. Please try again later or contact support\./, {
      timeout: 10_000,
    });
    expect(attempts).toBe(3);
    await expect(field(page, F, 'contactName')).toHaveValue('Sam Okafor');
    await expect(submitButton(page, F)).toBeEnabled();
  });
});

test.describe('Commercial takedown request (/takedowns/commercial)', () => {
  const F = 'commercial-takedown';

  // Dialogs are accepted from a listener: awaiting page.waitForEvent('dialog') and then accepting can
  // stall when the page is also being routed.
  async function fill(page: Page, email: string): Promise<void> {
    await field(page, F, 'companyName').fill('Northwind Apparel');
    await field(page, F, 'contactName').fill('Avery Chen');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'website').fill('https://northwind.example');
    await field(page, F, 'contentType').selectOption('images');
    await field(page, F, 'infringementUrls').fill('https://knockoff.example/p/1\nhttps://knockoff.example/p/2');
    await field(page, F, 'description').fill('Our catalogue photos are used to sell counterfeit jackets.');
  }

  test("the browser's own checks stop an empty request", async ({ page }) => {
    await open(page, '/takedowns/commercial');
    const posts = countPosts(page, '/api/takedown-request');
    await submitButton(page, F).click();
    for (const name of ['companyName', 'contactName', 'email', 'contentType', 'infringementUrls']) {
      expect(await field(page, F, name).evaluate((el: HTMLInputElement) => el.validity.valueMissing), `${name} is required`).toBe(true);
    }
    await field(page, F, 'website').fill('northwind');
    expect(await field(page, F, 'website').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(field(page, F, 'urgency')).toHaveValue('standard');
    expect(posts.count).toBe(0);
  });

  test('success is confirmed in an alert promising contact within 24 hours, then the form resets; the lead is stored', async ({ page }) => {
    await open(page, '/takedowns/commercial');
    const email = uniqueEmail('commercial');
    await fill(page, email);
    await field(page, F, 'urgency').selectOption('urgent');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.accept();
    });
    await submitButton(page, F).click();
    await expect
      .poll(() => dialogs)
      .toEqual(['alert: Commercial takedown request submitted successfully! We will contact you within 24 hours.']);
    await expect(field(page, F, 'companyName')).toHaveValue('');
    await expect(field(page, F, 'urgency')).toHaveValue('standard');
    const leads = leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.payload).toMatchObject({
      companyName: 'Northwind Apparel',
      contactName: 'Avery Chen',
      website: 'https://northwind.example',
      contentType: 'images',
      infringementUrls: 'https://knockoff.example/p/1\nhttps://knockoff.example/p/2',
      urgency: 'urgent',
    });
  });

  test('a failure is reported in an alert asking to retry or contact support, and keeps the values', async ({ page }) => {
    await open(page, '/takedowns/commercial');
    await page.route('**/api/takedown-request', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":"VALIDATION"}' }),
    );
    await fill(page, 'avery@example.org');
    const messages: string[] = [];
    page.on('dialog', (d) => {
      messages.push(d.message());
      void d.accept();
    });
    await submitButton(page, F).click();
    await expect.poll(() => messages).toEqual(['Failed to submit request. Please try again or contact support.']);
    await expect(field(page, F, 'companyName')).toHaveValue('Northwind Apparel');
  });
});

test.describe('Contact form (/contact)', () => {
  const F = 'contact';

  test('starts on General Inquiry and Normal urgency; reads Sending Message... while out; success clears it to those defaults', async ({
    page,
  }) => {
    await open(page, '/contact');
    await expect(field(page, F, 'inquiryType')).toHaveValue('general');
    await expect(field(page, F, 'urgency')).toHaveValue('normal');
    await expect(field(page, F, 'message')).toHaveAttribute('rows', '6');
    const email = uniqueEmail('contact');
    await field(page, F, 'name').fill('Priya Natarajan');
    await field(page, F, 'email').fill(email);
    await field(page, F, 'company').fill('Lumen Press');
    await field(page, F, 'inquiryType').selectOption('enterprise');
    await field(page, F, 'urgency').selectOption('high');
    // Spaces pass the browser's required check and are sent as the fallback subject.
    await field(page, F, 'subject').fill('   ');
    await field(page, F, 'message').fill('We publish 400 e-books a year and need monitoring for all of them.');
    const gate = await holdPosts(page, '/api/contact');
    await submitButton(page, F).click();
    await expect(submitButton(page, F)).toHaveText('Sending Message...');
    await expect(submitButton(page, F)).toBeDisabled();
    gate.release();
    await expect(page.locator('.form-outcome--success')).toHaveText(/Message sent successfully! We'll get back to you within 24 hours\./);
    await expect(field(page, F, 'name')).toHaveValue('');
    await expect(field(page, F, 'inquiryType')).toHaveValue('general');
    await expect(field(page, F, 'urgency')).toHaveValue('normal');
    const leads = leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.payload).toEqual({
      name: 'Priya Natarajan',
      email,
      subject: 'General Inquiry',
      message: 'We publish 400 e-books a year and need monitoring for all of them.',
      serviceInterest: 'enterprise',
      company: 'Lumen Press',
      urgency: 'high',
    });
  });

  test('a failed send shows the error message and keeps the values', async ({ page }) => {
    await open(page, '/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"VALIDATION"}' }),
    );
    await field(page, F, 'name').fill('Priya Natarajan');
    await field(page, F, 'email').fill('priya@example.org');
    await field(page, F, 'subject').fill('Monitoring');
    await field(page, F, 'message').fill('Please call me about monitoring.');
    await submitButton(page, F).click();
    await expect(page.locator('.form-outcome--failure')).toHaveText(
      /There was an error sending your message\. Please try again or contact us directly\./,
    );
    await expect(field(page, F, 'message')).toHaveValue('Please call me about monitoring.');
  });
});

test('the DIY free template form stores the lead and offers the template download', async ({ page, request }) => {
  const F = 'diy-free-template';
  await open(page, '/takedowns/diy');
  const email = uniqueEmail('diy');
  await field(page, F, 'name').fill('Mina Park');
  await field(page, F, 'email').fill(email);
  await submitButton(page, F).click();
  const banner = page.locator('.form-outcome--success');
  await expect(banner).toContainText('Thanks! Your free Basic DMCA Notice template is ready to download.');
  const link = banner.getByRole('link', { name: 'Download your template' });
  const href = await link.getAttribute('href');
  expect(href).toBe('/downloads/basic-dmca-notice.txt');
  const file = await request.get(href!);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain('DMCA');
  expect(leadsFor(email)).toHaveLength(1);
});

for (const [path, formId] of [
  ['/protection/music', 'music-get-started'],
  ['/protection/content-writing', 'writing-get-started'],
] as const) {
  test(`${path}: the get-started form needs an email, then thanks the visitor and stores the lead`, async ({ page }) => {
    await open(page, path);
    const posts = countPosts(page, '/api/contact');
    await submitButton(page, formId).click();
    await expect(errorOf(page, formId, 'email')).toBeVisible();
    expect(posts.count).toBe(0);
    const email = uniqueEmail(formId);
    await field(page, formId, 'email').fill(email);
    await submitButton(page, formId).click();
    await expect(page.locator('.form-outcome--success')).toContainText('A protection specialist will contact you within 24 hours.');
    const leads = leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.endpoint).toBe('/api/contact');
  });
}

test('a bot that fills the hidden field is thanked like anyone, and its lead is stored as spam', async ({ page }) => {
  const F = 'contact-us';
  await open(page, '/contact-us');
  const email = uniqueEmail('bot');
  await field(page, F, 'name').fill('Cheap Followers');
  await field(page, F, 'email').fill(email);
  await field(page, F, 'inquiryType').selectOption('general');
  await field(page, F, 'subject').fill('Buy followers');
  await field(page, F, 'message').fill('Best prices for followers and likes, click now.');
  await page.locator(`#${F}-form-confirm_email`).evaluate((el: HTMLInputElement) => (el.value = 'bot@example.org'));
  await submitButton(page, F).click();
  await expect(page.locator('.form-outcome--success')).toBeVisible();
  const leads = leadsFor(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]!.spam).toBe(true);
});

test('the server applies the same rules: a bad body is refused with field messages and nothing is stored', async ({ request }) => {
  const email = uniqueEmail('api');
  const response = await request.post('/api/contact', {
    headers: { 'X-Form-Id': 'contact-us', 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Api Test', email, subject: 'Hi', message: 'short', serviceInterest: 'general', inquiryType: 'general' },
  });
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.fields).toMatchObject({ message: 'Message must be at least 10 characters long' });
  expect(leadsFor(email)).toHaveLength(0);
});
