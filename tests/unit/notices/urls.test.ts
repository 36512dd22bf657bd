import { describe, expect, it } from 'vitest';
import { withoutTrailing } from '../../../engine/forms/web-addresses';
import {
  MAX_ADDRESSES,
  hostWithin,
  isPrivateAddress,
  normaliseAddress,
  readAddressList,
  type AddressEntry,
  type RefusalReason,
} from '../../../engine/notices/urls';

describe('normaliseAddress: what an accepted address becomes', () => {
  it.each([
    [
      'fragment and utm_ parameters dropped, the others kept in order',
      'https://www.YouTube.com/watch?v=abc&utm_source=x&t=42#comments',
      'https://www.youtube.com/watch?v=abc&t=42',
    ],
    ['scheme and host in lower case, path case kept', 'HTTP://Example.COM/Path/To?b=2&a=1', 'http://example.com/Path/To?b=2&a=1'],
    ['default http port dropped', 'http://example.com:80/a', 'http://example.com/a'],
    ['default https port dropped', 'https://example.com:443/', 'https://example.com/'],
    ['another port kept', 'https://example.com:8443/x', 'https://example.com:8443/x'],
    ['no scheme: read as https', 'www.example.com/page', 'https://www.example.com/page'],
    ['no scheme, with a port', 'example.com:8080/page', 'https://example.com:8080/page'],
    ['scheme-relative', '//cdn.example.com/a.mp4', 'https://cdn.example.com/a.mp4'],
    ['international host in punycode', 'https://bücher.example/titel', 'https://xn--bcher-kva.example/titel'],
    ['final dot of the host dropped', 'https://example.com./x', 'https://example.com/x'],
    ['dot segments resolved by the parser', 'https://example.com/a/../b/./c', 'https://example.com/b/c'],
    ['si dropped on a YouTube short link', 'https://youtu.be/abc?si=XYZ', 'https://youtu.be/abc'],
    [
      'si and feature dropped on a YouTube subdomain',
      'https://m.youtube.com/watch?feature=share&v=abc&si=1',
      'https://m.youtube.com/watch?v=abc',
    ],
    ['si dropped on Spotify', 'https://open.spotify.com/track/1?si=abc', 'https://open.spotify.com/track/1'],
    ['si kept on other hosts', 'https://example.com/search?si=2', 'https://example.com/search?si=2'],
    ['click ids dropped anywhere', 'https://www.facebook.com/video?fbclid=1&id=5&gclid=2&msclkid=3', 'https://www.facebook.com/video?id=5'],
    ['only tracking parameters: no question mark left', 'https://example.com/?utm_source=a&UTM_MEDIUM=b&igshid=c', 'https://example.com/'],
    ['a parameter without a value kept', 'https://example.com/a?list&utm_campaign=z', 'https://example.com/a?list'],
    ['share markers dropped on X', 'https://x.com/user/status/1?s=20&t=abc', 'https://x.com/user/status/1'],
    ['share markers dropped on twitter.com', 'https://mobile.twitter.com/u/status/2?s=46', 'https://mobile.twitter.com/u/status/2'],
    ['s kept elsewhere', 'https://example.com/find?s=term', 'https://example.com/find?s=term'],
    [
      'HubSpot and Mailchimp ids dropped',
      'https://example.com/p?_hsenc=a&_hsmi=b&mc_cid=c&mc_eid=d&page=2',
      'https://example.com/p?page=2',
    ],
    ['encoded tracking name dropped', 'https://example.com/p?utm%5Fsource=a&q=1', 'https://example.com/p?q=1'],
    ['spaces encoded by the parser', 'https://example.com/a b?q=a b', 'https://example.com/a%20b?q=a%20b'],
    ['a public IPv4 address accepted', 'http://8.8.8.8/file', 'http://8.8.8.8/file'],
    ['just outside 172.16.0.0/12', 'http://172.32.0.1/', 'http://172.32.0.1/'],
    ['just outside the shared range', 'http://100.128.0.1/', 'http://100.128.0.1/'],
    ['a public IPv6 address accepted', 'https://[2606:4700:4700::1111]/', 'https://[2606:4700:4700::1111]/'],
  ])('%s', (_what, input, expected) => {
    const result = normaliseAddress(input);
    expect(result.ok && result.url.href).toBe(expected);
  });

  it('reads an international host as well after a server has read many addresses as on its first', () => {
    // Node 20 and 22's URL.canParse, once optimised, refuses a host with a Latin-1 letter: a running
    // server would have called such an address unreadable (engine/parse-url.ts).
    for (let i = 0; i < 20_000; i++) normaliseAddress(`https://example.com/${i}`);
    const result = normaliseAddress('https://bücher.example/titel');
    expect(result).toMatchObject({ ok: true, displayHost: 'bücher.example' });
    expect(result.ok && result.url.href).toBe('https://xn--bcher-kva.example/titel');
  });

  it('gives the host as typed for people to read when it is the same host', () => {
    expect(normaliseAddress('https://BÜCHER.example/x')).toMatchObject({ ok: true, displayHost: 'bücher.example' });
    expect(normaliseAddress('https://xn--bcher-kva.example/x')).toMatchObject({ ok: true, displayHost: 'xn--bcher-kva.example' });
    expect(normaliseAddress('https://Example.com:8443/x')).toMatchObject({ ok: true, displayHost: 'example.com' });
  });
});

