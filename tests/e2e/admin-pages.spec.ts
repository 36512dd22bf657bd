// Paging through the inbox's list and audit log. Fifty-one leads would take the API's rate limit
// for two minutes, so the API's answers are played here, in its contract's shapes.
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_API,
  ADMIN_ROUTES,
  PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type InboxSession,
  type LeadDetail,
  type LeadPage,
  type LeadSummary,
  type ViewCounts,
} from '../../contracts/inbox-contract';
import { EVIDENCE_ROUTES, type EvidenceList } from '../../contracts/evidence-contract';
import { leadRows } from './admin';
import { horizontalOverflow } from './site';

const SESSION: InboxSession = {
  user: { email: 'pager@takedownshield.test' },
  roles: ['leads'],
  pending: null,
  forms: [{ id: 'contact', title: 'Send us a message' }],
  urgencies: [{ value: 'normal', title: 'Normal (24-48 hours)' }],
  timeZone: 'America/Los_Angeles',
  team: ['pager@takedownshield.test'],
};
const START = Date.parse('2026-11-20T12:00:00Z');

function lead(n: number): LeadSummary {
  return {
    id: `lead-${n}`,
    createdAt: new Date(START - n * 60_000).toISOString(),
    formId: 'contact',
    formTitle: 'Send us a message',
    name: `Person ${n}`,
    email: `person${n}@example.org`,
    urgency: 'Normal (24-48 hours)',
    status: 'new',
    spam: false,
    quarantine: null,
    spamChecks: null,
    erased: null,
    dueAt: new Date(START - n * 60_000 + 2 * 3_600_000).toISOString(),
    firstAnsweredAt: null,
    assignee: null,
  };
}

function entry(n: number): AuditEntry {
  return {
    id: String(1000 - n),
    at: new Date(START - n * 60_000).toISOString(),
    actor: SESSION.user.email,
    action: 'view',
    leadId: `lead-${n}`,
    detail: 'opened the lead',
  };
}

/** The inbox's calls this spec does not answer: each test ends by expecting none. */
const unanswered = new WeakMap<Page, string[]>();

test.afterEach(({ page }) => {
  expect(unanswered.get(page) ?? [], 'calls to the inbox API that no route of this spec answered').toEqual([]);
});

/**
 * Answers the session, and the list and log in two pages each; records the queries the app sent.
 * Any other call under the API is refused here and named at the test's end, so it never reaches the
 * real server (which would answer 401 and end the played session at a moment that varies).
 */
async function playApi(page: Page): Promise<string[]> {
  const asked: string[] = [];
  const missed: string[] = [];
  unanswered.set(page, missed);
  // Registered first, so every route below (and any a test adds) takes precedence over it.
  await page.route(
    (url) => url.pathname.startsWith(`${ADMIN_API}/`),
    (route) => {
      const request = route.request();
      missed.push(`${request.method()} ${new URL(request.url()).pathname}`);
      return route.fulfill({ status: 500, json: { error: 'NOT_PLAYED', message: 'This call is not played by the test.' } });
    },
  );
  await page.route(
    (url) => url.pathname === ADMIN_ROUTES.session,
    (route) => route.fulfill({ json: SESSION }),
  );
  await page.route(
    (url) => url.pathname === ADMIN_ROUTES.leads,
    (route) => {
      const params = new URL(route.request().url()).searchParams;
      asked.push(params.toString());
      const older = params.get('cursor') === 'page-2';
      const body: LeadPage = older
        ? { leads: Array.from({ length: 7 }, (_, i) => lead(PAGE_SIZE + i)), nextCursor: null }
        : { leads: Array.from({ length: PAGE_SIZE }, (_, i) => lead(i)), nextCursor: 'page-2' };
      return route.fulfill({ json: body });
    },
  );
  await page.route(
    (url) => url.pathname === ADMIN_ROUTES.views,
    (route) =>
      route.fulfill({
        json: {
          counts: { mine: 0, unassigned: 0, soon: 0, overdue: 0, new: 0, spam: 0, quarantine: 0 },
          spamFilter: null,
        } satisfies ViewCounts,
      }),
  );
  await page.route(
    (url) => url.pathname === ADMIN_ROUTES.audit,
    (route) => {
      const older = new URL(route.request().url()).searchParams.get('cursor') === '950';
      const body: AuditPage = older
        ? { entries: Array.from({ length: 3 }, (_, i) => entry(PAGE_SIZE + i)), nextCursor: null }
        : { entries: Array.from({ length: PAGE_SIZE }, (_, i) => entry(i)), nextCursor: '950' };
      return route.fulfill({ json: body });
    },
  );
  return asked;
}

