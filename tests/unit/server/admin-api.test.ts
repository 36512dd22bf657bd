/**
 * The leads inbox's API over HTTP, on both stores: sign-in, sessions, the list and its filters,
 * triage, notes, export, erasure and the audit log, and what a signed-out or cross-site caller gets.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, type InboxSession, type LeadDetail, type LeadPage } from '../../../engine/admin/inbox-contract';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { hashPassword, type ScryptCost } from '../../../server/admin/passwords';
import { createApp } from '../../../server/app';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, listen, type Fixture, type Running } from './helpers';
import { backends, useFreshStores } from './store-backends';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

/** Cheap enough for many sign-ins in a test; the format and checks are the production ones. */
const TEST_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };
const PASSWORD = 'correct horse battery staple';
const JSON_CHANGE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const INBOX_PAGE = '<!doctype html><html><head><title>Leads inbox</title></head><body><div id="inbox"></div></body></html>';

function clock(start = '2026-03-02T10:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

/** A browser of one: keeps the session cookie between calls, as the inbox page's fetches do. */
function browser(base: string) {
  let cookie = '';
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) } });
    const set = res.headers.getSetCookie();
    for (const c of set) cookie = c.split(';')[0]!.endsWith('=') ? '' : c.split(';')[0]!;
    return res;
  };
  return {
    call,
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
    signIn: (email: string, password = PASSWORD) =>
      call(ADMIN_ROUTES.signIn, { method: 'POST', headers: JSON_CHANGE, body: JSON.stringify({ email, password }) }),
    json: async <T>(path: string) => {
      const res = await call(path);
      expect(res.status, `${path} answered ${res.status}`).toBe(200);
      return (await res.json()) as T;
    },
    change: (path: string, method: string, body?: unknown) =>
      call(path, { method, headers: JSON_CHANGE, body: body === undefined ? undefined : JSON.stringify(body) }),
  };
}

const contactForm = model.forms.contact!;
function contactLead(name: string, extra: Record<string, unknown> = {}) {
  return {
    endpoint: '/api/contact',
    formType: 'contact',
    formId: contactForm.id,
    payload: {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      inquiryType: 'takedown',
      urgency: 'urgent',
      subject: 'Copied photos',
      message: `${name} found their photos copied.`,
      ...extra,
    },
  };
}

