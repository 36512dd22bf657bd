// The addresses of a takedown request: a pasted block read line by line, each address parsed by the
// WHATWG URL parser, normalised, refused with a reason a visitor understands, deduplicated and
// grouped by host. The form (as the visitor types), the server (its confirmation page) and the inbox
// all read a list through this module, so it runs in the browser and in Node alike: no node: imports.
import { withoutTrailing } from '../forms/web-addresses';
import { parseUrl } from '../parse-url';

/** How many addresses one request may hold; the address that goes past it is refused at its line. */
export const MAX_ADDRESSES = 1000;

/**
 * Query parameters that only say where a visitor came from: dropped, so two copies of one link
 * count once and a host's team reads the address of the material, not of a campaign.
 * `prefixes` drop every parameter whose name starts so; `byHost` drop a name only on that site and
 * its subdomains, where the name is known to be a share marker (`si` is YouTube's and Spotify's,
 * elsewhere it may choose the page).
 */
export const TRACKING_PARAMETERS = {
  prefixes: ['utm_'],
  everywhere: [
    'fbclid',
    'gclid',
    'gclsrc',
    'gbraid',
    'wbraid',
    'dclid',
    'msclkid',
    'twclid',
    'ttclid',
    'li_fat_id',
    'igshid',
    'mc_cid',
    'mc_eid',
    'yclid',
    '_hsenc',
    '_hsmi',
    'mkt_tok',
    'ref_src',
    'ref_url',
    '_gl',
  ],
  byHost: {
    'youtube.com': ['si', 'feature'],
    'youtu.be': ['si', 'feature'],
    'spotify.com': ['si'],
    'instagram.com': ['igsh'],
    'x.com': ['s', 't'],
    'twitter.com': ['s', 't'],
    'tiktok.com': ['_r', '_t', 'is_from_webapp', 'sender_device'],
  } as Readonly<Record<string, readonly string[]>>,
} as const;

/**
 * Names that never reach a public website: the machine itself, a home or office network, and the
 * suffixes reserved for them (RFC 6761, RFC 8375 and common private ones). A name without a dot is
 * refused too: it is a machine on someone's own network.
 */
export const LOCAL_NAME_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'intranet', 'lan', 'home.arpa', 'invalid', 'test'];

/** IPv4 ranges that are no public address (RFC 6890): private, loopback, link-local, shared (CGNAT), reserved. */
const PRIVATE_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** IPv6 ranges that are no public address: unique-local, link-local, site-local, multicast, documentation, discard. */
const PRIVATE_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
];

/** IPv6 ranges that carry an IPv4 address in their last 32 bits (mapped, compatible, NAT64): judged by that address. */
const IPV4_IN_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
];

/** Why an address was refused. */
export type RefusalReason =
  'unreadable' | 'not-web' | 'no-host' | 'credentials' | 'private-address' | 'local-name' | 'own-copy' | 'too-many';

/** One address of the pasted text, at its line (1 is the first line, blank lines counted). */
export type AddressEntry =
  | { status: 'accepted'; line: number; input: string; url: string; host: string }
  | { status: 'duplicate'; line: number; input: string; url: string; host: string; sameAsLine: number; message: string }
  | { status: 'refused'; line: number; input: string; reason: RefusalReason; message: string };

/** The accepted addresses of one host, in the order they were given. */
export interface HostGroup {
  /** The host as the URL parser gives it: lower case, international names in punycode (xn--…). */
  host: string;
  /** The host as people read it: the Unicode form the visitor typed, when it is the same host; else `host`. */
  displayHost: string;
  urls: string[];
}

export interface AddressList {
  entries: AddressEntry[];
  groups: HostGroup[];
  /** How many different addresses were accepted (the sum of the groups' lengths). */
  accepted: number;
}

export interface AddressListOptions {
  /** The requester's own authorised copies: an address equal to one of them (once normalised) is refused. */
  ownCopies?: readonly string[];
  /** At most this many accepted addresses; MAX_ADDRESSES when left out. */
  limit?: number;
}

export type Normalised =
  { ok: true; url: URL; displayHost: string } | { ok: false; reason: Exclude<RefusalReason, 'own-copy' | 'too-many'> };

const HAS_SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
const OPENERS = new Set('<"\'“‘([,;');
const CLOSERS = new Set('>"\'”’');
const LIST_MARKER = /^(?:[-*•·–—]|\(?\d{1,4}[.)])$/;

