/**
 * Hostile input: every request of the corpus (tests/resilience/corpus/*.json) is sent byte for
 * byte to the real server. Each gets a 4xx (API paths: with a JSON message) or the not-found
 * page, never a 5xx; nothing it carries is stored, except a submission with the honeypot filled,
 * which is answered like any other and stored once, flagged as spam; and the server still takes
 * a valid submission right after each one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../engine/forms/payload';
import { SECURITY_HEADERS } from '../../server/security-headers';
import { encodeRequest, loadCorpus, type LoadedEntry } from './support/corpus';
import { sqliteReader, type LeadReader } from './support/lead-reader';
import { problemLines, startServer, type ServerProcess } from './support/server-process';
import { readBuiltModel, readNotFoundPage } from './support/site-build';
import { sendRaw, type RawResponse } from './support/raw-http';

const corpus = loadCorpus();
const model = readBuiltModel();
const notFoundPage = readNotFoundPage();
const contactForm = model.forms['contact-us']!;

let server: ServerProcess;
let dataDir: string;
let reader: LeadReader;
let quietFrom = 0;
let validSent = 0;
let honeypotsStored = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'resilience-hostile-'));
  server = await startServer({ dataDir });
  reader = sqliteReader(join(dataDir, 'leads.sqlite'));
  quietFrom = server.output().length;
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Fields whose stored value may keep line breaks: the form's text areas, and a contact payload's message. */
function multilineFields(formId: string): Set<string> {
  const form = model.forms[formId]!;
  const ui = (form.ui ?? {}) as Record<string, { 'ui:widget'?: string } | undefined>;
  const keys = new Set(Object.keys(form.fields.properties ?? {}).filter((f) => ui[f]?.['ui:widget'] === 'textarea'));
  if (form.submit.payload === 'contact') keys.add('message');
  return keys;
}

function json(res: RawResponse): Record<string, unknown> {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
}

function expectApiError(res: RawResponse, entry: LoadedEntry): void {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  if (entry.method === 'HEAD') {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.length).toBe(0);
    return;
  }
  const body = json(res);
  expect(body).toMatchObject({ success: false, message: expect.stringMatching(/\S/), error: expect.stringMatching(/^[A-Z_]+$/) });
  if (entry.error) expect(body.error).toBe(entry.error);
}

async function expectClass(entry: LoadedEntry, res: RawResponse): Promise<void> {
  if (entry.status !== undefined) expect(res.status).toBe(entry.status);
  switch (entry.expect) {
    case 'api-error':
      expectApiError(res, entry);
      return;
    case 'malformed-http':
      expect([400, 413, 417, 431]).toContain(res.status);
      expect(res.closed).toBe(true);
      expectApiError(res, entry);
      return;
    case 'missing-host':
      expect(res.status).toBe(400);
      expect(res.closed).toBe(true);
      expectApiError(res, entry);
      return;
    case 'not-found-page':
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      if (entry.method === 'HEAD') expect(Number(res.headers['content-length'])).toBe(notFoundPage.length);
      else expect(res.body.equals(notFoundPage)).toBe(true);
      return;
    case 'page-method':
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      return;
    case 'honeypot': {
      expect(res.status).toBe(201);
      const body = json(res);
      expect(body).toMatchObject({ success: true, data: { id: expect.any(String) } });
      const id = (body.data as { id: string }).id;
      const lead = (await reader.rows()).find((r) => r.id === id);
      expect(lead, 'the flagged submission is stored').toBeDefined();
      expect(lead!.spam).toBe(true);
      expect(lead!.payload).not.toHaveProperty(HONEYPOT_FIELD);
      // Header injection: line breaks survive only where the form has a text area.
      const multiline = multilineFields(entry.form!);
      for (const [field, value] of Object.entries(lead!.payload)) {
        if (typeof value === 'string' && !multiline.has(field)) expect(value, field).not.toMatch(/[\r\n\0]/);
      }
      return;
    }
  }
}

async function validSubmission(n: number): Promise<Response> {
  return fetch(`${server.url}${contactForm.submit.endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': contactForm.id },
    body: JSON.stringify({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: `Copied photos, check ${n}`,
      message: 'Someone copied my photos to their shop.',
      serviceInterest: 'takedown',
      inquiryType: 'takedown',
    }),
  });
}

describe(`hostile input corpus (${corpus.length} requests)`, () => {
  it('holds at least 150 requests, covering every class of answer', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.map((e) => e.expect))).toEqual(
      new Set(['api-error', 'honeypot', 'not-found-page', 'page-method', 'malformed-http', 'missing-host']),
    );
  });

  it.each(corpus)('$file: $name', async (entry) => {
    const before = await reader.counts();
    const { head, body } = encodeRequest(entry, server.port);
    const res = await sendRaw(server.port, head, body, { method: entry.method });

    expect(res.status, 'never a server error').toBeLessThan(500);
    await expectClass(entry, res);
    // Every answer, the HTTP layer's own included, carries the security headers.
    for (const [name, value] of SECURITY_HEADERS) expect(res.headers[name.toLowerCase()], name).toBe(value);
    // An error answer stays small whatever was sent (a 64 KB body of unknown keys, an 8 KB path).
    if (entry.expect !== 'not-found-page' && entry.expect !== 'honeypot') expect(res.body.length, 'answer size').toBeLessThan(8 * 1024);
    // Nothing is echoed into headers (response splitting) and no file outside the site leaks out.
    expect(res.headers['x-injected']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body.toString('latin1')).not.toMatch(/root:[^:]*:0:0:|"forms":\{|SQLite format 3/);

    const after = await reader.counts();
    if (entry.expect === 'honeypot') {
      honeypotsStored += 1;
      expect(after).toEqual({ total: before.total + 1, spam: before.spam + 1 });
    } else {
      expect(after, 'nothing is stored').toEqual(before);
    }

    expect(server.alive(), 'the server is still running').toBe(true);
    const ok = await validSubmission(++validSent);
    expect(ok.status, 'a valid submission right after is stored').toBe(201);
    await ok.arrayBuffer();
    expect(await reader.counts()).toEqual({ total: after.total + 1, spam: after.spam });
  });

  it('stored only the valid submissions and the flagged ones, and logged no server error', async () => {
    expect(await reader.counts()).toEqual({ total: validSent + honeypotsStored, spam: honeypotsStored });
    const logged = server.output().slice(quietFrom);
    expect(problemLines(logged)).toEqual([]);
    // One line per request, and nothing a visitor sent: no e-mail address, no client address.
    expect(logged.split('\n').filter(Boolean).length).toBeGreaterThan(100);
    expect(logged).not.toMatch(/@/);
    expect(logged).not.toContain('127.0.0.1');
  });
});
