import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { badgeSnippet } from '../../../engine/badges/snippet';
import type { Badges, Form } from '../../../engine/content/model';
import { HONEYPOT_FIELD } from '../../../engine/forms/payload';
import { createLogger } from '../../../server/logging';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, fakeStore, startServer, type Fixture, type Running } from './helpers';

const SALT = 'test-salt';
const INVALID = 'Invalid request. Please check your information and try again.';

const base = {
  errors: { show: 'after-submit' },
  buttons: { idle: 'Send', sending: 'Sending...' },
  result: { success: { show: 'banner' }, failure: { show: 'banner' }, resetOnSuccess: true },
} as const;

// Shaped like site/forms/contact-us.yaml.
const contactUs: Form = {
  ...base,
  id: 'contact-us',
  title: 'Send Us a Message',
  submit: {
    endpoint: '/api/contact',
    formType: 'contact',
    payload: 'contact',
    serviceInterestFrom: 'inquiryType',
    passThrough: ['company', 'inquiryType'],
  },
  fields: {
    type: 'object',
    required: ['name', 'email', 'inquiryType', 'subject', 'message'],
    properties: {
      name: { type: 'string', title: 'Full name', maxLength: 200 },
      email: { type: 'string', title: 'Email address', maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
      company: { type: 'string', title: 'Company', maxLength: 200 },
      inquiryType: {
        type: 'string',
        title: 'Inquiry type',
        oneOf: [
          { const: 'takedown', title: 'DMCA Takedown' },
          { const: 'general', title: 'General Inquiry' },
        ],
      },
      subject: { type: 'string', title: 'Subject', maxLength: 300 },
      message: { type: 'string', title: 'Message', minLength: 10, maxLength: 5000 },
    },
  } as Form['fields'],
  ui: { message: { 'ui:widget': 'textarea' } },
  trim: ['name', 'email', 'subject', 'message'],
  messages: {
    name: { required: 'Name is required' },
    email: { required: 'Email is required', pattern: 'Please enter a valid email address' },
    inquiryType: { required: 'Please select an inquiry type', enum: 'Please select an inquiry type' },
    subject: { required: 'Subject is required' },
    message: { required: 'Message is required', minLength: 'Message must be at least 10 characters long' },
  },
};

// Shaped like the personal takedown form: fields as-is, the unused infringementUrls never sent.
const takedown: Form = {
  ...base,
  id: 'personal-takedown',
  title: 'Personal takedown',
  submit: { endpoint: '/api/takedown-request', formType: 'takedown', payload: 'as-is', omit: ['infringementUrls'] },
  fields: {
    type: 'object',
    required: ['contactName', 'email', 'contentType', 'infringementUrl', 'description'],
    properties: {
      contactName: { type: 'string', title: 'Contact name', minLength: 2 },
      email: { type: 'string', title: 'Email', format: 'email' },
      contentType: { type: 'string', title: 'Content type', enum: ['photography', 'artwork', 'other'] },
      infringementUrl: { type: 'string', title: 'Infringement URL' },
      description: { type: 'string', title: 'Additional Details', minLength: 20 },
      infringementUrls: { type: 'string', title: 'Infringement URLs' },
    },
  } as Form['fields'],
  ui: { infringementUrl: { 'ui:widget': 'textarea' }, description: { 'ui:widget': 'textarea' } },
  messages: {
    contactName: { required: 'Contact name is required', minLength: 'Name must be at least 2 characters long' },
    email: { required: 'Email address is required', format: 'Please enter a valid email address' },
    contentType: { required: 'Please select a content type' },
    description: { required: 'Description is required', minLength: 'Description must be at least 20 characters long' },
  },
};

const badges: Badges = {
  linkPath: '/protection',
  types: [{ id: 'standard', name: 'Standard Protection', description: 'Monitored.', features: ['Notice'], price: 'Free' }],
  sizes: [{ id: 'small', name: 'Small', width: 120, height: 60 }],
  colors: [
    { id: 'blue', name: 'Blue', hex: '#2563eb' },
    { id: 'red', name: 'Red', hex: '#dc2626' },
  ],
};

// Its colour list offers one colour more than the badges data has, as a stale form would.
const badge: Form = {
  ...base,
  id: 'badge',
  title: 'Get a badge',
  submit: { endpoint: '/api/generate-badge', formType: 'badge', payload: 'as-is' },
  fields: {
    type: 'object',
    required: ['type', 'size', 'color', 'email'],
    properties: {
      type: { type: 'string', enum: ['standard'] },
      size: { type: 'string', enum: ['small'] },
      color: { type: 'string', enum: ['blue', 'red', 'pink'] },
      email: { type: 'string', format: 'email' },
    },
  } as Form['fields'],
  messages: {},
};
const validBadge = { type: 'standard', size: 'small', color: 'red', email: 'ada@example.com' };

const forms = { [contactUs.id]: contactUs, [takedown.id]: takedown, [badge.id]: badge };

const validContact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Copied photos',
  message: 'Someone copied my photos to their shop.',
  serviceInterest: 'takedown',
  inquiryType: 'takedown',
};

