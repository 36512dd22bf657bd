// What the server answers to hostile submissions: validation answers stay small whatever was sent,
// URL fields of the real site's forms take only http and https, and API paths are case-sensitive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { SiteModel } from '../../../engine/content/model';
import { checkSubmission, compileForms, MAX_LISTED_PROBLEMS, UNLISTED_KEY } from '../../../server/api/form-validation';
import type { NewLead } from '../../../server/store/types';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { createFixture, fakeStore, rawRequest, startServer, type Fixture, type Running } from './helpers';

let model: SiteModel;
let fixture: Fixture;
let running: Running;
const stored: NewLead[] = [];

beforeAll(async () => {
  const loaded = loadSite(readSiteFiles(), readSchemas());
  if (!loaded.model) throw new Error('the site does not load');
  model = loaded.model;
  fixture = createFixture();
  const store = fakeStore({
    leads: {
      insertLead: async (lead) => {
        stored.push(lead);
        return { ...lead, id: `lead-${stored.length}`, createdAt: new Date().toISOString() } as never;
      },
    },
  });
  running = await startServer({ buildDir: fixture.root, store, model: { forms: model.forms, badges: model.badges } });
}, 60_000);

afterAll(async () => {
  await running?.close();
  fixture?.cleanup();
});

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Copied photos',
  message: 'Someone copied my photos to their shop.',
  serviceInterest: 'takedown',
  inquiryType: 'takedown',
};
const commercial = {
  companyName: 'Northwind Apparel',
  contactName: 'Avery Chen',
  email: 'avery@example.com',
  website: 'https://northwind.example',
  contentType: 'images',
  infringementUrls: 'https://knockoff.example/p/1',
  urgency: 'standard',
};
const personal = {
  contactName: 'Ada Lovelace',
  email: 'ada@example.com',
  contentType: 'photography',
  infringementUrl: 'https://copy.example/gallery',
  description: 'My photo series is on their shop without permission.',
  originalContentUrl: 'https://lovelace.example/gallery',
  relationship: 'creator',
};

function post(path: string, formId: string, body: string): Promise<Response> {
  return fetch(running.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': formId },
    body,
  });
}

describe('validation answers are bounded', () => {
  it('6,500 unknown keys in a 64 KB body: 400 in under 8 KB, 20 problems listed and the rest counted', async () => {
    const keys = Array.from({ length: 6_500 }, (_, i) => `"k${i}":0`).join(',');
    const body = `{${keys}}`;
    expect(body.length).toBeGreaterThan(60_000);
    const res = await post('/api/contact', 'contact-us', body);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(Buffer.byteLength(text)).toBeLessThan(8 * 1024);
    const { fields } = JSON.parse(text) as { fields: Record<string, string> };
    // The five required fields come first, then unknown keys up to the limit.
    expect(Object.keys(fields)).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(fields.email).toBe('Email is required');
    expect(fields.k0).toBe('"k0" is not a field of this form');
    expect(fields[UNLISTED_KEY]).toBe(
      `Also ${(6_500 - (MAX_LISTED_PROBLEMS - 5)).toLocaleString('en-US')} keys that are not a field of this form.`,
    );
  });

  it('an unknown key is named only when it is short and plain', () => {
    const compiled = compileForms(model.forms).get('contact-us')!;
    const long = 'x'.repeat(41);
    const outcome = checkSubmission(compiled, { ...contact, '\u202Eevil': 1, 'a\u200Bb': 2, 'c\u009Bd': 3, [long]: 4, 'plain-key_1.2': 5 });
    expect(outcome).toEqual({
      ok: false,
      fields: {
        'plain-key_1.2': '"plain-key_1.2" is not a field of this form',
        [UNLISTED_KEY]: 'Also 4 keys that are not a field of this form.',
      },
    });
  });

  it('problems with the form’s own fields beyond the limit are counted too', () => {
    const properties = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, { type: 'string', title: `Field ${i}` }]));
    const form = {
      ...model.forms['contact-us']!,
      id: 'many',
      submit: { ...model.forms['contact-us']!.submit, payload: 'as-is' as const, passThrough: [] },
      fields: { type: 'object', required: Object.keys(properties), properties },
    };
    const compiled = compileForms({ many: form as never }).get('many')!;
    const outcome = checkSubmission(compiled, {});
    expect(outcome.ok).toBe(false);
    const fields = (outcome as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields)).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(fields[UNLISTED_KEY]).toBe('Also 10 more fields to correct.');
  });
});

