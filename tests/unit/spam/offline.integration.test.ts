/**
 * With SPAM_MAIL_CHECK=off, scoring a submission asks no other host anything: the server is built
 * with the system's own resolver (no test resolver in between), and every way Node reaches the
 * network (a socket, a UDP socket, a DNS query or lookup) is watched. The only connection made is
 * the test's own, to the server on loopback. With the check on, the same watch sees the DNS question,
 * so it is a watch that can see one.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../server/config';
import { served, startSpamServer } from './spam-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Everything that would reach the network, recorded; DNS questions fail at once instead of leaving the machine. */
function watchNetwork() {
  const seen: string[] = [];
  const refuse = (what: string) =>
    function (this: unknown, name: unknown) {
      seen.push(`${what} ${String(name)}`);
      return Promise.reject(Object.assign(new Error('offline in this test'), { code: 'ECONNREFUSED' }));
    };
  for (const method of ['resolveMx', 'resolve4', 'resolve6', 'resolve', 'resolveAny'] as const) {
    vi.spyOn(dnsPromises.Resolver.prototype, method).mockImplementation(refuse(`dns ${method}`) as never);
    vi.spyOn(dns.Resolver.prototype, method).mockImplementation(((name: string) => void seen.push(`dns ${method} ${name}`)) as never);
  }
  vi.spyOn(dnsPromises, 'lookup').mockImplementation(refuse('dns lookup') as never);
  vi.spyOn(dns, 'lookup').mockImplementation(((name: string) => void seen.push(`dns lookup ${name}`)) as never);
  vi.spyOn(dgram, 'createSocket').mockImplementation(((type: string) => {
    seen.push(`udp ${type}`);
    throw new Error('offline in this test');
  }) as never);
  const connect = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    // net.connect passes its arguments on already normalised, as one array.
    const [first, second] = (Array.isArray(args[0]) ? args[0] : args) as [unknown, unknown];
    const target =
      typeof first === 'object' && first !== null
        ? `${(first as { host?: string }).host ?? (first as { path?: string }).path}:${(first as { port?: number }).port ?? ''}`
        : `${String(second)}:${String(first)}`;
    seen.push(`connect ${target}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as never);
  return seen;
}

// No mailResolver: the server uses the system's, as in production.
const start = (env: Env) => startSpamServer('offline-score-', cleanups, { env });

async function submitSpamLike(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': 'contact' },
    body: JSON.stringify({
      name: 'Sam Visitor',
      email: 'offers@bulk-mail.example',
      serviceInterest: 'general',
      urgency: 'normal',
      subject: 'Hello',
      message: `${served.spamWords.slice(0, 3).join(', ')} at a good price, see https://a.example/1 https://a.example/2 https://a.example/3 https://a.example/4`,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

describe('scoring a submission with the mail check off', () => {
  it('opens no connection and asks no DNS question: the only connection is the visitor’s own, to the server', async () => {
    const { port, store } = await start({ SPAM_MAIL_CHECK: 'off' });
    const seen = watchNetwork();
    const id = await submitSpamLike(port);
    // It was scored (and held), so the scoring ran while the network was watched.
    expect((await store.inbox.getLead(id))!.quarantine?.reasons.map((r) => r.code)).toContain('words');
    expect(
      seen.filter((s) => !s.startsWith('connect ')),
      'no DNS question, no UDP socket',
    ).toEqual([]);
    expect([...new Set(seen.filter((s) => s.startsWith('connect ')))]).toEqual([`connect 127.0.0.1:${port}`]);
  });

  it('with the check on, the same watch sees the question about the address’s domain', async () => {
    const { port } = await start({ SPAM_MAIL_CHECK: 'on' });
    const seen = watchNetwork();
    await submitSpamLike(port);
    expect(seen).toContain('dns resolveMx bulk-mail.example');
  });
});
