/**
 * The API as the spec documents it (000 §7): a client that posts the documented payload without
 * naming a form is accepted, checked against site/forms/api/, stored, and idempotent like a form.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

let fixture: Fixture;
let dir: string;
let store: SqliteLeadStore;
let server: Running;

beforeAll(async () => {
  fixture = createFixture();
  dir = mkdtempSync(join(tmpdir(), 'api-documented-'));
  store = createSqliteStore({ file: join(dir, 'leads.sqlite') });
  await store.init();
  server = await startServer({
    buildDir: fixture.root,
    store,
    model: { forms: model.forms, apiPayloads: model.apiPayloads, badges: model.badges },
    env: { RATE_LIMIT_MAX: '10000' },
  });
});

afterAll(async () => {
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  fixture.cleanup();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...headers },
    body: JSON.stringify(body),
  });

const ann = { name: 'Ann One', email: 'a1@example.com', subject: 'Hello', message: 'first body message here', serviceInterest: 'general' };

describe('POST /api/contact without X-Form-Id', () => {
  it('accepts the documented payload and stores it as sent, recorded as the API contact payload', async () => {
    const res = await post('/api/contact', ann);
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const lead = (await store.leads.listLeads()).find((l) => l.id === data.id);
    expect(lead).toMatchObject({ endpoint: '/api/contact', formType: 'contact', formId: 'api-contact', payload: ann });
  });

  it("checks it with the documented rules and answers each field's message", async () => {
    const res = await post('/api/contact', { name: '', email: 'not an address', subject: 'Hi' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      message: 'Message is required',
      serviceInterest: 'Service interest is required',
    });
  });

  it.each([
    ['a list', 'a,b@x.example'],
    ['a display name', '"Ann" <a1@example.com>'],
    ['a second address after a semicolon', 'a1@example.com;b@x.example'],
    ['a comment', 'a1@example.com(team)'],
  ])('an address that is %s is refused with a clear 400 and nothing is stored', async (_label, email) => {
    const before = (await store.leads.listLeads()).length;
    const res = await post('/api/contact', { ...ann, email });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'VALIDATION', fields: { email: 'Please enter a valid email address' } });
    expect(await store.leads.listLeads()).toHaveLength(before);
  });

  it('is idempotent like a form: the same key and body store one lead, another body under it is refused', async () => {
    const first = await post('/api/contact', ann, { 'Idempotency-Key': 'documented-1' });
    const again = await post('/api/contact', ann, { 'Idempotency-Key': 'documented-1' });
    const other = await post('/api/contact', { ...ann, name: 'Bob Two', email: 'b2@example.com' }, { 'Idempotency-Key': 'documented-1' });
    expect([first.status, again.status, other.status]).toEqual([201, 201, 422]);
    expect((await again.json()).data.id).toBe((await first.json()).data.id);
    expect((await store.leads.listLeads()).filter((l) => l.idempotencyKey === 'documented-1')).toHaveLength(1);
  });
});

describe('POST /api/takedown-request without X-Form-Id', () => {
  it.each([
    [
      "the personal form's fields",
      {
        contactName: 'Sam Okafor',
        email: 's@example.org',
        contentType: 'writing',
        infringementUrl: 'https://scraper.example/post/1',
        description: 'My article was copied word for word.',
      },
    ],
    [
      "the commercial form's fields",
      {
        companyName: 'Northwind',
        contactName: 'Ana Lima',
        email: 'ana@example.org',
        contentType: 'images',
        infringementUrls: 'https://copy.example/1\nhttps://copy.example/2',
        urgency: 'priority',
      },
    ],
  ])('accepts %s', async (_label, body) => {
    const res = await post('/api/takedown-request', body);
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const lead = (await store.leads.listLeads()).find((l) => l.id === data.id);
    expect(lead).toMatchObject({ endpoint: '/api/takedown-request', formType: 'takedown', formId: 'api-takedown-request', payload: body });
  });

  it("refuses a javascript: address with the spec's message", async () => {
    const res = await post('/api/takedown-request', {
      contactName: 'Eve',
      email: 'e@example.org',
      contentType: 'other',
      infringementUrl: 'javascript:alert(1)',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ infringementUrl: 'Please enter a valid URL' });
  });
});

describe('POST /api/generate-badge without X-Form-Id', () => {
  it('answers the install snippet of the chosen badge and stores the request', async () => {
    const res = await post('/api/generate-badge', { type: 'standard', size: 'medium', color: 'blue', website: 'https://studio.example' });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.imageUrl).toBe('https://example.com/api/badge/standard/medium/blue');
    expect(data.snippet).toContain('https://example.com/api/badge/standard/medium/blue');
    const lead = (await store.leads.listLeads()).find((l) => l.id === data.id);
    expect(lead).toMatchObject({ endpoint: '/api/generate-badge', formType: 'badge', formId: 'api-generate-badge' });
  });

  it('a badge that does not exist is refused with the part to fix', async () => {
    const res = await post('/api/generate-badge', { type: 'golden', size: 'medium', color: 'blue' });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).fields)).toEqual(['type']);
  });
});

describe('forms still name themselves', () => {
  it('a wrong X-Form-Id is still a 400 naming the accepted forms', async () => {
    const res = await post('/api/contact', ann, { 'X-Form-Id': 'personal-takedown' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('UNKNOWN_FORM');
    expect(body.message).toMatch(/^The form "personal-takedown" does not post to \/api\/contact\. \/api\/contact accepts the forms: /);
  });

  it('an empty X-Form-Id names no form: it is refused, not taken for the documented payload', async () => {
    const res = await post('/api/contact', ann, { 'X-Form-Id': '' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^Name the form in the X-Form-Id header\./);
  });
});
