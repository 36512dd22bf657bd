/**
 * npm run leads -- add-user EMAIL [--role ROLE] | set-roles EMAIL --role ROLE | remove-user EMAIL
 *                 | reset-password EMAIL [--password-stdin] | require-2fa EMAIL [--off] | remove-two-step EMAIL
 *
 * The inbox's accounts, kept in the lead store. Passwords are asked for on the terminal (twice,
 * not echoed) or read from standard input with --password-stdin, never from the command line,
 * where they would stay in the shell's history and the process list.
 */
import type { Readable, Writable } from 'node:stream';
import type { ReadStream } from 'node:tty';
import { ROLES, type Role } from '../contracts/editor-contract';
import { createAuditLog } from '../server/admin/audit';
import { hashPassword, passwordProblem } from '../server/admin/passwords';
import { accountKey } from '../server/admin/sign-in-limits';
import { isPlainAddress } from '../server/notify/config';
import type { LeadStore } from '../server/store/types';

export type AccountCommand = 'add-user' | 'set-roles' | 'remove-user' | 'reset-password' | 'require-2fa' | 'remove-two-step';
export const ACCOUNT_COMMANDS: readonly AccountCommand[] = [
  'add-user',
  'set-roles',
  'remove-user',
  'reset-password',
  'require-2fa',
  'remove-two-step',
];

export interface AccountArgs {
  command: AccountCommand;
  email: string;
  passwordStdin: boolean;
  /** require-2fa --off: no longer required of this account. */
  off?: boolean;
  /** add-user (default `leads`) and set-roles: what the account may do, in ROLES order. */
  roles?: Role[];
}

/** Where a password comes from: the terminal, or whatever is piped in. */
export interface PasswordSource {
  stdin: Readable & { isTTY?: boolean };
  /** Where the prompts go (not stdout, which may be redirected). */
  prompt: Writable;
}

export class AccountError extends Error {}

/** The roles named by every `--role ROLE` (or `--role=ROLE`), each a word or a comma list; the other arguments. */
function takeRoles(rest: readonly string[]): { named: string[]; others: string[] } {
  const named: string[] = [];
  const others: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--role' || arg === '--roles') {
      const value = rest[++i];
      if (value === undefined || value.startsWith('-')) throw new AccountError(`${arg} needs a role: one of ${ROLES.join(', ')}.`);
      named.push(...value.split(','));
    } else if (arg.startsWith('--role=') || arg.startsWith('--roles=')) named.push(...arg.slice(arg.indexOf('=') + 1).split(','));
    else others.push(arg);
  }
  return { named: named.map((r) => r.trim().toLowerCase()).filter(Boolean), others };
}

function readRoleList(command: AccountCommand, named: readonly string[]): Role[] | undefined {
  if (command !== 'add-user' && command !== 'set-roles') {
    if (named.length) throw new AccountError(`${command} takes no role; use set-roles to change what an account may do.`);
    return undefined;
  }
  const unknown = named.find((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown !== undefined) throw new AccountError(`"${unknown}" is not a role. The roles are ${ROLES.join(', ')}.`);
  if (named.length === 0) {
    if (command === 'set-roles')
      throw new AccountError(
        `set-roles needs at least one --role, such as: npm run leads -- set-roles ann@example.com --role leads,content`,
      );
    return ['leads'];
  }
  return ROLES.filter((r) => named.includes(r));
}

export function parseAccountArgs(command: AccountCommand, rest: readonly string[]): AccountArgs {
  const { named, others: given } = takeRoles(rest);
  const roles = readRoleList(command, named);
  const passwordStdin = given.includes('--password-stdin');
  const off = command === 'require-2fa' && given.includes('--off');
  const others = given.filter((a) => a !== '--password-stdin' && !(off && a === '--off'));
  const unknown = others.find((a) => a.startsWith('-'));
  if (unknown) throw new AccountError(`Unknown option "${unknown}".`);
  if (others.length !== 1)
    throw new AccountError(`${command} needs one e-mail address, such as: npm run leads -- ${command} ann@example.com`);
  if ((command === 'remove-user' || command === 'require-2fa' || command === 'set-roles' || command === 'remove-two-step') && passwordStdin)
    throw new AccountError(`${command} takes no password.`);
  const email = others[0]!.trim().toLowerCase();
  if (!isPlainAddress(email)) throw new AccountError(`"${others[0]}" is not an e-mail address.`);
  return { command, email, passwordStdin, ...(command === 'require-2fa' ? { off } : {}), ...(roles ? { roles } : {}) };
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** One line from the terminal in raw mode, so the typed characters are never echoed. */
function askHidden(source: PasswordSource, question: string): Promise<string> {
  const input = source.stdin as ReadStream;
  source.prompt.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      source.prompt.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed.join(''));
          return;
        }
        // Ctrl-C and Ctrl-D: raw mode delivers them as characters instead of signals.
        if (char === '\u0003' || char === '\u0004') {
          finish();
          reject(new AccountError('Cancelled; nothing was changed.'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed.push(char);
      }
    };
    input.on('data', onData);
  });
}

