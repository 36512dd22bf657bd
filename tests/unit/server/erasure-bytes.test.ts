/**
 * Erased means gone from the bytes: the SQLite file and its -wal after an erasure, a backup taken
 * after it, and the audit log. Each value is first shown to be in the file, so the search can fail.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite } from '../../../scripts/leads-backup';
import { chooseStore } from '../../../server/store/store-choice';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import type { NewLead } from '../../../server/store/types';

const VISITOR = {
  name: 'Ottoline Quarzwyck',
  email: 'ottoline.quarzwyck@mailbox.example',
  // Long enough to spill onto overflow pages, which are freed rather than rewritten in place.
  message: `My watercolour zephyrmoth was copied. ${'zephyrmoth-sketch '.repeat(400)}`,
};
const NOTE = 'Called back: prefers Fridays, xylocarp';
const KEY = 'idem-kjhgfdsa-4711';
const THROTTLE = 'auto-reply:Throttle-Key-9f8e7d6c';
const AUTO_REPLY_SUBJECT = 'Thanks Ottoline Quarzwyck';

/** Every value of the lead as it could sit in the file: as sent, and as the lower-case search words. */
const VALUES = [VISITOR.name, VISITOR.email, 'zephyrmoth', 'quarzwyck', NOTE, 'xylocarp', KEY, THROTTLE, AUTO_REPLY_SUBJECT];

const lead: NewLead = {
  endpoint: '/api/contact',
  formType: 'contact',
  formId: 'contact-us',
  payload: VISITOR,
  idempotencyKey: KEY,
  ipHash: 'ip-hash-5e5e5e',
  userAgent: 'Mozilla/5.0 (Quarzwyck Browser)',
  notifications: [
    { channel: 'email', rule: 'default', data: { to: ['team@example.com'], subject: `New lead: ${VISITOR.name}` } },
    {
      channel: 'auto-reply',
      rule: 'auto-reply',
      data: { to: VISITOR.email, subject: AUTO_REPLY_SUBJECT, text: 'We got it.' },
      throttle: { key: THROTTLE, seconds: 3600 },
    },
  ],
};

/** Other people's leads around the erased one, so its pages are shared and stay in use. */
const neighbour = (i: number): NewLead => ({
  endpoint: '/api/contact',
  formType: 'contact',
  payload: { name: `Neighbour ${i}`, email: `n${i}@example.com`, message: `Kept message ${i}` },
  idempotencyKey: `neighbour-${i}`,
});

function bytesOf(file: string): Buffer {
  return existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
}

/** The values found in the files (UTF-8, as SQLite stores text). */
function found(files: readonly string[]): string[] {
  const all = Buffer.concat(files.map(bytesOf));
  return VALUES.filter((v) => all.includes(Buffer.from(v, 'utf8')));
}

let dir: string;
let file: string;
let store: SqliteLeadStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'erasure-bytes-'));
  file = join(dir, 'leads.sqlite');
  store = createSqliteStore({ file });
  await store.init();
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an erased lead on the SQLite store', () => {
  it('leaves none of its values in the database file or its -wal once erased', async () => {
    for (let i = 0; i < 20; i++) await store.leads.insertLead(neighbour(i));
    const stored = await store.leads.insertLead(lead);
    for (let i = 20; i < 40; i++) await store.leads.insertLead(neighbour(i));
    expect(await store.inbox.addNote(stored.id, 'ann@example.com', NOTE)).not.toBeNull();
    await store.audit.add({ actor: 'ann@example.com', action: 'export', leadId: null, detail: '1 leads exported, filter: q' });
    // A morning digest that lists the lead by name, as the team's e-mail does.
    const listed = (leads: ReadonlyArray<{ id: string; payload: Record<string, unknown> }>) => ({
      leads: leads.map((l) => ({ id: l.id, name: l.payload.name })),
    });
    expect(await store.outbox.queueDigest({ now: new Date(), key: 'digest:2026-11-27', limit: 100, plan: listed })).toBe(true);

    // Before: every value is there, in the -wal (the file is not checkpointed yet) or the file.
    expect(found([file, `${file}-wal`])).toEqual(VALUES);
    expect(store.pragma('secure_delete')).toBe(1);

    await store.inbox.eraseLead(stored.id, 'ann@example.com');

    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(found([file, `${file}-wal`, `${file}-shm`])).toEqual([]);
    // The neighbours are untouched, and the search still finds them.
    expect(bytesOf(file).includes(Buffer.from('Kept message 39'))).toBe(true);
    expect(await store.inbox.findLeads({ filter: { spam: 'exclude', q: 'neighbour' }, limit: 100 })).toHaveLength(40);
    expect(await store.inbox.findLeads({ filter: { spam: 'exclude', q: 'zephyrmoth' }, limit: 100 })).toEqual([]);
  });

  it('leaves none of its evidence files’ bytes, names or hashes in the file or its -wal once erased', async () => {
    // A screenshot large enough to span overflow pages, with marks that occur nowhere else.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('evidence-quixotrope '.repeat(5000)),
    ]);
    const stored = await store.leads.insertLead(lead);
    const [file1] = await store.evidence.saveEvidence(stored.id, [
      { position: 1, fileName: 'vellumwick-proof.png', mediaType: 'image/png', bytes: png },
    ]);
    const marks = ['evidence-quixotrope', 'vellumwick-proof.png', file1!.sha256];
    const inFiles = () => {
      const all = Buffer.concat([file, `${file}-wal`, `${file}-shm`].map(bytesOf));
      return marks.filter((m) => all.includes(Buffer.from(m)));
    };
    expect(inFiles()).toEqual(marks);
    await store.inbox.eraseLead(stored.id, 'ann@example.com');
    expect(inFiles()).toEqual([]);
  });

  it('a backup taken after the erasure holds none of its values', async () => {
    const stored = await store.leads.insertLead(lead);
    await store.inbox.addNote(stored.id, 'ann@example.com', NOTE);
    const before = join(dir, 'before.sqlite');
    await backupSqlite(chooseStore({ dataDir: dir }), before);
    // The backup is a real copy: taken before the erasure, it holds the lead.
    expect(found([before])).toEqual(VALUES);

    await store.inbox.eraseLead(stored.id, 'ann@example.com');
    const after = join(dir, 'after.sqlite');
    await backupSqlite(chooseStore({ dataDir: dir }), after);
    expect(found([after])).toEqual([]);
  });

  it('the database, its -wal and -shm, and backups are readable by their owner only', async () => {
    await store.leads.insertLead(lead);
    const backup = join(dir, 'backup.sqlite');
    await backupSqlite(chooseStore({ dataDir: dir }), backup);
    for (const f of [file, `${file}-wal`, `${file}-shm`, backup]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
  });

  it('a database left world-readable by an earlier release is made private when the store opens', async () => {
    await store.close();
    chmodSync(file, 0o644);
    store = createSqliteStore({ file });
    await store.init();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
