import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, ERROR_CODES } from '../../../contracts/api-contract';
import { loadSite } from '../../../engine/content/load-site';
import type { SiteModel } from '../../../engine/content/model';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { FORM_TOKEN_COOKIE } from '../../../server/spam/form-token';
import { writeCompressedSiblings } from '../../../server/static-files';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { createFixture, rawRequest, startServer, type Fixture, type TestServer } from './helpers';

const PAGE = '/takedowns/personal';
const FORM = 'personal-takedown';
const ENDPOINT = '/api/takedown-request';
const LIFETIME_MS = 2 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const fields = {
  contactName: 'Ada Lovelace',
  contentType: 'photography',
  infringementUrl: 'https://copy.example/gallery',
  description: 'My photo series is on their shop without permission.',
  relationship: 'creator',
};

let model: SiteModel;
let fixture: Fixture;
let dataDir: string;
let store: SqliteLeadStore;
let server: TestServer;
/** The server's clock, moved by the tests; the rate limit and the store keep real time. */
let at = Date.parse('2026-11-28T12:00:00Z');
const clock = () => new Date(at);

beforeAll(async () => {
  const loaded = loadSite(readSiteFiles(), readSchemas());
  if (!loaded.model) throw new Error('site/ does not load');
  model = loaded.model;
  fixture = createFixture();
  // The form's page as the build writes it, beside the fixture's pages without a form.
  mkdirSync(join(fixture.clientDir, 'takedowns', 'personal'), { recursive: true });
  writeFileSync(
    join(fixture.clientDir, 'takedowns', 'personal', 'index.html'),
    `<!doctype html><title>Form</title>${'<p>x</p>'.repeat(200)}`,
  );
  writeCompressedSiblings(fixture.clientDir);
  dataDir = mkdtempSync(join(tmpdir(), 'form-tokens-'));
  store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
  await store.init();
  // Form tokens on, as in production, over https (so their cookie is Secure), on the tests' clock.
  server = await startServer({
    buildDir: fixture.root,
    store,
    model: { forms: model.forms, pages: { model, assets: { stylesheets: [], scripts: [] } } },
    now: clock,
    env: {
      FORM_TOKENS: 'on',
      FORM_TOKEN_LIFETIME: String(LIFETIME_MS / 1000),
      FORM_MIN_FILL_SECONDS: '2',
      RATE_LIMIT_MAX: '1000',
      METRICS_PORT: '0',
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  fixture?.cleanup();
});

beforeEach(() => {
  at += 60_000;
});

/** The `name=value` of the form token a Set-Cookie header list holds, or null. */
function tokenCookie(res: Response): string | null {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${FORM_TOKEN_COOKIE}=`));
  return set ? set.split(';')[0]! : null;
}

/** Loads the form's page, as a browser does, and returns the token it was given. */
async function loadPage(): Promise<string> {
  const res = await fetch(server.url + PAGE);
  expect(res.status).toBe(200);
  const cookie = tokenCookie(res);
  expect(cookie).not.toBeNull();
  return cookie!;
}

const unique = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;

function postJson(email: string, cookie: string | null, key = crypto.randomUUID()) {
  return fetch(server.url + ENDPOINT, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Form-Id': FORM,
      'Idempotency-Key': key,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ ...fields, email }),
  });
}

function postForm(email: string, cookie: string | null) {
  return fetch(server.url + PAGE, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ 'form-id': FORM, ...fields, email }).toString(),
  });
}

async function leadsWith(email: string) {
  return (await store.leads.listLeads()).filter((l) => (l.payload as { email?: string }).email === email);
}

/** How many posts to the endpoint were refused for this reason (leads_refused_total). */
async function refusals(reason: string): Promise<number> {
  const text = await (await fetch(server.metricsUrl!)).text();
  const line = text.split('\n').find((l) => l.startsWith(`leads_refused_total{endpoint="${ENDPOINT}",reason="${reason}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** How many posts to the endpoint were stored (leads_accepted_total). */
async function accepted(): Promise<number> {
  const text = await (await fetch(server.metricsUrl!)).text();
  const line = text.split('\n').find((l) => l.startsWith(`leads_accepted_total{endpoint="${ENDPOINT}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** What a sender can compare between two answers: status, header names, the body's shape. */
async function shapeOf(res: Response) {
  const body = (await res.json()) as { success: boolean; message: string; data: { id: string } };
  expect(body.data.id).toMatch(UUID);
  return {
    status: res.status,
    headers: [...res.headers.keys()].sort(),
    length: res.headers.get('content-length'),
    cacheControl: res.headers.get('cache-control'),
    cookie: res.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, '=…')),
    body: { ...body, data: Object.keys(body.data) },
  };
}

describe('the form token on pages', () => {
  it('is set on a page with a form, HttpOnly, SameSite=Lax, for the whole site, and the page is private', async () => {
    const res = await fetch(server.url + PAGE);
    const [set] = res.headers.getSetCookie();
    expect(set).toMatch(new RegExp(`^${FORM_TOKEN_COOKIE}=\\d+\\.[0-9a-f]{32}\\.[\\w-]{43};`));
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/');
    expect(set).toContain('Secure');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('is not set again while the one sent is good, and a page without a form never sets one', async () => {
    const cookie = await loadPage();
    const again = await fetch(server.url + PAGE, { headers: { Cookie: cookie } });
    expect(again.headers.getSetCookie()).toEqual([]);
    const home = await fetch(server.url + '/');
    expect(home.headers.getSetCookie()).toEqual([]);
    expect(home.headers.get('cache-control')).toBe('no-cache');
  });

  it('comes with a 304 too, when the browser revalidates its copy of the page without a good token', async () => {
    const first = await rawRequest(server.port, PAGE, { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag!;
    const revalidated = await rawRequest(server.port, PAGE, {
      'Accept-Encoding': 'br',
      'If-None-Match': etag,
      Cookie: `${FORM_TOKEN_COOKIE}=1.2.3`,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['set-cookie']?.[0]).toMatch(new RegExp(`^${FORM_TOKEN_COOKIE}=`));
    expect(revalidated.headers.etag).toBe(etag);
  });

  it('is renewed by a page answered after half its lifetime', async () => {
    const cookie = await loadPage();
    at += LIFETIME_MS / 2 + 1_000;
    const res = await fetch(server.url + PAGE, { headers: { Cookie: cookie } });
    expect(tokenCookie(res)).not.toBeNull();
    expect(tokenCookie(res)).not.toBe(cookie);
  });
});

describe('a JSON submission', () => {
  it('with a good token sent 2 s after the page is stored, and its answer carries the next token', async () => {
    const cookie = await loadPage();
    at += 2_000;
    const email = unique('good');
    const res = await postJson(email, cookie);
    expect(res.status).toBe(201);
    const next = tokenCookie(res);
    expect(next).not.toBeNull();
    expect(next).not.toBe(cookie);
    expect(await leadsWith(email)).toHaveLength(1);
  });

  it('refused for its token gets exactly the answer a stored one gets, and nothing is stored', async () => {
    const stored = unique('stored');
    const cookie = await loadPage();
    // Another good token with one character of its nonce changed: its signature no longer matches.
    const other = await loadPage();
    const forged = other.replace(/^([^=]+=\d+\.)(.)/, (_, head: string, c: string) => head + (c === '0' ? '1' : '0'));
    at += 5_000;
    const good = await shapeOf(await postJson(stored, cookie));
    expect(good.status).toBe(201);

    const fast = await loadPage();
    at += 1_000;
    const cases: Array<[string, string | null]> = [
      ['FORM_TOKEN_MISSING', null],
      ['FORM_TOKEN_FORGED', forged],
      ['FORM_TOKEN_FORGED', `${FORM_TOKEN_COOKIE}=${at}.${'0'.repeat(32)}.${'A'.repeat(43)}`],
      ['FORM_TOKEN_TOO_FAST', fast],
      ['FORM_TOKEN_REPLAYED', cookie],
    ];
    for (const [reason, sent] of cases) {
      const before = await refusals(reason);
      const email = unique(reason.toLowerCase());
      const res = await postJson(email, sent);
      expect(await shapeOf(res), reason).toEqual(good);
      expect(await leadsWith(email), reason).toHaveLength(0);
      expect(await refusals(reason), reason).toBe(before + 1);
    }
  });

  it('1 s after the page is refused (answered 201, not stored); 2 s after, the same token is accepted', async () => {
    const cookie = await loadPage();
    at += 1_000;
    const early = unique('early');
    expect((await postJson(early, cookie)).status).toBe(201);
    expect(await leadsWith(early)).toHaveLength(0);
    at += 1_000;
    const later = unique('later');
    expect((await postJson(later, cookie)).status).toBe(201);
    expect(await leadsWith(later)).toHaveLength(1);
  });

  it('sent again after a lost answer (same key, same token) gets the stored lead back, stored once', async () => {
    const cookie = await loadPage();
    at += 3_000;
    const email = unique('retry');
    const key = crypto.randomUUID();
    const first = (await (await postJson(email, cookie, key)).json()) as { data: { id: string } };
    const retry = (await (await postJson(email, cookie, key)).json()) as { data: { id: string } };
    expect(retry.data.id).toBe(first.data.id);
    expect(await leadsWith(email)).toHaveLength(1);
  });

  it('with an expired token is told so in plain words, with a new token, and sending again with it is stored', async () => {
    const cookie = await loadPage();
    at += LIFETIME_MS + 1_000;
    const email = unique('expired');
    const res = await postJson(email, cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: ERROR_CODES.formExpired, message: API_MESSAGES.formExpired });
    const fresh = tokenCookie(res);
    expect(fresh).not.toBeNull();
    expect(await leadsWith(email)).toHaveLength(0);
    at += 2_000;
    expect((await postJson(email, fresh)).status).toBe(201);
    expect(await leadsWith(email)).toHaveLength(1);
  });
});

describe('a form posted without script', () => {
  it('refused for its token gets the same 303 to the thanks page as a stored one, with a new token', async () => {
    const cookie = await loadPage();
    at += 3_000;
    const stored = unique('post-good');
    const acceptedBefore = await accepted();
    const good = await postForm(stored, cookie);
    expect(good.status).toBe(303);
    expect(await leadsWith(stored)).toHaveLength(1);
    expect(await accepted()).toBe(acceptedBefore + 1);
    const cases: Array<[string, string | null]> = [
      ['FORM_TOKEN_MISSING', null],
      ['FORM_TOKEN_REPLAYED', cookie],
    ];
    for (const [reason, sent] of cases) {
      const before = await refusals(reason);
      const email = unique('post-refused');
      const res = await postForm(email, sent);
      expect(res.status).toBe(303);
      // Counted as the API's refusals are, under the form's endpoint: a bot posting the page's form is seen too.
      expect(await refusals(reason), reason).toBe(before + 1);
      expect(res.headers.get('location')).toBe(good.headers.get('location'));
      expect([...res.headers.keys()].sort()).toEqual([...good.headers.keys()].sort());
      expect(await res.text()).toBe(await good.clone().text());
      expect(tokenCookie(res)).not.toBeNull();
      expect(await leadsWith(email)).toHaveLength(0);
    }
  });

  it('with an expired token comes back as the page with every value typed and the sentence, with a new token', async () => {
    const cookie = await loadPage();
    at += LIFETIME_MS + 60_000;
    const email = unique('post-expired');
    const res = await postForm(email, cookie);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(API_MESSAGES.formExpired.split('.')[0]);
    for (const value of [email, fields.contactName, fields.infringementUrl, fields.description]) expect(html).toContain(value);
    const fresh = tokenCookie(res);
    expect(fresh).not.toBeNull();
    expect(await leadsWith(email)).toHaveLength(0);
    at += 2_000;
    expect((await postForm(email, fresh)).status).toBe(303);
    expect(await leadsWith(email)).toHaveLength(1);
  });
});
