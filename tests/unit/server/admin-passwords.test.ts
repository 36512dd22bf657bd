import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, passwordProblem, verifyPassword } from '../../../server/admin/passwords';

const cheap = { log2N: 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('stores scrypt with its cost and a per-hash salt beside the hash', async () => {
    const a = await hashPassword('correct horse battery staple', cheap);
    const b = await hashPassword('correct horse battery staple', cheap);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(a).not.toBe(b);
  });

  it('accepts the password and nothing else', async () => {
    const stored = await hashPassword('correct horse battery staple', cheap);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('checks a hash made at another cost with the cost stored beside it', async () => {
    const older = await hashPassword('a long enough password', { log2N: 11, r: 4, p: 2 });
    expect(await verifyPassword('a long enough password', older)).toBe(true);
  });

  it('treats the same characters typed differently (composed or not) as one password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait 1234', cheap);
    expect(await verifyPassword('cafe\u0301 au lait 1234', stored)).toBe(true);
  });

  it.each([['not a hash'], ['scrypt$10$8$1$c2FsdA==$'], ['bcrypt$10$8$1$c2FsdA==$aGFzaA=='], ['scrypt$40$8$1$c2FsdA==$aGFzaA==']])(
    'refuses a stored value that is no scrypt hash of ours: %s',
    async (stored) => {
      expect(await verifyPassword('anything at all', stored)).toBe(false);
    },
  );

  it('uses 32 MiB of memory per hash by default', () => {
    expect(128 * 2 ** DEFAULT_SCRYPT_COST.log2N * DEFAULT_SCRYPT_COST.r).toBe(32 * 1024 * 1024);
  });

  it.each([
    ['short', 'The password must be at least 12 characters long.'],
    ['x'.repeat(1025), 'The password may be at most 1024 characters long.'],
    ['purple tractor umbrella', null],
  ])('a new password %#: %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it.each([
    ['            ', 'The password cannot be only spaces.'],
    ['aaaaaaaaaaaa', 'This password is too easy to guess. Repeated characters like "aaa" are easy to guess.'],
    ['abcabcabcabc', 'This password is too easy to guess. Repeated character patterns like "abcabcabc" are easy to guess.'],
    ['password1234', 'This password is too easy to guess. This is similar to a commonly used password.'],
    ['qwertyuiop12', 'This password is too easy to guess. This is similar to a commonly used password.'],
  ])('refuses %j and says why', (password, why) => {
    expect(passwordProblem(password)).toContain(why);
  });

  it('refuses a password made of the account’s own address', () => {
    expect(passwordProblem('ann@example.com!', ['ann@example.com'])).toBe(
      'This password is too easy to guess. There should not be any personal or page related data. Add more words that are less common.',
    );
    expect(passwordProblem('ann@example.com!')).toBeNull();
  });
});