const validTakedown = {
  contactName: 'Ada Lovelace',
  email: 'ada@example.com',
  contentType: 'photography',
  infringementUrl: 'https://copy.example/a\nhttps://copy.example/b',
  description: 'My photo series is on their shop without permission.',
};

const headersFor = (formId: string): Record<string, string> => ({
  'Content-Type': 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
  'X-Form-Id': formId,
});

interface Post {
  path?: string;
  body?: unknown;
  /** Sent byte for byte instead of JSON-encoding `body`. */
  raw?: string | Uint8Array;
  formId?: string;
  /** Header overrides; null removes a header. */
  headers?: Record<string, string | null>;
}

function requestInit({ body, raw, formId = contactUs.id, headers = {} }: Post): RequestInit {
  const merged: Record<string, string | null> = { ...headersFor(formId), ...headers };
  const sent = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== null));
  return { method: 'POST', headers: sent, body: (raw ?? JSON.stringify(body ?? validContact)) as BodyInit };
}

let fixture: Fixture;
let dataDir: string;
let store: SqliteLeadStore;
let server: Running;

const post = (p: Post = {}) => fetch(server.url + (p.path ?? '/api/contact'), requestInit(p));
const stored = () => store.leads.listLeads();

beforeAll(async () => {
  fixture = createFixture();
  dataDir = mkdtempSync(join(tmpdir(), 'api-leads-'));
  store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
  await store.init();
  server = await startServer({
    buildDir: fixture.root,
    store,
    model: { forms, badges },
    // This file is about submissions; the limit has its own tests.
    env: { IP_HASH_SALT: SALT, RATE_LIMIT_MAX: '10000' },
  });
});

