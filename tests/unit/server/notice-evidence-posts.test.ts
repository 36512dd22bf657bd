// A takedown notice sent with its evidence files, with script (multipart to the JSON API: the values
// as JSON, the files beside them) and without (the form posted to its page as multipart/form-data):
// the files checked with the fields, kept with the lead before the answer, once per place even when
// the same request is sent again.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS, REQUESTED_WITH } from '../../../contracts/api-contract';
import { VALUES_PART } from '../../../contracts/evidence-contract';
import { loadSite } from '../../../engine/content/load-site';
import type { Form, SiteModel } from '../../../engine/content/model';
import { ADDRESS_FIELD } from '../../../engine/notices/notice-form';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { FILES_NOT_KEPT } from '../../../server/api/form-posts';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };

let model: SiteModel;
let form: Form;
let page: string;
let fixture: Fixture;
let dataDir: string;
let store: SqliteLeadStore;
let server: Running;
/** Set to make the store's next saveEvidence fail, as a store that goes away between the lead and its files would. */
let failNextSave = false;

beforeAll(async () => {
  const loaded = loadSite(readSiteFiles(), readSchemas());
  if (!loaded.model) throw new Error(`site/ does not load: ${JSON.stringify(loaded.problems.slice(0, 3))}`);
  model = loaded.model;
  form = Object.values(model.forms).find((f) => f.submit.payload === 'notice' && f.files)!;
  page = model.pages.find((p) => p.sections.some((s) => s.type === 'form' && s.definition.id === form.id))!.path!;
  fixture = createFixture();
  dataDir = mkdtempSync(join(tmpdir(), 'notice-evidence-'));
  store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
  await store.init();
  const evidence = store.evidence;
  const flaky: LeadStore = {
    ...store,
    init: () => store.init(),
    ping: () => store.ping(),
    close: () => store.close(),
    evidence: {
      ...evidence,
      saveEvidence: (...args) => {
        if (failNextSave) {
          failNextSave = false;
          return Promise.reject(new Error('the store went away'));
        }
        return evidence.saveEvidence(...args);
      },
    },
  };
  server = await startServer({
    buildDir: fixture.root,
    store: flaky,
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

const choice = (field: string, i: number) =>
  (form.fields.properties as Record<string, { oneOf: Array<{ const: string }> }>)[field]!.oneOf[i]!.const;

let n = 0;
function notice(changes: Record<string, unknown> = {}): Record<string, unknown> {
  n++;
  return {
    requesterName: 'Riverside Press LLC',
    email: `evidence${n}@riverside.example`,
    telephone: '+1 503 555 0100',
    postalAddress: '12 Quay Street\nPortland, OR 97201\nUSA',
    workDescription: 'The photograph "Low Tide" (2023), the whole image.',
    workKind: choice('workKind', 0),
    authorisedCopy: 'https://riverside.example/low-tide',
    [ADDRESS_FIELD]: 'https://copies.example/a\nhttps://other.example/b',
    fullName: 'Dana Q. Writer',
    capacity: choice('capacity', 0),
    goodFaith: true,
    accuracy: true,
    ...changes,
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const file = (bytes: Uint8Array, name: string) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });

/** The multipart body the form sends with script: its values as JSON, the files under the form's file field. */
function withScript(values: Record<string, unknown>, files: File[]): FormData {
  const body = new FormData();
  body.append(VALUES_PART, JSON.stringify(values));
  for (const f of files) body.append(form.files!.name, f);
  return body;
}

const postApi = (body: FormData, key?: string) =>
  fetch(`${server.url}/api/takedown-request`, {
    method: 'POST',
    headers: {
      [HEADERS.requestedWith]: REQUESTED_WITH,
      [HEADERS.formId]: form.id,
      ...(key ? { [HEADERS.idempotencyKey]: key } : {}),
    },
    body,
  });

/** The form as a browser posts it without script with enctype multipart/form-data: every value a string, a ticked box "on". */
function withoutScript(values: Record<string, unknown>, files: File[]): FormData {
  const body = new FormData();
  body.append('form-id', form.id);
  for (const [k, v] of Object.entries(values)) if (v !== false) body.append(k, v === true ? 'on' : String(v));
  // A file input left empty is still posted: a part with no name and no bytes.
  if (files.length === 0) body.append(form.files!.name, new File([], ''));
  for (const f of files) body.append(form.files!.name, f);
  return body;
}

const postPage = (body: FormData) => fetch(server.url + page, { method: 'POST', redirect: 'manual', headers: SAME_ORIGIN, body });

async function leadsFor(email: string) {
  return (await store.leads.listLeads()).filter((l) => (l.payload as { email?: string }).email === email);
}

describe('evidence files with a takedown notice', () => {
  it('with script: the values and a PNG and a PDF in one multipart request, kept with the lead with their SHA-256', async () => {
    const values = notice();
    const res = await postApi(withScript(values, [file(PNG, 'screenshot.png'), file(PDF, 'original.pdf')]));
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string } };
    const [lead] = await leadsFor(values.email as string);
    expect(lead!.id).toBe(data.id);
    const files = await store.evidence.listEvidence(lead!.id);
    expect(files.map((f) => [f.position, f.fileName, f.mediaType, f.size, f.sha256])).toEqual([
      [1, 'screenshot.png', 'image/png', PNG.length, sha256(PNG)],
      [2, 'original.pdf', 'application/pdf', PDF.length, sha256(PDF)],
    ]);
  });

  it('with script and no file: the notice is stored with none', async () => {
    const values = notice();
    expect((await postApi(withScript(values, []))).status).toBe(201);
    const [lead] = await leadsFor(values.email as string);
    expect(await store.evidence.listEvidence(lead!.id)).toEqual([]);
  });

  it('with script: a file refused by its bytes is named at the file field with the other fields’ messages, and nothing is stored', async () => {
    const values = notice({ telephone: 'call me' });
    const res = await postApi(withScript(values, [file(PNG, 'fine.png'), file(HTML, 'proof.png')]));
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual([form.files!.name, 'telephone'].sort());
    expect(fields[form.files!.name]).toContain('proof.png');
    expect(fields[form.files!.name]).not.toContain('fine.png');
    expect(await leadsFor(values.email as string)).toEqual([]);
  });

  it('without script: the form posted as multipart is stored with its files and answered with its confirmation', async () => {
    const values = notice();
    const res = await postPage(withoutScript(values, [file(PDF, 'original.pdf'), file(PNG, 'copy.png')]));
    expect(res.status).toBe(200);
    const [lead] = await leadsFor(values.email as string);
    const files = await store.evidence.listEvidence(lead!.id);
    expect(files.map((f) => [f.fileName, f.sha256])).toEqual([
      ['original.pdf', sha256(PDF)],
      ['copy.png', sha256(PNG)],
    ]);
  });

  it('without script and no file chosen: the empty file part is no file', async () => {
    const values = notice();
    expect((await postPage(withoutScript(values, []))).status).toBe(200);
    const [lead] = await leadsFor(values.email as string);
    expect(await store.evidence.listEvidence(lead!.id)).toEqual([]);
  });

  it('without script: a file refused by its bytes comes back at its field, every value kept, and the visitor told to choose the files again', async () => {
    const values = notice({ postalAddress: '7 Harbour Row\nBristol BS1 4RN\nUnited Kingdom' });
    const res = await postPage(withoutScript(values, [file(HTML, 'proof.png')]));
    expect(res.status).toBe(422);
    const html = await res.text();
    const fieldId = `${form.id}-form_${form.files!.name}`;
    expect(html).toContain(`id="${fieldId}"`);
    const error = new RegExp(`id="${fieldId}__error"[^>]*>([^<]*)<`).exec(html)?.[1] ?? '';
    expect(error).toContain('proof.png');
    expect(error).toContain(FILES_NOT_KEPT);
    // What was typed is on the page again (the file input cannot be refilled by any page).
    for (const v of [values.requesterName, values.email, values.fullName, values.authorisedCopy] as string[]) expect(html).toContain(v);
    expect(html).toContain('7 Harbour Row');
    expect(await leadsFor(values.email as string)).toEqual([]);
  });

  it('without script: a field refused with good files says the files must be chosen again', async () => {
    const values = notice({ email: 'not an address' });
    const res = await postPage(withoutScript(values, [file(PNG, 'copy.png')]));
    expect(res.status).toBe(422);
    const html = await res.text();
    const error = new RegExp(`id="${form.id}-form_${form.files!.name}__error"[^>]*>([^<]*)<`).exec(html)?.[1] ?? '';
    expect(error).toBe(FILES_NOT_KEPT);
  });

  it('the same request sent again with its key stores one lead and each file once', async () => {
    const values = notice();
    const key = `retry-${n}-0123456789abcdef`;
    const files = () => [file(PNG, 'a.png'), file(PDF, 'b.pdf')];
    const first = await postApi(withScript(values, files()), key);
    const again = await postApi(withScript(values, files()), key);
    expect([first.status, again.status]).toEqual([201, 201]);
    const ids = [((await first.json()) as { data: { id: string } }).data.id, ((await again.json()) as { data: { id: string } }).data.id];
    expect(ids[1]).toBe(ids[0]);
    expect(await leadsFor(values.email as string)).toHaveLength(1);
    expect((await store.evidence.listEvidence(ids[0]!)).map((f) => f.position)).toEqual([1, 2]);
  });

  it('files the store failed to keep are not acknowledged: the answer is 503, and the retry with the same key keeps them', async () => {
    const values = notice();
    const key = `retry-${n}-fedcba9876543210`;
    const files = () => [file(PNG, 'a.png'), file(PDF, 'b.pdf')];
    failNextSave = true;
    const first = await postApi(withScript(values, files()), key);
    expect(first.status).toBe(503);
    const [lead] = await leadsFor(values.email as string);
    expect(await store.evidence.listEvidence(lead!.id)).toEqual([]);
    const again = await postApi(withScript(values, files()), key);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { data: { id: string } }).data.id).toBe(lead!.id);
    expect(await leadsFor(values.email as string)).toHaveLength(1);
    expect((await store.evidence.listEvidence(lead!.id)).map((f) => f.sha256)).toEqual([sha256(PNG), sha256(PDF)]);
  });

  it('a form that declares no files still refuses a multipart body', async () => {
    const other = Object.values(model.forms).find((f) => !f.files && f.submit.endpoint === '/api/contact')!;
    const body = new FormData();
    body.append(VALUES_PART, '{}');
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { [HEADERS.requestedWith]: REQUESTED_WITH, [HEADERS.formId]: other.id },
      body,
    });
    expect(res.status).toBe(415);
  });
});
