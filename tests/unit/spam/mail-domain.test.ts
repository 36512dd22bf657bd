import { describe, expect, it } from 'vitest';
import { createMailDomainCheck, type MailResolver } from '../../../server/spam/mail-domain';

const failing = (code: string) => () => Promise.reject(Object.assign(new Error(code), { code }));

/** A resolver answering from a table; it counts the questions. */
function resolver(table: Partial<Record<keyof MailResolver, Record<string, unknown>>>) {
  const asked: string[] = [];
  const answer = (kind: keyof MailResolver) => (domain: string) => {
    asked.push(`${kind} ${domain}`);
    const entry = table[kind]?.[domain];
    if (typeof entry === 'function') return (entry as () => Promise<never>)();
    if (entry === undefined) return failing('ENODATA')();
    return Promise.resolve(entry);
  };
  const r = { resolveMx: answer('resolveMx'), resolve4: answer('resolve4'), resolve6: answer('resolve6') } as MailResolver;
  return { r, asked };
}

describe('whether a domain receives mail', () => {
  it.each([
    ['an MX record', { resolveMx: { 'mail.test': [{ exchange: 'mx.mail.test', priority: 10 }] } }, 'yes'],
    ['a null MX (RFC 7505)', { resolveMx: { 'mail.test': [{ exchange: '', priority: 0 }] } }, 'no'],
    ['no such name', { resolveMx: { 'mail.test': failing('ENOTFOUND') } }, 'no'],
    ['no MX but an A record (RFC 5321 §5.1)', { resolve4: { 'mail.test': ['192.0.2.1'] } }, 'yes'],
    ['no MX but an AAAA record', { resolve6: { 'mail.test': ['2001:db8::1'] } }, 'yes'],
    ['no MX, A or AAAA', {}, 'no'],
    ['offline', { resolveMx: { 'mail.test': failing('ECONNREFUSED') } }, 'unknown'],
    ['a resolver that fails', { resolveMx: { 'mail.test': failing('ESERVFAIL') } }, 'unknown'],
    ['an A lookup timing out', { resolve4: { 'mail.test': failing('ETIMEOUT') } }, 'unknown'],
  ] as const)('%s: %s', async (_what, table, expected) => {
    const { r } = resolver(table as never);
    expect(await createMailDomainCheck({ resolver: r })('Mail.Test')).toBe(expected);
  });

  it('decides nothing when DNS takes longer than the timeout', async () => {
    const never = {
      resolveMx: () => new Promise<never>(() => {}),
      resolve4: () => new Promise<never>(() => {}),
      resolve6: () => new Promise<never>(() => {}),
    };
    const started = Date.now();
    expect(await createMailDomainCheck({ resolver: never as MailResolver, timeoutMs: 50 })('slow.test')).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('remembers answers for a while and within a bound, but never a failure', async () => {
    let t = 0;
    const { r, asked } = resolver({
      resolveMx: {
        'a.test': [{ exchange: 'mx.a.test', priority: 1 }],
        'b.test': [{ exchange: 'mx', priority: 1 }],
        'down.test': failing('ETIMEOUT'),
      },
    });
    const check = createMailDomainCheck({ resolver: r, cacheMs: 1000, cacheSize: 1, now: () => t });
    await check('a.test');
    await check('a.test');
    expect(asked).toEqual(['resolveMx a.test']);
    t = 1001;
    await check('a.test');
    expect(asked).toHaveLength(2);
    await check('b.test');
    await check('a.test');
    expect(asked).toHaveLength(4);
    await check('down.test');
    await check('down.test');
    expect(asked.filter((q) => q.includes('down.test'))).toHaveLength(2);
  });

  it('asks nothing about a name DNS could not hold', async () => {
    const { r, asked } = resolver({});
    const check = createMailDomainCheck({ resolver: r });
    for (const name of ['', 'localhost', 'exa mple.com', '[192.0.2.1]']) expect(await check(name)).toBe('unknown');
    expect(asked).toEqual([]);
  });
});
