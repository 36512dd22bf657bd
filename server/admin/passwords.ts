import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/**
 * 2^15 × 8 × 128 bytes = 32 MiB and about a tenth of a second per hash on one core: the cost OWASP
 * lists for scrypt. Stored with each hash, so raising it later leaves existing passwords working.
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = Object.freeze({ log2N: 15, r: 8, p: 1 });

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;
const STORED = /^scrypt\$(\d{1,2})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.log2N, r: cost.r, p: cost.p, maxmem: 2 * 128 * 2 ** cost.log2N * cost.r + 1024 * 1024 };
  // The same characters typed on another keyboard or system give the same password.
  const text = password.normalize('NFC');
  return new Promise((resolve, reject) => scrypt(text, salt, length, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** zxcvbn's 0–4: 3 is "safely unguessable" (about 10^8 guesses and more) even against a stolen hash file. */
export const MIN_PASSWORD_SCORE = 3;

let strength: ZxcvbnFactory | undefined;
// Built on first use: its word lists take a moment to load, and only password changes need them.
const checker = () =>
  (strength ??= new ZxcvbnFactory({ translations, graphs: adjacencyGraphs, dictionary: { ...commonWords, ...englishWords } }));

/**
 * Why a new password is refused, or null when it is acceptable: too short, only blanks, or easy to
 * guess (common, repetitive, a keyboard row, or the account's own address), in the checker's words.
 */
export function passwordProblem(password: string, userInputs: readonly string[] = []): string | null {
  const characters = [...password.normalize('NFC')].length;
  if (characters < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password may be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  if (!password.trim()) return 'The password cannot be only spaces.';
  const result = checker().check(password, [...userInputs, ...userInputs.flatMap((u) => u.split(/[@.]/))]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning ?? 'It would be easy to guess.';
  const hint = result.feedback.suggestions[0] ?? 'Use a few uncommon words.';
  return `This password is too easy to guess. ${why} ${hint}`;
}

/** `scrypt$log2N$r$p$salt$hash`, salt and hash in base64: a new random salt for every hash. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when the password gives the stored hash, compared in constant time; false for a hash in any other form. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = STORED.exec(stored);
  if (!parts || password.length > MAX_PASSWORD_LENGTH) return false;
  const cost = { log2N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
  if (cost.log2N < 1 || cost.log2N > 20 || cost.r < 1 || cost.p < 1) return false;
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await derive(password, Buffer.from(parts[4]!, 'base64'), cost, expected.length);
  return timingSafeEqual(key, expected);
}
