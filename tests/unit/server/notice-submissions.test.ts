// A complete takedown notice sent to the server, with script (the JSON API) and without (a form post
// to its page): the addresses read by the same module as the form's, refused lines as field errors,
// the statements stored in the words the page showed, and the lead's payload a NoticeRequest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS, REQUESTED_WITH } from '../../../contracts/api-contract';
import { loadSite } from '../../../engine/content/load-site';
import type { Form, SiteModel } from '../../../engine/content/model';
import { noticesFor } from '../../../engine/notices/notice-text';
import { ADDRESS_FIELD, STATEMENT_FIELDS, type StoredNotice } from '../../../engine/notices/notice-form';
import { MAX_ADDRESSES, readAddressList } from '../../../engine/notices/urls';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { MAX_BODY_BYTES, NOTICE_MAX_BODY_BYTES } from '../../../server/api/json-body';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const PAGE = '/takedowns/notice';
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };
const TEMPLATE = 'site/data/notice-template.yaml';

/** A site whose notice checkboxes say something else: proves the stored words are the page's, not the code's. */
const REWORDED = 'Reworded for this test, ';

let model: SiteModel;
let form: Form;
let fixture: Fixture;
let dataDir: string;
let store: SqliteLeadStore;
let server: Running;

beforeAll(async () => {
  const files = readSiteFiles().map((f) =>
    f.path === TEMPLATE ? { ...f, text: f.text.replace(/^(\s+(?:goodFaith|accuracy|lumen): )/gm, `$1${REWORDED}`) } : f,
  );
  const loaded = loadSite(files, readSchemas());
  if (!loaded.model) throw new Error(`site/ does not load: ${JSON.stringify(loaded.problems.slice(0, 3))}`);
  model = loaded.model;
  form = Object.values(model.forms).find((f) => f.submit.payload === 'notice')!;
  fixture = createFixture();
  dataDir = mkdtempSync(join(tmpdir(), 'notice-posts-'));
  store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
  await store.init();
  server = await startServer({
    buildDir: fixture.root,
    store,
    model: { forms: model.forms, pages: { model, assets: { stylesheets: [], scripts: ['/assets/entry.js'] } } },
    env: { RATE_LIMIT_MAX: '100', RATE_LIMIT_WINDOW_MS: '60000' },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  fixture?.cleanup();
});

/** The words the notice form shows beside a checkbox, read from the site model. */
const words = (field: string) => (form.fields.properties as Record<string, { title?: string }>)[field]!.title!;
const choice = (field: string, i: number) =>
  (form.fields.properties as Record<string, { oneOf: Array<{ const: string }> }>)[field]!.oneOf[i]!.const;

let n = 0;
/** A complete notice's fields, as the form sends them, for a fresh requester. */
function notice(changes: Record<string, unknown> = {}): Record<string, unknown> {
  n++;
  return {
    requesterName: 'Riverside Press LLC',
    email: `rights${n}@riverside.example`,
    telephone: '+1 503 555 0100',
    postalAddress: '12 Quay Street\nPortland, OR 97201\nUSA',
    workDescription: 'The novel "Salt Roads" (2024), all 31 chapters.',
    workKind: choice('workKind', 2),
    authorisedCopy: 'https://riverside.example/salt-roads',
    registration: 'TX 9-876-543',
    [ADDRESS_FIELD]:
      'https://copies.example/a\nhttps://copies.example/b#top\nhttps://Other.Example/x?utm_source=mail\nhttps://copies.example/a',
    fullName: 'Dana Q. Writer',
    capacity: choice('capacity', 1),
    authority: 'Licensing manager of Riverside Press',
    goodFaith: true,
    accuracy: true,
    lumenConsent: true,
    ...changes,
  };
}

const postJson = (body: Record<string, unknown>) =>
  fetch(`${server.url}/api/takedown-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.requestedWith]: REQUESTED_WITH, [HEADERS.formId]: form.id },
    body: JSON.stringify(body),
  });

/** The fields as a browser posts the form without script: every value a string, a ticked box "on", an unticked one absent. */
function asPost(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = { 'form-id': form.id };
  for (const [k, v] of Object.entries(fields)) if (v !== false) out[k] = v === true ? 'on' : String(v);
  return out;
}

const postForm = (fields: Record<string, string>) =>
  fetch(server.url + PAGE, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });

async function storedFor(email: string) {
  return (await store.leads.listLeads()).filter((l) => (l.payload as { email?: string }).email === email);
}

describe('a takedown notice through the JSON API', () => {
  it('is stored as a NoticeRequest: the groups readAddressList makes, the statements in the words shown, signed today', async () => {
    const body = notice();
    const res = await postJson(body);
    expect(res.status).toBe(201);
    const [lead] = await storedFor(body.email as string);
    expect(lead!.formType).toBe('notice');
    expect(lead!.formId).toBe(form.id);
    const payload = lead!.payload as unknown as StoredNotice;
    expect(payload.groups).toEqual(readAddressList(body[ADDRESS_FIELD] as string).groups);
    expect(payload.groups.map((g) => [g.host, g.urls.length])).toEqual([
      ['copies.example', 2],
      ['other.example', 1],
    ]);
    expect(payload.statements).toEqual({ goodFaith: words('goodFaith'), accuracy: words('accuracy') });
    expect(payload.statements.goodFaith.startsWith(REWORDED)).toBe(true);
    expect(payload.signature).toEqual({
      fullName: 'Dana Q. Writer',
      date: new Date().toISOString().slice(0, 10),
      capacity: 'authorised',
      authority: 'Licensing manager of Riverside Press',
    });
    const kind = (form.fields.properties as Record<string, { oneOf: Array<{ const: string; title: string }> }>).workKind!.oneOf[2]!.title;
    expect(payload.work).toEqual({
      description: body.workDescription,
      kind,
      authorisedCopy: body.authorisedCopy,
      registration: body.registration,
    });
    expect(payload.requester).toEqual({
      name: body.requesterName,
      postalAddress: body.postalAddress,
      telephone: body.telephone,
      email: body.email,
    });
    expect(payload.lumenConsent).toBe(true);
    expect([payload.name, payload.email]).toEqual([body.requesterName, body.email]);
    // What the team sends is made from the stored payload as it is: one notice per host, every element in it.
    const notices = noticesFor(payload, model.noticeRecipients, model.noticeTemplate!);
    expect(notices.map((x) => x.host)).toEqual(['copies.example', 'other.example']);
    for (const text of [payload.statements.goodFaith, payload.statements.accuracy, body.requesterName, body.fullName, body.registration])
      for (const x of notices) expect(x.body).toContain(text);
    // Nothing of the flat form is kept beside the notice.
    expect(Object.keys(payload).sort()).toEqual([
      'email',
      'groups',
      'lumenConsent',
      'name',
      'requester',
      'signature',
      'statements',
      'work',
    ]);
  });

  it('refuses refused lines at the address field, citing the line, and stores nothing', async () => {
    const body = notice({ [ADDRESS_FIELD]: 'https://copies.example/a\n\njavascript:alert(1)\nhttp://192.168.1.10/x' });
    const res = await postJson(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(answer.fields)).toEqual([ADDRESS_FIELD]);
    expect(answer.fields[ADDRESS_FIELD]).toMatch(/^Line 3 /);
    expect(answer.fields[ADDRESS_FIELD]).toMatch(/1 more line is marked below\.$/);
    expect(await storedFor(body.email as string)).toEqual([]);
  });

  it("refuses the requester's own authorised copy among the addresses", async () => {
    const body = notice({ [ADDRESS_FIELD]: 'https://copies.example/a\nhttps://riverside.example/salt-roads#cover' });
    const res = await postJson(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields[ADDRESS_FIELD]).toMatch(/^Line 2 /);
  });

  it(`takes ${MAX_ADDRESSES.toLocaleString('en-US')} addresses in a body larger than the API's usual limit, and refuses one more`, async () => {
    const list = (count: number) =>
      Array.from({ length: count }, (_, i) => `https://copies.example/catalogue/items/${i}/full-size-copy-of-the-work`).join('\n');
    const full = notice({ [ADDRESS_FIELD]: list(MAX_ADDRESSES) });
    expect(JSON.stringify(full).length).toBeGreaterThan(MAX_BODY_BYTES);
    expect((await postJson(full)).status).toBe(201);
    const [lead] = await storedFor(full.email as string);
    expect((lead!.payload as unknown as StoredNotice).groups[0]!.urls).toHaveLength(MAX_ADDRESSES);

    const over = notice({ [ADDRESS_FIELD]: list(MAX_ADDRESSES + 1) });
    const res = await postJson(over);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields[ADDRESS_FIELD]).toMatch(
      new RegExp(`^Line ${(MAX_ADDRESSES + 1).toLocaleString('en-US')} `),
    );
  });

  it('refuses a notice larger than its own limit before reading it', async () => {
    const res = await postJson(notice({ [ADDRESS_FIELD]: 'https://copies.example/x\n'.repeat(NOTICE_MAX_BODY_BYTES / 25) }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(`The request body is larger than ${NOTICE_MAX_BODY_BYTES / 1024} KB.`);
  });

  it('asks for the authority of a signer who acts for the owner, and not of the owner', async () => {
    const res = await postJson(notice({ authority: '' }));
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toEqual(['authority']);
    const owner = notice({ capacity: choice('capacity', 0), authority: 'ignored' });
    expect((await postJson(owner)).status).toBe(201);
    const [lead] = await storedFor(owner.email as string);
    expect((lead!.payload as unknown as StoredNotice).signature).toEqual({
      fullName: 'Dana Q. Writer',
      date: expect.any(String),
      capacity: 'owner',
    });
  });

  it('refuses a notice whose statements are not both ticked', async () => {
    for (const field of ['goodFaith', 'accuracy']) {
      const res = await postJson(notice({ [field]: false }));
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toEqual([field]);
    }
  });
});

