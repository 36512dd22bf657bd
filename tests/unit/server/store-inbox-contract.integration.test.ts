/**
 * The inbox's and the accounts' half of the store: one behaviour on both backends, so the team sees
 * the same list, search and audit log whether DATABASE_URL is set or not.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, type LeadFilter } from '../../../contracts/inbox-contract';
import { positionOf } from '../../../server/store/leads';
import type { LeadStore, NewLead } from '../../../server/store/types';
import { backends, useFreshStores } from './store-backends';

const MINUTE = 60_000;

/** A clock the test moves by hand. */
function clock(start = '2026-03-01T09:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const contact = (payload: Record<string, unknown>, extra: Partial<NewLead> = {}): NewLead => ({
  endpoint: '/api/contact',
  formType: 'contact',
  formId: 'contact',
  payload,
  ...extra,
});

const filter = (f: Partial<LeadFilter>): LeadFilter => ({ ...EMPTY_FILTER, ...f });

/** A reply from ann@example.com, as the inbox sends one. */
function reply(
  store: LeadStore,
  leadId: string,
  body = 'We are on it.',
  messageId = `<${Math.random().toString(36).slice(2)}@example.com>`,
) {
  return store.inbox.replyToLead(leadId, {
    author: 'ann@example.com',
    to: 'visitor@example.com',
    subject: 'Re: your request',
    body,
    messageId,
    replyAddress: (token) => `reply+${token}@example.com`,
  });
}

async function ids(store: LeadStore, f: Partial<LeadFilter>): Promise<string[]> {
  return (await store.inbox.findLeads({ filter: filter(f), limit: 100 })).map((l) => l.id);
}

