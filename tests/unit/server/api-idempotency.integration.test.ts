/**
 * Idempotency-Key over HTTP, on the site's real forms and on both stores: a retry gets the first
 * lead back, a reused key never acknowledges a lead it did not store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { createPostgresStore } from '../../../server/store/postgres';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

const contact = (name: string) => ({
  name,
  email: 'ada@example.com',
  inquiryType: 'takedown',
  serviceInterest: 'takedown',
  subject: 'Copied photos',
  message: `${name} found their photos copied to a shop.`,
});
const takedown = {
  contactName: 'Ada Lovelace',
  email: 'ada@example.com',
  contentType: 'photography',
  infringementUrl: 'https://copy.example/a',
  description: 'My photo series is on their shop without permission.',
};

interface Backend {
  name: string;
  skipReason: string | null;
  open(): Promise<LeadStore>;
  tearDown(): Promise<void>;
}

const found = await findPostgres();
let postgres: LocalPostgres | undefined;
let sqliteDir: string | undefined;

const backends: Backend[] = [
  {
    name: 'SQLite',
    skipReason: null,
    async open() {
      sqliteDir = mkdtempSync(join(tmpdir(), 'api-idempotency-'));
      return createSqliteStore({ file: join(sqliteDir, 'leads.sqlite') });
    },
    async tearDown() {
      if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
    },
  },
  {
    name: 'PostgreSQL',
    skipReason: found.available ? null : found.reason,
    async open() {
      postgres = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
      return createPostgresStore({ connectionString: await postgres.createDatabase('idempotency') });
    },
    async tearDown() {
      await postgres?.destroy();
    },
  },
];

describe.each(backends.map((b) => [b.name, b] as const))('Idempotency-Key with the %s store', (_name, backend) => {
  if (backend.skipReason) console.warn(`Skipping the ${backend.name} idempotency tests: ${backend.skipReason}`);

  describe.skipIf(backend.skipReason !== null)('over HTTP', { timeout: 20_000 }, () => {
    let fixture: Fixture;
    let store: LeadStore;
    let server: Running;

    beforeAll(async () => {
      fixture = createFixture();
      store = await backend.open();
      await store.init();
      server = await startServer({
        buildDir: fixture.root,
        store,
        model: { forms: model.forms, badges: model.badges },
        env: { RATE_LIMIT_MAX: '100000' },
      });
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await store?.close();
      await backend.tearDown();
      fixture?.cleanup();
    }, 30_000);

    const post = (key: string, body: unknown, endpoint = '/api/contact', formId = 'contact-us') =>
      fetch(server.url + endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': formId, 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
    const leadsWithKey = async (key: string) => (await store.leads.listLeads()).filter((l) => l.idempotencyKey === key);

    it('the same key and the same body answer 201 twice with one lead id, stored once', async () => {
      const first = await post('same-body', contact('Ann One'));
      const again = await post('same-body', contact('Ann One'));
      expect([first.status, again.status]).toEqual([201, 201]);
      const answer = await first.json();
      expect(await again.json()).toEqual(answer);
      expect((await leadsWithKey('same-body')).map((l) => l.id)).toEqual([answer.data.id]);
    });

    it('the same key with a different body answers 422 IDEMPOTENCY_KEY_REUSED, stores nothing and leaves the first lead as it was', async () => {
      const first = await post('ceo-k1', contact('Ann One'));
      expect(first.status).toBe(201);
      const before = await leadsWithKey('ceo-k1');

      const second = await post('ceo-k1', { ...contact('Bob Two'), email: 'b2@example.com' });
      expect(second.status).toBe(422);
      expect(second.headers.get('cache-control')).toBe('no-store');
      expect(await second.json()).toEqual({
        success: false,
        error: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This Idempotency-Key was already used for a different submission, which was kept. Nothing was stored: send this submission with a new key.',
      });
      expect(await leadsWithKey('ceo-k1')).toEqual(before);
      expect(before.map((l) => l.payload.name)).toEqual(['Ann One']);
      expect((await store.leads.listLeads()).some((l) => l.payload.name === 'Bob Two')).toBe(false);
    });

    it('the same key on another form of the same endpoint is refused too', async () => {
      expect((await post('form-bound', contact('Cy Three'))).status).toBe(201);
      const other = await post('form-bound', contact('Cy Three'), '/api/contact', 'contact');
      // The /contact form has other fields, so it may be refused for those first; never stored either way.
      expect([400, 422]).toContain(other.status);
      expect(await leadsWithKey('form-bound')).toHaveLength(1);
    });

    it('the same key on two endpoints stores two leads', async () => {
      const a = await post('two-endpoints', contact('Dee Four'));
      const b = await post('two-endpoints', takedown, '/api/takedown-request', 'personal-takedown');
      expect([a.status, b.status]).toEqual([201, 201]);
      const [idA, idB] = [(await a.json()).data.id, (await b.json()).data.id];
      expect(idA).not.toBe(idB);
      const stored = await leadsWithKey('two-endpoints');
      expect(stored.map((l) => [l.endpoint, l.formId]).sort()).toEqual([
        ['/api/contact', 'contact-us'],
        ['/api/takedown-request', 'personal-takedown'],
      ]);
    });

    it('64 identical requests at once with one key store one lead; each answer is 201 with its id or 409 with Retry-After', async () => {
      const answers = await Promise.all(Array.from({ length: 64 }, () => post('stampede', contact('Eve Five'))));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      const bodies = await Promise.all(answers.map((r) => r.json()));
      const ids = new Set(bodies.filter((b) => b.success).map((b) => b.data.id));
      expect(ids.size).toBe(1);
      answers.forEach((r, i) => {
        if (r.status !== 409) return;
        expect(r.headers.get('retry-after')).toBe('1');
        expect(bodies[i].error).toBe('IDEMPOTENCY_KEY_IN_FLIGHT');
      });
      const stored = await leadsWithKey('stampede');
      expect(stored.map((l) => l.id)).toEqual([...ids]);
      // Once the first is committed, a late duplicate is a plain replay.
      expect((await (await post('stampede', contact('Eve Five'))).json()).data.id).toBe(stored[0]!.id);
    });

    it('64 different requests at once with one key: only the stored one is ever acknowledged', async () => {
      const names = Array.from({ length: 64 }, (_, i) => `Racer ${i}`);
      const answers = await Promise.all(names.map((n) => post('contested', contact(n))));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 422)).toEqual([]);
      const stored = await leadsWithKey('contested');
      expect(stored).toHaveLength(1);
      const acknowledged = names.filter((_, i) => statuses[i] === 201);
      expect(acknowledged).toEqual([stored[0]!.payload.name]);
    });
  });
});
