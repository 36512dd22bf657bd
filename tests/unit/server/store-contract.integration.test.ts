/**
 * One behaviour, two backends: every LeadStore must pass the same tests, so switching DATABASE_URL
 * on or off never changes what a visitor or the export script sees.
 */
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../server/store/migrations';
import { postgresMigrations } from '../../../server/store/postgres';
import { FormTokenSpent, IdempotencyKeyReused, type NewLead, type PlannedNotification, type StoredLead } from '../../../server/store/types';
import { backends, useFreshStores } from './store-backends';

const lead: NewLead = {
  endpoint: '/api/leads',
  formType: 'takedown-request',
  payload: { email: 'owner@example.com', urls: ['https://copy.example/a'], count: 2, nested: { ok: true } },
  ipHash: 'abc123',
  userAgent: 'Mozilla/5.0',
};

it('both backends define the same migration versions and names', () => {
  expect(postgresMigrations.map(({ version, name }) => ({ version, name }))).toEqual(
    migrations.map(({ version, name }) => ({ version, name })),
  );
});

describe.each(backends)('%s lead store contract', (_name, backend) => {
  if (backend.skipReason) console.warn(`Skipping the ${backend.name} lead store tests: ${backend.skipReason}`);

  // Generous per-test limit: a busy CI machine can make CREATE DATABASE and 50 parallel commits slow.
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 20_000 }, () => {
    const fresh = useFreshStores(backend);
    const store = fresh.store;

    it('migrating twice, and from two stores at once, applies each migration once', async () => {
      const target = await fresh.target();
      const a = target.open();
      const b = target.open();
      fresh.track(a, b);
      // Two processes starting together: the lock makes one wait for the other.
      await Promise.all([a.init(), b.init()]);
      await a.init();
      await a.close();
      const c = await store();
      await c.ping();
      expect(await (await fresh.target()).appliedVersions()).toEqual(migrations.map((m) => m.version));
    });

    it('refuses to start on a database migrated by newer code', async () => {
      const s = await store();
      await s.close();
      await (
        await fresh.target()
      ).exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2030-01-01T00:00:00Z')");
      const newer = (await fresh.target()).open();
      fresh.track(newer);
      await expect(newer.init()).rejects.toThrow(/newer than this code/);
    });

    it('a stored lead comes back from the list with every field', async () => {
      const s = await store();
      const stored = await s.leads.insertLead({ ...lead, idempotencyKey: 'k-1' });
      expect(stored.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(new Date(stored.createdAt).toISOString()).toBe(stored.createdAt);
      expect(stored).toMatchObject({ ...lead, idempotencyKey: 'k-1', spam: false });
      expect(await s.leads.listLeads()).toEqual([stored]);
    });

    it('optional fields default to null and not spam', async () => {
      const s = await store();
      const stored = await s.leads.insertLead({ endpoint: '/api/contact', formType: 'contact', payload: {} });
      expect(stored).toMatchObject({ payload: {}, idempotencyKey: null, ipHash: null, userAgent: null, spam: false });
      expect(await s.leads.listLeads()).toEqual([stored]);
    });

    it('the spam flag round-trips both ways', async () => {
      const s = await store();
      const spam = await s.leads.insertLead({ ...lead, spam: true });
      const ham = await s.leads.insertLead({ ...lead, spam: false });
      expect([spam.spam, ham.spam]).toEqual([true, false]);
      expect((await s.leads.listLeads()).map((l) => l.spam)).toEqual([true, false]);
    });

    it('payload JSON round-trips exactly: unicode, escapes, nesting, numbers', async () => {
      const payload = {
        name: 'Zoë Ångström 山田太郎 محمد 🎵🛡️',
        quotes: `He said "stop" and it's done \\ backslash`,
        control: 'line1\nline2\r\ttab \u0000 nul \u2028 separator',
        html: '<script>alert(1)</script> & &amp;',
        nested: { deeper: { list: [1, 'two', null, true, { three: 3 }], empty: [], obj: {} } },
        numbers: { int: 42, negative: -7, float: 3.14159, big: 9007199254740991, zero: 0 },
        flag: false,
        nothing: null,
      };
      const s = await store();
      const stored = await s.leads.insertLead({ ...lead, payload, idempotencyKey: 'unicode' });
      expect(stored.payload).toEqual(payload);
      const [listed] = await s.leads.listLeads();
      expect(listed!.payload).toEqual(payload);
      expect(JSON.stringify(listed!.payload)).toBe(JSON.stringify(payload));
    });

    it('a retried submission with the same idempotency key returns the first lead and stores it once', async () => {
      const s = await store();
      const first = await s.leads.insertLead({ ...lead, formId: 'contact-us', idempotencyKey: 'same-key' });
      // The same answers with their fields in another order are the same request.
      const reordered = Object.fromEntries(Object.entries(lead.payload).reverse());
      const retry = await s.leads.insertLead({ ...lead, formId: 'contact-us', payload: reordered, idempotencyKey: 'same-key' });
      expect(retry).toEqual(first);
      // Leads without a key are never treated as duplicates of each other.
      await s.leads.insertLead({ ...lead, idempotencyKey: null });
      await s.leads.insertLead({ ...lead });
      const all = await s.leads.listLeads();
      expect(all).toHaveLength(3);
      expect(all.filter((l) => l.idempotencyKey === 'same-key')).toEqual([first]);
    });

    it.each([
      ['another payload', { payload: { email: 'someone-else@example.com' } }],
      ['another form', { formId: 'contact' }],
      ['another form type', { formType: 'quote' }],
    ] as const)('a key reused with %s is refused, nothing is stored and the first lead is untouched', async (_what, change) => {
      const s = await store();
      const first = await s.leads.insertLead({ ...lead, formId: 'contact-us', idempotencyKey: 'reused' });
      // formType is not part of the request's identity (the form is), so only the first two are refused.
      const attempt = s.leads.insertLead({ ...lead, formId: 'contact-us', ...change, idempotencyKey: 'reused' });
      if ('formType' in change) {
        expect(await attempt).toEqual(first);
      } else {
        await expect(attempt).rejects.toBeInstanceOf(IdempotencyKeyReused);
      }
      expect(await s.leads.listLeads()).toEqual([first]);
    });

    it('keys are scoped to their endpoint: one key on two endpoints stores two leads', async () => {
      const s = await store();
      const contact = await s.leads.insertLead({ ...lead, endpoint: '/api/contact', idempotencyKey: 'shared' });
      const takedown = await s.leads.insertLead({ ...lead, endpoint: '/api/takedown-request', idempotencyKey: 'shared' });
      expect(takedown.id).not.toBe(contact.id);
      expect(await s.leads.listLeads()).toEqual([contact, takedown]);
      expect(await s.leads.insertLead({ ...lead, endpoint: '/api/takedown-request', idempotencyKey: 'shared' })).toEqual(takedown);
    });

    it('upgrading a store made by the first schema keeps every lead, their order and their keys', async () => {
      const target = await fresh.target();
      await target.migrateTo(1);
      // Rows as the first release wrote them (its columns only), two in the same millisecond.
      const at = '2025-03-01T09:00:00.000Z';
      const rows = [
        ['00000000-0000-4000-8000-000000000003', at, '/api/leads', '{"email":"owner@example.com","count":2}', "'old-1'"],
        ['00000000-0000-4000-8000-000000000001', at, '/api/contact', '{"name":"Ann"}', "'old-2'"],
        ['00000000-0000-4000-8000-000000000002', '2025-03-01T09:00:01.000Z', '/api/contact', '{"name":"No key"}', 'NULL'],
      ];
      for (const [id, createdAt, endpoint, payload, key] of rows) {
        await target.exec(
          `INSERT INTO leads (id, created_at, endpoint, form_type, payload, idempotency_key, ip_hash, user_agent, spam)
           VALUES ('${id}', '${createdAt}', '${endpoint}', 'contact', '${payload}', ${key}, NULL, 'Mozilla/5.0', FALSE)`,
        );
      }

      const upgraded = await store();
      expect(await target.appliedVersions()).toEqual(migrations.map((m) => m.version));
      const listed = await upgraded.leads.listLeads();
      expect(
        listed.map((l) => [l.id, l.createdAt, l.endpoint, JSON.stringify(l.payload), l.idempotencyKey, l.formId, l.userAgent]),
      ).toEqual([
        [rows[0]![0], at, '/api/leads', rows[0]![3], 'old-1', null, 'Mozilla/5.0'],
        [rows[1]![0], at, '/api/contact', rows[1]![3], 'old-2', null, 'Mozilla/5.0'],
        [rows[2]![0], '2025-03-01T09:00:01.000Z', '/api/contact', rows[2]![3], null, null, 'Mozilla/5.0'],
      ]);
      // A key stored before fingerprints were kept: the same request is still recognised...
      const retry = {
        endpoint: '/api/leads',
        formType: 'contact',
        formId: 'contact-us',
        payload: { count: 2, email: 'owner@example.com' },
      };
      expect(await upgraded.leads.insertLead({ ...retry, idempotencyKey: 'old-1' })).toEqual(listed[0]);
      // ...and another request under it is refused.
      await expect(upgraded.leads.insertLead({ ...retry, payload: { name: 'Bob' }, idempotencyKey: 'old-1' })).rejects.toBeInstanceOf(
        IdempotencyKeyReused,
      );
      // Keys are now per endpoint.
      const elsewhere = await upgraded.leads.insertLead({ ...lead, endpoint: '/api/takedown-request', idempotencyKey: 'old-2' });
      expect(await upgraded.leads.listLeads()).toEqual([...listed, elsewhere]);
    });

    it('listing with `since` returns only leads from that moment on, oldest first', async () => {
      let clock = new Date('2025-01-01T10:00:00.000Z');
      const s = await store(() => clock);
      const old = await s.leads.insertLead({ ...lead, formType: 'old' });
      clock = new Date('2025-01-02T10:00:00.000Z');
      const edge = await s.leads.insertLead({ ...lead, formType: 'edge' });
      // Same millisecond: insertion order decides.
      const sameMoment = await s.leads.insertLead({ ...lead, formType: 'same-moment' });
      clock = new Date('2025-01-03T10:00:00.123Z');
      const recent = await s.leads.insertLead({ ...lead, formType: 'recent' });

      expect(await s.leads.listLeads({ since: new Date('2025-01-02T10:00:00.000Z') })).toEqual([edge, sameMoment, recent]);
      expect(await s.leads.listLeads({ since: new Date('2025-01-02T10:00:00.001Z') })).toEqual([recent]);
      expect(await s.leads.listLeads({ since: new Date('2030-01-01T00:00:00.000Z') })).toEqual([]);
      expect(await s.leads.listLeads()).toEqual([old, edge, sameMoment, recent]);
      expect(recent.createdAt).toBe('2025-01-03T10:00:00.123Z');
    });

    it('leads survive closing and reopening the store', async () => {
      const s = await store();
      const stored = await s.leads.insertLead({ ...lead, idempotencyKey: 'persist' });
      await s.close();

      const reopened = await store();
      expect(await reopened.leads.listLeads()).toEqual([stored]);
      expect(await reopened.leads.insertLead({ ...lead, idempotencyKey: 'persist' })).toEqual(stored);
      expect(await reopened.leads.listLeads()).toHaveLength(1);
    });

    it('imports leads as they were, ids and times included, and skips the ones it already has', async () => {
      const source = await store(() => new Date('2026-03-01T10:00:00.000Z'));
      const first = await source.leads.insertLead({ ...lead, idempotencyKey: 'imported-key', formId: 'contact-us' });
      const second = await source.leads.insertLead({ ...lead, payload: { text: 'second \u202e lead', n: 1.5 } });
      const exported = JSON.parse(JSON.stringify(await source.leads.listLeads())) as StoredLead[];
      await source.close();
      const sourceTarget = fresh.detach()!;

      const into = await store();
      expect(await into.leads.importLeads(exported)).toBe(2);
      expect(await into.leads.listLeads()).toEqual([first, second]);
      // Importing the same file again adds nothing.
      expect(await into.leads.importLeads(exported)).toBe(0);
      expect(await into.leads.listLeads()).toHaveLength(2);
      // An imported key still answers a retry with its lead, and refuses other content.
      expect((await into.leads.insertLead({ ...lead, idempotencyKey: 'imported-key', formId: 'contact-us' })).id).toBe(first.id);
      await expect(
        into.leads.insertLead({ ...lead, payload: { other: true }, idempotencyKey: 'imported-key', formId: 'contact-us' }),
      ).rejects.toBeInstanceOf(IdempotencyKeyReused);
      expect(await into.outbox.listJobs()).toEqual([]);
      await sourceTarget.dispose();
    });

    it('ping succeeds when open and rejects once closed', async () => {
      const s = await store();
      await expect(s.ping()).resolves.toBeUndefined();
      await s.close();
      await expect(s.ping()).rejects.toThrow(/not open/);
      await expect(s.leads.insertLead(lead)).rejects.toThrow(/not open/);
      await expect(s.leads.listLeads()).rejects.toThrow(/not open/);
    });

    describe('outbox', () => {
      const email = (rule = 'team'): PlannedNotification => ({
        channel: 'email',
        rule,
        data: { to: ['team@example.com'], subject: 'New lead' },
      });
      const autoReply: PlannedNotification = {
        channel: 'auto-reply',
        rule: 'auto-reply',
        data: { to: 'owner@example.com' },
        throttle: { key: 'auto-reply:abc', seconds: 3600 },
      };
      const ids = (jobs: { id: string }[]) => jobs.map((j) => j.id).sort();

      it('a new lead queues its notifications with it; a retry of it queues nothing more', async () => {
        const s = await store();
        const stored = await s.leads.insertLead({
          ...lead,
          idempotencyKey: 'with-jobs',
          notifications: [email(), { channel: 'webhook', rule: 'webhook', data: {} }],
        });
        await s.leads.insertLead({ ...lead, idempotencyKey: 'with-jobs', notifications: [email()] });
        const jobs = await s.outbox.listJobs();
        expect(jobs.map((j) => [j.leadId, j.channel, j.rule, j.status, j.attempts])).toEqual([
          [stored.id, 'email', 'team', 'pending', 0],
          [stored.id, 'webhook', 'webhook', 'pending', 0],
        ]);
        expect(jobs[0]!.data).toEqual({ to: ['team@example.com'], subject: 'New lead' });
        expect(new Set(jobs.map((j) => j.id)).size).toBe(2);
      });

      it('a throttled notification is queued once per key and window', async () => {
        let clock = new Date('2025-05-01T10:00:00.000Z');
        const s = await store(() => clock);
        await s.leads.insertLead({ ...lead, notifications: [autoReply] });
        clock = new Date('2025-05-01T10:59:59.000Z');
        await s.leads.insertLead({ ...lead, notifications: [autoReply, email()] });
        await Promise.all(Array.from({ length: 5 }, () => s.leads.insertLead({ ...lead, notifications: [autoReply] })));
        expect((await s.outbox.listJobs()).map((j) => j.channel)).toEqual(['auto-reply', 'email']);
        clock = new Date('2025-05-01T11:00:00.000Z');
        await s.leads.insertLead({ ...lead, notifications: [autoReply] });
        expect((await s.outbox.listJobs()).map((j) => j.channel)).toEqual(['auto-reply', 'email', 'auto-reply']);
      });

      it('a throttle key is dropped once its window has passed, at the next look at the queue', async () => {
        let clock = new Date('2025-05-01T10:00:00.000Z');
        const s = await store(() => clock);
        const target = await fresh.target();
        await s.leads.insertLead({ ...lead, notifications: [autoReply] });
        await s.leads.insertLead({ ...lead, notifications: [{ ...autoReply, throttle: { key: 'auto-reply:other', seconds: 7200 } }] });
        await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
        expect(await target.count('SELECT count(*) FROM notification_throttle')).toBe(2);
        clock = new Date('2025-05-01T11:00:00.000Z');
        await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
        expect(await target.count('SELECT count(*) FROM notification_throttle')).toBe(1);
        clock = new Date('2025-05-01T12:00:00.000Z');
        await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
        expect(await target.count('SELECT count(*) FROM notification_throttle')).toBe(0);
      });

      it('erasing the lead that took a throttle key removes the key: the next auto-reply to that address goes', async () => {
        const s = await store();
        const target = await fresh.target();
        const first = await s.leads.insertLead({ ...lead, notifications: [autoReply] });
        await s.leads.insertLead({ ...lead, notifications: [autoReply] });
        expect((await s.outbox.listJobs()).map((j) => j.channel)).toEqual(['auto-reply']);
        await s.inbox.eraseLead(first.id, 'ann@example.com');
        expect(await target.count('SELECT count(*) FROM notification_throttle')).toBe(0);
        await s.leads.insertLead({ ...lead, notifications: [autoReply] });
        expect((await s.outbox.listJobs()).map((j) => j.channel)).toEqual(['auto-reply']);
        expect((await s.outbox.listJobs())[0]!.leadId).not.toBe(first.id);
      });

      it('claiming by channel takes only those jobs, leaving the others for their own lane', async () => {
        const s = await store();
        await s.leads.insertLead({ ...lead, notifications: [email(), { channel: 'webhook', rule: 'webhook', data: {} }, autoReply] });
        const mail = await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000, channels: ['email', 'auto-reply'] });
        expect(mail.map((j) => j.channel).sort()).toEqual(['auto-reply', 'email']);
        const hooks = await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000, channels: ['webhook'] });
        expect(hooks.map((j) => j.channel)).toEqual(['webhook']);
        expect(await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 })).toEqual([]);
      });

      it('a claimed job is not claimed again until its lease runs out, then it is, with its attempts counted', async () => {
        let clock = new Date('2025-05-01T10:00:00.000Z');
        const s = await store(() => clock);
        await s.leads.insertLead({ ...lead, notifications: [email('a'), email('b')] });
        const first = await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
        expect(first.map((j) => [j.rule, j.attempts])).toEqual([
          ['a', 1],
          ['b', 1],
        ]);
        expect(first[0]!.lead).toEqual((await s.leads.listLeads())[0]);
        expect(await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 })).toEqual([]);
        clock = new Date('2025-05-01T10:01:00.000Z');
        const again = await s.outbox.claimJobs({ limit: 1, leaseMs: 60_000 });
        expect(again.map((j) => [j.rule, j.attempts])).toEqual([['a', 2]]);
      });

      it('done jobs leave the queue, retried ones wait for their time, dead ones stay listed until requeued', async () => {
        let clock = new Date('2025-05-01T10:00:00.000Z');
        const s = await store(() => clock);
        await s.leads.insertLead({ ...lead, notifications: [email('done'), email('retry'), email('dead')] });
        const [done, retry, dead] = await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
        await s.outbox.finishJobs([
          { id: done!.id, status: 'done' },
          { id: retry!.id, status: 'retry', at: new Date('2025-05-01T10:05:00.000Z'), error: 'SMTP 451' },
          { id: dead!.id, status: 'dead', error: 'webhook answered 410' },
        ]);
        expect((await s.outbox.listJobs()).map((j) => [j.rule, j.status, j.lastError])).toEqual([
          ['retry', 'pending', 'SMTP 451'],
          ['dead', 'dead', 'webhook answered 410'],
        ]);
        expect((await s.outbox.listJobs({ status: ['done'] })).map((j) => j.rule)).toEqual(['done']);
        expect((await s.outbox.listJobs({ status: ['done'] }))[0]!.finishedAt).toBe('2025-05-01T10:00:00.000Z');
        expect(await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 })).toEqual([]);
        clock = new Date('2025-05-01T10:05:00.000Z');
        expect((await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 })).map((j) => j.rule)).toEqual(['retry']);

        expect(await s.outbox.requeueJob(done!.id)).toBe(false);
        expect(await s.outbox.requeueJob('no-such-job')).toBe(false);
        expect(await s.outbox.requeueJob(dead!.id)).toBe(true);
        const requeued = await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
        expect(requeued.map((j) => [j.rule, j.attempts])).toEqual([['dead', 2]]);
      });

      it('two stores on one database claiming at once never get the same job', async () => {
        const a = await store();
        const b = (await fresh.target()).open();
        fresh.track(b);
        await b.init();
        await Promise.all(
          Array.from({ length: 20 }, (_, i) => a.leads.insertLead({ ...lead, notifications: [email(`r${i}`), email(`s${i}`)] })),
        );
        const claims = await Promise.all(
          Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).outbox.claimJobs({ limit: 7, leaseMs: 60_000 })),
        );
        const all = claims.flat();
        expect(all).toHaveLength(40);
        expect(new Set(ids(all)).size).toBe(40);
      });
    });

    it('50 inserts in parallel are all stored exactly once, and racing retries of one key store one lead', async () => {
      const s = await store();
      const distinct = Array.from({ length: 50 }, (_, i) =>
        s.leads.insertLead({ ...lead, payload: { i }, idempotencyKey: `parallel-${i}` }),
      );
      const racing = Array.from({ length: 10 }, () =>
        s.leads.insertLead({ ...lead, payload: { attempt: 'same' }, idempotencyKey: 'racing' }),
      );
      const [stored, raced] = await Promise.all([Promise.all(distinct), Promise.all(racing)]);

      expect(new Set(stored.map((l) => l.id)).size).toBe(50);
      // Every racer gets the one lead that won.
      expect(new Set(raced.map((l) => l.id)).size).toBe(1);
      const all = await s.leads.listLeads();
      expect(all).toHaveLength(51);
      expect(
        all
          .map((l) => (l.payload as { i?: number }).i)
          .filter((i) => i !== undefined)
          .sort((a, b) => a! - b!),
      ).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(all.filter((l) => l.idempotencyKey === 'racing')).toEqual([raced[0]]);
    });

    it('a form token stores one lead: another lead with it is refused and stores nothing, a retry of the first gets it back', async () => {
      const s = await store();
      const formToken = { nonce: 'a'.repeat(32), expiresAt: '2026-11-28T14:00:00.000Z' };
      const first = await s.leads.insertLead({ ...lead, formId: 'contact-us', idempotencyKey: 'token-1', formToken });
      await expect(s.leads.insertLead({ ...lead, formId: 'contact-us', idempotencyKey: 'token-2', formToken })).rejects.toBeInstanceOf(
        FormTokenSpent,
      );
      await expect(s.leads.insertLead({ ...lead, payload: { other: true }, formToken })).rejects.toBeInstanceOf(FormTokenSpent);
      expect(await s.leads.insertLead({ ...lead, formId: 'contact-us', idempotencyKey: 'token-1', formToken })).toEqual(first);
      expect(await s.leads.listLeads()).toEqual([first]);
    });

    it('racing one form token from many requests: exactly one lead is stored', async () => {
      const s = await store();
      const formToken = { nonce: 'b'.repeat(32), expiresAt: '2026-11-28T14:00:00.000Z' };
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          s.leads.insertLead({ ...lead, payload: { attempt: i }, idempotencyKey: `race-${i}`, formToken }),
        ),
      );
      const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      expect(won).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(FormTokenSpent);
      expect(await s.leads.listLeads()).toEqual(won);
    });

    it('spent form tokens are forgotten once expired, and only those', async () => {
      const s = await store();
      await s.leads.insertLead({ ...lead, formToken: { nonce: 'c'.repeat(32), expiresAt: '2026-11-28T10:00:00.000Z' } });
      await s.leads.insertLead({ ...lead, formToken: { nonce: 'd'.repeat(32), expiresAt: '2026-11-28T14:00:00.000Z' } });
      expect(await s.tokens.pruneSpentTokens(new Date('2026-11-28T12:00:00Z'))).toBe(1);
      expect(await s.tokens.pruneSpentTokens(new Date('2026-11-28T12:00:00Z'))).toBe(0);
      await expect(
        s.leads.insertLead({ ...lead, formToken: { nonce: 'd'.repeat(32), expiresAt: '2026-11-28T14:00:00.000Z' } }),
      ).rejects.toBeInstanceOf(FormTokenSpent);
    });

    it('racing different payloads under one key: exactly one is stored, and it is the one acknowledged', async () => {
      const s = await store();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => s.leads.insertLead({ ...lead, payload: { attempt: i }, idempotencyKey: 'contested' })),
      );
      const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(won).toHaveLength(1);
      expect(refused).toHaveLength(9);
      for (const reason of refused) expect(reason).toBeInstanceOf(IdempotencyKeyReused);
      expect(await s.leads.listLeads()).toEqual(won);
    });

    it('a proof-of-work challenge is spent with its lead: a resend of that submission gets the lead back, another submission is held with ifSpent', async () => {
      const s = await store();
      const ifSpent = { score: 3, reasons: [{ code: 'proof-of-work', weight: 0, detail: 'replayed' }] };
      const challenge = { id: 'c1', expiresAt: '2026-11-28T14:00:00.000Z', ifSpent };
      const scored = { score: 3, reasons: [{ code: 'proof-of-work', weight: 0, detail: 'passed' }] };
      const notifications: PlannedNotification[] = [{ channel: 'email', rule: 'team', data: { to: ['team@example.com'] } }];
      const grey = { ...lead, formId: 'contact-us', scored, notifications, challenge };
      const first = await s.leads.insertLead({ ...grey, idempotencyKey: 'pow-1' });
      expect(await s.leads.insertLead({ ...grey, idempotencyKey: 'pow-1' })).toEqual(first);
      const replayed = await s.leads.insertLead({ ...grey, payload: { other: true }, idempotencyKey: 'pow-2' });
      const keyless = await s.leads.insertLead({ ...grey, payload: { third: true } });
      expect(await s.leads.listLeads()).toHaveLength(3);
      expect((await s.inbox.getLead(first.id))!.quarantine).toBeNull();
      for (const held of [replayed, keyless]) {
        const inbox = (await s.inbox.getLead(held.id))!;
        expect(inbox.quarantine).toMatchObject(ifSpent);
      }
      // Only the first lead's notifications were queued; the others' wait in their rows.
      const jobs = await s.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
      expect(jobs.map((j) => j.leadId)).toEqual([first.id]);
    });

    it('racing one challenge from many submissions: one lead passes, the others are held', async () => {
      const s = await store();
      const ifSpent = { score: 3, reasons: [{ code: 'proof-of-work', weight: 0, detail: 'replayed' }] };
      const challenge = { id: 'c2', expiresAt: '2026-11-28T14:00:00.000Z', ifSpent };
      const stored = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          s.leads.insertLead({ ...lead, payload: { attempt: i }, idempotencyKey: `pow-race-${i}`, challenge }),
        ),
      );
      const held = await Promise.all(stored.map(async (l) => (await s.inbox.getLead(l.id))!.quarantine !== null));
      expect(held.filter((h) => !h)).toHaveLength(1);
    });

    it('spent challenges are forgotten once expired, and only those', async () => {
      const s = await store();
      const ifSpent = { score: 3, reasons: [] };
      await s.leads.insertLead({ ...lead, challenge: { id: 'old', expiresAt: '2026-11-28T10:00:00.000Z', ifSpent } });
      await s.leads.insertLead({ ...lead, challenge: { id: 'new', expiresAt: '2026-11-28T14:00:00.000Z', ifSpent } });
      expect(await s.tokens.pruneSpentTokens(new Date('2026-11-28T12:00:00Z'))).toBe(1);
      expect(await s.tokens.pruneSpentTokens(new Date('2026-11-28T12:00:00Z'))).toBe(0);
      const again = await s.leads.insertLead({ ...lead, challenge: { id: 'new', expiresAt: '2026-11-28T14:00:00.000Z', ifSpent } });
      expect((await s.inbox.getLead(again.id))!.quarantine).not.toBeNull();
    });
  });
});
