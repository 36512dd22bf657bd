// Whether an address's domain can receive mail at all, asked of DNS the way a sending server does
// (RFC 5321 §5.1, RFC 7505): its MX records; a single "." MX says it takes none; with no MX at all,
// its A or AAAA records. Each answer is remembered for a while; a lookup that fails for network
// reasons (offline, a slow or broken resolver) decides nothing and is not remembered.

import { Resolver } from 'node:dns/promises';

/** The DNS queries the check makes; tests pass their own, so no test asks the network. */
export interface MailResolver {
  resolveMx(domain: string): Promise<Array<{ exchange: string; priority: number }>>;
  resolve4(domain: string): Promise<string[]>;
  resolve6(domain: string): Promise<string[]>;
}

/** `yes`: mail can be delivered; `no`: DNS says it cannot; `unknown`: DNS did not answer. */
export type MailDomainAnswer = 'yes' | 'no' | 'unknown';

/** How long one lookup may take before it decides nothing: a visitor's answer waits for it. */
export const DNS_TIMEOUT_MS = 1_500;
/** How long an answer is remembered. */
export const DNS_CACHE_MS = 60 * 60_000;
/** Most domains remembered; the oldest answer goes first. */
export const DNS_CACHE_SIZE = 5_000;

// What a resolver says when the name or its records do not exist: an answer, not a failure.
const NO_SUCH_NAME = new Set(['ENOTFOUND']);
const NO_RECORDS = new Set(['ENODATA']);

function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
}

/** The records, [] when there are none, null when the name does not exist; throws on anything else. */
async function records<T>(lookup: Promise<T[]>): Promise<T[] | null> {
  try {
    return await lookup;
  } catch (err) {
    if (NO_RECORDS.has(codeOf(err))) return [];
    if (NO_SUCH_NAME.has(codeOf(err))) return null;
    throw err;
  }
}

/** The system's resolver, one try per query, giving up after `timeoutMs`. */
export function systemResolver(timeoutMs = DNS_TIMEOUT_MS): MailResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return {
    resolveMx: (d) => resolver.resolveMx(d),
    resolve4: (d) => resolver.resolve4(d),
    resolve6: (d) => resolver.resolve6(d),
  };
}

export interface MailDomainCheckOptions {
  resolver: MailResolver;
  timeoutMs?: number;
  cacheMs?: number;
  cacheSize?: number;
  now?: () => number;
}

export type MailDomainCheck = (domain: string) => Promise<MailDomainAnswer>;

export function createMailDomainCheck(options: MailDomainCheckOptions): MailDomainCheck {
  const { resolver, timeoutMs = DNS_TIMEOUT_MS, cacheMs = DNS_CACHE_MS, cacheSize = DNS_CACHE_SIZE, now = Date.now } = options;
  const cache = new Map<string, { answer: 'yes' | 'no'; until: number }>();

  async function ask(domain: string): Promise<'yes' | 'no'> {
    const mx = await records(resolver.resolveMx(domain));
    if (mx === null) return 'no';
    // RFC 7505: one MX whose host is "." (the root) says the domain receives no mail.
    if (mx.length === 1 && (mx[0]!.exchange === '' || mx[0]!.exchange === '.')) return 'no';
    if (mx.length > 0) return 'yes';
    // RFC 5321 §5.1: without MX records, the domain's own address is where mail goes.
    const [a, aaaa] = await Promise.all([records(resolver.resolve4(domain)), records(resolver.resolve6(domain))]);
    return (a?.length ?? 0) + (aaaa?.length ?? 0) > 0 ? 'yes' : 'no';
  }

  return async (raw) => {
    const domain = raw.toLowerCase().replace(/\.$/, '');
    // A name DNS could never hold decides nothing: the form's own check judges the address.
    if (!/^[a-z0-9.-]{1,253}$/.test(domain) || !domain.includes('.')) return 'unknown';
    const known = cache.get(domain);
    if (known && known.until > now()) return known.answer;
    cache.delete(domain);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'unknown'>((resolve) => {
      timer = setTimeout(() => resolve('unknown'), timeoutMs);
      timer.unref();
    });
    const answer = await Promise.race([ask(domain).catch(() => 'unknown' as const), timedOut]).finally(() => clearTimeout(timer));
    if (answer === 'unknown') return answer;
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    cache.set(domain, { answer, until: now() + cacheMs });
    return answer;
  };
}