describe('URL fields take only http and https addresses', () => {
  const refused = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'https://',
  ];
  const cases = [
    ...refused.map((url) => ['commercial-takedown', 'website', url, commercial] as const),
    ...refused.flatMap((url) => [
      ['personal-takedown', 'infringementUrl', url, personal] as const,
      ['personal-takedown', 'originalContentUrl', url, personal] as const,
    ]),
  ];

  it.each(cases)('%s %s: %s is refused with "Please enter a valid URL", and not stored', async (formId, field, url, valid) => {
    const before = stored.length;
    const res = await post('/api/takedown-request', formId, JSON.stringify({ ...valid, [field]: url }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'VALIDATION', fields: { [field]: 'Please enter a valid URL' } });
    expect(stored.length).toBe(before);
  });

  it.each(['https://northwind.example', 'http://northwind.example/about?x=1#team', 'HTTPS://NORTHWIND.EXAMPLE'])(
    'commercial website %s is accepted',
    async (url) => {
      const res = await post('/api/takedown-request', 'commercial-takedown', JSON.stringify({ ...commercial, website: url }));
      expect(res.status).toBe(201);
      expect(stored.at(-1)!.payload.website).toBe(url);
    },
  );

  it('every URL-shaped field of every form is limited to http and https by its schema', () => {
    const urlish: string[] = [];
    for (const form of Object.values(model.forms)) {
      const ui = (form.ui ?? {}) as Record<string, { 'ui:inputType'?: string } | undefined>;
      for (const [name, schema] of Object.entries(
        (form.fields.properties ?? {}) as Record<string, { format?: string; pattern?: string }>,
      )) {
        const looksLikeUrl = schema.format === 'uri' || ui[name]?.['ui:inputType'] === 'url' || /url$/i.test(name) || name === 'website';
        // infringementUrls is a free list, one address per line, never shown as a link.
        if (!looksLikeUrl || name === 'infringementUrls') continue;
        urlish.push(`${form.id}.${name}`);
        expect(schema.pattern, `${form.id}.${name} has a pattern`).toBeDefined();
        const pattern = new RegExp(schema.pattern!, 'u');
        expect(pattern.test('javascript:alert(1)'), `${form.id}.${name}`).toBe(false);
        expect(pattern.test('https://example.com/page'), `${form.id}.${name}`).toBe(true);
        // The browser compiles a pattern attribute with the v flag; one it cannot compile is ignored.
        expect(() => new RegExp(schema.pattern!, 'v'), `${form.id}.${name}`).not.toThrow();
        expect((form.messages as Record<string, Record<string, string> | undefined>)[name]?.pattern).toBe('Please enter a valid URL');
      }
    }
    expect(urlish).toEqual(
      expect.arrayContaining(['commercial-takedown.website', 'personal-takedown.infringementUrl', 'personal-takedown.originalContentUrl']),
    );
  });
});

describe('API paths are case-sensitive', () => {
  it.each(['/API/contact', '/Api/contact', '/api/Contact', '/API', '/API/takedown-request'])(
    'POST %s is a JSON 404 and stores nothing',
    async (path) => {
      const before = stored.length;
      const res = await post(path, 'contact-us', JSON.stringify(contact));
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({
        success: false,
        error: 'NOT_FOUND',
        message: expect.stringContaining(`No API endpoint at ${path}`),
      });
      expect(stored.length).toBe(before);
    },
  );

  it('GET /API/badge/... is a JSON 404 too, not a page', async () => {
    const res = await rawRequest(running.port, '/API/badge/standard/medium/blue');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('the lower-case path still stores the lead', async () => {
    const before = stored.length;
    const res = await post('/api/contact', 'contact-us', JSON.stringify(contact));
    expect(res.status).toBe(201);
    expect(stored.length).toBe(before + 1);
  });

  it('an 8 KB path is named in at most 100 characters', async () => {
    const res = await post(`/api/${'a'.repeat(8_000)}`, 'contact-us', JSON.stringify(contact));
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(text.length).toBeLessThan(300);
  });

  it('an 8,000-character badge type with markup, CR LF, NUL and U+202E is named in at most 100 characters, all shown as escapes', async () => {
    const hostile = `<script>\r\n\u0000\u202E${'a'.repeat(8_000)}`;
    const res = await rawRequest(running.port, `/api/badge/${encodeURIComponent(hostile)}/medium/blue`);
    const text = res.body.toString('utf8');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Buffer.byteLength(text)).toBeLessThan(400);
    const { message, error } = JSON.parse(text) as { message: string; error: string };
    expect(error).toBe('UNKNOWN_BADGE');
    expect(message).toBe(
      `Unknown badge type "\\u003Cscript\\u003E\\u000D\\u000A\\u0000\\u202E${'a'.repeat(100 - 12)}…". Choose one of: ${model.badges.types.map((t) => t.id).join(', ')}.`,
    );
  });

  it('a 405 on a long badge path names the path in at most 100 characters', async () => {
    const res = await rawRequest(running.port, `/api/badge/standard/medium/${'b'.repeat(8_000)}`, {}, 'DELETE');
    expect(res.status).toBe(405);
    expect(res.body.length).toBeLessThan(300);
  });
});
