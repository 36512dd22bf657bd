/**
 * npm run leads -- backup FILE while leads keep being written, restored and counted; and
 * export --format json then import FILE, SQLite to PostgreSQL, twice without duplicates.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createPostgresStore } from '../../../server/store/postgres';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { NewLead } from '../../../server/store/types';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';
import { leads } from '../../support/run-leads';

const lead = (i: number): NewLead => ({
  endpoint: '/api/contact',
  formType: 'contact',
  formId: 'contact-us',
  payload: { name: `Visitor ${i}`, email: `v${i}@example.com`, message: 'Copied \u202e text' },
  idempotencyKey: `key-${i}`,
  ipHash: 'abc',
  userAgent: 'test',
});

const ROOT = join(import.meta.dirname, '..', '..', '..');
const WRITER = join(ROOT, 'tests', 'fixtures', 'sqlite-lead-writer.ts');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'leads-backup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('backup', () => {
  // Starts a second process through tsx (the store's query builder is many modules to load there).
  it(
    'copies the SQLite store while another process keeps writing, and the copy restores with every lead it saw',
    { timeout: 20_000 },
    async () => {
      const dataDir = join(dir, 'live');
      mkdirSync(dataDir);
      const file = join(dataDir, 'leads.sqlite');
      const store = createSqliteStore({ file });
      await store.init();
      // One batch (the store groups concurrent inserts into one transaction), so this is quick.
      await Promise.all(Array.from({ length: 2_000 }, (_, i) => store.leads.insertLead(lead(i))));
      await store.close();

      // Another process commits one lead after another (as the server does) until told to stop.
      const writer = spawn(process.execPath, ['--import', 'tsx', WRITER, file, '2000'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
      let writerOut = '';
      writer.stdout.on('data', (c: Buffer) => (writerOut += c.toString()));
      const writerDone = new Promise<void>((resolve) => writer.once('exit', () => resolve()));
      // The highest lead count the writer has reported as committed.
      const committed = () => Math.max(0, ...[...writerOut.matchAll(/committed (\d+)/g)].map((m) => Number(m[1])));
      // The backup starts once the writer has committed some leads of its own.
      await vi.waitFor(() => expect(committed()).toBeGreaterThanOrEqual(2_050), { timeout: 10_000 });

      const backupFile = join(dir, 'backup.sqlite');
      const result = await leads(['backup', backupFile], { DATA_DIR: dataDir });
      const counted = Number(/Backed up (\d+) leads/.exec(result.stdout)?.[1]);
      // The writer stops only once it has committed past what the backup saw.
      try {
        await vi.waitFor(() => expect(committed()).toBeGreaterThan(counted), { timeout: 10_000 });
      } finally {
        writer.stdin.end();
      }
      await writerDone;
      const written = Number(/wrote (\d+)/.exec(writerOut)?.[1]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      // Taken while the writer was at it: more than the start, fewer than the end.
      expect(counted).toBeGreaterThan(2_000);
      expect(counted).toBeLessThan(written);

      // Restore: the copy becomes a new DATA_DIR's store.
      const restoredDir = join(dir, 'restored');
      mkdirSync(restoredDir);
      copyFileSync(backupFile, join(restoredDir, 'leads.sqlite'));
      const restored = createSqliteStore({ file: join(restoredDir, 'leads.sqlite') });
      await restored.init();
      const rows = await restored.leads.listLeads();
      expect(rows).toHaveLength(counted);
      // A consistent prefix: the copy holds exactly the first `counted` leads written, none torn.
      expect(new Set(rows.map((r) => r.idempotencyKey))).toEqual(new Set(Array.from({ length: counted }, (_, i) => `key-${i}`)));
      await restored.close();
    },
  );

  it('refuses to overwrite an existing file, and says to use pg_dump for PostgreSQL', async () => {
    const existing = join(dir, 'exists.sqlite');
    writeFileSync(existing, 'x');
    const dataDir = join(dir, 'live');
    expect(await leads(['backup', existing], { DATA_DIR: dataDir })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/already exists/),
    });
    expect(await leads(['backup', join(dir, 'pg.sqlite')], { DATABASE_URL: 'postgresql://u@127.0.0.1:1/x' })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/pg_dump/),
    });
  });
});

const found = await findPostgres();

describe.skipIf(!found.available)(`export and import, SQLite to PostgreSQL${found.available ? '' : ` (skipped: ${found.reason})`}`, () => {
  let server: LocalPostgres | undefined;
  beforeAll(async () => {
    server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
  }, 120_000);
  afterAll(async () => server?.destroy());

  it('moves every lead with its id, time and key, and importing again adds none', async () => {
    const dataDir = join(dir, 'to-move');
    mkdirSync(dataDir);
    const sqlite = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await sqlite.init();
    for (let i = 0; i < 25; i++) await sqlite.leads.insertLead(lead(i));
    const before = await sqlite.leads.listLeads();
    await sqlite.close();

    const exported = await leads(['export', '--format', 'json'], { DATA_DIR: dataDir });
    expect(exported.code).toBe(0);
    const file = join(dir, 'leads.json');
    writeFileSync(file, exported.stdout);

    const url = await server!.createDatabase('imported');
    const first = await leads(['import', file], { DATABASE_URL: url });
    expect(first).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Imported 25 of 25 leads/) });
    const again = await leads(['import', file], { DATABASE_URL: url });
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Imported 0 of 25 leads .* 25 were already there/) });

    const pg = createPostgresStore({ connectionString: url });
    await pg.init();
    try {
      expect(await pg.leads.listLeads()).toEqual(before);
      // The key came along: a retry of lead 3 lands on the imported lead.
      expect((await pg.leads.insertLead(lead(3))).id).toBe(before[3]!.id);
    } finally {
      await pg.close();
    }
  });

  it('refuses a file that is not an export, importing nothing', async () => {
    const file = join(dir, 'wrong.json');
    writeFileSync(file, JSON.stringify([{ id: 'x' }]));
    const url = await server!.createDatabase('wrong');
    expect(await leads(['import', file], { DATABASE_URL: url })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/lead 1 has no valid "createdAt"/),
    });
  });
});