describe.each(backends)('the inbox API on the %s store', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)('over HTTP', { timeout: 30_000 }, () => {
    const fresh = useFreshStores(backend);
    let fixture: Fixture | undefined;
    let server: Running | undefined;

    afterEach(async () => {
      await server?.close();
      fixture?.cleanup();
      server = fixture = undefined;
    });

    async function start(opts: { secureCookies?: boolean; accounts?: string[] } = {}) {
      const c = clock();
      const store: LeadStore = await fresh.store(c.now);
      for (const email of opts.accounts ?? ['ann@example.com']) await store.createAccount(email, await hashPassword(PASSWORD, TEST_COST));
      fixture = createFixture();
      mkdirSync(join(fixture.clientDir, 'admin/assets'), { recursive: true });
      writeFileSync(join(fixture.clientDir, 'admin/index.html'), INBOX_PAGE);
      writeFileSync(join(fixture.clientDir, 'admin/assets/inbox-abc.js'), 'export {};\n');
      const app = createApp({
        clientDir: fixture.clientDir,
        store,
        siteUrl: 'https://example.com',
        forms: model!.forms,
        apiPayloads: model!.apiPayloads,
        now: c.now,
        ipHashSalt: 'salt',
        inbox: { secureCookies: opts.secureCookies ?? false, scryptCost: TEST_COST },
      });
      server = await listen(app);
      return { store, clock: c, b: browser(server.url), url: server.url };
    }

    it('with no account yet, says setup is needed and answers every call 401', async () => {
      const { b } = await start({ accounts: [] });
      const res = await b.call(ADMIN_ROUTES.session);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'UNAUTHENTICATED', setupNeeded: true });
      expect((await b.call(ADMIN_ROUTES.leads)).status).toBe(401);
    });

    it('signs in with the right password only, with the same answer for an unknown address', async () => {
      const { b } = await start();
      const session = await b.call(ADMIN_ROUTES.session);
      expect(await session.json()).toMatchObject({ setupNeeded: false });

      const wrong = await b.signIn('ann@example.com', 'not the password at all');
      const unknown = await b.signIn('nobody@example.com');
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(await unknown.json()).toEqual(await wrong.json());
      expect(b.cookie).toBe('');

      const ok = await b.signIn('  Ann@Example.com ');
      expect(ok.status).toBe(204);
      const set = ok.headers.getSetCookie()[0]!;
      expect(set).toMatch(/^inbox-session=[A-Za-z0-9_-]{43}; /);
      expect(set).toContain('HttpOnly');
      expect(set).toContain('SameSite=Strict');
      expect(set).toContain('Path=/');
      const me = await b.json<InboxSession>(ADMIN_ROUTES.session);
      expect(me.user.email).toBe('ann@example.com');
      expect(me.forms.map((f) => f.id)).toEqual(expect.arrayContaining(['contact', 'personal-takedown', 'api-contact']));
    });

    it('over HTTPS the cookie is Secure and __Host- prefixed', async () => {
      const { b } = await start({ secureCookies: true });
      const ok = await b.signIn('ann@example.com');
      const set = ok.headers.getSetCookie()[0]!;
      expect(set).toMatch(/^__Host-inbox-session=/);
      expect(set).toContain('Secure');
      expect(set).not.toContain('Domain');
      expect((await b.call(ADMIN_ROUTES.session)).status).toBe(200);
    });

    it('gives a new session id at every sign-in and ends the one the browser came with', async () => {
      const { b } = await start();
      await b.signIn('ann@example.com');
      const first = b.cookie;
      await b.signIn('ann@example.com');
      expect(b.cookie).not.toBe(first);
      const stale = browser(server!.url);
      stale.cookie = first;
      expect((await stale.call(ADMIN_ROUTES.session)).status).toBe(401);
      expect((await b.call(ADMIN_ROUTES.session)).status).toBe(200);
    });

    it('ends a session after 12 hours idle, and keeps one in use', async () => {
      const { b, clock: c } = await start();
      await b.signIn('ann@example.com');
      c.advance(11 * 3600_000);
      expect((await b.call(ADMIN_ROUTES.session)).status).toBe(200);
      c.advance(11 * 3600_000);
      expect((await b.call(ADMIN_ROUTES.session)).status).toBe(200);
      c.advance(12 * 3600_000);
      expect((await b.call(ADMIN_ROUTES.leads)).status).toBe(401);
    });

    it('sign-out deletes the session on the server', async () => {
      const { b } = await start();
      await b.signIn('ann@example.com');
      const kept = b.cookie;
      expect((await b.change(ADMIN_ROUTES.signOut, 'POST')).status).toBe(204);
      expect(b.cookie).toBe('');
      const replay = browser(server!.url);
      replay.cookie = kept;
      expect((await replay.call(ADMIN_ROUTES.leads)).status).toBe(401);
    });

    it('locks an address after 10 failures for 15 minutes, known account or not, without saying which', async () => {
      const { b, clock: c } = await start();
      for (const email of ['ann@example.com', 'ghost@example.com']) {
        for (let i = 0; i < 10; i++) expect((await b.signIn(email, `wrong password ${i}`)).status).toBe(401);
      }
      const locked = await b.signIn('ann@example.com');
      const ghost = await b.signIn('ghost@example.com');
      expect([locked.status, ghost.status]).toEqual([429, 429]);
      expect(locked.headers.get('retry-after')).toBe('900');
      expect(await ghost.json()).toEqual(await locked.json());
      c.advance(15 * 60_000);
      expect((await b.signIn('ann@example.com')).status).toBe(204);
    });

    it('lists, filters, searches and pages, newest first', async () => {
      const { b, store, clock: c } = await start();
      const made = [];
      for (let i = 0; i < 55; i++) {
        c.advance(1000);
        made.push(await store.insertLead(contactLead(`Person ${i} Smith`)));
      }
      c.advance(1000);
      const alice = await store.insertLead(contactLead('Alice Zyx'));
      await b.signIn('ann@example.com');

      const first = await b.json<LeadPage>(ADMIN_ROUTES.leads);
      expect(first.leads).toHaveLength(50);
      expect(first.leads[0]).toMatchObject({
        id: alice.id,
        name: 'Alice Zyx',
        email: 'alice@example.com',
        urgency: 'Urgent (2-6 hours)',
        status: 'new',
      });
      expect(first.leads[0]!.formTitle).toBe(contactForm.title);
      const second = await b.json<LeadPage>(`${ADMIN_ROUTES.leads}?cursor=${first.nextCursor}`);
      expect(second.nextCursor).toBeNull();
      expect([...first.leads, ...second.leads].map((l) => l.id)).toEqual([alice.id, ...made.map((l) => l.id).reverse()]);

      const found = await b.json<LeadPage>(`${ADMIN_ROUTES.leads}?q=zyx`);
      expect(found.leads.map((l) => l.id)).toEqual([alice.id]);
      const bad = await b.call(`${ADMIN_ROUTES.leads}?status=maybe&from=yesterday&cursor=zzz`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toMatch(/status must be one of new, in_progress, done\. from must be a date/);
    });

    it('shows a lead with its fields as the form labels them, and audits the view', async () => {
      const { b, store } = await start();
      const lead = await store.insertLead(contactLead('Rita \u202Eevil', { message: '<script>alert(1)</script>' }));
      await b.signIn('ann@example.com');
      const detail = await b.json<LeadDetail>(ADMIN_ROUTES.lead(lead.id));
      const labels = Object.fromEntries(detail.fields.map((f) => [f.name, f.label]));
      expect(labels.email).toBe((contactForm.fields.properties as Record<string, { title: string }>).email!.title);
      // Shown as text by the page; a direction override is written out instead of turning the text round.
      expect(detail.lead.name).toBe('Rita \\u202Eevil');
      expect(detail.fields.find((f) => f.name === 'message')!.value).toBe('<script>alert(1)</script>');
      expect(detail.meta.endpoint).toBe('/api/contact');
      expect((await store.listAudit({ limit: 5 }))[0]).toMatchObject({ action: 'view', leadId: lead.id, actor: 'ann@example.com' });
      expect((await b.call(ADMIN_ROUTES.lead('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
      expect((await b.call(ADMIN_ROUTES.lead('nonsense'))).status).toBe(404);
    });

    it('changes status and spam, adds notes, erases, and the audit log says who did each', async () => {
      const { b, store } = await start();
      const lead = await store.insertLead(contactLead('Erin Example'));
      await b.signIn('ann@example.com');

      const changed = await b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { status: 'in_progress' });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as LeadDetail).lead.status).toBe('in_progress');
      expect((await b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { status: 'archived' })).status).toBe(400);
      expect((await b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { payload: {} })).status).toBe(400);
      const noted = await b.change(ADMIN_ROUTES.notes(lead.id), 'POST', { body: 'Called, waiting for the URLs' });
      expect(((await noted.json()) as LeadDetail).notes.map((n) => [n.author, n.body])).toEqual([
        ['ann@example.com', 'Called, waiting for the URLs'],
      ]);
      expect((await b.change(ADMIN_ROUTES.notes(lead.id), 'POST', { body: '   ' })).status).toBe(400);

      const erased = await b.change(ADMIN_ROUTES.lead(lead.id), 'DELETE');
      const tomb = (await erased.json()) as LeadDetail;
      expect(tomb.lead.erased).toMatchObject({ by: 'ann@example.com' });
      expect(tomb.fields).toEqual([]);
      expect(tomb.notes).toEqual([]);
      expect(tomb.lead.name).toBeNull();
      expect((await b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { status: 'done' })).status).toBe(409);
      expect((await b.change(ADMIN_ROUTES.notes(lead.id), 'POST', { body: 'late' })).status).toBe(409);

      const audit = await b.json<{ entries: Array<{ action: string; actor: string; leadId: string | null }> }>(ADMIN_ROUTES.audit);
      expect(audit.entries.map((e) => e.action)).toEqual(['erase', 'note', 'status', 'sign-in']);
      expect(audit.entries.every((e) => e.actor === 'ann@example.com')).toBe(true);
    });

    it('exports the filtered view as CSV with formulas neutralised, and audits the export', async () => {
      const { b, store } = await start();
      await store.insertLead(contactLead('Plain Person'));
      const risky = await store.insertLead(contactLead('Formula Fan', { name: '=HYPERLINK("http://evil.example","x")' }));
      await store.changeLead(risky.id, { status: 'done' }, 'ann@example.com');
      await b.signIn('ann@example.com');
      const res = await b.call(`${ADMIN_ROUTES.export}?status=done`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-03-02.csv"');
      const rows = (await res.text()).trimEnd().split('\r\n');
      expect(rows[0]).toBe('id,receivedAt,form,status,spam,name,email,urgency,erasedAt,erasedBy,payload');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain(risky.id);
      // The name column: a spreadsheet shows the text instead of running it.
      expect(rows[1]!.split(',')[5]).toBe(`"'=HYPERLINK(""http://evil.example""`);
      expect(rows[1]).not.toContain('Plain Person');
      expect((await store.listAudit({ limit: 1 }))[0]).toMatchObject({ action: 'export', detail: '1 leads exported, filter: status=done' });
    });

    it("an export searched by a visitor's address is audited with the filter's name, never the address", async () => {
      const { b, store } = await start();
      const lead = await store.insertLead(contactLead('Quentin Searchable'));
      await b.signIn('ann@example.com');
      const res = await b.call(`${ADMIN_ROUTES.export}?status=new&q=${encodeURIComponent('quentin@example.com')}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(lead.id);
      const [entry] = await store.listAudit({ limit: 1 });
      expect(entry).toMatchObject({ action: 'export', detail: '1 leads exported, filter: status=new, q' });
      await store.eraseLead(lead.id, 'ann@example.com');
      const log = JSON.stringify(await store.listAudit({ limit: 100 }));
      for (const value of ['quentin', 'Quentin', 'Searchable']) expect(log).not.toContain(value);
    });

    it('refuses changes without the inbox header or from another origin, and answers 401 before anything else signed out', async () => {
      const { b, store } = await start();
      const lead = await store.insertLead(contactLead('Cross Site'));
      const signedOut = await b.call(ADMIN_ROUTES.lead(lead.id), { method: 'DELETE' });
      expect(signedOut.status).toBe(401);
      await b.signIn('ann@example.com');
      const noHeader = await b.call(ADMIN_ROUTES.lead(lead.id), { method: 'DELETE' });
      const foreign = await b.call(ADMIN_ROUTES.lead(lead.id), {
        method: 'DELETE',
        headers: { ...JSON_CHANGE, Origin: 'https://evil.example' },
      });
      const crossSite = await b.call(ADMIN_ROUTES.lead(lead.id), {
        method: 'DELETE',
        headers: { ...JSON_CHANGE, 'Sec-Fetch-Site': 'cross-site' },
      });
      expect([noHeader.status, foreign.status, crossSite.status]).toEqual([403, 403, 403]);
      expect((await store.getLead(lead.id))!.erasedAt).toBeNull();
      // The page's own origin, and the site's public one (the server may sit behind a proxy), are accepted.
      for (const origin of [server!.url, 'https://example.com']) {
        const own = await b.call(ADMIN_ROUTES.lead(lead.id), {
          method: 'PATCH',
          headers: { ...JSON_CHANGE, Origin: origin },
          body: '{"spam":true}',
        });
        expect(own.status, origin).toBe(200);
      }
      const loginCsrf = await fetch(server!.url + ADMIN_ROUTES.signIn, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'ann@example.com', password: PASSWORD }),
      });
      expect(loginCsrf.status).toBe(403);
    });

    it('serves the inbox page for every path under /admin, never indexed, and its scripts', async () => {
      const { url } = await start();
      for (const path of ['/admin', '/admin/leads/123', '/admin/audit?cursor=5']) {
        const res = await fetch(url + path);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
        expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
        expect(await res.text()).toBe(INBOX_PAGE);
      }
      const script = await fetch(`${url}/admin/assets/inbox-abc.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect((await fetch(`${url}/admin/api/nothing-here`)).status).toBe(401);
    });
  });
});
