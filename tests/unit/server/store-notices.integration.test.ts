/**
 * A takedown notice request's hosts in the store, on both backends: each status change written
 * with its audit line, a send queued in the outbox once however often asked, erasure taking the
 * tracking with it, the list's progress and the conversion view's notice figures.
 */
import { describe, expect, it } from 'vitest';
import { REMOVAL_BANDS, removalBand } from '../../../contracts/notice-contract';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { noticeLead } from '../../support/notice-request';
import { backends, useFreshStores } from './store-backends';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model?.noticeTemplate) throw new Error('site/ has no notice template; run npm run validate');
const template = model.noticeTemplate;

const DAY = 86_400_000;
const ACTOR = 'ann@example.com';

function clock(start: string) {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const mail = (to: string, parts: number) => ({
  to,
  messages: Array.from({ length: parts }, (_, i) => ({
    subject: `Notice part ${i + 1}`,
    text: `body ${i + 1}`,
    messageId: `<m${i}@example.com>`,
  })),
});

describe.each(backends)('%s notice tracking', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 20_000 }, () => {
    const fresh = useFreshStores(backend);

    it('starts every host at "to send" and records each change with who, when and an audit line naming no host', async () => {
      const c = clock('2026-03-02T10:00:00.000Z');
      const store = await fresh.store(c.now);
      const lead = await store.leads.insertLead(noticeLead(template));
      expect(await store.notices.listNoticeHosts(lead.id)).toEqual([]);
      expect((await store.notices.noticeProgress([lead]))[lead.id]).toEqual({ hosts: 4, sent: 0, done: 0 });

      c.advance(DAY);
      const sent = await store.notices.changeNoticeHost(lead.id, 'instagram.com', { status: 'sent' }, ACTOR, 'notice 2 of 4 (Instagram)');
      expect(sent).toMatchObject({ kind: 'changed', record: { host: 'instagram.com', status: 'sent', sentVia: 'manual', sentTo: null } });
      c.advance(2 * DAY);
      const removed = await store.notices.changeNoticeHost(
        lead.id,
        'instagram.com',
        { status: 'removed' },
        ACTOR,
        'notice 2 of 4 (Instagram)',
      );
      expect(removed).toMatchObject({
        kind: 'changed',
        record: { status: 'removed', changedBy: ACTOR, statusAt: '2026-03-05T10:00:00.000Z', sentAt: '2026-03-03T10:00:00.000Z' },
      });
      // The same status again changes nothing and writes nothing.
      expect(await store.notices.changeNoticeHost(lead.id, 'instagram.com', { status: 'removed' }, ACTOR, 'x')).toMatchObject({
        kind: 'unchanged',
      });
      await store.notices.changeNoticeHost(
        lead.id,
        'copies.example.net',
        { status: 'refused' },
        ACTOR,
        'notice 4 of 4 (unknown recipient)',
      );

      const lines = (await store.audit.listLead(lead.id)).filter((e) => e.action === 'notice');
      expect(lines.map((e) => [e.actor, e.detail])).toEqual([
        [ACTOR, 'notice 2 of 4 (Instagram): to send → sent (sent outside the inbox)'],
        [ACTOR, 'notice 2 of 4 (Instagram): sent → removed'],
        [ACTOR, 'notice 4 of 4 (unknown recipient): to send → refused'],
      ]);
      expect((await store.notices.noticeProgress([lead]))[lead.id]).toEqual({ hosts: 4, sent: 2, done: 2 });
    });

    it('keeps the day a counter-notice arrived, and forgets the sending when a host goes back to "to send"', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(noticeLead(template));
      await store.notices.changeNoticeHost(lead.id, 't.me', { status: 'sent' }, ACTOR, 'n');
      const counter = await store.notices.changeNoticeHost(
        lead.id,
        't.me',
        { status: 'counter_notice', counterNoticeOn: '2026-03-04' },
        ACTOR,
        'n',
      );
      expect(counter).toMatchObject({ kind: 'changed', record: { status: 'counter_notice', counterNoticeOn: '2026-03-04' } });
      expect((await store.audit.listLead(lead.id)).at(-1)!.detail).toBe('n: sent → counter-notice received (received 2026-03-04)');
      const back = await store.notices.changeNoticeHost(lead.id, 't.me', { status: 'to_send' }, ACTOR, 'n');
      expect(back).toMatchObject({ kind: 'changed', record: { status: 'to_send', sentAt: null, counterNoticeOn: null } });
    });

    it('refuses a host the request does not name, a lead that is no notice request, and an unknown lead', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(noticeLead(template));
      const contact = await store.leads.insertLead({ endpoint: '/api/contact', formType: 'contact', payload: { name: 'Ann', groups: [] } });
      const change = { status: 'removed' as const };
      expect(await store.notices.changeNoticeHost(lead.id, 'vimeo.com', change, ACTOR, 'n')).toEqual({ kind: 'no-such-host' });
      expect(await store.notices.changeNoticeHost(contact.id, 'youtube.com', change, ACTOR, 'n')).toEqual({ kind: 'not-a-notice' });
      expect(await store.notices.changeNoticeHost('3b241101-e2bb-4255-8caf-4136c566a962', 'youtube.com', change, ACTOR, 'n')).toEqual({
        kind: 'missing',
      });
      expect(await store.notices.sendNotice('not-a-uuid', 'youtube.com', mail('a@example.com', 1), ACTOR, 'n')).toEqual({
        kind: 'missing',
      });
      expect((await store.audit.listLead(lead.id)).filter((e) => e.action === 'notice')).toEqual([]);
    });

    it('queues a host’s notice e-mails once, however many times it is asked at once, and marks it sent to that address', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(noticeLead(template));
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          store.notices.sendNotice(lead.id, 'youtube.com', mail('copyright@tube.example', 2), ACTOR, 'notice 1 of 4 (Tube)'),
        ),
      );
      expect(results.map((r) => r.kind).sort()).toEqual(['already-sent', 'already-sent', 'changed']);
      const jobs = await store.outbox.listLeadJobs(lead.id);
      expect(jobs.map((j) => [j.channel, j.status, (j.data as { to: string[] }).to, (j.data as { subject: string }).subject])).toEqual([
        ['reply', 'pending', ['copyright@tube.example'], 'Notice part 1'],
        ['reply', 'pending', ['copyright@tube.example'], 'Notice part 2'],
      ]);
      const [record] = await store.notices.listNoticeHosts(lead.id);
      expect(record).toMatchObject({ host: 'youtube.com', status: 'sent', sentVia: 'email', sentTo: 'copyright@tube.example' });
      expect((await store.audit.listLead(lead.id)).filter((e) => e.action === 'notice').map((e) => e.detail)).toEqual([
        'notice 1 of 4 (Tube): to send → sent, 2 e-mails queued to copyright@tube.example',
      ]);
      // Marked back to "to send", it can be sent again: on purpose, by a second press.
      await store.notices.changeNoticeHost(lead.id, 'youtube.com', { status: 'to_send' }, ACTOR, 'n');
      expect((await store.notices.sendNotice(lead.id, 'youtube.com', mail('copyright@tube.example', 2), ACTOR, 'n')).kind).toBe('changed');
      expect(await store.outbox.listLeadJobs(lead.id)).toHaveLength(4);
    });

    it('erases the tracking with the lead, and an erased lead takes no change', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(noticeLead(template));
      await store.notices.sendNotice(lead.id, 'youtube.com', mail('copyright@tube.example', 1), ACTOR, 'n');
      await store.notices.changeNoticeHost(lead.id, 't.me', { status: 'removed' }, ACTOR, 'n');
      await store.inbox.eraseLead(lead.id, ACTOR);
      const target = await fresh.target();
      expect(await target.count(`SELECT count(*) FROM notice_hosts`)).toBe(0);
      expect(await store.notices.listNoticeHosts(lead.id)).toEqual([]);
      expect(await store.notices.changeNoticeHost(lead.id, 't.me', { status: 'refused' }, ACTOR, 'n')).toEqual({ kind: 'erased' });
      expect(await store.notices.sendNotice(lead.id, 't.me', mail('a@example.com', 1), ACTOR, 'n')).toEqual({ kind: 'erased' });
    });

    it('counts the period’s requests by hosts done and by days to removal in the conversion view', async () => {
      const c = clock('2026-04-01T09:00:00.000Z');
      const store = await fresh.store(c.now);
      const none = await store.leads.insertLead(noticeLead(template));
      const some = await store.leads.insertLead(noticeLead(template));
      const all = await store.leads.insertLead(noticeLead(template, {}, 'https://a.example.com/1\nhttps://b.example.com/2'));
      const spam = await store.leads.insertLead({ ...noticeLead(template), spam: true });
      await store.leads.insertLead({ endpoint: '/api/contact', formType: 'contact', payload: { name: 'Ann' } });
      // A payload that is no request (its groups not a list) is no request the view counts, and breaks nothing.
      for (const groups of [{ host: 'a.example' }, 'a.example', null])
        await store.leads.insertLead({ endpoint: '/api/leads', formType: 'notice', payload: { groups } });
      expect(none.id).not.toBe(spam.id);

      await store.notices.sendNotice(some.id, 'youtube.com', mail('copyright@tube.example', 2), ACTOR, 'n');
      await store.notices.changeNoticeHost(all.id, 'a.example.com', { status: 'sent' }, ACTOR, 'n');
      c.advance(2 * DAY);
      await store.notices.changeNoticeHost(all.id, 'a.example.com', { status: 'removed' }, ACTOR, 'n');
      c.advance(3 * DAY);
      await store.notices.changeNoticeHost(some.id, 'youtube.com', { status: 'removed' }, ACTOR, 'n');
      // Never marked sent: counted from the day the request arrived (9 days).
      c.advance(4 * DAY);
      await store.notices.changeNoticeHost(all.id, 'b.example.com', { status: 'removed' }, ACTOR, 'n');

      const report = await store.views.conversionReport({ from: '2026-04-01', to: '2026-04-30', now: c.now() });
      const bands = (days: number[]) => REMOVAL_BANDS.map((_, i) => days.filter((d) => removalBand(d) === i).length);
      expect(report.notices).toEqual({
        requests: 3,
        completeness: { none: 1, some: 1, all: 1 },
        removals: bands([2, 5, 9]),
        requestsRemoved: bands([9]),
      });
      expect(report.notices.removals).toEqual([1, 1, 1, 0, 0]);
      // Another period holds none of them.
      const before = await store.views.conversionReport({ from: '2026-03-01', to: '2026-03-31', now: c.now() });
      expect(before.notices).toMatchObject({ requests: 0, completeness: { none: 0, some: 0, all: 0 } });
    });
  });
});
