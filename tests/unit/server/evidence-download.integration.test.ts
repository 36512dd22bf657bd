/**
 * The inbox's evidence routes over HTTP: only a signed-in account with the leads role lists or
 * downloads a request's files; a download is an attachment of a fixed type, named by its place,
 * never rendered; it is audited; and an erased lead has nothing left to download.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVIDENCE_ROUTES, type EvidenceList } from '../../../contracts/evidence-contract';
import { ADMIN_ROUTES } from '../../../contracts/inbox-contract';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { hashPassword, type ScryptCost } from '../../../server/admin/passwords';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

const TEST_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };
const PASSWORD = 'correct horse battery staple';
const INBOX = { 'X-Requested-With': 'XMLHttpRequest' };
// An SVG with script, kept as a PDF would be if a check were missed: the download must never render it.
const pdf = Buffer.from('%PDF-1.7\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n');

describe('evidence downloads', { timeout: 30_000 }, () => {
  let fixture: Fixture | undefined;
  let server: Running | undefined;
  let store: LeadStore | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.close();
    fixture?.cleanup();
    server = fixture = store = undefined;
  });

  async function start() {
    fixture = createFixture();
    store = createSqliteStore({ file: join(fixture.root, 'leads.sqlite') });
    await store.init();
    for (const email of ['ann@example.com', 'cy@example.com'])
      await store.accounts.createAccount(email, await hashPassword(PASSWORD, TEST_COST));
    await store.accounts.setRoles('cy@example.com', ['content', 'accounts']);
    mkdirSync(join(fixture.clientDir, 'admin'), { recursive: true });
    writeFileSync(join(fixture.clientDir, 'admin/index.html'), '<!doctype html><title>Inbox</title>');
    server = await startServer({
      buildDir: fixture.root,
      store,
      scryptCost: TEST_COST,
      model: { forms: model!.forms, apiPayloads: model!.apiPayloads },
      env: { SITE_URL: 'http://example.com', SIGN_IN_RATE_LIMIT_MAX: '10000' },
    });
    const lead = await store.leads.insertLead({ endpoint: '/api/notice', formType: 'notice', payload: { note: 'a request' } });
    await store.evidence.saveEvidence(lead.id, [
      { position: 1, fileName: 'proof "of" copy\u202E.pdf', mediaType: 'application/pdf', bytes: pdf },
    ]);
    return { lead, url: server.url };
  }

  async function signIn(url: string, email: string): Promise<string> {
    const res = await fetch(url + ADMIN_ROUTES.signIn, {
      method: 'POST',
      headers: { ...INBOX, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(204);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  it('lists and sends the file to the leads role only, as an attachment that is never rendered', async () => {
    const { lead, url } = await start();
    const list = EVIDENCE_ROUTES.list(lead.id);
    const file = EVIDENCE_ROUTES.file(lead.id, 1);

    const signedOut = await Promise.all([fetch(url + list, { headers: INBOX }), fetch(url + file, { headers: INBOX })]);
    expect(signedOut.map((r) => r.status)).toEqual([401, 401]);

    const cy = await signIn(url, 'cy@example.com');
    const refused = await Promise.all([
      fetch(url + list, { headers: { ...INBOX, Cookie: cy } }),
      fetch(url + file, { headers: { ...INBOX, Cookie: cy } }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([403, 403]);
    expect(await refused[1]!.json()).toMatchObject({ error: 'ROLE_NEEDED' });

    const ann = await signIn(url, 'ann@example.com');
    const listed = await fetch(url + list, { headers: { ...INBOX, Cookie: ann } });
    expect(listed.status).toBe(200);
    const { files } = (await listed.json()) as EvidenceList;
    expect(files).toEqual([
      {
        position: 1,
        fileName: 'proof "of" copy\u202E.pdf',
        mediaType: 'application/pdf',
        size: pdf.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        createdAt: expect.any(String),
      },
    ]);

    // The inbox's download link: a same-origin download, Sec-Fetch-Dest empty.
    const download = await fetch(url + file, { headers: { Cookie: ann, 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'same-origin' } });
    expect(download.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), pdf)).toBe(0);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    // Named by its place and type: nothing the visitor typed reaches a header.
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="evidence-1.pdf"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(download.headers.get('cache-control')).toBe('no-store');

    const audit = await store!.audit.listLead(lead.id);
    expect(audit.filter((e) => e.action === 'export')).toEqual([
      expect.objectContaining({
        actor: 'ann@example.com',
        detail: expect.stringMatching(/^evidence file 1 downloaded \(SHA-256 [0-9a-f]{16}…\)$/),
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain('proof');
  });

  it('refuses a page elsewhere that embeds or frames the address, even with the cookie', async () => {
    const { lead, url } = await start();
    const ann = await signIn(url, 'ann@example.com');
    for (const headers of [
      { 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'cross-site' },
    ])
      expect((await fetch(url + EVIDENCE_ROUTES.file(lead.id, 1), { headers: { Cookie: ann, ...headers } })).status).toBe(403);
    expect((await store!.audit.listLead(lead.id)).filter((e) => e.action === 'export')).toEqual([]);
  });

  it('answers 404 for a place with no file, a place that is none, an unknown lead, and once the lead is erased', async () => {
    const { lead, url } = await start();
    const ann = await signIn(url, 'ann@example.com');
    const get = (path: string) => fetch(url + path, { headers: { ...INBOX, Cookie: ann } });
    const other = '00000000-0000-4000-8000-000000000000';
    const statuses = await Promise.all(
      [
        EVIDENCE_ROUTES.file(lead.id, 2),
        `${EVIDENCE_ROUTES.list(lead.id)}/01`,
        `${EVIDENCE_ROUTES.list(lead.id)}/x`,
        EVIDENCE_ROUTES.list(other),
        EVIDENCE_ROUTES.file(other, 1),
      ].map(async (p) => (await get(p)).status),
    );
    expect(statuses).toEqual([404, 404, 404, 404, 404]);

    const erased = await fetch(url + ADMIN_ROUTES.lead(lead.id), { method: 'DELETE', headers: { ...INBOX, Cookie: ann } });
    expect(erased.status).toBe(200);
    expect((await get(EVIDENCE_ROUTES.file(lead.id, 1))).status).toBe(404);
    expect(((await (await get(EVIDENCE_ROUTES.list(lead.id))).json()) as EvidenceList).files).toEqual([]);
  });
});