describe.each(backends)('%s inbox store contract', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 20_000 }, () => {
    const fresh = useFreshStores(backend);

    /** Two stores on one database, as two server processes have, on one clock; `at(m)` is m minutes after it starts. */
    async function twoProcesses() {
      const start = '2026-03-02T17:00:00.000Z';
      const c = clock(start);
      const target = await fresh.target();
      const [one, two] = [target.open(c.now), target.open(c.now)];
      fresh.track(one, two);
      await one.init();
      await two.init();
      const at = (minutes: number) => new Date(Date.parse(start) + minutes * MINUTE).toISOString();
      return { c, one, two, at };
    }

    it('lists leads newest first, and pages through all of them once each by position', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      const stored = [];
      for (let i = 0; i < 7; i++) {
        // Pairs share a millisecond, so the id must break the tie the same way every time.
        if (i % 2 === 0) c.advance(MINUTE);
        stored.push(await store.leads.insertLead(contact({ name: `Lead ${i}`, email: `lead${i}@example.com` })));
      }
      const seen: string[] = [];
      let after;
      for (;;) {
        const page = await store.inbox.findLeads({ filter: EMPTY_FILTER, after, limit: 3 });
        seen.push(...page.map((l) => l.id));
        if (page.length < 3) break;
        after = { createdAt: page[2]!.createdAt, id: page[2]!.id };
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
      const times = (await store.inbox.findLeads({ filter: EMPTY_FILTER, limit: 10 })).map((l) => l.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(new Set(seen)).toEqual(new Set(stored.map((l) => l.id)));
    });

    it('a new lead is new, not spam and not erased', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(contact({ name: 'Ada' }));
      expect(await store.inbox.getLead(lead.id)).toMatchObject({ id: lead.id, status: 'new', spam: false, erasedAt: null, erasedBy: null });
      expect(await store.inbox.getLead('not-a-lead')).toBeNull();
      expect(await store.inbox.getLead('00000000-0000-4000-8000-000000000000')).toBeNull();
    });

    it('filters by form, status, spam and received day', async () => {
      const c = clock('2026-03-01T23:59:59.000Z');
      const store = await fresh.store(c.now);
      const march1 = await store.leads.insertLead(contact({ name: 'A' }));
      c.advance(2000);
      const march2 = await store.leads.insertLead(contact({ name: 'B' }, { formId: 'personal-takedown' }));
      const spam = await store.leads.insertLead(contact({ name: 'C' }, { spam: true }));
      await store.inbox.changeLead(march2.id, { status: 'done' }, 'team@example.com');

      expect(await ids(store, {})).toEqual([march2.id, march1.id]);
      expect(await ids(store, { spam: 'only' })).toEqual([spam.id]);
      expect(new Set(await ids(store, { spam: 'include' }))).toEqual(new Set([march1.id, march2.id, spam.id]));
      expect(await ids(store, { form: 'personal-takedown' })).toEqual([march2.id]);
      expect(await ids(store, { status: 'done' })).toEqual([march2.id]);
      expect(await ids(store, { status: 'new' })).toEqual([march1.id]);
      expect(await ids(store, { to: '2026-03-01' })).toEqual([march1.id]);
      expect(await ids(store, { from: '2026-03-02' })).toEqual([march2.id]);
      expect(await ids(store, { from: '2026-03-01', to: '2026-03-01' })).toEqual([march1.id]);
    });

    it('searches every field by word beginnings, all words required, ignoring case and punctuation', async () => {
      const store = await fresh.store();
      const alice = await store.leads.insertLead(
        contact({ name: 'Alice Moreau', email: 'alice@studio.example', message: 'My photos on pinterest' }),
      );
      const bob = await store.leads.insertLead(contact({ name: 'Bob', email: 'bob@example.com', urls: ['https://copy.example/page-42'] }));
      expect(await ids(store, { q: 'alice' })).toEqual([alice.id]);
      expect(await ids(store, { q: 'ALI' })).toEqual([alice.id]);
      expect(await ids(store, { q: 'alice@studio.example' })).toEqual([alice.id]);
      expect(await ids(store, { q: 'pinterest moreau' })).toEqual([alice.id]);
      expect(await ids(store, { q: 'pinterest bob' })).toEqual([]);
      expect(await ids(store, { q: 'page-42' })).toEqual([bob.id]);
      expect(new Set(await ids(store, { q: 'example' }))).toEqual(new Set([alice.id, bob.id]));
      // Field names are not text the visitor typed.
      expect(await ids(store, { q: 'message' })).toEqual([]);
      // Query syntax is just text: no operator of either search engine gets through.
      expect(await ids(store, { q: 'alice" OR "bob' })).toEqual([]);
      expect(await ids(store, { q: 'alice:* | bob' })).toEqual([]);
      // A search of punctuation alone looks for nothing, so it hides nothing.
      expect(await ids(store, { q: '" * ( & | ! :*' })).toHaveLength(2);
    });

    it('changes status and spam, auditing each real change once and nothing for a no-op', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(contact({ name: 'Ada' }));
      const first = await store.inbox.changeLead(lead.id, { status: 'in_progress', spam: true }, 'ann@example.com');
      expect(first).toMatchObject({ changed: true, lead: { status: 'in_progress', spam: true } });
      expect(await store.inbox.changeLead(lead.id, { status: 'in_progress' }, 'ann@example.com')).toMatchObject({ changed: false });
      expect(await store.inbox.changeLead('00000000-0000-4000-8000-000000000000', { status: 'done' }, 'ann@example.com')).toBeNull();
      const log = await store.audit.list({ limit: 10 });
      expect(log.map((e) => [e.actor, e.action, e.leadId, e.detail])).toEqual([
        ['ann@example.com', 'spam', lead.id, 'marked as spam'],
        ['ann@example.com', 'status', lead.id, 'status: New → In progress'],
      ]);
    });

    it('lists New leads by due time first, then every other lead newest first, and pages through that order once each', async () => {
      const c = clock('2026-03-02T17:00:00.000Z');
      const store = await fresh.store(c.now);
      const at = (minutes: number) => new Date(Date.parse('2026-03-02T17:00:00.000Z') + minutes * MINUTE).toISOString();
      const old = await store.leads.insertLead(contact({ name: 'Old, no promise' }));
      c.advance(MINUTE);
      const dueLate = await store.leads.insertLead(contact({ name: 'Due late' }, { dueAt: at(600) }));
      c.advance(MINUTE);
      const done = await store.leads.insertLead(contact({ name: 'Done' }, { dueAt: at(30) }));
      await store.inbox.changeLead(done.id, { status: 'done' }, 'ann@example.com');
      c.advance(MINUTE);
      const dueSoon = await store.leads.insertLead(contact({ name: 'Due soon' }, { dueAt: at(60) }));
      c.advance(MINUTE);
      const erased = await store.leads.insertLead(contact({ name: 'Erased' }, { dueAt: at(10) }));
      await store.inbox.eraseLead(erased.id, 'ann@example.com');
      const expected = [dueSoon.id, dueLate.id, erased.id, done.id, old.id];
      expect(await ids(store, {})).toEqual(expected);
      expect(await ids(store, { sort: 'newest' })).toEqual([erased.id, dueSoon.id, done.id, dueLate.id, old.id]);

      // Two at a time, each page starting where the last one ended, across the change of order.
      const seen: string[] = [];
      let after: ReturnType<typeof positionOf> | undefined;
      for (;;) {
        const page = await store.inbox.findLeads({ filter: filter({}), limit: 2, after });
        seen.push(...page.map((l) => l.id));
        if (page.length < 2) break;
        after = positionOf(page[page.length - 1]!, undefined);
      }
      expect(seen).toEqual(expected);
    });

    it('filters by urgency and by open status, and counts what a filter selects', async () => {
      const store = await fresh.store(clock().now);
      const urgent = await store.leads.insertLead(contact({ name: 'Urgent', urgency: 'urgent' }));
      const normal = await store.leads.insertLead(contact({ name: 'Normal', urgency: 'normal' }));
      const closed = await store.leads.insertLead(contact({ name: 'Closed', urgency: 'urgent' }));
      await store.inbox.changeLead(closed.id, { status: 'done' }, 'ann@example.com');
      await store.inbox.changeLead(normal.id, { status: 'in_progress', assignee: 'ann@example.com' }, 'ann@example.com');
      expect(new Set(await ids(store, { urgency: 'urgent' }))).toEqual(new Set([urgent.id, closed.id]));
      expect(await ids(store, { urgency: 'normal' })).toEqual([normal.id]);
      expect(new Set(await ids(store, { status: 'open' }))).toEqual(new Set([urgent.id, normal.id]));
      const count = (f: Partial<LeadFilter>) => store.inbox.countLeads({ filter: filter(f), viewer: 'ann@example.com' });
      expect(await count({})).toBe(3);
      expect(await count({ status: 'open', owner: 'mine' })).toBe(1);
      expect(await count({ status: 'open', owner: 'unassigned' })).toBe(1);
      expect(await count({ urgency: 'urgent', status: 'open' })).toBe(1);
      expect(await count({ spam: 'only' })).toBe(0);
    });

    it('keeps each lead’s due time, filters new leads overdue or due soon at the given time, and stops the clock once', async () => {
      const c = clock('2026-03-02T17:00:00.000Z');
      const store = await fresh.store(c.now);
      const at = (minutes: number) => new Date(Date.parse('2026-03-02T17:00:00.000Z') + minutes * MINUTE).toISOString();
      const late = await store.leads.insertLead(contact({ name: 'Late' }, { dueAt: at(60) }));
      const soon = await store.leads.insertLead(contact({ name: 'Soon' }, { dueAt: at(140) }));
      const later = await store.leads.insertLead(contact({ name: 'Later' }, { dueAt: at(600) }));
      const none = await store.leads.insertLead(contact({ name: 'No promise' }));
      expect(await store.inbox.getLead(late.id)).toMatchObject({ dueAt: at(60), firstAnsweredAt: null });
      expect((await store.inbox.getLead(none.id))?.dueAt).toBeNull();
      const judgedAt = new Date(at(120));
      const due = async (d: 'overdue' | 'soon') =>
        (await store.inbox.findLeads({ filter: filter({ due: d }), limit: 10, now: judgedAt })).map((l) => l.id);
      expect(await due('overdue')).toEqual([late.id]);
      expect(await due('soon')).toEqual([soon.id]);
      expect(new Set(await ids(store, {}))).toEqual(new Set([late.id, soon.id, later.id, none.id]));

      // Sorted by due time: New leads with one only, soonest first, paged by due time.
      const first = await store.inbox.findLeads({ filter: filter({ sort: 'due' }), limit: 2 });
      expect(first.map((l) => l.id)).toEqual([late.id, soon.id]);
      const rest = await store.inbox.findLeads({
        filter: filter({ sort: 'due' }),
        limit: 2,
        after: { createdAt: first[1]!.dueAt!, id: soon.id },
      });
      expect(rest.map((l) => l.id)).toEqual([later.id]);

      c.advance(150 * MINUTE);
      // A status answers nobody: the clock runs on until a reply is sent.
      await store.inbox.changeLead(late.id, { status: 'in_progress' }, 'ann@example.com');
      expect((await store.inbox.getLead(late.id))?.firstAnsweredAt).toBeNull();
      c.advance(10 * MINUTE);
      await reply(store, late.id);
      c.advance(10 * MINUTE);
      await reply(store, late.id);
      await store.inbox.changeLead(late.id, { status: 'done' }, 'ann@example.com');
      await store.inbox.changeLead(late.id, { status: 'new' }, 'ann@example.com');
      // The first reply stays the first, whatever happens to the lead after it.
      expect((await store.inbox.getLead(late.id))?.firstAnsweredAt).toBe(at(160));
      await store.inbox.changeLead(soon.id, { status: 'done' }, 'ann@example.com');
      expect(await due('soon')).toEqual([]);
    });

    it('records a reply on the lead, queues its e-mail with the lead’s reply token, and audits it, all at once', async () => {
      const c = clock('2026-03-02T17:00:00.000Z');
      const store = await fresh.store(c.now);
      const lead = await store.leads.insertLead(contact({ name: 'Ada', email: 'ada@example.com' }));
      const other = await store.leads.insertLead(contact({ name: 'Bo', email: 'bo@example.com' }));
      const first = await reply(store, lead.id, 'First answer', '<first@example.com>');
      c.advance(MINUTE);
      await reply(store, lead.id, 'Second answer', '<second@example.com>');
      await reply(store, other.id);
      expect(first).toMatchObject({ kind: 'sent', lead: { id: lead.id, firstAnsweredAt: '2026-03-02T17:00:00.000Z' } });

      const messages = await store.inbox.listMessages(lead.id);
      expect(messages.map((m) => [m.direction, m.author, m.body, m.messageId, m.createdAt])).toEqual([
        ['out', 'ann@example.com', 'First answer', '<first@example.com>', '2026-03-02T17:00:00.000Z'],
        ['out', 'ann@example.com', 'Second answer', '<second@example.com>', '2026-03-02T17:01:00.000Z'],
      ]);
      const jobs = (await store.outbox.listLeadJobs(lead.id)).filter((j) => j.channel === 'reply');
      expect(jobs.map((j) => [j.rule, j.status])).toEqual([
        [`reply-${messages[0]!.id}`, 'pending'],
        [`reply-${messages[1]!.id}`, 'pending'],
      ]);
      const replyTo = (j: { data: Record<string, unknown> }) => String(j.data.replyTo);
      // One token per lead, random (nothing of the lead id in it), the same on every reply; another lead has its own.
      const token = /^reply\+([0-9a-f]{32})@example\.com$/.exec(replyTo(jobs[0]!))?.[1];
      expect(token).toBeDefined();
      expect(replyTo(jobs[1]!)).toBe(replyTo(jobs[0]!));
      expect(lead.id.replaceAll('-', '')).not.toContain(token);
      const otherJob = (await store.outbox.listLeadJobs(other.id)).find((j) => j.channel === 'reply')!;
      expect(replyTo(otherJob)).not.toBe(replyTo(jobs[0]!));
      expect(jobs[0]!.data).toMatchObject({ to: ['visitor@example.com'], subject: 'Re: your request', text: 'First answer' });

      const log = await store.audit.list({ limit: 10 });
      expect(log.filter((e) => e.leadId === lead.id).map((e) => [e.action, e.detail])).toEqual([
        ['reply', 'reply sent (13 characters)'],
        ['reply', 'reply sent (12 characters), the first: the clock stopped'],
      ]);
      expect(await reply(store, '00000000-0000-4000-8000-000000000000')).toEqual({ kind: 'missing' });
      // The lead's own entries, oldest first, are its timeline; another lead's are not in it.
      await store.inbox.addNote(lead.id, 'bob@example.com', 'Called back.');
      expect((await store.audit.listLead(lead.id)).map((e) => [e.action, e.actor])).toEqual([
        ['reply', 'ann@example.com'],
        ['reply', 'ann@example.com'],
        ['note', 'bob@example.com'],
      ]);

      // Erasure takes the replies and the token with it; the lead can no longer be answered.
      await store.inbox.eraseLead(lead.id, 'ann@example.com');
      expect(await store.inbox.listMessages(lead.id)).toEqual([]);
      expect(await reply(store, lead.id)).toEqual({ kind: 'erased' });
    });

    it('takes an erased lead out of every queue (status, due, owner, due order) and keeps it in the plain list', async () => {
      const c = clock('2026-03-02T17:00:00.000Z');
      const store = await fresh.store(c.now);
      const erased = await store.leads.insertLead(contact({ name: 'Gone' }, { dueAt: '2026-03-02T18:00:00.000Z' }));
      const kept = await store.leads.insertLead(contact({ name: 'Kept' }, { dueAt: '2026-03-02T18:00:00.000Z' }));
      await store.inbox.changeLead(erased.id, { assignee: 'ann@example.com' }, 'ann@example.com');
      await store.inbox.changeLead(kept.id, { assignee: 'ann@example.com' }, 'ann@example.com');
      await store.inbox.eraseLead(erased.id, 'ann@example.com');
      const judgedAt = new Date('2026-03-02T19:00:00.000Z');
      for (const f of [{ status: 'new' }, { due: 'overdue' }, { owner: 'mine' }, { sort: 'due' }] as const) {
        const found = await store.inbox.findLeads({ filter: filter(f), limit: 10, now: judgedAt, viewer: 'ann@example.com' });
        expect(
          found.map((l) => l.id),
          JSON.stringify(f),
        ).toEqual([kept.id]);
      }
      expect(new Set(await ids(store, {}))).toEqual(new Set([erased.id, kept.id]));
    });

    it('gives a lead an owner, lists leads by owner, and audits each change of owner once', async () => {
      const store = await fresh.store(clock().now);
      const a = await store.leads.insertLead(contact({ name: 'Owned' }));
      const b = await store.leads.insertLead(contact({ name: 'Nobody’s' }));
      expect((await store.inbox.getLead(a.id))?.assignee).toBeNull();
      await store.inbox.changeLead(a.id, { assignee: 'ann@example.com' }, 'ann@example.com');
      expect(await store.inbox.changeLead(a.id, { assignee: 'ann@example.com' }, 'ann@example.com')).toMatchObject({ changed: false });
      const byOwner = async (owner: 'mine' | 'unassigned', viewer: string) =>
        (await store.inbox.findLeads({ filter: filter({ owner }), limit: 10, viewer })).map((l) => l.id);
      expect(await byOwner('mine', 'ann@example.com')).toEqual([a.id]);
      expect(await byOwner('mine', 'bob@example.com')).toEqual([]);
      expect(await byOwner('unassigned', 'ann@example.com')).toEqual([b.id]);
      await store.inbox.changeLead(a.id, { assignee: 'bob@example.com' }, 'ann@example.com');
      await store.inbox.changeLead(a.id, { assignee: null }, 'bob@example.com');
      const entries = (await store.audit.list({ limit: 10 })).filter((e) => e.action === 'assign');
      expect(entries.map((e) => [e.actor, e.leadId, e.detail])).toEqual([
        ['bob@example.com', a.id, 'unassigned (was bob@example.com)'],
        ['ann@example.com', a.id, 'assigned to bob@example.com (was ann@example.com)'],
        ['ann@example.com', a.id, 'assigned to ann@example.com'],
      ]);
      expect(await store.accounts.listAccountEmails()).toEqual([]);
    });

    it('queues one reminder per overdue New lead, to its owner or the team, once however many stores sweep at once', async () => {
      const { one, two, at } = await twoProcesses();
      const owned = await one.leads.insertLead(contact({ name: 'Owned' }, { dueAt: at(30) }));
      const team = await one.leads.insertLead(contact({ name: 'Team' }, { dueAt: at(60) }));
      const answered = await one.leads.insertLead(contact({ name: 'Answered' }, { dueAt: at(30) }));
      const notYet = await one.leads.insertLead(contact({ name: 'Not yet' }, { dueAt: at(300) }));
      await one.leads.insertLead(contact({ name: 'Spam' }, { dueAt: at(30), spam: true }));
      await one.inbox.changeLead(owned.id, { assignee: 'ann@example.com' }, 'ann@example.com');
      await one.inbox.changeLead(answered.id, { status: 'in_progress' }, 'ann@example.com');
      const plan = (lead: { assignee: string | null; id: string }) => ({
        to: lead.assignee ? [lead.assignee] : ['team@example.com'],
        subject: `Reply overdue: ${lead.id}`,
      });
      const sweep = (store: LeadStore) => store.outbox.queueReminders({ now: new Date(at(120)), limit: 100, plan });
      const counts = await Promise.all(Array.from({ length: 8 }, (_, i) => sweep(i % 2 ? one : two)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
      expect(await sweep(one)).toBe(0);
      const reminders = (await one.outbox.listJobs({ status: ['pending'] })).filter((j) => j.rule === 'reminder');
      expect(reminders.map((j) => [j.leadId, j.channel, (j.data as { to: string[] }).to]).sort()).toEqual(
        [
          [owned.id, 'email', ['ann@example.com']],
          [team.id, 'email', ['team@example.com']],
        ].sort(),
      );
      expect(reminders.find((j) => j.leadId === team.id)?.data).toMatchObject({ reminder: { dueAt: at(60) } });
      expect(reminders.map((j) => j.leadId)).not.toContain(notYet.id);
    });

    it('queues one digest of the open leads per key, New first and soonest due first, however many stores try at once', async () => {
      const { c, one, two, at } = await twoProcesses();
      const late = await one.leads.insertLead(contact({ name: 'Late' }, { dueAt: at(-30) }));
      const soon = await one.leads.insertLead(contact({ name: 'Soon' }, { dueAt: at(30) }));
      const undated = await one.leads.insertLead(contact({ name: 'Undated' }));
      const working = await one.leads.insertLead(contact({ name: 'Working' }, { dueAt: at(-60) }));
      const closed = await one.leads.insertLead(contact({ name: 'Closed' }, { dueAt: at(-90) }));
      await one.leads.insertLead(contact({ name: 'Spam' }, { dueAt: at(-30), spam: true }));
      await one.inbox.changeLead(working.id, { status: 'in_progress' }, 'ann@example.com');
      await one.inbox.changeLead(closed.id, { status: 'done' }, 'ann@example.com');
      const seen: Array<{ names: unknown[]; counts: { open: number; overdue: number } }> = [];
      const digest = (store: LeadStore, key: string, limit = 100) =>
        store.outbox.queueDigest({
          now: c.now(),
          key,
          limit,
          plan: (leads, counts) => {
            seen.push({ names: leads.map((l) => l.payload.name), counts });
            return { to: ['team@example.com'], leads: leads.map((l) => ({ id: l.id })) };
          },
        });
      const queued = await Promise.all(Array.from({ length: 8 }, (_, i) => digest(i % 2 ? one : two, 'digest:2026-03-02')));
      expect(queued.filter(Boolean)).toHaveLength(1);
      expect(await digest(one, 'digest:2026-03-02')).toBe(false);
      // Overdue means still New past the due time: the lead in progress is answered.
      expect(seen[0]).toEqual({ names: ['Late', 'Soon', 'Undated', 'Working'], counts: { open: 4, overdue: 1, quarantined: 0 } });
      const jobs = (await one.outbox.listJobs({ status: ['pending'] })).filter((j) => j.rule === 'digest');
      expect(jobs.map((j) => [j.leadId, j.channel, j.data])).toEqual([
        [null, 'email', { to: ['team@example.com'], leads: [late, soon, undated, working].map((l) => ({ id: l.id })) }],
      ]);
      // The next day's key is free; a digest lists at most `limit` leads and counts them all.
      expect(await digest(two, 'digest:2026-03-03', 2)).toBe(true);
      expect(seen.at(-1)).toEqual({ names: ['Late', 'Soon'], counts: { open: 4, overdue: 1, quarantined: 0 } });
      const [claimed] = await one.outbox.claimJobs({ limit: 1, leaseMs: MINUTE });
      expect(claimed).toMatchObject({ rule: 'digest', leadId: null, lead: null });
      // An erased lead leaves every digest; the day stays taken.
      await two.inbox.eraseLead(late.id, 'ann@example.com');
      const after = (await one.outbox.listJobs({ status: ['pending'] })).filter((j) => j.rule === 'digest');
      expect(after.map((j) => (j.data as { leads: Array<{ id: string }> }).leads.map((l) => l.id))).toEqual([
        [soon.id, undated.id, working.id],
        [soon.id],
      ]);
      expect(JSON.stringify(after)).not.toContain(late.id);
      expect(await digest(one, 'digest:2026-03-02')).toBe(false);
    });

    it('keeps notes in order and audits them without their text', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(contact({ name: 'Ada' }));
      await store.inbox.addNote(lead.id, 'ann@example.com', 'Called back, waiting for URLs');
      await store.inbox.addNote(lead.id, 'bo@example.com', 'URLs received');
      expect((await store.inbox.listNotes(lead.id)).map((n) => [n.author, n.body])).toEqual([
        ['ann@example.com', 'Called back, waiting for URLs'],
        ['bo@example.com', 'URLs received'],
      ]);
      const [entry] = await store.audit.list({ limit: 1 });
      expect(entry).toMatchObject({ action: 'note', actor: 'bo@example.com', leadId: lead.id });
      expect(entry!.detail).not.toContain('URLs received');
      expect(await store.inbox.addNote('nope', 'ann@example.com', 'x')).toBeNull();
    });

    it('erasure deletes what the visitor sent, the notes and the notifications, and keeps a tombstone', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      const lead = await store.leads.insertLead(
        contact(
          { name: 'Erin Erasable', email: 'erin@example.com' },
          {
            idempotencyKey: 'erase-me',
            ipHash: 'hash',
            userAgent: 'UA',
            notifications: [{ channel: 'auto-reply', rule: 'auto-reply', data: { to: 'erin@example.com' } }],
          },
        ),
      );
      c.advance(1000);
      const other = await store.leads.insertLead(contact({ name: 'Olga' }));
      await store.inbox.addNote(lead.id, 'ann@example.com', 'Erin asked for erasure');
      expect(await store.outbox.listLeadJobs(lead.id)).toHaveLength(1);
      c.advance(MINUTE);

      const erased = await store.inbox.eraseLead(lead.id, 'ann@example.com');
      expect(erased).toMatchObject({
        payload: {},
        ipHash: null,
        userAgent: null,
        idempotencyKey: null,
        erasedAt: c.now().toISOString(),
        erasedBy: 'ann@example.com',
      });
      expect(await store.inbox.listNotes(lead.id)).toEqual([]);
      expect(await store.outbox.listLeadJobs(lead.id)).toEqual([]);
      expect(await ids(store, { q: 'erin' })).toEqual([]);
      expect(await ids(store, {})).toEqual([other.id, lead.id]);
      expect(await store.inbox.addNote(lead.id, 'ann@example.com', 'too late')).toBeNull();
      // A second erasure changes nothing and is not audited again.
      expect(await store.inbox.eraseLead(lead.id, 'bo@example.com')).toMatchObject({ erasedBy: 'ann@example.com' });
      expect((await store.audit.list({ limit: 10 })).filter((e) => e.action === 'erase')).toHaveLength(1);
      expect(JSON.stringify(await store.leads.listLeads())).not.toContain('erin@example.com');
    });

    it('pages through the audit log newest first', async () => {
      const store = await fresh.store();
      for (let i = 0; i < 5; i++)
        await store.audit.add({ actor: 'ann@example.com', action: 'export', leadId: null, detail: `export ${i}` });
      const first = await store.audit.list({ limit: 3 });
      expect(first.map((e) => e.detail)).toEqual(['export 4', 'export 3', 'export 2']);
      const rest = await store.audit.list({ before: first[2]!.id, limit: 3 });
      expect(rest.map((e) => e.detail)).toEqual(['export 1', 'export 0']);
      expect(await store.audit.list({ before: 'not-an-id', limit: 3 })).toEqual([]);
    });

    it('creates one account per address, changes its password and removes it with its sessions', async () => {
      const store = await fresh.store();
      expect(await store.accounts.countAccounts()).toBe(0);
      expect(await store.accounts.createAccount('ann@example.com', 'scrypt$hash1')).toBe(true);
      expect(await store.accounts.createAccount('ann@example.com', 'scrypt$other')).toBe(false);
      const account = await store.accounts.findAccount('ann@example.com');
      expect(account).toMatchObject({ email: 'ann@example.com', passwordHash: 'scrypt$hash1' });
      expect(await store.accounts.findAccount('nobody@example.com')).toBeNull();

      await store.accounts.createSession('token-a', account!.id);
      expect(await store.accounts.findSession('token-a', 60 * MINUTE)).toMatchObject({ accountId: account!.id, email: 'ann@example.com' });
      expect(await store.accounts.setPassword('ann@example.com', 'scrypt$hash2', 'account:ann')).toBe(true);
      expect(await store.accounts.findSession('token-a', 60 * MINUTE)).toBeNull();
      expect((await store.accounts.findAccount('ann@example.com'))!.passwordHash).toBe('scrypt$hash2');
      expect(await store.accounts.setPassword('nobody@example.com', 'x', 'account:nobody')).toBe(false);

      await store.accounts.createSession('token-b', account!.id);
      expect(await store.accounts.removeAccount('ann@example.com')).toBe(true);
      expect(await store.accounts.findSession('token-b', 60 * MINUTE)).toBeNull();
      expect(await store.accounts.removeAccount('ann@example.com')).toBe(false);
      expect(await store.accounts.countAccounts()).toBe(0);
    });

    it('gives an account the leads unless told otherwise, and changes its roles, which its open session sees at once', async () => {
      const store = await fresh.store();
      expect(await store.accounts.createAccount('ann@example.com', 'h')).toBe(true);
      expect(await store.accounts.createAccount('bo@example.com', 'h', ['content', 'leads'])).toBe(true);
      expect((await store.accounts.findAccount('ann@example.com'))!.roles).toEqual(['leads']);
      expect((await store.accounts.findAccount('bo@example.com'))!.roles).toEqual(['leads', 'content']);

      await store.accounts.createSession('token-bo', (await store.accounts.findAccount('bo@example.com'))!.id);
      expect(await store.accounts.findSession('token-bo', 60 * MINUTE)).toMatchObject({ roles: ['leads', 'content'] });
      expect(await store.accounts.setRoles('bo@example.com', ['accounts', 'content'])).toBe(true);
      expect(await store.accounts.findSession('token-bo', 60 * MINUTE)).toMatchObject({ roles: ['content', 'accounts'] });
      expect((await store.accounts.findAccount('ann@example.com'))!.roles).toEqual(['leads']);
      expect(await store.accounts.setRoles('nobody@example.com', ['leads'])).toBe(false);
      await expect(store.accounts.setRoles('ann@example.com', [])).rejects.toThrow('at least one role');
    });

    it('ends a session after it has been idle too long, keeps one in use alive, and replaces the old one at sign-in', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      await store.accounts.createAccount('ann@example.com', 'h');
      const { id } = (await store.accounts.findAccount('ann@example.com'))!;
      await store.accounts.createSession('idle', id);
      await store.accounts.createSession('busy', id);
      for (let i = 0; i < 4; i++) {
        c.advance(50 * MINUTE);
        expect(await store.accounts.findSession('busy', 120 * MINUTE)).not.toBeNull();
      }
      expect(await store.accounts.findSession('idle', 120 * MINUTE)).toBeNull();
      // Gone for good, not just refused at that moment.
      c.advance(-190 * MINUTE);
      expect(await store.accounts.findSession('idle', 120 * MINUTE)).toBeNull();

      await store.accounts.createSession('rotated', id, { replacing: 'busy' });
      expect(await store.accounts.findSession('busy', 120 * MINUTE)).toBeNull();
      expect(await store.accounts.findSession('rotated', 120 * MINUTE)).not.toBeNull();
      await store.accounts.deleteSession('rotated');
      expect(await store.accounts.findSession('rotated', 120 * MINUTE)).toBeNull();
    });

    it('clears sessions nobody came back to when someone signs in, and keeps the ones still in use', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      await store.accounts.createAccount('ann@example.com', 'h');
      const { id } = (await store.accounts.findAccount('ann@example.com'))!;
      await store.accounts.createSession('abandoned', id);
      c.advance(100 * MINUTE);
      await store.accounts.createSession('recent', id);
      c.advance(30 * MINUTE);
      // 130 minutes since "abandoned" began, 30 since "recent" did: only the first is past the limit.
      await store.accounts.createSession('new', id, { idleMs: 120 * MINUTE });
      // Looked up with a day's allowance, a session that still existed would be found.
      expect(await store.accounts.findSession('abandoned', 24 * 60 * MINUTE)).toBeNull();
      expect(await store.accounts.findSession('recent', 24 * 60 * MINUTE)).not.toBeNull();
      expect(await store.accounts.findSession('new', 24 * 60 * MINUTE)).not.toBeNull();
    });

    it('counts each attempt before it is checked, locks a key at its maximum within the window, until the lock runs out', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      const rule = { key: 'account:x', max: 3, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
      const other = { key: 'address:y', max: 100, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
      expect(await store.accounts.countAttempt([rule, other])).toEqual({ admitted: true, locked: [] });
      expect(await store.accounts.countAttempt([rule, other])).toEqual({ admitted: true, locked: [] });
      // The third is admitted (and checked), and locks the key behind it.
      expect(await store.accounts.countAttempt([rule, other])).toEqual({ admitted: true, locked: ['account:x'] });
      const until = new Date(c.now().getTime() + 15 * MINUTE);
      expect(await store.accounts.countAttempt([rule, other])).toEqual({ admitted: false, until });
      expect(await store.accounts.countAttempt([other])).toEqual({ admitted: true, locked: [] });
      c.advance(15 * MINUTE);
      // After the lock the count starts again.
      expect(await store.accounts.countAttempt([rule])).toEqual({ admitted: true, locked: [] });

      // Attempts spread wider than the window never add up to a lock.
      const slow = { ...rule, key: 'account:slow' };
      for (let i = 0; i < 5; i++) {
        expect(await store.accounts.countAttempt([slow])).toMatchObject({ admitted: true, locked: [] });
        c.advance(8 * MINUTE);
      }

      // A success clears one key and gives the attempt back to another.
      const fresh1 = { ...rule, key: 'pair:a' };
      const fresh2 = { ...rule, key: 'address:b' };
      await store.accounts.countAttempt([fresh1, fresh2]);
      await store.accounts.countAttempt([fresh1, fresh2]);
      await store.accounts.settleAttempt(['pair:a'], ['address:b']);
      expect(await store.accounts.countAttempt([fresh1, fresh2])).toEqual({ admitted: true, locked: [] });
      expect(await store.accounts.countAttempt([fresh2])).toEqual({ admitted: true, locked: ['address:b'] });
    });

    it('makes a growing wait: each attempt past the limit doubles it, up to the longest lock', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      const rule = { key: 'pair:z', max: 2, windowMs: 60 * MINUTE, stepMs: 30_000, lockMs: 4 * MINUTE };
      await store.accounts.countAttempt([rule]);
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        expect(await store.accounts.countAttempt([rule])).toMatchObject({ admitted: true });
        const refused = await store.accounts.countAttempt([rule]);
        if (refused.admitted) throw new Error('admitted during the wait');
        waits.push(refused.until.getTime() - c.now().getTime());
        c.advance(refused.until.getTime() - c.now().getTime());
      }
      expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 240_000]);
    });

    it('admits at most the limit of 100 attempts made at once from two processes, and refuses the rest', async () => {
      const target = await fresh.target();
      const one = target.open();
      const two = target.open();
      fresh.track(one);
      fresh.track(two);
      await one.init();
      await two.init();
      const rule = { key: 'pair:race', max: 5, windowMs: 60 * MINUTE, stepMs: 30_000, lockMs: 15 * MINUTE };
      const verdicts = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? one : two).accounts.countAttempt([rule])));
      expect(verdicts.filter((v) => v.admitted)).toHaveLength(5);
      expect(verdicts.filter((v) => !v.admitted)).toHaveLength(95);
    });

    it('keeps two-step sign-in: an offered secret is confirmed once, each time step and recovery code used once', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      await store.accounts.createAccount('ann@example.com', 'scrypt$hash');
      const { id } = (await store.accounts.findAccount('ann@example.com'))!;
      expect(await store.accounts.confirmTotp(id, 'SECRET', 10, ['h1'])).toBe(false);
      await store.accounts.offerTotp(id, 'SECRET');
      expect(await store.accounts.findAccount('ann@example.com')).toMatchObject({ totpPending: 'SECRET', totpSecret: null });
      expect(await store.accounts.confirmTotp(id, 'SECRET', 10, ['h1', 'h2'])).toBe(true);
      expect(await store.accounts.findAccount('ann@example.com')).toMatchObject({ totpPending: null, totpSecret: 'SECRET' });
      expect(await store.accounts.useTotpStep(id, 10)).toBe(false);
      expect(await store.accounts.useTotpStep(id, 11)).toBe(true);
      expect(await store.accounts.useTotpStep(id, 11)).toBe(false);
      expect(await store.accounts.useTotpStep(id, 10)).toBe(false);
      expect(await store.accounts.useRecoveryCode(id, 'h1')).toBe(true);
      expect(await store.accounts.useRecoveryCode(id, 'h1')).toBe(false);
      expect(await store.accounts.useRecoveryCode(id, 'nope')).toBe(false);
      expect(await store.accounts.unusedRecoveryCodes(id)).toBe(1);
      expect(await store.accounts.setRequireTwoStep('ann@example.com', true)).toBe(true);
      expect(await store.accounts.setRequireTwoStep('nobody@example.com', true)).toBe(false);
      expect((await store.accounts.findAccount('ann@example.com'))!.requireTwoStep).toBe(true);
      await store.accounts.removeTotp(id);
      expect(await store.accounts.findAccount('ann@example.com')).toMatchObject({ totpSecret: null });
      expect(await store.accounts.unusedRecoveryCodes(id)).toBe(0);
    });

    it('lists an account’s sessions, ends all but one, and ends any after its absolute lifetime', async () => {
      const c = clock();
      const store = await fresh.store(c.now);
      await store.accounts.createAccount('ann@example.com', 'scrypt$hash');
      const { id } = (await store.accounts.findAccount('ann@example.com'))!;
      await store.accounts.createSession('laptop', id, { browser: 'Firefox on Linux', addressHash: 'abc', twoStepDone: false });
      c.advance(MINUTE);
      await store.accounts.createSession('phone', id, { browser: 'Safari on iOS', addressHash: 'def' });
      expect(await store.accounts.findSession('laptop', 60 * MINUTE)).toMatchObject({
        twoStepDone: false,
        totpEnabled: false,
        requireTwoStep: false,
      });
      const listed = await store.accounts.listSessions(id);
      expect(listed.map((s) => [s.tokenHash, s.browser, s.addressHash])).toEqual([
        ['phone', 'Safari on iOS', 'def'],
        ['laptop', 'Firefox on Linux', 'abc'],
      ]);
      expect(await store.accounts.endOtherSessions(id, 'phone')).toBe(1);
      expect((await store.accounts.listSessions(id)).map((s) => s.tokenHash)).toEqual(['phone']);
      for (let i = 0; i < 4; i++) {
        c.advance(50 * MINUTE);
        expect(await store.accounts.findSession('phone', 60 * MINUTE, 4 * 60 * MINUTE)).not.toBeNull();
      }
      c.advance(50 * MINUTE);
      expect(await store.accounts.findSession('phone', 60 * MINUTE, 4 * 60 * MINUTE)).toBeNull();
    });

    it('makes leads stored before the inbox existed searchable', async () => {
      const target = await fresh.target();
      await target.migrateTo(3);
      const old = target.open();
      fresh.track(old);
      // Version 3 code inserted leads without search words; insert one as it did.
      await target.exec(
        `INSERT INTO leads (id, created_at, endpoint, form_type, payload, spam) VALUES ('0d6f8f2e-8a51-4a55-9d9a-2a5d9f0f3b11', '2026-01-01T00:00:00.000Z', '/api/contact', 'contact', '{"name":"Grace Hopper","email":"grace@navy.example"}', ${backend.name === 'SQLite' ? 0 : 'false'})`,
      );
      const store = await fresh.store();
      expect(await ids(store, { q: 'hopper' })).toEqual(['0d6f8f2e-8a51-4a55-9d9a-2a5d9f0f3b11']);
      expect(await store.inbox.getLead('0d6f8f2e-8a51-4a55-9d9a-2a5d9f0f3b11')).toMatchObject({ status: 'new', erasedAt: null });
    });
  });
});