test('"Older leads" adds the next page below, with the same filter, and moves focus to its first lead', async ({ page }) => {
  const asked = await playApi(page);
  await page.goto('/admin/?status=new&q=person');
  await expect(leadRows(page)).toHaveCount(PAGE_SIZE);
  await expect(page.locator('p.admin-summary')).toHaveText(`Showing ${PAGE_SIZE} leads, reply due first, then newest; more follow.`);
  await page.getByRole('button', { name: 'Older leads' }).click();
  await expect(leadRows(page)).toHaveCount(PAGE_SIZE + 7);
  await expect(page.locator('p.admin-summary')).toHaveText(`Showing ${PAGE_SIZE + 7} leads, reply due first, then newest.`);
  await expect(leadRows(page).nth(PAGE_SIZE).getByRole('link')).toBeFocused();
  await expect(leadRows(page).nth(PAGE_SIZE)).toContainText(`Person ${PAGE_SIZE}`);
  // The last page: nothing older to ask for.
  await expect(page.getByRole('button', { name: 'Older leads' })).toHaveCount(0);
  expect(asked).toEqual(['status=new&q=person', 'status=new&q=person&cursor=page-2']);
});

test('"Older entries" adds the next page of the audit log and moves focus to its first row', async ({ page }) => {
  await playApi(page);
  await page.goto('/admin/audit');
  const rows = page.locator('table.admin-table tbody tr');
  await expect(rows).toHaveCount(PAGE_SIZE);
  await page.getByRole('button', { name: 'Older entries' }).click();
  await expect(rows).toHaveCount(PAGE_SIZE + 3);
  await expect(rows.nth(PAGE_SIZE)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Older entries' })).toHaveCount(0);
});

test('at phone width the list and a lead with long values fit the screen; the table scrolls inside itself', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await playApi(page);
  const long: LeadSummary = {
    ...lead(0),
    name: 'Maximilian Alexander Longname-Verylongsurname',
    email: 'maximilian.alexander.longname@a-very-long-domain-name.example.org',
  };
  const detail: LeadDetail = {
    lead: long,
    fields: [
      { name: 'email', label: 'Email address', value: long.email! },
      { name: 'message', label: 'Message', value: `See https://example.com/${'a'.repeat(300)}` },
    ],
    source: {
      page: `/${'p'.repeat(120)}`,
      utmSource: 's'.repeat(100),
      utmMedium: null,
      utmCampaign: 'c'.repeat(100),
      referrerHost: `${'r'.repeat(60)}.example.org`,
    },
    meta: { endpoint: '/api/contact', idempotencyKey: 'k'.repeat(120), userAgent: 'Mozilla/5.0 '.repeat(20) },
    notes: [],
    notifications: [
      {
        channel: 'webhook',
        rule: 'default',
        status: 'dead',
        attempts: 9,
        lastError: 'E'.repeat(200),
        createdAt: long.createdAt,
        finishedAt: null,
      },
    ],
    messages: [
      {
        id: '1',
        direction: 'in',
        author: long.email!,
        subject: `Re: ${'s'.repeat(150)}`,
        body: `Here: https://example.com/${'b'.repeat(300)}`,
        createdAt: long.createdAt,
      },
    ],
    reply: { to: long.email, blocked: null, subject: `Re: ${'s'.repeat(150)}` },
    savedReplies: [{ id: 'thanks', title: 'Thank you', subject: 'Thanks', body: `Hello ${long.name}` }],
    timeline: [{ at: long.createdAt, kind: 'received', actor: null, detail: `received through ${'f'.repeat(120)}` }],
  };
  await page.route(
    (url) => url.pathname === ADMIN_ROUTES.leads,
    (route) => route.fulfill({ json: { leads: [long], nextCursor: null } }),
  );
  await page.route(
    (url) => url.pathname === ADMIN_ROUTES.lead(long.id),
    (route) => route.fulfill({ json: detail }),
  );
  await page.route(
    (url) => url.pathname === EVIDENCE_ROUTES.list(long.id),
    (route) => route.fulfill({ json: { files: [] } satisfies EvidenceList }),
  );

  await page.goto('/admin/');
  await expect(leadRows(page)).toHaveCount(1);
  let { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

  await page.getByRole('link', { name: long.name! }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  ({ scrollWidth, innerWidth } = await horizontalOverflow(page));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