/** `text` without the characters of `start` before it and of `end` after it. */
function trimmed(text: string, start: ReadonlySet<string>, end: ReadonlySet<string>): string {
  let from = 0;
  let to = text.length;
  while (from < to && start.has(text[from]!)) from++;
  while (to > from && end.has(text[to - 1]!)) to--;
  return text.slice(from, to);
}

const withoutFinalDots = (host: string) => trimmed(host, new Set(), new Set('.'));

/** Whether `host` is `domain` or one of its subdomains (`m.youtube.com` is within `youtube.com`). */
export function hostWithin(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * One address, normalised: scheme and host in lower case, the host in punycode without a final dot,
 * no default port, no fragment, no tracking parameters; the path and the other parameters as given,
 * in their order. An address written without a scheme (`www.example.com/page`) is read as https.
 */
export function normaliseAddress(input: string): Normalised {
  const text = input.trim();
  const scheme = HAS_SCHEME.exec(text)?.[1];
  const written = scheme && !scheme.includes('.') ? text : `${text.startsWith('//') ? 'https:' : 'https://'}${text}`;
  const url = parseUrl(written);
  if (!url) return { ok: false, reason: /^https?:[/?#]*$/i.test(written) ? 'no-host' : 'unreadable' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not-web' };
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  // The parser keeps a host's final dot ("example.com."), and a host of dots alone ("http://./").
  const host = withoutFinalDots(url.hostname);
  if (!host) return { ok: false, reason: 'no-host' };
  if (host !== url.hostname) url.hostname = host;
  if (isPrivateAddress(host)) return { ok: false, reason: 'private-address' };
  const isName = !host.startsWith('[') && !/^[\d.]+$/.test(host);
  // A word typed without a scheme ("hello") is no address at all; with one, or named "localhost", it is a local machine.
  if (isName && !host.includes('.') && written !== text && host !== 'localhost') return { ok: false, reason: 'unreadable' };
  if (isName && (!host.includes('.') || LOCAL_NAME_SUFFIXES.some((suffix) => hostWithin(host, suffix))))
    return { ok: false, reason: 'local-name' };
  url.hash = '';
  url.search = withoutTracking(url.search, host);
  return { ok: true, url, displayHost: typedHost(written, host) };
}

/** The query without the tracking parameters, the others kept as written and in order. */
function withoutTracking(search: string, host: string): string {
  if (search.length <= 1) return '';
  const hostNames = Object.entries(TRACKING_PARAMETERS.byHost).flatMap(([domain, names]) => (hostWithin(host, domain) ? names : []));
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const name = decodeName(pair.split('=')[0]!).toLowerCase();
      return !(
        TRACKING_PARAMETERS.prefixes.some((p) => name.startsWith(p)) ||
        (TRACKING_PARAMETERS.everywhere as readonly string[]).includes(name) ||
        hostNames.includes(name)
      );
    });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The host as typed, lower case, when the parser makes the same host of it (an international name in its letters). */
function typedHost(written: string, host: string): string {
  const typed = /^[a-z][a-z0-9+.-]*:\/*([^/?#\\]*)/i.exec(written)?.[1]?.replace(/:\d*$/, '');
  if (!typed) return host;
  const lower = withoutFinalDots(typed.toLowerCase());
  if (lower === host) return host;
  return parseUrl(`https://${lower}`)?.hostname === host ? lower : host;
}

function ipv4Number(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function inIpv4Range(address: number, [base, bits]: readonly [string, number]): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(address / size) === Math.floor(ipv4Number(base)! / size);
}

/** An IPv6 address (as the URL parser writes it, without brackets) as a 128-bit number. */
function ipv6Number(text: string): bigint {
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function inIpv6Range(address: bigint, [base, bits]: readonly [string, number]): boolean {
  const shift = BigInt(128 - bits);
  return address >> shift === ipv6Number(base) >> shift;
}

/**
 * Whether a host, as the URL parser gives it, is an IP address that no public site has. The parser
 * has already read decimal, hex and octal IPv4 forms (`http://2130706433/`, `http://0x7f.1/`) into
 * dotted form, and IPv4 inside IPv6 into hex groups.
 */
export function isPrivateAddress(host: string): boolean {
  const v4 = ipv4Number(host);
  if (v4 !== null) return PRIVATE_IPV4.some((range) => inIpv4Range(v4, range));
  if (!host.startsWith('[') || !host.endsWith(']')) return false;
  const v6 = ipv6Number(host.slice(1, -1));
  const carried = IPV4_IN_IPV6.find((range) => inIpv6Range(v6, range));
  if (carried) return PRIVATE_IPV4.some((range) => inIpv4Range(Number(v6 & 0xffffffffn), range));
  return PRIVATE_IPV6.some((range) => inIpv6Range(v6, range));
}

const number = (n: number) => n.toLocaleString('en-US');

/** The sentence a visitor reads for a refused address. */
export function refusalMessage(reason: RefusalReason, line: number, limit = MAX_ADDRESSES): string {
  const at = `Line ${number(line)}`;
  switch (reason) {
    case 'unreadable':
      return `${at} is not a web address we can read. Copy the address from the browser's address bar, starting with https://.`;
    case 'not-web':
      return `${at} is not a web page address. Only addresses that start with http:// or https:// can be taken down.`;
    case 'no-host':
      return `${at} has no website name after http:// or https://.`;
    case 'credentials':
      return `${at} holds a user name or password (the part before @). Remove it and give the address as the browser shows it to everyone.`;
    case 'private-address':
      return `${at} points to a private network or to a computer itself, not to a public website, so no host can take it down.`;
    case 'local-name':
      return `${at} names a computer on a private network, not a public website. Give the full address, such as https://www.example.com/page.`;
    case 'own-copy':
      return `${at} is the address of your own authorised copy, which you gave above: a notice cannot list it, so remove this line.`;
    case 'too-many':
      return `${at} goes past the ${number(limit)} addresses one request can hold. Send the rest in another request.`;
  }
}

/** A token without the brackets, quotes and punctuation a list or a sentence puts around an address. */
const unwrapped = (token: string) => withoutTrailing(trimmed(token, OPENERS, CLOSERS));

/** The addresses in one line: separated by spaces or tabs, or by commas before the next address. */
function addressesInLine(line: string): string[] {
  return line
    .split(/\s+/)
    .flatMap((token) => token.split(/,(?=[a-z][a-z0-9+.-]*:|www\.)/i))
    .filter((token) => !LIST_MARKER.test(token))
    .map((token) => unwrapped(unwrapped(token)))
    .filter((token) => token !== '');
}

/**
 * A pasted block of addresses: one per line, or several on a line separated by spaces or commas;
 * blank lines are skipped. Each address gets its entry: accepted with its normalised form, a
 * duplicate of an earlier line, or refused with its reason and a sentence citing its line. The
 * accepted ones are grouped by host, hosts and addresses in the order first given.
 */
export function readAddressList(text: string, options: AddressListOptions = {}): AddressList {
  const limit = options.limit ?? MAX_ADDRESSES;
  const own = new Set(
    (options.ownCopies ?? []).flatMap((address) => {
      const n = normaliseAddress(address);
      return n.ok ? [n.url.href] : [];
    }),
  );
  const entries: AddressEntry[] = [];
  const firstLine = new Map<string, number>();
  const groups = new Map<string, HostGroup>();
  let accepted = 0;
  text.split(/\r\n|\r|\n/).forEach((lineText, index) => {
    const line = index + 1;
    for (const input of addressesInLine(lineText)) {
      const refuse = (reason: RefusalReason) =>
        entries.push({ status: 'refused', line, input, reason, message: refusalMessage(reason, line, limit) });
      const n = normaliseAddress(input);
      if (!n.ok) {
        refuse(n.reason);
        continue;
      }
      const url = n.url.href;
      const host = n.url.hostname;
      if (own.has(url)) {
        refuse('own-copy');
        continue;
      }
      const sameAsLine = firstLine.get(url);
      if (sameAsLine !== undefined) {
        const message = `Line ${number(line)} is the same address as line ${number(sameAsLine)}, so it is listed once.`;
        entries.push({ status: 'duplicate', line, input, url, host, sameAsLine, message });
        continue;
      }
      if (accepted >= limit) {
        refuse('too-many');
        continue;
      }
      accepted++;
      firstLine.set(url, line);
      entries.push({ status: 'accepted', line, input, url, host });
      const group = groups.get(host) ?? { host, displayHost: n.displayHost, urls: [] };
      group.urls.push(url);
      groups.set(host, group);
    }
  });
  return { entries, groups: [...groups.values()], accepted };
}
