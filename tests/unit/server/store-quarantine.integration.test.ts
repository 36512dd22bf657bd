/**
 * Quarantine in the store, on both backends: a held lead queues nothing, is in no view but its own,
 * and a release queues what was held exactly once, however often (or by however many processes)
 * it is asked; quarantined leads never released are erased once their period has passed.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, type LeadFilter } from '../../../contracts/inbox-contract';
import type { LeadStore, NewLead, PlannedNotification } from '../../../server/store/types';
import { backends, useFreshStores } from './store-backends';

const DAY = 86_400_000;

function clock(start = '2026-03-01T09:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const PLANNED: PlannedNotification[] = [
  { channel: 'email', rule: 'default', data: { to: ['team@example.com'], subject: 'New lead' } },
  { channel: 'webhook', rule: 'webhook', data: {} },
];
const REASONS = [
  { code: 'words', weight: 4, detail: "words from the team's list: casino, guest post" },
  { code: 'links', weight: 2, detail: '5 web addresses in the message (3 are usual)' },
];

const lead = (extra: Partial<NewLead> = {}): NewLead => ({
  endpoint: '/api/contact',
  formType: 'contact',
  formId: 'contact',
  payload: { name: 'Sam', email: 'sam@example.com', message: 'Hello' },
  notifications: PLANNED,
  ...extra,
});
const held = (extra: Partial<NewLead> = {}) => lead({ quarantine: { score: 6, reasons: REASONS }, ...extra });

async function ids(store: LeadStore, f: Partial<LeadFilter>): Promise<string[]> {
  return (await store.inbox.findLeads({ filter: { ...EMPTY_FILTER, ...f }, limit: 100 })).map((l) => l.id);
}

describe.each(backends)('%s quarantine', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 20_000 }, () => {
    const fresh = useFreshStores(backend);

    it('stores a held lead with its reasons, queues nothing for it, and keeps it out of every view but Quarantine', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      const normal = await store.leads.insertLead(lead());
      const quarantined = await store.leads.insertLead(held());
      expect(await store.outbox.listLeadJobs(normal.id)).toHaveLength(2);
      expect(await store.outbox.listLeadJobs(quarantined.id)).toEqual([]);
      expect((await store.inbox.getLead(quarantined.id))!.quarantine).toEqual({ at: c.now().toISOString(), score: 6, reasons: REASONS });
      expect((await store.inbox.getLead(normal.id))!.quarantine).toBeNull();

      expect(await ids(store, {})).toEqual([normal.id]);
      expect(await ids(store, { spam: 'include' })).toEqual([normal.id]);
      expect(await ids(store, { status: 'new' })).toEqual([normal.id]);
      expect(await ids(store, { quarantine: 'only', spam: 'include' })).toEqual([quarantined.id]);
      expect(await store.inbox.countLeads({ filter: { ...EMPTY_FILTER, quarantine: 'only', spam: 'include' } })).toBe(1);

      // Nobody is reminded of a held lead, even past its due time.
      const due = await store.leads.insertLead(held({ dueAt: new Date(c.now().getTime() - 60_000).toISOString() }));
      const plan = () => ({ to: ['team@example.com'], subject: 'Overdue' });
      expect(await store.outbox.queueReminders({ now: c.now(), limit: 10, plan })).toBe(0);
      await store.inbox.releaseLead(due.id, 'ann@example.com');
      expect(await store.outbox.queueReminders({ now: c.now(), limit: 10, plan })).toBe(1);

      // Marked as spam meanwhile: still held, still in Quarantine.
      await store.inbox.changeLead(quarantined.id, { spam: true }, 'ann@example.com');
      expect(await ids(store, { quarantine: 'only', spam: 'include' })).toEqual([quarantined.id]);
      expect(await ids(store, { spam: 'only' })).toEqual([]);
      expect(await store.outbox.listLeadJobs(quarantined.id)).toEqual([]);
    });

    it('a release queues the held notifications once, audited, however often and by however many processes it is asked', async () => {
      const c = clock();
      const target = await fresh.target();
      const [one, two] = [target.open(c.now), target.open(c.now)];
      fresh.track(one, two);
      await one.init();
      await two.init();
      const quarantined = await one.leads.insertLead(held());
      const results = await Promise.all([
        one.inbox.releaseLead(quarantined.id, 'ann@example.com'),
        two.inbox.releaseLead(quarantined.id, 'bob@example.com'),
        one.inbox.releaseLead(quarantined.id, 'ann@example.com'),
      ]);
      expect(results.filter((r) => r?.changed)).toHaveLength(1);
      const jobs = await one.outbox.listLeadJobs(quarantined.id);
      expect(jobs.map((j) => [j.channel, j.rule, j.status])).toEqual([
        ['email', 'default', 'pending'],
        ['webhook', 'webhook', 'pending'],
      ]);
      expect(jobs[0]!.data).toEqual(PLANNED[0]!.data);
      const released = (await one.inbox.getLead(quarantined.id))!;
      expect(released.quarantine).toBeNull();
      expect(await ids(one, {})).toEqual([quarantined.id]);
      const audit = (await one.audit.listLead(quarantined.id)).filter((e) => e.action === 'release');
      expect(audit).toHaveLength(1);
      expect(audit[0]!.detail).toContain('2 held notifications');
      // Later asks change nothing.
      expect((await two.inbox.releaseLead(quarantined.id, 'bob@example.com'))!.changed).toBe(false);
      expect(await one.outbox.listLeadJobs(quarantined.id)).toHaveLength(2);
      expect(await one.inbox.releaseLead('00000000-0000-4000-8000-000000000000', 'ann@example.com')).toBeNull();
    });

    it('a release that fails part-way leaves the lead held with everything it held, and the next release sends it all once', async () => {
      const store = await fresh.store();
      const target = await fresh.target();
      const quarantined = await store.leads.insertLead(held());
      // The second notification's insert fails, after the lead was changed and the first queued, in the same transaction.
      await target.exec(
        backend.name === 'SQLite'
          ? "CREATE TRIGGER fail_webhook BEFORE INSERT ON outbox WHEN NEW.channel = 'webhook' BEGIN SELECT RAISE(ABORT, 'disk gone'); END"
          : "CREATE FUNCTION fail_webhook() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk gone'; END $$; CREATE TRIGGER fail_webhook BEFORE INSERT ON outbox FOR EACH ROW WHEN (NEW.channel = 'webhook') EXECUTE FUNCTION fail_webhook()",
      );
      await expect(store.inbox.releaseLead(quarantined.id, 'ann@example.com')).rejects.toThrow(/disk gone/);
      expect((await store.inbox.getLead(quarantined.id))!.quarantine).toMatchObject({ score: 6, reasons: REASONS });
      expect(await store.outbox.listLeadJobs(quarantined.id)).toEqual([]);
      expect((await store.audit.listLead(quarantined.id)).filter((e) => e.action === 'release')).toEqual([]);

      await target.exec('DROP TRIGGER fail_webhook' + (backend.name === 'SQLite' ? '' : ' ON outbox'));
      expect((await store.inbox.releaseLead(quarantined.id, 'ann@example.com'))!.changed).toBe(true);
      expect((await store.outbox.listLeadJobs(quarantined.id)).map((j) => j.channel)).toEqual(['email', 'webhook']);
    });

    it('an auto-reply held in quarantine keeps its one-an-hour throttle when released', async () => {
      const store = await fresh.store();
      const autoReply: PlannedNotification = {
        channel: 'auto-reply',
        rule: 'auto-reply',
        data: { to: 'sam@example.com', subject: 'Thanks', text: 'We got it.' },
        throttle: { key: 'auto-reply:sam', seconds: 3600 },
      };
      const first = await store.leads.insertLead(held({ notifications: [autoReply] }));
      const second = await store.leads.insertLead(lead({ notifications: [autoReply] }));
      expect(await store.outbox.listLeadJobs(second.id)).toHaveLength(1);
      await store.inbox.releaseLead(first.id, 'ann@example.com');
      expect(await store.outbox.listLeadJobs(first.id)).toEqual([]);
    });

    it('erases quarantined leads never released once the period has passed, and no others', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      const old = await store.leads.insertLead(held());
      const kept = await store.leads.insertLead(lead());
      const releasedOld = await store.leads.insertLead(held());
      await store.inbox.releaseLead(releasedOld.id, 'ann@example.com');
      c.advance(20 * DAY);
      const recent = await store.leads.insertLead(held());
      c.advance(10 * DAY + 1000);
      const before = new Date(c.now().getTime() - 30 * DAY);
      expect(await store.inbox.eraseQuarantined({ before, limit: 100, actor: 'quarantine retention' })).toBe(1);
      expect(await store.inbox.eraseQuarantined({ before, limit: 100, actor: 'quarantine retention' })).toBe(0);
      const erased = (await store.inbox.getLead(old.id))!;
      expect(erased.erasedAt).toBe(c.now().toISOString());
      expect(erased.erasedBy).toBe('quarantine retention');
      expect(erased.payload).toEqual({});
      for (const id of [kept.id, releasedOld.id, recent.id]) expect((await store.inbox.getLead(id))!.erasedAt).toBeNull();
      // The tombstone stays in Quarantine, out of the team's queues.
      expect(new Set(await ids(store, { quarantine: 'only', spam: 'include' }))).toEqual(new Set([old.id, recent.id]));
      expect((await store.inbox.releaseLead(old.id, 'ann@example.com'))!.changed).toBe(false);
    });

    it('counts the other addresses that sent one message within the window', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      const same = { messageHash: 'm1' };
      await store.leads.insertLead(lead({ ...same, senderHash: 'a' }));
      await store.leads.insertLead(lead({ ...same, senderHash: 'b' }));
      await store.leads.insertLead(lead({ ...same, senderHash: 'b' }));
      await store.leads.insertLead(lead({ messageHash: 'm2', senderHash: 'c' }));
      const since = new Date(c.now().getTime() - DAY);
      expect(await store.spam.countSameMessage({ messageHash: 'm1', senderHash: 'a', since })).toBe(1);
      expect(await store.spam.countSameMessage({ messageHash: 'm1', senderHash: 'z', since })).toBe(2);
      // A submission without an address: every sender of the message is another.
      expect(await store.spam.countSameMessage({ messageHash: 'm1', senderHash: null, since })).toBe(2);
      // The prepared query keeps its two shapes apart, whichever came first.
      expect(await store.spam.countSameMessage({ messageHash: 'm1', senderHash: 'b', since })).toBe(1);
      c.advance(DAY + 1);
      expect(await store.spam.countSameMessage({ messageHash: 'm1', senderHash: 'z', since: new Date(c.now().getTime() - DAY) })).toBe(0);
    });
  });
});