async function readNewPassword(args: AccountArgs, source: PasswordSource): Promise<string> {
  let password: string;
  if (args.passwordStdin) {
    // A trailing line break is how `echo` and most secret stores end their output; it is not part of the password.
    password = (await readAll(source.stdin)).replace(/\r?\n$/, '');
  } else {
    if (!source.stdin.isTTY) throw new AccountError('There is no terminal to ask for the password on. Pipe it in with --password-stdin.');
    password = await askHidden(source, `Password for ${args.email}: `);
    const again = await askHidden(source, 'The same password again: ');
    if (again !== password) throw new AccountError('The two passwords differ; nothing was changed.');
  }
  const problem = passwordProblem(password, [args.email]);
  if (problem) throw new AccountError(`${problem} Nothing was changed.`);
  return password;
}

/** Runs one account command; the answer is a sentence for the terminal. */
export async function runAccountCommand(
  args: AccountArgs,
  store: Pick<LeadStore, 'accounts' | 'audit'>,
  source: PasswordSource,
  siteUrl: string | undefined,
): Promise<string> {
  switch (args.command) {
    case 'add-user': {
      if (await store.accounts.findAccount(args.email))
        throw new AccountError(`There is already an account for ${args.email}. Use reset-password to change its password.`);
      const hash = await hashPassword(await readNewPassword(args, source));
      const roles = args.roles ?? ['leads'];
      if (!(await store.accounts.createAccount(args.email, hash, roles)))
        throw new AccountError(`There is already an account for ${args.email}.`);
      await createAuditLog(store.audit).accountAddedByOperator(args.email, roles);
      const added = `Added ${args.email} with the roles ${roles.join(', ')}.`;
      // Without SITE_URL or a build the address is unknown here; a made-up one would send people astray.
      return siteUrl
        ? `${added} Sign in at ${siteUrl.replace(/\/$/, '')}/admin\n`
        : `${added} Sign in at /admin on the site's address (SITE_URL is not set and there is no build to read site.yaml's url from).\n`;
    }
    case 'set-roles': {
      const roles = args.roles!;
      const before = (await store.accounts.findAccount(args.email))?.roles;
      if (!before || !(await store.accounts.setRoles(args.email, roles))) throw new AccountError(`There is no account for ${args.email}.`);
      await createAuditLog(store.audit).rolesChangedByOperator(args.email, before, roles);
      return `${args.email} now has the roles ${roles.join(', ')} (it had ${before.join(', ')}); its next request uses them.\n`;
    }
    case 'reset-password': {
      const account = await store.accounts.findAccount(args.email);
      if (!account) throw new AccountError(`There is no account for ${args.email}.`);
      const hash = await hashPassword(await readNewPassword(args, source));
      if (!(await store.accounts.setPassword(args.email, hash, accountKey(args.email))))
        throw new AccountError(`There is no account for ${args.email}.`);
      const twoStepStays = account.totpSecret !== null;
      await createAuditLog(store.audit).passwordResetByOperator(args.email, twoStepStays);
      return twoStepStays
        ? `Changed the password of ${args.email} and signed it out everywhere. Two-step sign-in stays on: signing in still asks for a code from its app. If the app is lost too, remove it with: npm run leads -- remove-two-step ${args.email}\n`
        : `Changed the password of ${args.email} and signed it out everywhere. It has no two-step sign-in set up.\n`;
    }
    case 'remove-two-step': {
      const account = await store.accounts.findAccount(args.email);
      if (!account) throw new AccountError(`There is no account for ${args.email}.`);
      if (account.totpSecret === null && account.totpPending === null)
        return `${args.email} has no two-step sign-in set up; nothing was changed.\n`;
      await store.accounts.removeTotp(account.id);
      // A session that passed the old app's step ends too: the next sign-in starts from the password.
      const ended = await store.accounts.endOtherSessions(account.id, '');
      await createAuditLog(store.audit).twoStepRemovedByOperator(args.email, ended);
      const next = account.requireTwoStep
        ? 'Its next sign-in asks for the password, then to set up an app again (two-step sign-in is required of it).'
        : 'Its next sign-in asks for the password alone; the person can set up an app again under Account.';
      return `Removed the two-step sign-in of ${args.email} (its app and recovery codes) and ended its ${ended} session${ended === 1 ? '' : 's'}. ${next}\n`;
    }
    case 'require-2fa': {
      if (!(await store.accounts.setRequireTwoStep(args.email, !args.off)))
        throw new AccountError(`There is no account for ${args.email}.`);
      await createAuditLog(store.audit).twoStepRequiredByOperator(args.email, !args.off);
      return args.off
        ? `Two-step sign-in is no longer required of ${args.email} (unless INBOX_REQUIRE_2FA is set).\n`
        : `Two-step sign-in is now required of ${args.email}: its next sign-in asks for a code, or to set one up first.\n`;
    }
    case 'remove-user': {
      if (!(await store.accounts.removeAccount(args.email))) throw new AccountError(`There is no account for ${args.email}.`);
      await createAuditLog(store.audit).accountRemovedByOperator(args.email);
      return `Removed ${args.email} and ended its sessions. Its entries in the audit log stay.\n`;
    }
  }
}