describe('a takedown notice posted without script', () => {
  it('with refused lines is answered with the page: the grouping, each refused line at its number, the message and the values kept', async () => {
    const fields = asPost(
      notice({ [ADDRESS_FIELD]: 'https://copies.example/a\nnot a <b>web</b> address\nhttps://other.example/x\nhttps://copies.example/a' }),
    );
    const res = await postForm(fields);
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(`id="${form.id}-form_${ADDRESS_FIELD}__error" class="field-error">Line 2 `);
    expect(html).toMatch(/<li data-host="copies.example" data-count="1">/);
    expect(html).toMatch(/<li data-host="other.example" data-count="1">/);
    expect(html).toMatch(/<li data-line="2" data-reason="unreadable">/);
    expect(html).not.toContain('<b>web</b>');
    // The address box keeps what was typed, escaped.
    expect(html).toContain('not a &lt;b&gt;web&lt;/b&gt; address');
    expect(await storedFor(fields.email!)).toEqual([]);
  });

  it('is stored once and confirmed with its addresses by website on the page itself', async () => {
    const fields = asPost(notice());
    const res = await postForm(fields);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(form.result.success.text!);
    const receipt = /class="notice-receipt">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect([...receipt.matchAll(/data-host="([^"]+)" data-count="(\d+)"/g)].map((m) => [m[1], Number(m[2])])).toEqual([
      ['copies.example', 2],
      ['other.example', 1],
    ]);
    // Of what was typed, the confirmation holds the address list alone.
    expect(html).not.toContain(fields.telephone!);
    expect(html).not.toContain(fields.fullName!);
    // Sent again (a reload of the answer): the same notice, stored once.
    expect((await postForm(fields)).status).toBe(200);
    const leads = await storedFor(fields.email!);
    expect(leads).toHaveLength(1);
    const payload = leads[0]!.payload as unknown as StoredNotice;
    expect(payload.groups.map((g) => g.host)).toEqual(['copies.example', 'other.example']);
    expect(payload.statements.accuracy).toBe(words('accuracy'));
    expect(payload.lumenConsent).toBe(true);
  });

  it('shows each checkbox with the words the notice stores', async () => {
    const html = await (await postForm(asPost(notice({ goodFaith: false })))).text();
    for (const field of Object.keys(STATEMENT_FIELDS)) expect(html).toContain(`<span>${words(field)}</span>`);
  });
});
