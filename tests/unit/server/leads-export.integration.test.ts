import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseArgs, parseSince, UsageError } from '../../../scripts/leads';
import { csvCell } from '../../../server/leads/csv';
import { createPostgresStore } from '../../../server/store/postgres';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { NewLead, StoredLead } from '../../../server/store/types';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';
import { leads } from '../../support/run-leads';

/** RFC 4180 reader, to prove the output survives a real CSV parser (quotes, commas, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

const HEADER = [
  ...['id', 'createdAt', 'endpoint', 'formType', 'spam', 'idempotencyKey', 'ipHash', 'userAgent', 'erasedAt', 'payload'],
  // Where the lead came from.
  ...['page', 'utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'],
];

const tricky: NewLead = {
  endpoint: '/api/contact',
  formType: 'contact',
  payload: { name: 'Zoë "Z" O\'Neil, Esq.', message: 'line one\nline two\r\nline three', tags: ['a,b', 'ü'], nested: { n: 1 } },
  idempotencyKey: 'key,with "quotes"',
  ipHash: null,
  userAgent: '=HYPERLINK("http://evil.example")',
  spam: true,
  source: { page: '/contact-us', utmSource: 'newsletter', utmMedium: null, utmCampaign: '=november', referrerHost: 'news.example.com' },
};

let dataDir: string;
let emptyDir: string;
let stored: StoredLead[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'leads-export-'));
  emptyDir = mkdtempSync(join(tmpdir(), 'leads-export-empty-'));
  let clock = new Date('2025-12-31T23:59:59.999Z');
  const store = createSqliteStore({ file: join(dataDir, 'leads.sqlite'), now: () => clock });
  await store.init();
  stored = [await store.leads.insertLead({ endpoint: '/api/leads', formType: 'takedown', payload: { email: 'old@example.com' } })];
  clock = new Date('2026-01-01T00:00:00.000Z');
  stored.push(await store.leads.insertLead(tricky));
  clock = new Date('2026-02-15T12:00:00.000Z');
  stored.push(await store.leads.insertLead({ endpoint: '/api/leads', formType: 'quote', payload: {}, userAgent: 'Mozilla/5.0' }));
  await store.close();

  const empty = createSqliteStore({ file: join(emptyDir, 'leads.sqlite') });
  await empty.init();
  await empty.close();
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(emptyDir, { recursive: true, force: true });
});

// In-process: the cases share process.env and the output streams, so they run one at a time.
describe('npm run leads -- export', { timeout: 30_000 }, () => {
  it('prints every lead as CSV by default, quoted so a CSV reader gets the values back', async () => {
    const { code, stdout, stderr } = await leads(['export'], { DATA_DIR: dataDir });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const rows = parseCsv(stdout);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((r) => r[0])).toEqual(stored.map((l) => l.id));

    const row = Object.fromEntries(HEADER.map((h, i) => [h, rows[2]![i]]));
    expect(row).toEqual({
      id: stored[1]!.id,
      createdAt: '2026-01-01T00:00:00.000Z',
      endpoint: '/api/contact',
      formType: 'contact',
      spam: 'true',
      idempotencyKey: 'key,with "quotes"',
      ipHash: '',
      // Neutralised: a spreadsheet shows it instead of running it.
      userAgent: `'=HYPERLINK("http://evil.example")`,
      erasedAt: '',
      payload: JSON.stringify(tricky.payload),
      page: '/contact-us',
      utmSource: 'newsletter',
      utmMedium: '',
      // A campaign is typed by whoever made the link: neutralised like the visitor's own values.
      utmCampaign: `'=november`,
      referrerHost: 'news.example.com',
    });
    expect(JSON.parse(row.payload!)).toEqual(tricky.payload);
  });

  it('an erased lead is marked erased in CSV and JSON, with nothing of what was sent', async () => {
    const erasedDir = mkdtempSync(join(tmpdir(), 'leads-export-erased-'));
    try {
      const store = createSqliteStore({ file: join(erasedDir, 'leads.sqlite'), now: () => new Date('2026-03-01T08:00:00.000Z') });
      await store.init();
      const kept = await store.leads.insertLead({ endpoint: '/api/contact', formType: 'contact', payload: { email: 'kept@example.com' } });
      const gone = await store.leads.insertLead({
        endpoint: '/api/contact',
        formType: 'contact',
        payload: { email: 'gone@example.com' },
        idempotencyKey: 'gone-key',
      });
      await store.inbox.eraseLead(gone.id, 'ann@example.com');
      await store.close();

      const csv = await leads(['export'], { DATA_DIR: erasedDir });
      const rows = parseCsv(csv.stdout).map((r) => Object.fromEntries(HEADER.map((h, i) => [h, r[i]])));
      expect(rows.slice(1).map((r) => [r.id, r.erasedAt, r.payload])).toEqual([
        [kept.id, '', '{"email":"kept@example.com"}'],
        [gone.id, '2026-03-01T08:00:00.000Z', '{}'],
      ]);
      expect(csv.stdout).not.toContain('gone');

      const json = await leads(['export', '--format', 'json'], { DATA_DIR: erasedDir });
      const listed = JSON.parse(json.stdout) as StoredLead[];
      expect(listed[0]).not.toHaveProperty('erasedAt');
      expect(listed[1]).toMatchObject({ id: gone.id, erasedAt: '2026-03-01T08:00:00.000Z', payload: {}, idempotencyKey: null });
    } finally {
      rmSync(erasedDir, { recursive: true, force: true });
    }
  });

  it('--format json prints the stored leads as an array', async () => {
    const { code, stdout } = await leads(['export', '--format', 'json'], { DATA_DIR: dataDir });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(stored);
  });

  it('--since keeps leads from that day on (midnight UTC), in either option spelling', async () => {
    const csv = await leads(['export', '--since', '2026-01-01'], { DATA_DIR: dataDir });
    expect(
      parseCsv(csv.stdout)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([stored[1]!.id, stored[2]!.id]);

    const json = await leads(['export', '--since=2026-02-15T13:00:00+02:00', '--format=json'], { DATA_DIR: dataDir });
    expect(JSON.parse(json.stdout)).toEqual([stored[2]]);
  });

  it('an empty store prints just the header, or []', async () => {
    const csv = await leads(['export'], { DATA_DIR: emptyDir });
    expect(csv).toEqual({ code: 0, stdout: `${HEADER.join(',')}\r\n`, stderr: '' });
    const json = await leads(['export', '--format', 'json'], { DATA_DIR: emptyDir });
    expect(json).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it('a DATA_DIR without a database says so and exports nothing, without creating one', async () => {
    const missing = join(emptyDir, 'typo');
    const { code, stdout, stderr } = await leads(['export', '--format', 'json'], { DATA_DIR: missing });
    expect(code).toBe(0);
    expect(stdout).toBe('[]\n');
    expect(stderr).toMatch(/No lead database at .*typo.*leads\.sqlite/);
  });

  it.each([
    [['export', '--since', '2026-02-30'], /--since "2026-02-30" is not a valid date/],
    [['export', '--format', 'xml'], /--format "xml" is not supported. Use csv or json/],
    [['purge'], /Unknown command "purge"/],
    [['import'], /import needs one file name/],
  ])('%j fails with a clear message and exit code 1', async (args, message) => {
    const { code, stdout, stderr } = await leads(args, { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Usage: npm run leads -- COMMAND');
  });
});

// Hostile text in every field that can be exported: each separator a spreadsheet may split on,
// followed by a formula; and characters that spoof or control the display.
const FORMULA_PAYLOADS = ['Mozilla/5.0;=HYPERLINK("http://evil.example","x");', 'x,=1+1', 'x\t=1+1', 'x\n=1+1', 'x\r\n-2+3', '@SUM(A1)'];
const INVISIBLE = { rlo: '\u202E', zwsp: '\u200B', csi: '\u009B' };

describe('hostile text in every exported field', { timeout: 30_000 }, () => {
  let hostileDir: string;
  let hostile: StoredLead[];

  beforeAll(async () => {
    hostileDir = mkdtempSync(join(tmpdir(), 'leads-export-hostile-'));
    const store = createSqliteStore({ file: join(hostileDir, 'leads.sqlite') });
    await store.init();
    hostile = [];
    for (const [i, text] of FORMULA_PAYLOADS.entries()) {
      hostile.push(
        await store.leads.insertLead({
          endpoint: text,
          formType: text,
          payload: { name: text, message: `first line\n${text}`, [text]: text },
          idempotencyKey: `${text}-${i}`,
          ipHash: text,
          userAgent: text,
          spam: false,
        }),
      );
    }
    const shown = `a${INVISIBLE.rlo}b${INVISIBLE.zwsp}c${INVISIBLE.csi}d`;
    hostile.push(
      await store.leads.insertLead({
        endpoint: '/api/contact',
        formType: shown,
        payload: { name: shown, [shown]: shown },
        idempotencyKey: shown,
        ipHash: shown,
        userAgent: `Mozilla/5.0 ${shown}`,
        spam: false,
      }),
    );
    await store.close();
  });

  afterAll(() => rmSync(hostileDir, { recursive: true, force: true }));

  /** Every piece a spreadsheet could make of the text, split on , ; tab or a line break, without leading spaces or quotes. */
  const pieces = (text: string) => text.split(/[,;\t\r\n]/).map((p) => p.replace(/^[ "]*/, ''));

  it('CSV: no cell, and no piece of the file split on , ; tab or a line break, can start a formula', async () => {
    const { code, stdout } = await leads(['export'], { DATA_DIR: hostileDir });
    expect(code).toBe(0);
    for (const piece of pieces(stdout)) expect(piece).not.toMatch(/^[=+\-@]/);
    const rows = parseCsv(stdout).slice(1, 1 + FORMULA_PAYLOADS.length);
    for (const row of rows) {
      const cell = Object.fromEntries(HEADER.map((h, i) => [h, row[i]!]));
      // Every field that held a formula is marked as a whole, the User-Agent included. (In the payload
      // column JSON already writes tabs and line breaks as \t and \n, so only , and ; remain to mark.)
      for (const column of ['endpoint', 'formType', 'idempotencyKey', 'ipHash', 'userAgent']) {
        expect(cell[column], column).toMatch(/^'/);
      }
    }
    for (const row of rows.slice(0, 2)) expect(row[HEADER.indexOf('payload')]).toMatch(/^'/);
    expect(Object.fromEntries(HEADER.map((h, i) => [h, rows[0]![i]])).userAgent).toBe(
      `'Mozilla/5.0;'=HYPERLINK("http://evil.example","x");`,
    );
  });

  it('CSV: U+202E, U+200B and U+009B are shown as \\uXXXX, never written raw', async () => {
    const { stdout } = await leads(['export'], { DATA_DIR: hostileDir });
    expect(stdout).not.toMatch(/[\u202E\u200B\u009B]/);
    const row = parseCsv(stdout).at(-1)!;
    const cell = Object.fromEntries(HEADER.map((h, i) => [h, row[i]!]));
    expect(cell.userAgent).toBe('Mozilla/5.0 a\\u202Eb\\u200Bc\\u009Bd');
    expect(cell.formType).toBe('a\\u202Eb\\u200Bc\\u009Bd');
    // In the payload column the escapes are JSON's own, so the payload still parses to what was sent.
    expect(JSON.parse(cell.payload!)).toEqual(hostile.at(-1)!.payload);
  });

  it('JSON: the same characters are written as JSON escapes, and the export parses back to the stored leads', async () => {
    const { code, stdout } = await leads(['export', '--format', 'json'], { DATA_DIR: hostileDir });
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/[\u202E\u200B\u009B]/);
    expect(stdout).toContain('a\\u202Eb\\u200Bc\\u009Bd');
    expect(JSON.parse(stdout)).toEqual(hostile);
  });
});

// The argument rules in-process: importing the script does not run it, and a child per case is slow.
describe('leads script arguments', () => {
  it.each([
    ['2026-01-01', '2026-01-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2026-01-01T09:30:00+02:00', '2026-01-01T07:30:00.000Z'],
    ['2026-01-01T09:30Z', '2026-01-01T09:30:00.000Z'],
    ['2026-01-01T09:30:00.250z', '2026-01-01T09:30:00.250Z'],
  ])('--since %s means %s', (value, iso) => {
    expect(parseSince(value).toISOString()).toBe(iso);
  });

  it.each([
    '2026-13-01',
    '2026-02-30',
    '2025-02-29',
    '2026-1-1',
    'yesterday',
    '1735689600',
    '2026-01-01T09:30:00',
    '2026-01-01 09:30Z',
    '',
  ])('--since %j is refused', (value) => {
    expect(() => parseSince(value)).toThrow(UsageError);
  });

  it.each([
    [['export'], { command: 'export', format: 'csv' }],
    [['export', '--format', 'JSON'], { command: 'export', format: 'json' }],
    [['export', '--since=2026-01-01', '--format=csv'], { command: 'export', format: 'csv', since: new Date('2026-01-01T00:00:00Z') }],
    [['export', '--help'], 'help'],
    [['help'], 'help'],
    [['outbox'], { command: 'outbox' }],
    [['retry', 'abc'], { command: 'retry', id: 'abc' }],
    [['test-notify'], { command: 'test-notify' }],
  ])('%j parses', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each([
    [['export', '--since'], '--since needs a value.'],
    [['export', '--format='], '--format needs a value.'],
    [['export', '--limit', '5'], 'Unknown option "--limit".'],
    [['export', 'extra'], 'Unknown option "extra".'],
    [
      [],
      'Missing the command: one of export, backup, import, outbox, retry, test-notify, add-user, set-roles, remove-user, reset-password, require-2fa, remove-two-step.',
    ],
    [['retry'], 'retry needs the id of one dead notification, as npm run leads -- outbox lists it.'],
    [['outbox', '--all'], 'outbox takes no options; got "--all".'],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(new UsageError(message));
  });

  it('quotes CSV cells only when needed and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('ua;=HYPERLINK("x")')).toBe(`"'ua;'=HYPERLINK(""x"")"`);
    expect(csvCell('a\t=1')).toBe("'a\\u0009=1");
    expect(csvCell('a\n=1')).toBe(`"'a\n'=1"`);
    expect(csvCell('a\u202Eb')).toBe('a\\u202Eb');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1),x')).toBe(`"'@SUM(A1),x"`);
    expect(csvCell('')).toBe('');
  });
});

const found = await findPostgres();

describe.skipIf(!found.available)('npm run leads -- export with DATABASE_URL', { timeout: 30_000 }, () => {
  let server: LocalPostgres;
  beforeAll(async () => {
    server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
  }, 60_000);
  afterAll(() => server?.destroy(), 30_000);

  it('reads PostgreSQL instead of DATA_DIR', async () => {
    const url = await server.createDatabase('export');
    const store = createPostgresStore({ connectionString: url });
    await store.init();
    const lead = await store.leads.insertLead(tricky);
    await store.close();

    const { code, stdout } = await leads(['export', '--format', 'json'], { DATA_DIR: dataDir, DATABASE_URL: url });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([lead]);
  });

  it('an unreachable database is an error naming where, without the password', async () => {
    const { code, stderr } = await leads(['export'], { DATABASE_URL: 'postgresql://app:s3cret@127.0.0.1:1/leads' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Could not read the leads from PostgreSQL at 127\.0\.0\.1:1\/leads/);
    expect(stderr).not.toContain('s3cret');
  });
});