describe('normaliseAddress: what is refused, and why', () => {
  it.each<[string, RefusalReason]>([
    ['javascript:alert(1)', 'not-web'],
    ['JavaScript:alert(1)', 'not-web'],
    ['data:text/html;base64,PGI+', 'not-web'],
    ['ftp://example.com/file.zip', 'not-web'],
    ['mailto:someone@example.com', 'not-web'],
    ['file:///etc/passwd', 'not-web'],
    ['blob:https://example.com/1', 'not-web'],
    ['https://', 'no-host'],
    ['http:///', 'no-host'],
    ['http://./', 'no-host'],
    ['https://.../x', 'no-host'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://youtube.com@evil.example/', 'credentials'],
    ['https://:pw@example.com/', 'credentials'],
    ['http://127.0.0.1/', 'private-address'],
    ['http://127.8.9.10:8080/x', 'private-address'],
    ['http://10.1.2.3/', 'private-address'],
    ['http://172.20.0.1/', 'private-address'],
    ['http://192.168.0.1/', 'private-address'],
    ['http://169.254.169.254/latest/meta-data', 'private-address'],
    ['http://100.64.0.1/', 'private-address'],
    ['http://0.0.0.0/', 'private-address'],
    ['http://224.0.0.1/', 'private-address'],
    ['http://2130706433/', 'private-address'],
    ['http://0x7f.0.0.1/', 'private-address'],
    ['http://0177.0.0.1/', 'private-address'],
    ['http://0xc0a80001/', 'private-address'],
    ['http://[::1]/', 'private-address'],
    ['http://[::]/', 'private-address'],
    ['http://[::ffff:127.0.0.1]/', 'private-address'],
    ['http://[::ffff:10.0.0.1]/', 'private-address'],
    ['http://[::ffff:c0a8:1]/', 'private-address'],
    ['http://[64:ff9b::192.168.0.1]/', 'private-address'],
    ['http://[fd00::1]/', 'private-address'],
    ['http://[fc12:3456::1]/', 'private-address'],
    ['http://[fe80::1]/', 'private-address'],
    ['http://[ff02::1]/', 'private-address'],
    ['http://[2001:db8::1]/', 'private-address'],
    ['http://localhost/', 'local-name'],
    ['localhost:3000/x', 'local-name'],
    ['http://app.localhost/', 'local-name'],
    ['http://intranet/', 'local-name'],
    ['http://printer.local/', 'local-name'],
    ['http://nas.home.arpa/', 'local-name'],
    ['http://server.internal/', 'local-name'],
    ['https://ex%ample.com/', 'unreadable'],
    ['http://[::1', 'unreadable'],
    ['hello', 'unreadable'],
  ])('%s → %s', (input, reason) => {
    expect(normaliseAddress(input)).toEqual({ ok: false, reason });
  });

  it('judges IPv4 inside IPv6 by the IPv4 address', () => {
    expect(isPrivateAddress('[::ffff:808:808]')).toBe(false);
    expect(isPrivateAddress('[::ffff:a00:1]')).toBe(true);
    expect(isPrivateAddress('8.8.4.4')).toBe(false);
    expect(isPrivateAddress('www.example.com')).toBe(false);
  });
});

describe('hostWithin', () => {
  it.each([
    ['youtube.com', 'youtube.com', true],
    ['m.youtube.com', 'youtube.com', true],
    ['notyoutube.com', 'youtube.com', false],
    ['youtube.com.evil.example', 'youtube.com', false],
  ])('%s within %s: %s', (host, domain, within) => expect(hostWithin(host, domain)).toBe(within));
});

describe('withoutTrailing', () => {
  it.each([
    ['https://example.com/page.', 'https://example.com/page'],
    ['https://example.com/page),', 'https://example.com/page'],
    ['https://en.wikipedia.org/wiki/Fair_use_(US)', 'https://en.wikipedia.org/wiki/Fair_use_(US)'],
    ['https://en.wikipedia.org/wiki/Fair_use_(US)).', 'https://en.wikipedia.org/wiki/Fair_use_(US)'],
  ])('%s → %s', (text, expected) => expect(withoutTrailing(text)).toBe(expected));
});

/** The entries as [line, status or reason, normalised address] for compact tables. */
const brief = (entries: AddressEntry[]) =>
  entries.map((e) => [e.line, e.status === 'refused' ? e.reason : e.status, e.status === 'refused' ? null : e.url]);

describe('readAddressList: lines, separators and counts', () => {
  it.each<[string, string, Array<[number, string, string | null]>]>([
    [
      'one per line, blank lines skipped but counted',
      'https://a.example/1\n\n  \nhttps://b.example/2',
      [
        [1, 'accepted', 'https://a.example/1'],
        [4, 'accepted', 'https://b.example/2'],
      ],
    ],
    [
      'Windows and old Mac line ends',
      'https://a.example/1\r\nhttps://a.example/2\rhttps://a.example/3',
      [
        [1, 'accepted', 'https://a.example/1'],
        [2, 'accepted', 'https://a.example/2'],
        [3, 'accepted', 'https://a.example/3'],
      ],
    ],
    [
      'comma and space',
      'https://a.example/1, https://b.example/2',
      [
        [1, 'accepted', 'https://a.example/1'],
        [1, 'accepted', 'https://b.example/2'],
      ],
    ],
    [
      'comma alone',
      'https://a.example/1,https://b.example/2,www.c.example/3',
      [
        [1, 'accepted', 'https://a.example/1'],
        [1, 'accepted', 'https://b.example/2'],
        [1, 'accepted', 'https://www.c.example/3'],
      ],
    ],
    ['a comma inside an address stays', 'https://a.example/list?ids=1,2,3', [[1, 'accepted', 'https://a.example/list?ids=1,2,3']]],
    [
      'tabs and several spaces',
      'https://a.example/1\t https://b.example/2',
      [
        [1, 'accepted', 'https://a.example/1'],
        [1, 'accepted', 'https://b.example/2'],
      ],
    ],
    [
      'numbered and bulleted lists',
      '1. https://a.example/1\n2) https://a.example/2\n- https://a.example/3\n• https://a.example/4',
      [
        [1, 'accepted', 'https://a.example/1'],
        [2, 'accepted', 'https://a.example/2'],
        [3, 'accepted', 'https://a.example/3'],
        [4, 'accepted', 'https://a.example/4'],
      ],
    ],
    [
      'angle brackets, quotes and a sentence',
      '<https://a.example/1>\n"https://a.example/2",\n(see https://a.example/3).',
      [
        [1, 'accepted', 'https://a.example/1'],
        [2, 'accepted', 'https://a.example/2'],
        [3, 'unreadable', null],
        [3, 'accepted', 'https://a.example/3'],
      ],
    ],
    [
      'a duplicate names its first line',
      'https://a.example/1#top\nhttps://A.example/1?utm_source=mail',
      [
        [1, 'accepted', 'https://a.example/1'],
        [2, 'duplicate', 'https://a.example/1'],
      ],
    ],
    [
      'refused lines keep their place',
      'javascript:alert(1)\nhttps://a.example/1\nhttp://192.168.1.1/',
      [
        [1, 'not-web', null],
        [2, 'accepted', 'https://a.example/1'],
        [3, 'private-address', null],
      ],
    ],
  ])('%s', (_what, text, expected) => {
    expect(brief(readAddressList(text).entries)).toEqual(expected);
  });

  it('refuses the requester’s own authorised copy, however it is written', () => {
    const list = readAddressList('https://MYSITE.example/art#gallery\nhttps://copy.example/art\nmysite.example/art?utm_source=x', {
      ownCopies: ['https://mysite.example/art'],
    });
    expect(brief(list.entries)).toEqual([
      [1, 'own-copy', null],
      [2, 'accepted', 'https://copy.example/art'],
      [3, 'own-copy', null],
    ]);
    expect(list.groups.map((g) => g.host)).toEqual(['copy.example']);
  });

  it('every refusal and duplicate says its line in a sentence', () => {
    const text = [
      'javascript:x',
      'https://',
      'https://u:p@a.example/',
      'http://10.0.0.1/',
      'http://intranet/',
      'hello',
      'https://a.example/1',
      'https://a.example/1',
    ].join('\n');
    const entries = readAddressList(text).entries.filter((e) => e.status !== 'accepted');
    expect(entries).toHaveLength(7);
    for (const entry of entries) {
      expect(entry.message).toMatch(new RegExp(`^Line ${entry.line}\\b.*\\.$`));
    }
  });

  it(`accepts ${MAX_ADDRESSES} different addresses and refuses each one past them at its line`, () => {
    const lines = Array.from({ length: MAX_ADDRESSES + 2 }, (_, i) => `https://host${i % 3}.example/item/${i}`);
    lines.splice(500, 0, lines[10]!);
    const list = readAddressList(lines.join('\n'));
    expect(list.accepted).toBe(MAX_ADDRESSES);
    expect(list.groups.reduce((n, g) => n + g.urls.length, 0)).toBe(MAX_ADDRESSES);
    const past = list.entries.filter((e) => e.status === 'refused');
    expect(past.map((e) => [e.line, e.status === 'refused' && e.reason])).toEqual([
      [MAX_ADDRESSES + 2, 'too-many'],
      [MAX_ADDRESSES + 3, 'too-many'],
    ]);
    expect(past[0]!.status === 'refused' && past[0]!.message).toMatch(/^Line 1,002 .*1,000/);
    expect(list.entries.find((e) => e.line === 501)).toMatchObject({ status: 'duplicate', sameAsLine: 11 });
  });

  it('takes a smaller limit when given one', () => {
    const list = readAddressList('https://a.example/1\nhttps://a.example/2\nhttps://a.example/3', { limit: 2 });
    expect(brief(list.entries).map(([line, what]) => [line, what])).toEqual([
      [1, 'accepted'],
      [2, 'accepted'],
      [3, 'too-many'],
    ]);
  });
});

describe('readAddressList: a 300-line paste over four hosts', () => {
  const hosts = ['www.youtube.com', 'vimeo.com', 'files.example.net', 'bücher.example'];
  const ascii = ['www.youtube.com', 'vimeo.com', 'files.example.net', 'xn--bcher-kva.example'];
  // Lines 1–280: four hosts in turn, 60 items each, then items 0–9 of each again (duplicates).
  // Every 7th line is written in capitals with a fragment and a campaign tag; every 5th without a scheme.
  const written = (n: number) => {
    const host = hosts[n % 4]!;
    const item = Math.floor(n / 4) % 60;
    if (n % 7 === 0) return `HTTPS://${host.toUpperCase()}/watch/${item}?utm_source=newsletter#t=${n}`;
    if (n % 5 === 0) return `${host}/watch/${item}`;
    return `https://${host}/watch/${item}`;
  };
  const lines = Array.from({ length: 280 }, (_, n) => written(n));
  lines.push('', 'http://192.168.1.20/video.mp4', 'javascript:alert(document.cookie)');
  // Lines 284–300: items seen already, with fragments: duplicates of their first line.
  for (let k = 0; k < 17; k++) lines.push(`https://${hosts[k % 4]}/watch/${k * 3}#comment-${k}`);
  const list = readAddressList(lines.join('\n'));

  it('has 300 lines', () => expect(lines).toHaveLength(300));

  it('groups 60 addresses per host, in the order first given', () => {
    expect(list.groups.map((g) => [g.host, g.displayHost, g.urls.length])).toEqual(ascii.map((host, i) => [host, hosts[i], 60]));
    list.groups.forEach((group, i) => {
      expect(group.urls).toEqual(Array.from({ length: 60 }, (_, item) => `https://${ascii[i]}/watch/${item}`));
    });
    expect(list.accepted).toBe(240);
  });

  it('refuses the private address and the javascript: line at their lines', () => {
    expect(list.entries.filter((e) => e.status === 'refused').map((e) => [e.line, e.status === 'refused' && e.reason])).toEqual([
      [282, 'private-address'],
      [283, 'not-web'],
    ]);
  });

  it('marks each duplicate with the line it repeats', () => {
    const duplicates = list.entries.filter((e) => e.status === 'duplicate');
    expect(duplicates).toHaveLength(40 + 17);
    const firstLineOf = (host: number, item: number) => item * 4 + host + 1;
    for (const d of duplicates) {
      if (d.line <= 280) expect(d.sameAsLine).toBe(firstLineOf((d.line - 1) % 4, Math.floor((d.line - 1) / 4) % 60));
      else {
        const k = d.line - 284;
        expect(d.sameAsLine).toBe(firstLineOf(k % 4, k * 3));
      }
    }
  });
});