afterAll(async () => {
  await server.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  fixture.cleanup();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a valid submission', () => {
  it('answers 201 with the new lead id and stores it with its form type, address hash and user agent', async () => {
    const before = (await stored()).length;
    const res = await post({ headers: { 'User-Agent': 'TestBrowser/1.0' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const json = await res.json();
    expect(json).toEqual({ success: true, message: 'Form submitted successfully.', data: { id: expect.any(String) } });

    const leads = await stored();
    expect(leads).toHaveLength(before + 1);
    expect(leads.at(-1)).toMatchObject({
      id: json.data.id,
      endpoint: '/api/contact',
      formType: 'contact',
      payload: validContact,
      idempotencyKey: null,
      ipHash: createHmac('sha256', SALT).update('127.0.0.1').digest('hex'),
      userAgent: 'TestBrowser/1.0',
      spam: false,
    });
  });

  it.each([
    ['/api/takedown-request', takedown.id, validTakedown, 'takedown'],
    ['/api/generate-badge', badge.id, validBadge, 'badge'],
  ])('%s answers 201 and stores the fields as sent', async (path, formId, body, formType) => {
    const res = await post({ path, formId, body });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const lead = (await stored()).find((l) => l.id === data.id);
    expect(lead).toMatchObject({ endpoint: path, formType, payload: body, spam: false });
  });

  it('/api/generate-badge also answers the install snippet and image address of the chosen badge', async () => {
    const res = await post({ path: '/api/generate-badge', formId: badge.id, body: validBadge });
    expect(res.status).toBe(201);
    const { snippet, imageUrl } = badgeSnippet(badges, { type: 'standard', size: 'small', color: 'red' }, 'https://example.com');
    expect(imageUrl).toBe('https://example.com/api/badge/standard/small/red');
    expect(await res.json()).toEqual({
      success: true,
      message: 'Form submitted successfully.',
      data: { id: expect.any(String), snippet, imageUrl },
    });
  });

  it('keeps only the first 500 characters of the user agent', async () => {
    const res = await post({ headers: { 'User-Agent': 'U'.repeat(800) } });
    const { data } = await res.json();
    const lead = (await stored()).find((l) => l.id === data.id);
    expect(lead?.userAgent).toBe('U'.repeat(500));
  });
});

describe('line breaks and NUL', () => {
  it('are removed from single-line fields and line breaks are kept in a textarea (contact)', async () => {
    const res = await post({
      body: { ...validContact, subject: 'Bcc: x@evil.example\r\nCopied\0 photos', message: 'First line\r\nSecond line\0 here' },
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const lead = (await stored()).find((l) => l.id === data.id);
    expect(lead?.payload.subject).toBe('Bcc: x@evil.exampleCopied photos');
    expect(lead?.payload.message).toBe('First line\r\nSecond line here');
  });

  it('are removed from single-line fields and line breaks are kept in textareas (as-is takedown)', async () => {
    const res = await post({
      path: '/api/takedown-request',
      formId: takedown.id,
      body: { ...validTakedown, contactName: 'Ada\nLovelace', description: 'Line one of details\nline two' },
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const lead = (await stored()).find((l) => l.id === data.id);
    expect(lead?.payload).toMatchObject({
      contactName: 'AdaLovelace',
      infringementUrl: 'https://copy.example/a\nhttps://copy.example/b',
      description: 'Line one of details\nline two',
    });
  });
});

describe('field validation', () => {
  const { email: _email, name: _name, ...noNameOrEmail } = validContact;
  it.each<[string, Post, Record<string, string>]>([
    ['missing name and email', { body: noNameOrEmail }, { name: 'Name is required', email: 'Email is required' }],
    ['an email without a domain', { body: { ...validContact, email: 'ada@example' } }, { email: 'Please enter a valid email address' }],
    [
      'a message under 10 characters',
      { body: { ...validContact, message: 'Too short' } },
      { message: 'Message must be at least 10 characters long' },
    ],
    ['an inquiry type not offered', { body: { ...validContact, inquiryType: 'pizza' } }, { inquiryType: 'Please select an inquiry type' }],
    ['a field the form does not have', { body: { ...validContact, color: 'red' } }, { color: '"color" is not a field of this form' }],
    [
      'an omitted field posted anyway',
      { path: '/api/takedown-request', formId: takedown.id, body: { ...validTakedown, infringementUrls: 'https://copy.example/c' } },
      { infringementUrls: '"infringementUrls" is not a field of this form' },
    ],
    [
      'a short description and a bad email (takedown)',
      { path: '/api/takedown-request', formId: takedown.id, body: { ...validTakedown, description: 'Too short', email: 'not an email' } },
      { description: 'Description must be at least 20 characters long', email: 'Please enter a valid email address' },
    ],
    [
      'a badge colour the form offers but the badges data lacks',
      { path: '/api/generate-badge', formId: badge.id, body: { ...validBadge, color: 'pink' } },
      { color: 'Unknown badge colour "pink". Choose one of: blue, red.' },
    ],
  ])('%s: 400 VALIDATION with the form’s own message per field', async (_label, req, fields) => {
    const res = await post(req);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: INVALID, error: 'VALIDATION', fields });
  });

  it('a 60 KB email is refused by its length without running the pattern on it', async () => {
    // This pattern backtracks quadratically: on 60 KB it would hold the server for seconds.
    const test = vi.spyOn(RegExp.prototype, 'test');
    const res = await post({ body: { ...validContact, email: `a@${'a.'.repeat(30_000)}@` } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ email: 'Please check Email address' });
    const longestTested = Math.max(0, ...test.mock.calls.map(([input]) => String(input).length));
    expect(longestTested).toBeLessThanOrEqual(320);
  });
});

/** Every bad request: its status, error code and message; nothing is stored and the next good request works. */
const badRequests: Array<[string, Post, number, string, string | RegExp]> = [
  ['malformed JSON', { raw: '{"name": "Ada",' }, 400, 'BAD_JSON', 'The request body is not valid JSON.'],
  [
    'invalid UTF-8',
    { raw: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    400,
    'BAD_JSON',
    'The request body is not valid UTF-8 text.',
  ],
  ['a JSON array', { raw: '[1, 2]' }, 400, 'BAD_JSON', 'The request body must be a JSON object of form values.'],
  ['JSON null', { raw: 'null' }, 400, 'BAD_JSON', 'The request body must be a JSON object of form values.'],
  ['an empty body', { raw: '' }, 400, 'BAD_JSON', 'The request body is empty; send the form values as a JSON object.'],
  [
    'a __proto__ key',
    { raw: `{"__proto__": {"admin": true}, ${JSON.stringify(validContact).slice(1)}` },
    400,
    'BAD_JSON',
    'The request body must not use the keys __proto__, constructor or prototype.',
  ],
  [
    'a nested constructor key',
    { body: { ...validContact, company: { constructor: { prototype: 1 } } } },
    400,
    'BAD_JSON',
    /__proto__, constructor or prototype/,
  ],
  [
    'no X-Form-Id',
    { headers: { 'X-Form-Id': null } },
    400,
    'UNKNOWN_FORM',
    'Name the form in the X-Form-Id header. /api/contact accepts the forms: contact-us.',
  ],
  ['an unknown X-Form-Id', { formId: 'nope' }, 400, 'UNKNOWN_FORM', 'There is no form "nope". /api/contact accepts the forms: contact-us.'],
  [
    'a form posting elsewhere',
    { formId: takedown.id, body: validTakedown },
    400,
    'UNKNOWN_FORM',
    'The form "personal-takedown" does not post to /api/contact. /api/contact accepts the forms: contact-us.',
  ],
  [
    'an X-Form-Id that is no id',
    { formId: '<script>' },
    400,
    'UNKNOWN_FORM',
    'The X-Form-Id header does not name a form. /api/contact accepts the forms: contact-us.',
  ],
  ['an Idempotency-Key with a space', { headers: { 'Idempotency-Key': 'has space' } }, 400, 'BAD_IDEMPOTENCY_KEY', /Idempotency-Key/],
  ['an Idempotency-Key of 201 characters', { headers: { 'Idempotency-Key': 'k'.repeat(201) } }, 400, 'BAD_IDEMPOTENCY_KEY', /1 to 200/],
  ['invalid fields', { body: { ...validContact, message: 'short' } }, 400, 'VALIDATION', INVALID],
  ['no X-Requested-With', { headers: { 'X-Requested-With': null } }, 403, 'FORBIDDEN', /X-Requested-With: XMLHttpRequest/],
  ['X-Requested-With of another value', { headers: { 'X-Requested-With': 'fetch' } }, 403, 'FORBIDDEN', /X-Requested-With/],
  [
    'a 70 KB body',
    { body: { ...validContact, message: 'x'.repeat(70 * 1024) } },
    413,
    'PAYLOAD_TOO_LARGE',
    'The request body is larger than 64 KB.',
  ],
  ['a text/plain body', { headers: { 'Content-Type': 'text/plain' } }, 415, 'UNSUPPORTED_MEDIA_TYPE', /Content-Type: application\/json/],
  [
    'a form-encoded body',
    { raw: 'name=Ada', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /application\/json/,
  ],
  [
    'JSON in Latin-1',
    { headers: { 'Content-Type': 'application/json; charset=iso-8859-1' } },
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    /application\/json/,
  ],
  ['a gzip-encoded body', { headers: { 'Content-Encoding': 'gzip' } }, 415, 'UNSUPPORTED_MEDIA_TYPE', /Compressed/],
];

describe('a bad request', () => {
  it.each(badRequests)(
    '%s: answers %i %s, stores nothing, and the next valid request is answered 201',
    async (_label, req, status, error, message) => {
      const count = (await stored()).length;
      const res = await post(req);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const json = await res.json();
      expect(json).toMatchObject({ success: false, error });
      expect(json.message).toMatch(message);
      expect(await stored()).toHaveLength(count);

      const next = await post();
      expect(next.status).toBe(201);
    },
  );

  it('charset=utf-8 on the Content-Type is accepted', async () => {
    const res = await post({ headers: { 'Content-Type': 'application/json; charset=UTF-8' } });
    expect(res.status).toBe(201);
  });

  it('a 70 KB body sent in chunks without Content-Length answers 413', async () => {
    const count = (await stored()).length;
    const big = JSON.stringify({ ...validContact, message: 'x'.repeat(70 * 1024) });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/api/contact`, { method: 'POST', headers: headersFor(contactUs.id) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      // Several writes without a length make Node send Transfer-Encoding: chunked.
      for (let i = 0; i < big.length; i += 8 * 1024) req.write(big.slice(i, i + 8 * 1024));
      req.end();
    });
    expect(status).toBe(413);
    expect(await stored()).toHaveLength(count);
    expect((await post()).status).toBe(201);
  });

  it.each([
    ['GET', '/api/contact', 405],
    ['PUT', '/api/takedown-request', 405],
    ['POST', '/api/contacts', 404],
    ['POST', '/api/generate-badge/x', 404],
  ])('%s %s answers %i JSON and the next valid request is answered 201', async (method, path, status) => {
    const res = await fetch(server.url + path, { method, headers: headersFor(contactUs.id), body: method === 'GET' ? undefined : '{}' });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ success: false, error: status === 405 ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND' });
    expect((await post()).status).toBe(201);
  });
});

describe('idempotent retries', () => {
  it('a retry with the same Idempotency-Key gets the first id and is stored once', async () => {
    const key = `retry-${Date.now()}:a.b_c`;
    const first = await post({ headers: { 'Idempotency-Key': key } });
    const second = await post({ headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const a = await first.json();
    expect(await second.json()).toEqual(a);
    const withKey = (await stored()).filter((l) => l.idempotencyKey === key);
    expect(withKey.map((l) => l.id)).toEqual([a.data.id]);
  });

  it('different keys store different leads', async () => {
    const a = await (await post({ headers: { 'Idempotency-Key': 'one-of-two' } })).json();
    const b = await (await post({ headers: { 'Idempotency-Key': 'two-of-two' } })).json();
    expect(a.data.id).not.toBe(b.data.id);
  });
});

describe('honeypot', () => {
  it.each([
    ['a filled-in honeypot', 'bot@example.com', true],
    ['a honeypot longer than its limit', 'x'.repeat(2_000), true],
    ['an empty honeypot', '', false],
  ])('%s answers the normal 201; spam: %s, without the honeypot in the stored payload', async (_label, value, spam) => {
    const res = await post({ body: { ...validContact, [HONEYPOT_FIELD]: value } });
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json).toEqual({ success: true, message: 'Form submitted successfully.', data: { id: expect.any(String) } });
    const lead = (await stored()).find((l) => l.id === json.data.id);
    expect(lead?.spam).toBe(spam);
    expect(lead?.payload).toEqual(validContact);
  });
});

describe('when the store is down', () => {
  let logged = '';
  async function withStore(leadStore: LeadStore, run: (url: string) => Promise<void>): Promise<void> {
    const destination = new PassThrough();
    destination.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const logger = createLogger({ destination });
    const running = await startServer({ buildDir: fixture.root, store: leadStore, model: { forms, badges }, logger });
    try {
      await run(running.url);
    } finally {
      await running.close();
    }
  }

  const rejecting = fakeStore({
    leads: {
      insertLead: async () => {
        throw new Error('connection refused');
      },
    },
  });

  it.each<[string, () => Promise<LeadStore>]>([
    ['insertLead rejects', async () => rejecting],
    [
      'the SQLite store is closed',
      async () => {
        const s = createSqliteStore({ file: join(dataDir, 'closed.sqlite') });
        await s.init();
        await s.close();
        return s;
      },
    ],
  ])('%s: answers 503 with Retry-After: 5 and keeps serving', async (_label, make) => {
    logged = '';
    await withStore(await make(), async (url) => {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${url}/api/contact`, requestInit({}));
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({
          success: false,
          message: 'We could not save your request right now. Please try again in a moment.',
          error: 'STORE_UNAVAILABLE',
        });
      }
    });
    expect(logged).toContain('"msg":"Submission refused: the store is unavailable"');
  });
});

describe('forms at server start', () => {
  it('a server without forms refuses every submission, naming no accepted form', async () => {
    const running = await startServer({ buildDir: fixture.root });
    try {
      const res = await fetch(`${running.url}/api/contact`, requestInit({}));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message: 'There is no form "contact-us". /api/contact accepts no forms on this site.',
        error: 'UNKNOWN_FORM',
      });
    } finally {
      await running.close();
    }
  });

  it.each<[string, Form, Badges | undefined, RegExp]>([
    ['without badges data', badge, undefined, /Form "badge" posts to \/api\/generate-badge, but no badges data/],
    [
      'without a size field',
      { ...badge, fields: { type: 'object', properties: { type: { type: 'string' }, color: { type: 'string' } } } as Form['fields'] },
      badges,
      /Form "badge" posts to \/api\/generate-badge but has no size field/,
    ],
  ])('a badge form %s stops the server from starting', async (_label, form, data, message) => {
    await expect(startServer({ buildDir: fixture.root, model: { forms: { badge: form }, badges: data } })).rejects.toThrow(message);
  });

  it('a form whose schema cannot compile stops the server from starting, naming the form', async () => {
    const broken: Form = {
      ...badge,
      id: 'broken',
      fields: { type: 'object', properties: { size: { type: 'string', pattern: '(' } } } as Form['fields'],
    };
    await expect(startServer({ buildDir: fixture.root, model: { forms: { broken } } })).rejects.toThrow(/Form "broken"/);
  });
});
