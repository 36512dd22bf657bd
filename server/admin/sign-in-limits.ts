import { createHash, createHmac } from 'node:crypto';
import type { FailureRule } from '../store/inbox-types';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Every sign-in attempt is counted in the store before its password is checked, so N attempts sent
 * at once count N, in every process. Keys are hashes of the typed address (whether or not an account
 * has it: a refusal says nothing about which accounts exist) and of the client's address.
 *
 * One account from one address: 5 tries, then a wait of 30 s that doubles with each further try (up
 * to 15 minutes), counted over an hour. Someone else's guesses from another address never slow the
 * real person down.
 */
export const PAIR_LIMIT = Object.freeze({ max: 5, windowMs: 60 * MINUTE, stepMs: 30 * SECOND, lockMs: 15 * MINUTE });
/** One address, any accounts: wide enough for a team behind one office address; a password-spraying address is stopped. */
export const ADDRESS_LIMIT = Object.freeze({ max: 50, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
/** One account from everywhere: far above what one address can send, so only a spread-out attack locks it (audited). */
export const ACCOUNT_LIMIT = Object.freeze({ max: 200, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE });
/** Codes of the second step, per account: 5 tries, then the same growing wait. */
export const SECOND_STEP_LIMIT = PAIR_LIMIT;

/** The typed address as accounts are keyed: surrounding blanks and case do not make another account. */
export function normaliseEmail(typed: string): string {
  return typed.normalize('NFC').trim().toLowerCase();
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function accountKey(email: string): string {
  return `account:${sha256(email)}`;
}

/** Keyed with IP_HASH_SALT when set, as leads' address hashes are, so the table holds no address in clear. */
export function addressHash(ip: string, salt: string | undefined): string {
  return (salt ? createHmac('sha256', salt).update(ip) : createHash('sha256').update(ip)).digest('hex');
}

export interface SignInKeys {
  pair: string;
  address: string;
  account: string;
}

export function signInKeys(email: string, ip: string, salt: string | undefined): SignInKeys {
  const address = addressHash(ip, salt);
  return { pair: `pair:${sha256(email)}:${address}`, address: `address:${address}`, account: accountKey(email) };
}

export function signInRules(keys: SignInKeys): FailureRule[] {
  return [
    { key: keys.pair, ...PAIR_LIMIT },
    { key: keys.address, ...ADDRESS_LIMIT },
    { key: keys.account, ...ACCOUNT_LIMIT },
  ];
}

export function secondStepRules(accountId: string): FailureRule[] {
  return [{ key: `second-step:${accountId}`, ...SECOND_STEP_LIMIT }];
}

/** "Try again in 15 minutes." / "Try again in 30 seconds." */
export function lockedMessage(until: Date, now: Date): string {
  const ms = until.getTime() - now.getTime();
  const wait =
    ms < MINUTE
      ? `${Math.max(1, Math.ceil(ms / SECOND))} second${Math.ceil(ms / SECOND) <= 1 ? '' : 's'}`
      : `${Math.ceil(ms / MINUTE)} minute${Math.ceil(ms / MINUTE) === 1 ? '' : 's'}`;
  return `Too many failed sign-ins. Try again in ${wait}.`;
}
