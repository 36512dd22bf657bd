/**
 * Lead sources, page-view counts and the conversion view: one behaviour on both backends. The
 * report is checked against figures counted by hand from the seeded data.
 */
import { describe, expect, it } from 'vitest';
import type { LeadSource } from '../../../contracts/api-contract';
import { CONVERSION_MAX_ROWS, EMPTY_FILTER, OTHER_SOURCES } from '../../../contracts/inbox-contract';
import { MAX_SOURCES_PER_DAY } from '../../../server/store/page-views';
import type { NewLead } from '../../../server/store/types';
import { backends, useFreshStores } from './store-backends';

const HOUR = 3_600_000;

function clock(start: string) {
  let t = Date.parse(start);
  return { now: () => new Date(t), set: (iso: string) => void (t = Date.parse(iso)) };
}

const source = (page: string, more: Partial<LeadSource> = {}): LeadSource => ({
  page,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  referrerHost: null,
  ...more,
});

const lead = (formId: string, src: LeadSource | null, extra: Partial<NewLead> = {}): NewLead => ({
  endpoint: '/api/contact',
  formType: 'contact',
  formId,
  payload: { name: 'Ann' },
  source: src,
  ...extra,
});

const newsletter = { utmSource: 'newsletter', utmCampaign: 'november' };

