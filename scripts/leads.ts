/**
 * npm run leads -- export [--since 2026-01-01] [--format csv|json] | backup FILE | import FILE | outbox | retry ID
 *                 | test-notify | add-user EMAIL [--role ROLE] | set-roles EMAIL --role ROLE | reset-password EMAIL
 *                 | remove-user EMAIL | require-2fa EMAIL | remove-two-step EMAIL
 *
 * Works on the same store the server uses (DATABASE_URL, else SQLite in DATA_DIR): prints the
 * stored leads for a spreadsheet or another tool, and shows and steers the notification outbox.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { teamTimeZone, type ReplyPromise } from '../engine/content/reply-promise';
import { publicSiteUrl, readScriptConfig } from '../server/config';
import { csvRow } from '../server/leads/csv';
import { SOURCE_COLUMNS, sourceCells } from '../server/leads/lead-source';
import { jsonSafe } from '../server/leads/display-safe';
import type { NotificationRules } from '../server/notify/plan';
import { createStore } from '../server/store/create-store';
import { chooseStore } from '../server/store/store-choice';
import type { LeadStore, StoredLead } from '../server/store/types';
import {
  ACCOUNT_COMMANDS,
  AccountError,
  parseAccountArgs,
  runAccountCommand,
  type AccountArgs,
  type AccountCommand,
  type PasswordSource,
} from './leads-accounts';
import { backupSqlite, importLeads } from './leads-backup';
import { describeOutbox, requeue, testNotify } from './leads-outbox';

export const USAGE = `Usage: npm run leads -- COMMAND

  export [--since DATE] [--format csv|json]   print the stored leads, oldest first
  backup FILE                                 copy the SQLite store to FILE while the server runs
  import FILE                                 load a JSON export into the store; leads already
                                              there (same id or idempotency key) are skipped
  outbox                                      list notifications waiting to be sent, and dead ones
  retry ID                                    send a dead notification again
  test-notify                                 send a test through every configured channel
                                              (SMTP_URL, WEBHOOK_URL) and print each answer
  add-user EMAIL [--role ROLE] [--password-stdin]
                                              create an account for /admin, with the roles given
                                              (default leads)
  set-roles EMAIL --role ROLE                 replace what an account may do
  reset-password EMAIL [--password-stdin]     set a new password and end the account's sessions
                                              (says whether two-step sign-in stays on)
  remove-user EMAIL                           delete an account and end its sessions
  require-2fa EMAIL [--off]                   require two-step sign-in of one account (or no longer)
  remove-two-step EMAIL                       remove an account's two-step set-up (app and recovery
                                              codes), for a lost phone, and end its sessions

Roles: leads (sees and works the leads), content (edits and publishes the site), accounts
(manages accounts). Give several with --role leads,content or by repeating --role.

add-user and reset-password ask for the password on the terminal (twice, not shown), or read it
from standard input with --password-stdin. It must be 12 to 1024 characters long, not only
spaces, and not easy to guess (common, repetitive, a keyboard row or the address itself).

export prints the stored leads, oldest first, to stdout.

  --since DATE     only leads created at or after DATE: 2026-01-01 (midnight UTC)
                   or a full time with its zone, 2026-01-01T09:30:00+02:00
  --format FORMAT  csv (default) or json

Reads PostgreSQL when DATABASE_URL is set, else DATA_DIR/leads.sqlite (DATA_DIR defaults to ./data),
exactly like the server. In CSV, payload is the submitted form as JSON text. An erased lead has its
erasedAt time (in JSON, an "erasedAt" field) and nothing else of what was sent. Leads are typed by
strangers, so both formats show them safely:

  - a CSV cell that a spreadsheet could run as a formula (= + - or @ at its start, or after a
    comma, semicolon, tab or line break inside it) gets an apostrophe before it and at its start;
  - invisible and control characters (bidi overrides such as U+202E, zero-width characters, C0
    and C1 controls) are written as \\uXXXX: visibly in CSV, as JSON's own escapes in JSON.

Example: npm run leads -- export --since 2026-01-01 > leads.csv`;

export type ExportFormat = 'csv' | 'json';

export interface ExportArgs {
  command: 'export';
  since?: Date;
  format: ExportFormat;
}

export type Args =
  | ExportArgs
  | { command: 'outbox' }
  | { command: 'retry'; id: string }
  | { command: 'test-notify' }
  | { command: 'backup' | 'import'; file: string }
  | AccountArgs;

export class UsageError extends Error {}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A calendar date (midnight UTC) or a full ISO 8601 time with zone; anything else is refused. */
export function parseSince(value: string): Date {
  const match = DATE_ONLY.exec(value) ?? DATE_TIME.exec(value);
  const date = new Date(value);
  // Date rolls 2026-02-30 over to March 2nd; checking the calendar day catches impossible dates.
  const valid = match !== null && !Number.isNaN(date.getTime()) && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!valid) {
    throw new UsageError(
      `--since "${value}" is not a valid date. Use a date like 2026-01-01, or a time with its zone like 2026-01-01T09:30:00Z.`,
    );
  }
  return date;
}

function isRealDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const COMMANDS = ['export', 'backup', 'import', 'outbox', 'retry', 'test-notify', ...ACCOUNT_COMMANDS];

export function parseArgs(argv: readonly string[]): Args | 'help' {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') return 'help';
  const [command, ...rest] = argv;
  if (command === 'outbox' || command === 'test-notify') {
    if (rest.length) throw new UsageError(`${command} takes no options; got "${rest[0]}".`);
    return { command };
  }
  if ((ACCOUNT_COMMANDS as readonly string[]).includes(command ?? '')) {
    try {
      return parseAccountArgs(command as AccountCommand, rest);
    } catch (err) {
      throw err instanceof AccountError ? new UsageError(err.message) : err;
    }
  }
  if (command === 'retry') {
    if (rest.length !== 1 || !rest[0])
      throw new UsageError('retry needs the id of one dead notification, as npm run leads -- outbox lists it.');
    return { command, id: rest[0] };
  }
  if (command === 'backup' || command === 'import') {
    if (rest.length !== 1 || !rest[0]) throw new UsageError(`${command} needs one file name.`);
    return { command, file: rest[0] };
  }
  if (command !== 'export') {
    throw new UsageError(
      command
        ? `Unknown command "${command}". The commands are ${COMMANDS.join(', ')}.`
        : `Missing the command: one of ${COMMANDS.join(', ')}.`,
    );
  }
  const args: ExportArgs = { command, format: 'csv' };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    // Both `--since 2026-01-01` and `--since=2026-01-01`.
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? rest[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value.`);
      return v;
    };
    if (flag === '--since') args.since = parseSince(value());
    else if (flag === '--format') {
      const format = value().toLowerCase();
      if (format !== 'csv' && format !== 'json') throw new UsageError(`--format "${format}" is not supported. Use csv or json.`);
      args.format = format;
    } else throw new UsageError(`Unknown option "${arg}".`);
  }
  return args;
}

export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'endpoint',
  'formType',
  'spam',
  'idempotencyKey',
  'ipHash',
  'userAgent',
  'erasedAt',
  'payload',
] as const;

export function toCsv(leads: readonly StoredLead[]): string {
  const cellOf = (lead: StoredLead, column: (typeof CSV_COLUMNS)[number]): string => {
    const value = lead[column];
    if (value === null || value === undefined) return '';
    if (column === 'payload') return JSON.stringify(value);
    return String(value);
  };
  return [
    csvRow([...CSV_COLUMNS, ...SOURCE_COLUMNS]),
    ...leads.map((lead) => csvRow([...CSV_COLUMNS.map((c) => cellOf(lead, c)), ...sourceCells(lead.source)])),
  ].join('');
}

/** The leads as JSON; invisible characters in the strings are written as JSON's own \uXXXX escapes. */
export function toJson(leads: readonly StoredLead[]): string {
  return `${jsonSafe(JSON.stringify(leads, null, 2))}\n`;
}

function storeConfig() {
  const { databaseUrl, dataDir } = readScriptConfig();
  return { databaseUrl: databaseUrl ?? undefined, dataDir };
}

/** Opens the server's store for one command; a mistyped DATA_DIR is not quietly given a new database. */
async function withStore<T>(what: string, ifMissing: () => T, work: (store: LeadStore) => Promise<T>): Promise<T> {
  const config = storeConfig();
  const choice = chooseStore(config);
  if (choice.kind === 'sqlite' && !existsSync(choice.file!)) {
    console.error(`No lead database at ${choice.file} yet; there is nothing to ${what.split(' ')[0]}.`);
    return ifMissing();
  }
  const store = createStore(config);
  try {
    await store.init();
    return await work(store);
  } catch (err) {
    throw new Error(`Could not ${what} ${choice.description}: ${(err as Error).message}`, { cause: err });
  } finally {
    await store.close().catch(() => {});
  }
}

async function exportLeads(args: ExportArgs): Promise<string> {
  const empty = () => (args.format === 'csv' ? toCsv([]) : toJson([]));
  return withStore('read the leads from', empty, async (store) => {
    const leads = await store.leads.listLeads({ since: args.since });
    return args.format === 'csv' ? toCsv(leads) : toJson(leads);
  });
}

/** The rules, site name and url the server was built with, when there is a build. */
function builtModel(): { notifications?: NotificationRules; site?: { name?: string; url?: string; replyPromise?: ReplyPromise } } {
  const file = join(readScriptConfig().distDir, 'site-model.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as {
        notifications?: NotificationRules;
        site?: { name?: string; url?: string; replyPromise?: ReplyPromise };
      })
    : {};
}

/** The site's address by the one rule: SITE_URL, else site.yaml's url as the build recorded it; null before the first build. */
function siteUrl(): string | null {
  return publicSiteUrl(readScriptConfig().siteUrlSetting, builtModel().site?.url);
}

/** Opens the store, creating it if need be: the first account comes before the first lead. */
async function withAccounts(args: AccountArgs, source: PasswordSource): Promise<string> {
  const config = storeConfig();
  const store = createStore(config);
  try {
    await store.init();
    return await runAccountCommand(args, store, source, siteUrl() ?? undefined);
  } catch (err) {
    if (err instanceof AccountError) throw err;
    throw new Error(`Could not change the accounts in ${chooseStore(config).description}: ${(err as Error).message}`, { cause: err });
  } finally {
    await store.close().catch(() => {});
  }
}

async function run(args: Args, source: PasswordSource): Promise<{ out: string; ok: boolean }> {
  switch (args.command) {
    case 'add-user':
    case 'set-roles':
    case 'reset-password':
    case 'remove-user':
    case 'require-2fa':
    case 'remove-two-step':
      return { out: await withAccounts(args, source), ok: true };
    case 'export':
      return { out: await exportLeads(args), ok: true };
    case 'outbox':
      return {
        out: await withStore(
          'read the outbox from',
          () => '',
          (store) => describeOutbox(store.outbox),
        ),
        ok: true,
      };
    case 'retry':
      return {
        out: await withStore(
          'requeue in',
          () => '',
          (store) => requeue(store.outbox, args.id),
        ),
        ok: true,
      };
    case 'backup':
      return { out: await backupSqlite(chooseStore(storeConfig()), resolve(args.file)), ok: true };
    case 'import': {
      // A new SQLite file is fine here: importing is how a new store gets its leads.
      const config = storeConfig();
      const store = createStore(config);
      try {
        await store.init();
        return { out: await importLeads(store.leads, chooseStore(config), args.file), ok: true };
      } finally {
        await store.close().catch(() => {});
      }
    }
    case 'test-notify': {
      const model = builtModel();
      const { ok, report } = await testNotify(
        { notify: readScriptConfig().notify, siteUrl: siteUrl() },
        model.notifications,
        model.site?.name ?? 'the site',
        teamTimeZone(model.site?.replyPromise),
      );
      return { out: report, ok };
    }
  }
}

export async function main(
  argv: readonly string[],
  source: PasswordSource = { stdin: process.stdin, prompt: process.stderr },
): Promise<number> {
  let args: Args | 'help';
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 1;
  }
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    const { out, ok } = await run(args, source);
    process.stdout.write(out);
    return ok ? 0 : 1;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // exitCode, not exit(): lets a large export finish flushing to a pipe.
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
