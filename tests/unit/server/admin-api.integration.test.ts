/**
 * The leads inbox's API over HTTP, on both stores: sign-in, sessions, the list and its filters,
 * triage, notes, export, erasure and the audit log, and what a signed-out or cross-site caller gets.
 */
import { csvCell } from '../../../server/leads/csv';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ADMIN_ROUTES,
  type AuditPage,
  type ConversionReport,
  type InboxSession,
  type LeadDetail,
  type LeadPage,
  type SessionList,
  type TwoStepConfirmed,
  type TwoStepOffer,
} from '../../../contracts/inbox-contract';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { hashPassword, type ScryptCost } from '../../../server/admin/passwords';
import { currentCode } from '../../../server/admin/two-step';
import type { Delivery } from '../../../server/notify/deliver';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, startServer, type Fixture, type Running } from './helpers';
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

/** A browser of one: keeps the session cookie between calls and, on reads, sends the inbox's header, as the inbox page's fetches do. */
function browser(base: string) {
  let cookie = '';
  const call = async (path: string, init: RequestInit = {}) => {
    const reads: Record<string, string> = (init.method ?? 'GET') === 'GET' ? { 'X-Requested-With': 'XMLHttpRequest' } : {};
    const res = await fetch(base + path, {
      ...init,
      headers: { ...reads, ...(cookie ? { Cookie: cookie } : {}), ...((init.headers ?? {}) as Record<string, string>) },
    });
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
    signIn: (email: string, password = PASSWORD, from?: string) =>
      call(ADMIN_ROUTES.signIn, {
        method: 'POST',
        headers: { ...JSON_CHANGE, ...(from ? { 'X-Forwarded-For': from } : {}) },
        body: JSON.stringify({ email, password }),
      }),
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
/** The contact form's fields as it labels them, and the words of one of its choices. */
const contactFields = contactForm.fields.properties as Record<string, { title: string; oneOf?: Array<{ const: string; title: string }> }>;
const optionTitleOf = (field: string, value: string) => contactFields[field]!.oneOf!.find((o) => o.const === value)!.title;

/** Replying on, as the server sets it up with SMTP_URL and MAIL_FROM. */
/** E-mail set up as an operator sets it (replies from the inbox need it); what the server sends is kept in `sent`. */
function mailSetup(sent: string[] = []) {
  const delivery: Delivery = {
    deliver: async (job) => (sent.push(job.channel), { ok: true, detail: 'kept by the test' }),
    close: () => {},
  };
  const env = {
    SMTP_URL: 'smtp://127.0.0.1:2525',
    MAIL_FROM: 'team@example.com',
    REPLY_DOMAIN: 'replies.example.com',
    NOTIFY_POLL_MS: '50',
  };
  return { delivery, env };
}

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

    async function start(
      opts: {
        /** SITE_URL is https: the session cookie is Secure and __Host- prefixed. */
        https?: boolean;
        /** TRUST_PROXY, on unless a test says otherwise, so a test can play callers at several addresses. */
        proxy?: boolean;
        accounts?: string[];
        requireTwoStep?: boolean;
        /** SIGN_IN_RATE_LIMIT_MAX; out of the way unless a test is about it. */
        signInRateLimitMax?: number;
        replyPromise?: boolean;
        mail?: ReturnType<typeof mailSetup>;
      } = {},
    ) {
      const c = clock();
      const store: LeadStore = await fresh.store(c.now);
      for (const email of opts.accounts ?? ['ann@example.com'])
        await store.accounts.createAccount(email, await hashPassword(PASSWORD, TEST_COST));
      fixture = createFixture();
      mkdirSync(join(fixture.clientDir, 'admin/assets'), { recursive: true });
      writeFileSync(join(fixture.clientDir, 'admin/index.html'), INBOX_PAGE);
      writeFileSync(join(fixture.clientDir, 'admin/assets/inbox-abc.js'), 'export {};\n');
      const { replyPromise, ...site } = model!.site;
      server = await startServer({
        buildDir: fixture.root,
        store,
        now: c.now,
        scryptCost: TEST_COST,
        model: {
          forms: model!.forms,
          apiPayloads: model!.apiPayloads,
          savedReplies: model!.savedReplies,
          site: opts.replyPromise ? { ...site, replyPromise } : site,
          ...(opts.mail && { notifications: model!.notifications }),
        },
        ...(opts.mail && { delivery: opts.mail.delivery }),
        env: {
          SITE_URL: opts.https ? 'https://example.com' : 'http://example.com',
          TRUST_PROXY: (opts.proxy ?? true) ? '1' : '0',
          INBOX_REQUIRE_2FA: opts.requireTwoStep ? '1' : '0',
          // The store's own counts are what most tests look at.
          SIGN_IN_RATE_LIMIT_MAX: String(opts.signInRateLimitMax ?? 10_000),
          ...opts.mail?.env,
        },
      });
      return {
        store,
        clock: c,
        b: browser(server.url),
        url: server.url,
        siteUrl: opts.https ? 'https://example.com' : 'http://example.com',
      };
    }

    it('answers a signed-out caller the same whether or not any account exists, and every call 401', async () => {
      const { b } = await start({ accounts: [] });
      const res = await b.call(ADMIN_ROUTES.session);
      expect(res.status).toBe(401);
      const empty = await res.json();
      expect(empty).toEqual({ success: false, error: 'UNAUTHENTICATED', message: 'Sign in to use the leads inbox.' });
      expect((await b.call(ADMIN_ROUTES.leads)).status).toBe(401);
      await server!.close();
      fixture!.cleanup();
      const other = await start();
      expect(await (await other.b.call(ADMIN_ROUTES.session)).json()).toEqual(empty);
    });

    it('signs in with the right password only, with the same answer for an unknown address', async () => {
      // Over plain HTTP with no proxy in front: the cookie without the __Host- prefix.
      const { b } = await start({ proxy: false });

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

    it('lets only accounts with the leads role see or change leads, and tells the others which role they lack', async () => {
      const { b, store } = await start({ accounts: ['ann@example.com', 'cy@example.com'] });
      await store.accounts.setRoles('cy@example.com', ['content']);
      const lead = await store.leads.insertLead(contactLead('Zoe Quill'));

      await b.signIn('cy@example.com');
      const me = await b.json<InboxSession>(ADMIN_ROUTES.session);
      expect(me).toMatchObject({ roles: ['content'], forms: [], team: [] });
      const refusals = await Promise.all([
        b.call(ADMIN_ROUTES.leads),
        b.call(ADMIN_ROUTES.lead(lead.id)),
        b.call(ADMIN_ROUTES.export),
        b.call(ADMIN_ROUTES.audit),
        b.call(ADMIN_ROUTES.conversion),
        b.call(ADMIN_ROUTES.conversionCsv),
        b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { status: 'done' }),
        b.change(ADMIN_ROUTES.notes(lead.id), 'POST', { body: 'Called back.' }),
        b.change(ADMIN_ROUTES.lead(lead.id), 'DELETE'),
      ]);
      expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403, 403]);
      expect(await refusals[0]!.json()).toEqual({
        success: false,
        error: 'ROLE_NEEDED',
        message:
          'This account may not do this: it needs the role "leads" (Sees and works the leads). Ask someone who manages accounts to add it.',
      });
      const untouched = await store.inbox.getLead(lead.id);
      expect(untouched).toMatchObject({ status: 'new', erasedAt: null });
      expect(await store.inbox.listNotes(lead.id)).toEqual([]);

      const ann = browser(server!.url);
      await ann.signIn('ann@example.com');
      expect((await ann.json<InboxSession>(ADMIN_ROUTES.session)).roles).toEqual(['leads']);
      expect((await ann.json<LeadPage>(ADMIN_ROUTES.leads)).leads.map((l) => l.id)).toEqual([lead.id]);
      // A role given is used by the next request of a session already open.
      await store.accounts.setRoles('cy@example.com', ['leads', 'content']);
      expect((await b.call(ADMIN_ROUTES.leads)).status).toBe(200);
    });

    it('over HTTPS the cookie is Secure and __Host- prefixed', async () => {
      const { b } = await start({ https: true });
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

    it('after 5 wrong passwords from one address asks it to wait 30 s, then longer, known account or not, without saying which', async () => {
      const { b, clock: c } = await start();
      for (const email of ['ann@example.com', 'ghost@example.com']) {
        for (let i = 0; i < 5; i++) expect((await b.signIn(email, `wrong password ${i}`)).status).toBe(401);
      }
      const locked = await b.signIn('Ann@Example.com ');
      const ghost = await b.signIn('ghost@example.com');
      expect([locked.status, ghost.status]).toEqual([429, 429]);
      expect(locked.headers.get('retry-after')).toBe('30');
      expect(await ghost.json()).toEqual(await locked.json());
      c.advance(30_000);
      expect((await b.signIn('ann@example.com', 'wrong again')).status).toBe(401);
      expect((await b.signIn('ann@example.com')).headers.get('retry-after')).toBe('60');
      c.advance(60_000);
      expect((await b.signIn('ann@example.com')).status).toBe(204);
    });

    const statuses = (answers: Response[]) => answers.map((a) => a.status).sort();
    const count = (list: number[], status: number) => list.filter((s) => s === status).length;

    it('100 wrong passwords sent at once for one account: 5 are checked, the other 95 refused unchecked', async () => {
      const { b, store } = await start();
      const answers = statuses(await Promise.all(Array.from({ length: 100 }, (_, i) => b.signIn('ann@example.com', `guess number ${i}`))));
      expect([count(answers, 401), count(answers, 429)]).toEqual([5, 95]);
      const failed = (await store.audit.list({ limit: 200 })).filter((e) => e.action === 'sign-in-failed');
      expect(failed).toHaveLength(5);
      expect(failed[0]).toMatchObject({ actor: 'ann@example.com', detail: 'wrong password' });
    });

    it('the right password sent with 49 wrong ones at once does not sign in once the limit is passed', async () => {
      const { b, store } = await start();
      for (let i = 0; i < 5; i++) expect((await b.signIn('ann@example.com', `first guess ${i}`)).status).toBe(401);
      const burst = Array.from({ length: 50 }, (_, i) => (i === 37 ? PASSWORD : `burst guess ${i}`));
      const answers = statuses(await Promise.all(burst.map((p) => b.signIn('ann@example.com', p))));
      expect(count(answers, 429)).toBe(50);
      expect(b.cookie).toBe('');
      expect((await store.audit.list({ limit: 100 })).filter((e) => e.action === 'sign-in')).toHaveLength(0);
    });

    it('a real person signs in from their own address while guesses for the same account pour in from another', async () => {
      const { b, url } = await start();
      const attacker = browser(url);
      const guesses = Array.from({ length: 100 }, (_, i) => attacker.signIn('Ann@example.com ', `guess ${i}`, '203.0.113.9'));
      const [real, ...wrong] = await Promise.all([b.signIn('ann@example.com', PASSWORD, '198.51.100.7'), ...guesses]);
      expect(real!.status).toBe(204);
      expect(count(statuses(wrong), 401)).toBe(5);
      // And after the attack, still, from their own address.
      expect((await b.signIn('ann@example.com', PASSWORD, '198.51.100.7')).status).toBe(204);
      expect(attacker.cookie).toBe('');
    });

    // 200 password checks: a few seconds alone, more on a busy machine.
    it(
      'locks an account for everyone only after 200 guesses from many addresses, and says so in the audit log',
      { timeout: 120_000 },
      async () => {
        const { b, store } = await start();
        for (let a = 0; a < 40; a++)
          await Promise.all(Array.from({ length: 5 }, (_, i) => b.signIn('ann@example.com', `spread ${a} ${i}`, `192.0.2.${a + 1}`)));
        const locked = await b.signIn('ann@example.com', PASSWORD, '198.51.100.7');
        expect(locked.status).toBe(429);
        expect(locked.headers.get('retry-after')).toBe('3600');
        const lock = (await store.audit.list({ limit: 300 })).filter((e) => e.action === 'lock');
        expect(lock).toEqual([expect.objectContaining({ actor: 'ann@example.com', detail: expect.stringContaining('200 attempts') })]);
      },
    );

    it('refuses more than 20 sign-in requests a minute from one address before looking at them', async () => {
      // express-rate-limit's MemoryStore reads Date.now(); only the clock is faked, sockets keep real timers.
      vi.useFakeTimers({ toFake: ['Date'] });
      onTestFinished(() => void vi.useRealTimers());
      const { b, clock: c } = await start({ signInRateLimitMax: 20 });
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push((await b.signIn(`person${i}@example.com`, 'whatever it is')).status);
      expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
      const refused = await b.signIn('ann@example.com');
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toBe('RATE_LIMITED');
      expect((await b.signIn('ann@example.com', PASSWORD, '198.51.100.7')).status).toBe(204);
      c.advance(60_000);
      vi.advanceTimersByTime(60_000);
      expect((await b.signIn('ann@example.com')).status).toBe(204);
    });

    it('sets up two-step sign-in, then asks for a code, refuses a code used once already and takes each recovery code once', async () => {
      const { b, store, clock: c, url } = await start();
      const passwordOnly = browser(url);
      await passwordOnly.signIn('ann@example.com');
      await b.signIn('ann@example.com');
      const offer = (await (await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: PASSWORD })).json()) as TwoStepOffer;
      expect(offer.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(offer.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect((await b.change(ADMIN_ROUTES.twoStepConfirm, 'POST', { code: '000000' })).status).toBe(422);
      const confirmed = await b.change(ADMIN_ROUTES.twoStepConfirm, 'POST', { code: currentCode(offer.secret, c.now()) });
      expect(confirmed.status).toBe(200);
      const { recoveryCodes } = (await confirmed.json()) as TwoStepConfirmed;
      expect(recoveryCodes).toHaveLength(10);
      expect((await b.json<LeadPage>(ADMIN_ROUTES.leads)).leads).toEqual([]);
      // A session signed in with the password alone ends once two-step sign-in is on.
      expect((await passwordOnly.call(ADMIN_ROUTES.leads)).status).toBe(401);

      c.advance(30_000);
      const phone = browser(url);
      expect((await phone.signIn('ann@example.com')).status).toBe(204);
      expect(await phone.json<InboxSession>(ADMIN_ROUTES.session)).toMatchObject({ pending: 'code', forms: [] });
      expect((await phone.call(ADMIN_ROUTES.leads)).status).toBe(403);
      const code = currentCode(offer.secret, c.now());
      expect((await phone.change(ADMIN_ROUTES.signInCode, 'POST', { code: '123' })).status).toBe(401);
      const before = phone.cookie;
      expect((await phone.change(ADMIN_ROUTES.signInCode, 'POST', { code })).status).toBe(204);
      expect(phone.cookie).not.toBe(before);
      expect((await phone.call(ADMIN_ROUTES.leads)).status).toBe(200);

      // The same code, in the same 30 seconds, from someone who watched it typed: refused.
      const watcher = browser(url);
      await watcher.signIn('ann@example.com');
      expect((await watcher.change(ADMIN_ROUTES.signInCode, 'POST', { code })).status).toBe(401);
      expect((await watcher.change(ADMIN_ROUTES.signInCode, 'POST', { recoveryCode: recoveryCodes[0]!.toUpperCase() })).status).toBe(204);
      expect((await watcher.call(ADMIN_ROUTES.leads)).status).toBe(200);
      const again = browser(url);
      await again.signIn('ann@example.com');
      expect((await again.change(ADMIN_ROUTES.signInCode, 'POST', { recoveryCode: recoveryCodes[0] })).status).toBe(401);
      expect((await again.call(ADMIN_ROUTES.leads)).status).toBe(403);

      const log = await store.audit.list({ limit: 50 });
      expect(log.filter((e) => e.action === 'two-step').map((e) => e.detail)).toEqual([
        'two-step sign-in turned on; new recovery codes made; 1 other session ended',
      ]);
      expect(log.some((e) => e.detail === 'signed in with a recovery code (9 left)')).toBe(true);
      expect(JSON.stringify(log)).not.toContain(recoveryCodes[0]);
      expect(JSON.stringify(log)).not.toContain(code);
    });

    it('asks for the password to set up, replace or remove an app, and for the current code once there is one', async () => {
      const { b, store, clock: c, url } = await start();
      await b.signIn('ann@example.com');
      const { id } = (await store.accounts.findAccount('ann@example.com'))!;
      const errorOf = async (res: Response) => ({ status: res.status, error: ((await res.json()) as { error: string }).error });

      // A session alone (a stolen cookie) cannot set up its own app.
      expect((await b.change(ADMIN_ROUTES.twoStepStart, 'POST')).status).toBe(400);
      expect((await b.change(ADMIN_ROUTES.twoStepStart, 'POST', {})).status).toBe(400);
      expect(await errorOf(await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: 'a guess at it' }))).toEqual({
        status: 422,
        error: 'WRONG_PASSWORD',
      });
      expect((await store.accounts.findAccount('ann@example.com'))!.totpPending).toBeNull();
      const first = (await (await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: PASSWORD })).json()) as TwoStepOffer;
      expect((await b.change(ADMIN_ROUTES.twoStepConfirm, 'POST', { code: currentCode(first.secret, c.now()) })).status).toBe(200);

      // Replacing the app: the password and a code from the app in use.
      c.advance(30_000);
      expect((await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: PASSWORD })).status).toBe(400);
      expect(await errorOf(await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: PASSWORD, code: '000000' }))).toEqual({
        status: 422,
        error: 'WRONG_CODE',
      });
      expect(
        await errorOf(await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: 'a guess', code: currentCode(first.secret, c.now()) })),
      ).toEqual({ status: 422, error: 'WRONG_PASSWORD' });
      const second = await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: PASSWORD, code: currentCode(first.secret, c.now()) });
      expect(second.status).toBe(200);
      const replacement = (await second.json()) as TwoStepOffer;
      const replaced = await b.change(ADMIN_ROUTES.twoStepConfirm, 'POST', { code: currentCode(replacement.secret, c.now()) });
      expect(replaced.status).toBe(200);
      expect((await store.accounts.findAccount('ann@example.com'))!.totpSecret).toBe(replacement.secret);
      expect(await store.accounts.unusedRecoveryCodes(id)).toBe(10);

      // Removing it: the password and the current code, each refused alone.
      c.advance(30_000);
      const code = currentCode(replacement.secret, c.now());
      expect((await b.change(ADMIN_ROUTES.twoStepRemove, 'POST', { code })).status).toBe(400);
      expect(await errorOf(await b.change(ADMIN_ROUTES.twoStepRemove, 'POST', { password: 'a guess', code }))).toEqual({
        status: 422,
        error: 'WRONG_PASSWORD',
      });
      expect((await b.change(ADMIN_ROUTES.twoStepRemove, 'POST', { password: PASSWORD })).status).toBe(400);
      expect((await b.change(ADMIN_ROUTES.twoStepRemove, 'POST', { password: PASSWORD, code: '000000' })).status).toBe(422);
      expect((await store.accounts.findAccount('ann@example.com'))!.totpSecret).toBe(replacement.secret);
      expect((await b.change(ADMIN_ROUTES.twoStepRemove, 'POST', { password: PASSWORD, code })).status).toBe(204);
      expect((await store.accounts.findAccount('ann@example.com'))!.totpSecret).toBeNull();
      // The session kept working throughout: a wrong password here is not a sign-out.
      expect((await b.call(ADMIN_ROUTES.leads)).status).toBe(200);
      expect((await browser(url).signIn('ann@example.com')).status).toBe(204);

      const log = await store.audit.list({ limit: 50 });
      expect(log.filter((e) => e.action === 'two-step').map((e) => e.detail)).toEqual([
        'two-step sign-in turned off',
        'two-step sign-in moved to a new app; new recovery codes made; 0 other sessions ended',
        'two-step sign-in turned on; new recovery codes made; 0 other sessions ended',
      ]);
      expect(log.filter((e) => e.action === 'sign-in-failed' && e.detail === 'wrong password')).toHaveLength(3);
    });

    it('stops guessing second-step codes after 5 wrong ones with a growing wait', async () => {
      const { b, store, clock: c } = await start();
      const { id } = (await store.accounts.findAccount('ann@example.com'))!;
      await store.accounts.offerTotp(id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
      await store.accounts.confirmTotp(id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 0, []);
      await b.signIn('ann@example.com');
      const answers = statuses(
        await Promise.all(Array.from({ length: 30 }, (_, i) => b.change(ADMIN_ROUTES.signInCode, 'POST', { code: String(100000 + i) }))),
      );
      expect([count(answers, 401), count(answers, 429)]).toEqual([5, 25]);
      const right = await b.change(ADMIN_ROUTES.signInCode, 'POST', { code: currentCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', c.now()) });
      expect(right.status).toBe(429);
    });

    it('with two-step sign-in required, a session without it reaches only the set-up', async () => {
      const { b, clock: c } = await start({ requireTwoStep: true });
      expect((await b.signIn('ann@example.com')).status).toBe(204);
      expect(await b.json<InboxSession>(ADMIN_ROUTES.session)).toMatchObject({ pending: 'enrol' });
      for (const path of [ADMIN_ROUTES.leads, ADMIN_ROUTES.audit, ADMIN_ROUTES.export, ADMIN_ROUTES.sessions]) {
        const refused = await b.call(path);
        expect(refused.status, path).toBe(403);
        expect((await refused.json()).error).toBe('SECOND_STEP_NEEDED');
      }
      expect((await b.change(ADMIN_ROUTES.signInCode, 'POST', { code: '123456' })).status).toBe(403);
      const offer = (await (await b.change(ADMIN_ROUTES.twoStepStart, 'POST', { password: PASSWORD })).json()) as TwoStepOffer;
      expect((await b.change(ADMIN_ROUTES.twoStepConfirm, 'POST', { code: currentCode(offer.secret, c.now()) })).status).toBe(200);
      expect((await b.call(ADMIN_ROUTES.leads)).status).toBe(200);
      expect((await b.change(ADMIN_ROUTES.twoStepRemove, 'POST', { code: '000000' })).status).toBe(409);
    });

    it('lists your sessions with browser and hashed address, signs out everywhere else, and ends any session after 7 days', async () => {
      const { b, url, store, clock: c } = await start();
      await b.call(ADMIN_ROUTES.signIn, {
        method: 'POST',
        headers: {
          ...JSON_CHANGE,
          'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
          'X-Forwarded-For': '198.51.100.7',
        },
        body: JSON.stringify({ email: 'ann@example.com', password: PASSWORD }),
      });
      const other = browser(url);
      c.advance(1000);
      await other.signIn('ann@example.com', PASSWORD, '203.0.113.50');
      const { sessions } = await b.json<SessionList>(ADMIN_ROUTES.sessions);
      expect(sessions).toHaveLength(2);
      const mine = sessions.find((s) => s.current)!;
      expect(mine.browser).toBe('Firefox on Linux');
      expect(mine.address).toMatch(/^[0-9a-f]{8}$/);
      expect(JSON.stringify(sessions)).not.toContain('198.51.100.7');
      expect(await (await b.change(ADMIN_ROUTES.endOtherSessions, 'POST')).json()).toEqual({ ended: 1 });
      expect((await other.call(ADMIN_ROUTES.leads)).status).toBe(401);
      expect((await store.audit.list({ limit: 1 }))[0]).toMatchObject({
        action: 'sign-out',
        detail: expect.stringContaining('1 other session'),
      });
      // In use every 11 hours, so never idle: still over after 7 days.
      for (let h = 0; h < 7 * 24 - 11; h += 11) {
        c.advance(11 * 3600_000);
        expect((await b.call(ADMIN_ROUTES.session)).status).toBe(200);
      }
      c.advance(11 * 3600_000);
      expect((await b.call(ADMIN_ROUTES.session)).status).toBe(401);
    });

    it('lists, filters, searches and pages, newest first', async () => {
      const { b, store, clock: c } = await start();
      const made = [];
      for (let i = 0; i < 55; i++) {
        c.advance(1000);
        made.push(await store.leads.insertLead(contactLead(`Person ${i} Smith`)));
      }
      c.advance(1000);
      const alice = await store.leads.insertLead(contactLead('Alice Zyx'));
      await b.signIn('ann@example.com');

      const first = await b.json<LeadPage>(ADMIN_ROUTES.leads);
      expect(first.leads).toHaveLength(50);
      expect(first.leads[0]).toMatchObject({
        id: alice.id,
        name: 'Alice Zyx',
        email: 'alice@example.com',
        urgency: optionTitleOf('urgency', 'urgent'),
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
      expect((await bad.json()).message).toMatch(/status must be one of new, in_progress, done, open\. from must be a date/);
    });

    it('gives each lead the due time of the site promise, lists it as overdue once past it, and stops its clock at a reply, not when it is taken on', async () => {
      // Mon 2 Mar 2026, 2:00 PST: outside support hours, so the answer is due at 8:00 PST (6:00 + 2 hours).
      const { b, clock: c } = await start({ replyPromise: true, mail: mailSetup() });
      await b.signIn('ann@example.com');
      const posted = await b.call('/api/contact', {
        method: 'POST',
        headers: { ...JSON_CHANGE, 'X-Form-Id': 'contact-us' },
        body: JSON.stringify({
          name: 'Dana Whitfield',
          email: 'dana@example.com',
          inquiryType: 'takedown',
          serviceInterest: 'takedown',
          subject: 'Photos',
          message: 'My photos are copied.',
        }),
      });
      expect(posted.status).toBe(201);
      const { data } = (await posted.json()) as { data: { id: string } };
      const listed = async (due: string) => (await b.json<LeadPage>(`${ADMIN_ROUTES.leads}?due=${due}`)).leads.map((l) => l.id);
      expect((await b.json<LeadDetail>(ADMIN_ROUTES.lead(data.id))).lead).toMatchObject({
        dueAt: '2026-03-02T16:00:00.000Z',
        firstAnsweredAt: null,
      });
      expect(await listed('overdue')).toEqual([]);
      c.advance(5.75 * 3_600_000);
      expect(await listed('soon')).toEqual([data.id]);
      c.advance(0.5 * 3_600_000);
      expect(await listed('overdue')).toEqual([data.id]);
      expect(await listed('soon')).toEqual([]);
      // Taking the lead on answers nobody: it stays overdue until a reply is sent.
      const taken = await b.change(ADMIN_ROUTES.lead(data.id), 'PATCH', { status: 'in_progress' });
      expect(((await taken.json()) as LeadDetail).lead.firstAnsweredAt).toBeNull();
      const replied = await b.change(ADMIN_ROUTES.replies(data.id), 'POST', { subject: 'Your photos', body: 'We are on it.' });
      expect(replied.status).toBe(200);
      expect(((await replied.json()) as LeadDetail).lead.firstAnsweredAt).toBe('2026-03-02T16:15:00.000Z');
      expect(await listed('overdue')).toEqual([]);
      const bad = await b.call(`${ADMIN_ROUTES.leads}?due=late`);
      expect((await bad.json()).message).toBe('due must be one of overdue, soon.');
    });

    it('replies from a lead with a saved reply filled for it, records who sent what, and refuses what cannot be sent', async () => {
      const delivered: string[] = [];
      const { b, store } = await start({ mail: mailSetup(delivered) });
      const lead = await store.leads.insertLead(
        contactLead('Dana Whitfield', {
          email: 'dana@example.com',
          message: 'Copies at https://copies.example.net/a and https://b.example.org/x.',
        }),
      );
      const silent = await store.leads.insertLead(contactLead('No Address', { email: undefined }));
      await b.signIn('ann@example.com');
      const detail = await b.json<LeadDetail>(ADMIN_ROUTES.lead(lead.id));
      expect(detail.reply).toMatchObject({ to: 'dana@example.com', blocked: null });
      const saved = model!.savedReplies!;
      expect(detail.savedReplies.map((r) => r.id)).toEqual(saved.replies.map((r) => r.id));
      const withLinks = detail.savedReplies.find((r) => saved.replies.find((x) => x.id === r.id)!.body.includes('{{links}}'))!;
      expect(withLinks.body).toContain('Dana Whitfield');
      expect(withLinks.body).toContain('https://copies.example.net/a\nhttps://b.example.org/x');
      expect(withLinks.body).not.toMatch(/\{\{/);

      expect((await b.change(ADMIN_ROUTES.replies(lead.id), 'POST', { subject: 'Hi', body: '  ' })).status).toBe(400);
      expect((await b.change(ADMIN_ROUTES.replies(silent.id), 'POST', { subject: 'Hi', body: 'Hello' })).status).toBe(409);
      const sent = await b.change(ADMIN_ROUTES.replies(lead.id), 'POST', { subject: withLinks.subject, body: withLinks.body });
      expect(sent.status).toBe(200);
      const after = (await sent.json()) as LeadDetail;
      expect(after.messages).toEqual([
        expect.objectContaining({ direction: 'out', author: 'ann@example.com', subject: withLinks.subject, body: withLinks.body.trim() }),
      ]);
      expect(after.notifications.filter((n) => n.channel === 'reply')).toHaveLength(1);
      // Queued, and sent by the server's worker: once.
      // The worker looks at the outbox once a second (NOTIFY_POLL_MS), as long as waitFor's default wait.
      await vi.waitFor(() => expect(delivered.filter((channel) => channel === 'reply')).toHaveLength(1), { timeout: 5_000 });
      const log = await b.json<AuditPage>(ADMIN_ROUTES.audit);
      expect(log.entries.find((e) => e.action === 'reply')).toMatchObject({ actor: 'ann@example.com', leadId: lead.id });
    });

    it('says why a lead cannot be answered when e-mail is not set up', async () => {
      const { b, store } = await start();
      const lead = await store.leads.insertLead(contactLead('Dana Whitfield', { email: 'dana@example.com' }));
      await b.signIn('ann@example.com');
      const detail = await b.json<LeadDetail>(ADMIN_ROUTES.lead(lead.id));
      expect(detail.reply.blocked).toMatch(/SMTP_URL and MAIL_FROM/);
      const refused = await b.change(ADMIN_ROUTES.replies(lead.id), 'POST', { subject: 'Hi', body: 'Hello' });
      expect(refused.status).toBe(409);
      expect(await store.inbox.listMessages(lead.id)).toEqual([]);
    });

    it('assigns a lead to an inbox account only, lists it under mine for that account, and names the team in the session', async () => {
      const { b, store } = await start({ accounts: ['ann@example.com', 'bob@example.com'] });
      const lead = await store.leads.insertLead(contactLead('Owen Owner'));
      await b.signIn('ann@example.com');
      expect((await b.json<InboxSession>(ADMIN_ROUTES.session)).team).toEqual(['ann@example.com', 'bob@example.com']);
      const refused = await b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { assignee: 'eve@example.com' });
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe('assignee must be the address of an inbox account, or null.');
      const given = await b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { assignee: 'bob@example.com' });
      expect(((await given.json()) as LeadDetail).lead.assignee).toBe('bob@example.com');
      expect((await b.json<LeadPage>(`${ADMIN_ROUTES.leads}?owner=mine`)).leads).toEqual([]);
      await b.change(ADMIN_ROUTES.lead(lead.id), 'PATCH', { assignee: 'ann@example.com' });
      expect((await b.json<LeadPage>(`${ADMIN_ROUTES.leads}?owner=mine`)).leads.map((l) => l.id)).toEqual([lead.id]);
      expect((await b.json<LeadPage>(`${ADMIN_ROUTES.leads}?owner=unassigned`)).leads).toEqual([]);
    });

    it('shows a lead with its fields as the form labels them, and audits the view', async () => {
      const { b, store } = await start();
      const lead = await store.leads.insertLead(contactLead('Rita \u202Eevil', { message: '<script>alert(1)</script>' }));
      await b.signIn('ann@example.com');
      const detail = await b.json<LeadDetail>(ADMIN_ROUTES.lead(lead.id));
      const labels = Object.fromEntries(detail.fields.map((f) => [f.name, f.label]));
      expect(labels.email).toBe((contactForm.fields.properties as Record<string, { title: string }>).email!.title);
      // Shown as text by the page; a direction override is written out instead of turning the text round.
      expect(detail.lead.name).toBe('Rita \\u202Eevil');
      expect(detail.fields.find((f) => f.name === 'message')!.value).toBe('<script>alert(1)</script>');
      expect(detail.meta.endpoint).toBe('/api/contact');
      expect((await store.audit.list({ limit: 5 }))[0]).toMatchObject({ action: 'view', leadId: lead.id, actor: 'ann@example.com' });
      expect((await b.call(ADMIN_ROUTES.lead('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
      expect((await b.call(ADMIN_ROUTES.lead('nonsense'))).status).toBe(404);
    });

    it('changes status and spam, adds notes, erases, and the audit log says who did each', async () => {
      const { b, store } = await start();
      const lead = await store.leads.insertLead(contactLead('Erin Example'));
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
      await store.leads.insertLead(contactLead('Plain Person'));
      const risky = await store.leads.insertLead(contactLead('Formula Fan', { name: '=HYPERLINK("http://evil.example","x")' }));
      await store.inbox.changeLead(risky.id, { status: 'done' }, 'ann@example.com');
      await b.signIn('ann@example.com');
      const res = await b.call(`${ADMIN_ROUTES.export}?status=done`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-03-02.csv"');
      const rows = (await res.text()).trimEnd().split('\r\n');
      const header = rows[0]!.split(',');
      // Each time twice, in the team's zone (UTC here) and as ISO; then a column per form field under its label.
      expect(header.slice(0, 3)).toEqual(['id', 'received (UTC)', 'receivedAt']);
      for (const field of ['name', 'urgency', 'inquiryType', 'message']) expect(header).toContain(contactFields[field]!.title);
      expect(header).not.toContain('payload');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain(risky.id);
      // The name column: a spreadsheet shows the text instead of running it.
      expect(rows[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
      expect(rows[1]).not.toContain('Plain Person');
      // Choices as the visitor read them, under the field's label.
      expect(rows[1]).toContain(csvCell(optionTitleOf('urgency', 'urgent')));
      expect(rows[1]).toContain(csvCell(optionTitleOf('inquiryType', 'takedown')));
      expect((await store.audit.list({ limit: 1 }))[0]).toMatchObject({
        action: 'export',
        detail: '1 leads exported, filter: status=done',
      });
    });

    it('answers a lead or the export only to the inbox itself: a picture or page naming them reads and logs nothing', async () => {
      const { b, store } = await start();
      const lead = await store.leads.insertLead(contactLead('Ann Picture'));
      await b.signIn('ann@example.com');
      const logged = async () => (await store.audit.list({ limit: 100 })).filter((e) => e.action !== 'sign-in').length;
      const before = await logged();
      // What a browser sends for <img src>, a frame, a page navigated to, and a client that says nothing.
      const foreign: Array<Record<string, string>> = [
        { 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors' },
        { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'same-origin' },
        { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'cross-site' },
        {},
      ];
      for (const headers of foreign)
        for (const path of [`${ADMIN_ROUTES.export}?q=ann`, ADMIN_ROUTES.lead(lead.id)]) {
          const res = await b.call(path, { headers: { 'X-Requested-With': '', ...headers } });
          expect(res.status, `${path} with ${JSON.stringify(headers)}`).toBe(403);
          expect(await res.text()).not.toContain('Ann Picture');
        }
      expect(await logged()).toBe(before);
      // The inbox's own fetch, and its export link's download (Sec-Fetch-Dest: empty from the same origin), are answered and logged.
      const own = { 'X-Requested-With': '', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' };
      expect((await b.call(`${ADMIN_ROUTES.export}?q=ann`, { headers: own })).status).toBe(200);
      expect((await b.call(ADMIN_ROUTES.lead(lead.id))).status).toBe(200);
      expect((await store.audit.list({ limit: 2 })).map((e) => e.action)).toEqual(['view', 'export']);
    });

    it('gives the conversion report for a period, as JSON and CSV, refuses a period that is no period, and audits a filtered export by filter names only', async () => {
      const { b, store } = await start();
      const lead = await store.leads.insertLead({
        ...contactLead('Campaign Visitor'),
        source: {
          page: '/contact-us',
          utmSource: 'newsletter',
          utmMedium: null,
          utmCampaign: 'november',
          referrerHost: 'news.example.com',
        },
      });
      await store.views.addViewCounts({ pages: [{ day: '2026-03-02', path: '/contact-us', views: 40 }], campaigns: [], referrers: [] });
      await b.signIn('ann@example.com');
      const report = await b.json<ConversionReport>(`${ADMIN_ROUTES.conversion}?from=2026-03-01&to=2026-03-02`);
      expect(report.pages).toEqual([{ path: '/contact-us', views: 40, leads: 1, rate: 0.025 }]);
      expect(report.campaigns).toEqual([
        { utmSource: 'newsletter', utmMedium: null, utmCampaign: 'november', views: 0, leads: 1, rate: null },
      ]);
      // Without a period: the last 30 days, today (2 March) included.
      expect(await b.json<ConversionReport>(ADMIN_ROUTES.conversion)).toMatchObject({ from: '2026-02-01', to: '2026-03-02' });
      const csv = await b.call(`${ADMIN_ROUTES.conversionCsv}?from=2026-03-01&to=2026-03-02`);
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="conversion-2026-03-01-to-2026-03-02.csv"');
      expect((await csv.text()).split('\r\n').slice(0, 2)).toEqual([
        'table,name,views,leads,rate,new,inProgress,done,spam,promised,answeredInTime',
        'page,/contact-us,40,1,0.0250,,,,,,',
      ]);
      for (const bad of ['from=2026-3-1', 'from=2026-03-05&to=2026-03-01', 'from=2020-01-01&to=2026-03-01']) {
        const res = await b.call(`${ADMIN_ROUTES.conversion}?${bad}`);
        expect(res.status, bad).toBe(400);
      }
      const res = await b.call(`${ADMIN_ROUTES.export}?campaign=november&referrer=news.example.com&page=%2Fcontact-us`);
      expect(await res.text()).toContain(lead.id);
      expect((await store.audit.list({ limit: 1 }))[0]).toMatchObject({ detail: '1 leads exported, filter: page, campaign, referrer' });
    });

    it("an export searched by a visitor's address is audited with the filter's name, never the address", async () => {
      const { b, store } = await start();
      const lead = await store.leads.insertLead(contactLead('Quentin Searchable'));
      await b.signIn('ann@example.com');
      const res = await b.call(`${ADMIN_ROUTES.export}?status=new&q=${encodeURIComponent('quentin@example.com')}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(lead.id);
      const [entry] = await store.audit.list({ limit: 1 });
      expect(entry).toMatchObject({ action: 'export', detail: '1 leads exported, filter: status=new, q' });
      await store.inbox.eraseLead(lead.id, 'ann@example.com');
      const log = JSON.stringify(await store.audit.list({ limit: 100 }));
      for (const value of ['quentin', 'Quentin', 'Searchable']) expect(log).not.toContain(value);
    });

    it('refuses changes without the inbox header or from another origin, and answers 401 before anything else signed out', async () => {
      const { b, store, siteUrl } = await start();
      const lead = await store.leads.insertLead(contactLead('Cross Site'));
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
      expect((await store.inbox.getLead(lead.id))!.erasedAt).toBeNull();
      // The page's own origin, and the site's public one (the server may sit behind a proxy), are accepted.
      for (const origin of [server!.url, siteUrl]) {
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
