import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { SiteModel } from '../../../engine/content/model';
import { HONEYPOT_FIELD } from '../../../engine/forms/payload';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const PAGE = '/takedowns/personal';
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };
const valid = {
  'form-id': 'personal-takedown',
  contactName: 'Ada Lovelace',
  contentType: 'music',
  infringementUrl: 'https://example.com/copied',
  description: 'My song was copied onto this page without asking.',
};

let model: SiteModel;
let fixture: Fixture;
let dataDir: string;
let store: SqliteLeadStore;
let server: Running;

beforeAll(async () => {
  const loaded = loadSite(readSiteFiles(), readSchemas());
  if (!loaded.model) throw new Error('site/ does not load');
  model = loaded.model;
  fixture = createFixture();
  dataDir = mkdtempSync(join(tmpdir(), 'form-posts-'));
  store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
  await store.init();
  server = await startServer({
    buildDir: fixture.root,
    store,
    model: { forms: model.forms, pages: { model, assets: { stylesheets: [], scripts: ['/assets/entry.js'] } } },
    env: { RATE_LIMIT_MAX: '40' },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  fixture?.cleanup();
});

const send = (fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN, path = PAGE) =>
  fetch(server.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

async function leadsWith(email: string) {
  return (await store.leads.listLeads()).filter((l) => (l.payload as { email?: string }).email === email);
}

describe('a form posted to its page', () => {
  it('with problems is answered 422 with the page: a summary, each message by its field, and what was typed shown as text', async () => {
    const res = await send({ 'form-id': 'personal-takedown', contactName: '<b>Ada</b>', email: 'not-an-address' });
    expect(res.status).toBe(422);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('There is a problem');
    expect(html).toContain('<a href="#personal-takedown-form_email">Please enter a valid email address</a>');
    expect(html).toMatch(/id="personal-takedown-form_description__error" class="field-error">Description is required</);
    expect(html).toContain('value="&lt;b&gt;Ada&lt;/b&gt;"');
    expect(html).not.toContain('<b>Ada</b>');
    // The page keeps its script, and its form starts from the server's answer when it hydrates.
    expect(html).toContain('<script type="module" src="/assets/entry.js">');
  });

  it('that is valid is stored once and answered 303 to the page showing its success; the same post again stores nothing new', async () => {
    const email = `once.${Date.now()}@example.org`;
    const [first, twin] = await Promise.all([send({ ...valid, email }), send({ ...valid, email })]);
    expect(first.status).toBe(303);
    expect(twin.status).toBe(303);
    expect(first.headers.get('location')).toBe(`${PAGE}?sent=personal-takedown#personal-takedown-form-card`);
    expect(await leadsWith(email)).toHaveLength(1);

    const shown = await fetch(server.url + first.headers.get('location')!);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(await shown.text()).toContain('Form submitted successfully.');
  });

  it('with the hidden field filled in is thanked like any other and stored as spam', async () => {
    const email = `bot.${Date.now()}@example.org`;
    const res = await send({ ...valid, email, [HONEYPOT_FIELD]: 'bot@example.org' });
    expect(res.status).toBe(303);
    expect((await leadsWith(email)).map((l) => l.spam)).toEqual([true]);
  });

  it('from another site, or saying nowhere where it comes from, is refused with 403 and not stored', async () => {
    const email = `foreign.${Date.now()}@example.org`;
    expect((await send({ ...valid, email }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await send({ ...valid, email }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await send({ ...valid, email }, {})).status).toBe(403);
    expect((await send({ ...valid, email }, { Origin: 'https://example.com' })).status).toBe(303);
    expect(await leadsWith(email)).toHaveLength(1);
  });

  it('naming no form of the page, or sent as JSON, is refused with a plain answer', async () => {
    expect((await send({ ...valid, 'form-id': 'contact-us' })).status).toBe(400);
    const json = await fetch(server.url + PAGE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...SAME_ORIGIN },
      body: JSON.stringify(valid),
    });
    expect(json.status).toBe(415);
  });

  it('to a page without a form, or asking for the success of a form not on the page, is left to the site', async () => {
    expect((await send(valid, SAME_ORIGIN, '/about')).status).toBe(405);
    const other = await fetch(`${server.url}${PAGE}?sent=contact-us`);
    expect(await other.text()).not.toContain('Form submitted successfully.');
  });
});

describe('the rate limit', () => {
  it('counts form posts and JSON submissions from one address together', async () => {
    const limited = await startServer({
      buildDir: fixture.root,
      model: { forms: model.forms, pages: { model, assets: { stylesheets: [], scripts: [] } } },
      env: { RATE_LIMIT_MAX: '2' },
    });
    try {
      const form = (extra: Record<string, string> = {}) =>
        fetch(limited.url + PAGE, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN },
          body: new URLSearchParams({ 'form-id': 'personal-takedown', ...extra }).toString(),
        });
      expect((await form()).status).toBe(422);
      expect((await fetch(`${limited.url}/api/contact`, { method: 'POST' })).status).not.toBe(429);
      const third = await form();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
