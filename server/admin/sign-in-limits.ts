import { createHash, createHmac } from 'node:crypto';
import type { FailureRule } from '../store/inbox-types';

const MINUTE = 60_000;

/**
 * Failed sign-ins are counted per account and per address, in the store, so every process sees
 * the same count. The account's key is a hash of the address typed, whether or not an account
 * has it: a locked answer then says nothing about which accounts exist.
 */
export const ACCOUNT_LIMIT = Object.freeze({ max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
/** Wide enough for a team behind one office address; a password-spraying address is stopped. */
export const ADDRESS_LIMIT = Object.freeze({ max: 50, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });

export function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email).digest('hex')}`;
}

/** Keyed with IP_HASH_SALT when set, as leads' address hashes are, so the table holds no address in clear. */
export function addressKey(ip: string, salt: string | undefined): string {
  const hash = salt ? createHmac('sha256', salt).update(ip) : createHash('sha256').update(ip);
  return `address:${hash.digest('hex')}`;
}

export function failureRules(email: string, ip: string, salt: string | undefined): FailureRule[] {
  return [
    { key: accountKey(email), ...ACCOUNT_LIMIT },
    { key: addressKey(ip, salt), ...ADDRESS_LIMIT },
  ];
}

/** "Try again in 15 minutes." */
export function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