describe.each(backends)('%s conversion store contract', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 20_000 }, () => {
    const fresh = useFreshStores(backend);

    it('keeps a lead source, filters by it, and an erasure keeps the page and campaign but not the other site', async () => {
      const store = await fresh.store();
      const full = source('/contact-us', { ...newsletter, utmMedium: 'email', referrerHost: 'news.example.com' });
      const a = await store.leads.insertLead(lead('contact-us', full));
      const b = await store.leads.insertLead(lead('contact-us', null));
      expect((await store.inbox.getLead(a.id))!.source).toEqual(full);
      expect((await store.inbox.getLead(b.id))!.source).toBeNull();
      expect((await store.leads.listLeads()).map((l) => l.source)).toEqual([full, null]);
      const ids = async (f: object) => (await store.inbox.findLeads({ filter: { ...EMPTY_FILTER, ...f }, limit: 10 })).map((l) => l.id);
      expect(await ids({ page: '/contact-us' })).toEqual([a.id]);
      expect(await ids({ campaign: 'november' })).toEqual([a.id]);
      expect(await ids({ referrer: 'news.example.com' })).toEqual([a.id]);
      expect(await ids({ page: '/pricing' })).toEqual([]);
      await store.inbox.eraseLead(a.id, 'team@example.com');
      expect((await store.inbox.getLead(a.id))!.source).toEqual({ ...full, referrerHost: null });
    });

    it('adds the view counts of every flush to the stored ones', async () => {
      const store = await fresh.store();
      const day = '2026-11-02';
      const flush = {
        pages: [{ day, path: '/a', views: 3 }],
        campaigns: [{ day, utmSource: 's', utmMedium: '', utmCampaign: 'c', arrivals: 2 }],
        referrers: [{ day, host: 'x.example', arrivals: 1 }],
      };
      await Promise.all([store.views.addViewCounts(flush), store.views.addViewCounts(flush), store.views.addViewCounts(flush)]);
      const report = await store.views.conversionReport({ from: day, to: day, now: new Date() });
      expect(report.pages).toEqual([{ path: '/a', views: 9, leads: 0, rate: 0 }]);
      expect(report.campaigns).toEqual([{ utmSource: 's', utmMedium: null, utmCampaign: 'c', views: 6, leads: 0, rate: 0 }]);
      expect(report.referrers).toEqual([{ host: 'x.example', views: 3, leads: 0, rate: 0 }]);
    });

    it("keeps at most the day's limit of campaigns and referring sites across flushes, the rest counted as other", async () => {
      const store = await fresh.store();
      const day = '2026-11-05';
      // 10,000 distinct forged campaigns and hosts in five flushes, three of them at once as from three processes.
      const flushOf = (from: number) => ({
        pages: [{ day, path: '/', views: 2_000 }],
        campaigns: Array.from({ length: 2_000 }, (_, i) => ({
          day,
          utmSource: 'forged',
          utmMedium: '',
          utmCampaign: `c${from + i}`,
          arrivals: 1,
        })),
        referrers: Array.from({ length: 2_000 }, (_, i) => ({ day, host: `h${from + i}.example`, arrivals: 1 })),
      });
      await store.views.addViewCounts(flushOf(0));
      await Promise.all([
        store.views.addViewCounts(flushOf(2_000)),
        store.views.addViewCounts(flushOf(4_000)),
        store.views.addViewCounts(flushOf(6_000)),
      ]);
      await store.views.addViewCounts(flushOf(8_000));
      // One already stored gains its arrival even at the limit.
      await store.views.addViewCounts({ pages: [], campaigns: [{ ...flushOf(0).campaigns[0]!, arrivals: 3 }], referrers: [] });

      const report = await store.views.conversionReport({ from: day, to: day, now: new Date() });
      expect(report.pages).toEqual([{ path: '/', views: 10_000, leads: 0, rate: 0 }]);
      // MAX_SOURCES_PER_DAY named rows and one for the rest; the report shows the first CONVERSION_MAX_ROWS.
      for (const [rows, omitted] of [
        [report.campaigns, report.omitted.campaigns],
        [report.referrers, report.omitted.referrers],
      ] as const) {
        expect(rows).toHaveLength(CONVERSION_MAX_ROWS);
        expect(rows.length + omitted).toBe(MAX_SOURCES_PER_DAY + 1);
      }
      expect(report.campaigns[0]).toMatchObject({ utmSource: OTHER_SOURCES, utmMedium: null, utmCampaign: null, views: 5_000 });
      expect(report.campaigns[1]).toMatchObject({ utmCampaign: 'c0', views: 4 });
      expect(report.referrers[0]).toMatchObject({ host: OTHER_SOURCES, views: 5_000 });
      expect(report.omitted.pages).toBe(0);
    });

    it('the conversion view matches a hand count of seeded views and leads', async () => {
      const c = clock('2026-11-01T10:00:00.000Z');
      const store = await fresh.store(c.now);
      await store.views.addViewCounts({
        pages: [
          { day: '2026-10-31', path: '/contact-us', views: 1000 }, // before the period
          { day: '2026-11-01', path: '/contact-us', views: 40 },
          { day: '2026-11-02', path: '/contact-us', views: 60 },
          { day: '2026-11-01', path: '/pricing', views: 50 },
          { day: '2026-11-02', path: '/about', views: 7 },
        ],
        campaigns: [
          { day: '2026-11-01', utmSource: 'newsletter', utmMedium: '', utmCampaign: 'november', arrivals: 20 },
          { day: '2026-11-03', utmSource: 'newsletter', utmMedium: '', utmCampaign: 'november', arrivals: 5 }, // after it
        ],
        referrers: [{ day: '2026-11-02', host: 'news.example.com', arrivals: 8 }],
      });
      const due = (iso: string) => ({ dueAt: iso });
      // 1 November: three real leads from /contact-us (one from the newsletter via news.example.com), one spam.
      const l1 = await store.leads.insertLead(
        lead('contact-us', source('/contact-us', { ...newsletter, referrerHost: 'news.example.com' }), due('2026-11-01T12:00:00.000Z')),
      );
      const l2 = await store.leads.insertLead(lead('contact-us', source('/contact-us', newsletter), due('2026-11-01T12:00:00.000Z')));
      await store.leads.insertLead(lead('contact-us', source('/contact-us'), due('2026-11-01T12:00:00.000Z')));
      await store.leads.insertLead(lead('contact-us', source('/contact-us', newsletter), { spam: true }));
      // 2 November: one lead from /pricing on another form, one from the API with no source.
      c.set('2026-11-02T09:00:00.000Z');
      await store.leads.insertLead(lead('quote', source('/pricing'), due('2026-11-02T11:00:00.000Z')));
      await store.leads.insertLead(lead('api-contact', null, due('2026-11-05T11:00:00.000Z')));
      // 4 November, outside the period.
      c.set('2026-11-04T09:00:00.000Z');
      await store.leads.insertLead(lead('contact-us', source('/contact-us', newsletter)));
      // Replies: l1 within its promise, l2 one hour late (its status moved on in time, which answers nobody); l3 never (and now past due).
      const reply = (id: string) =>
        store.inbox.replyToLead(id, {
          author: 'team@example.com',
          to: 'visitor@example.com',
          subject: 'Re: your request',
          body: 'We are on it.',
          messageId: `<${id}@example.com>`,
          replyAddress: (token) => `reply+${token}@example.com`,
        });
      c.set('2026-11-01T11:30:00.000Z');
      await reply(l1.id);
      await store.inbox.changeLead(l1.id, { status: 'in_progress' }, 'team@example.com');
      await store.inbox.changeLead(l2.id, { status: 'done' }, 'team@example.com');
      c.set(new Date(Date.parse('2026-11-01T12:00:00.000Z') + HOUR).toISOString());
      await reply(l2.id);

      const report = await store.views.conversionReport({
        from: '2026-11-01',
        to: '2026-11-02',
        now: new Date('2026-11-02T10:00:00.000Z'),
      });
      expect(report.from).toBe('2026-11-01');
      expect(report.pages).toEqual([
        { path: '/contact-us', views: 100, leads: 3, rate: 0.03 },
        { path: '/pricing', views: 50, leads: 1, rate: 0.02 },
        { path: '/about', views: 7, leads: 0, rate: 0 },
      ]);
      expect(report.campaigns).toEqual([
        { utmSource: 'newsletter', utmMedium: null, utmCampaign: 'november', views: 20, leads: 2, rate: 0.1 },
      ]);
      expect(report.referrers).toEqual([{ host: 'news.example.com', views: 8, leads: 1, rate: 0.125 }]);
      // At 10:00 on 2 November the quote's promise (11:00) and the API lead's are still open.
      expect(report.forms).toEqual([
        { formId: 'api-contact', new: 1, inProgress: 0, done: 0, spam: 0, promised: 0, answeredInTime: 0 },
        { formId: 'contact-us', new: 1, inProgress: 1, done: 1, spam: 1, promised: 3, answeredInTime: 1 },
        { formId: 'quote', new: 1, inProgress: 0, done: 0, spam: 0, promised: 0, answeredInTime: 0 },
      ]);
    });
  });
});
