import { describe, expect, it } from 'vitest';
import { anchorsIn, checkLinks, linksIn, type BrokenLink, type LinkCheckInput } from '../../../engine/content/check-links';
import type { LinkSource } from '../../../engine/content/model';

const source = (href: string, page: string | null, line: number, column: number, kind: LinkSource['kind'] = 'href'): LinkSource => ({
  href,
  kind,
  file: page === null ? 'site/site.yaml' : page === '/' ? 'site/pages/home.yaml' : `site/pages${page}.yaml`,
  line,
  column,
  dataPath: kind === 'canonical' ? 'meta.canonical' : 'sections[0].actions[0].href',
  page,
});

// Two pages and the not-found page, as a visitor receives them.
const input: LinkCheckInput = {
  routes: ['/', '/a'],
  siteUrl: 'https://example.com/',
  files: ['/sitemap.xml'],
  pages: [
    {
      route: '/',
      html: [
        '<head><link rel="canonical" href="https://example.com/"/></head>',
        '<body><a class="skip-link" href="#main">Skip</a><main id="main">',
        '<a href="/a">A</a>',
        '<a href="/a?ref=home">A with a query</a>',
        '<a href="/x">X</a>',
        '<a href="/a#present">present anchor</a>',
        '<a href="/a#missing">missing anchor</a>',
        '<a href="#nowhere">missing same-page anchor</a>',
        '<a href="/blog/7">a blog post</a>',
        '<a href="/old">an old page</a>',
        '<a href="/sitemap.xml">sitemap</a>',
        '<a href="https://other.example.org/page">elsewhere</a>',
        '<a href="mailto:help@example.com">mail</a>',
        '</main></body>',
      ].join('\n'),
    },
    {
      route: '/a',
      html: [
        '<head><link rel="canonical" href="https://example.com/a-canonical"/></head>',
        '<body><main id="main"><section id="present">',
        '<a href="/x">X again</a>',
        '<a href="https://example.com/a#present">absolute to this site</a>',
        '<a href="https://example.com/gone">absolute, broken</a>',
        '<a href="#main">same-page anchor</a>',
        '<a href="tel:+1 555 0100">call</a>',
        '</section></main></body>',
      ].join('\n'),
    },
    { route: null, html: '<main id="main"><a href="/">Home</a><a href="/x">X from the not-found page</a></main>' },
  ],
  sources: [
    source('/x', '/', 12, 15),
    source('/x', null, 40, 17),
    source('#nowhere', '/', 20, 17),
    source('/a-canonical', '/a', 9, 14, 'canonical'),
    source('https://other.example.org/page', '/', 30, 17),
    source('#main', '/a', 25, 17),
  ],
  known: [
    { href: '/blog/{id}', reason: 'Blog posts are not published yet.' },
    { href: '/old', reason: 'The old page is linked from an archived article.' },
    { href: '/unused', reason: 'Nothing links here any more.' },
  ],
};

const result = checkLinks(input);
const byHref = (list: BrokenLink[]) => Object.fromEntries(list.map((b) => [b.href, b]));
const broken = byHref(result.broken);
const known = byHref(result.known);

describe('checkLinks', () => {
  it('fails on exactly the new broken links', () => {
    expect(Object.keys(broken).sort()).toEqual([
      '#nowhere',
      '/a#missing',
      '/x',
      'https://example.com/a-canonical',
      'https://example.com/gone',
    ]);
  });

  it('reports a link to a missing page with "no page at", the pages it appears on and where the YAML declares it', () => {
    expect(broken['/x']).toEqual({
      href: '/x',
      why: 'no page at /x',
      pages: ['/', '/a', '(not-found page)'],
      declaredAt: ['site/pages/home.yaml:12:15', 'site/site.yaml:40:17'],
      knownAs: undefined,
    });
  });

  it('reports a link to a missing anchor on another page, while a present anchor passes', () => {
    expect(broken['/a#missing']).toMatchObject({ why: '/a has no element with id "missing"', pages: ['/'] });
    expect(broken['/a#present']).toBeUndefined();
    expect(broken['https://example.com/a#present']).toBeUndefined();
  });

  it('checks a same-page #anchor against the page it is on', () => {
    expect(broken['#nowhere']).toMatchObject({
      why: '/ has no element with id "nowhere"',
      pages: ['/'],
      declaredAt: ['site/pages/home.yaml:20:17'],
    });
    expect(broken['#main']).toBeUndefined();
  });

  it('checks absolute links on the site origin like site paths', () => {
    expect(broken['https://example.com/gone']).toMatchObject({ why: 'no page at /gone', pages: ['/a'], declaredAt: [] });
  });

  it('checks the canonical link, on the page and where meta.canonical declares it', () => {
    expect(broken['https://example.com/a-canonical']).toEqual({
      href: 'https://example.com/a-canonical',
      why: 'no page at /a-canonical',
      pages: ['/a'],
      declaredAt: ['site/pages/a.yaml:9:14'],
      knownAs: undefined,
    });
    // The home page's canonical, https://example.com/, resolves to /.
    expect(broken['https://example.com/']).toBeUndefined();
  });

  it('lets a link listed in links.yaml through as known, with the entry that accepts it', () => {
    expect(known['/old']).toMatchObject({ why: 'no page at /old', pages: ['/'], knownAs: input.known[1] });
    expect(broken['/old']).toBeUndefined();
  });

  it('matches a {id} pattern in links.yaml against any value in that place', () => {
    expect(known['/blog/7']).toMatchObject({ why: 'no page at /blog/7', knownAs: { href: '/blog/{id}' } });
    expect(Object.keys(known).sort()).toEqual(['/blog/7', '/old']);
  });

  it('reports a links.yaml entry that no link uses any more as stale', () => {
    expect(result.stale).toEqual([{ href: '/unused', reason: 'Nothing links here any more.' }]);
  });

  it('passes a link to a file served as it is, which would otherwise be broken', () => {
    expect(broken['/sitemap.xml']).toBeUndefined();
    const withoutFiles = checkLinks({ ...input, files: [] });
    expect(byHref(withoutFiles.broken)['/sitemap.xml']).toMatchObject({ why: 'no page at /sitemap.xml' });
  });

  it('passes a link with a query string to an existing page', () => {
    expect(broken['/a?ref=home']).toBeUndefined();
  });

  it('counts external https, mailto and tel links without checking them', () => {
    expect(result.external).toBe(3);
    expect(Object.keys(broken).some((h) => h.includes('other.example.org'))).toBe(false);
  });

  it('counts every internal link and canonical in the pages as checked', () => {
    // / has 10 internal links and its canonical, /a has 4 and its canonical, the not-found page 2.
    expect(result.checked).toBe(11 + 5 + 2);
  });

  it('checks where each redirect in links.yaml leads, and reports one that strands the visitor', () => {
    const redirected = checkLinks({
      ...input,
      known: [
        { href: '/old', reason: 'The old page is linked from an archived article.', redirect: '/a#present' },
        { href: '/x', reason: 'X moved, and the redirect is wrong.', redirect: '/a#nothing-here' },
        { href: '/gone', reason: 'Gone for good; nothing replaces it.', redirect: '/nowhere' },
      ],
    });
    const knownNow = byHref(redirected.known);
    expect(knownNow['/old']!.knownAs).toMatchObject({ redirect: '/a#present' });
    const strays = redirected.broken.filter((b) => b.why.startsWith('the redirect of'));
    expect(strays.map((b) => [b.href, b.why, b.declaredAt])).toEqual([
      ['/a#nothing-here', 'the redirect of /x leads nowhere: /a has no element with id "nothing-here"', ['site/links.yaml']],
      ['/nowhere', 'the redirect of /gone leads nowhere: no page at /nowhere', ['site/links.yaml']],
    ]);
  });

  it('passes everything when every link resolves', () => {
    const clean = checkLinks({
      routes: ['/', '/a'],
      siteUrl: 'https://example.com',
      known: [],
      sources: [source('/a', '/', 3, 5)],
      pages: [{ route: '/', html: '<a href="/a">A</a><a href="https://example.com/a">A</a>' }],
    });
    expect(clean).toEqual({ checked: 2, external: 0, broken: [], known: [], stale: [] });
  });
});

describe('reading links and anchors from HTML', () => {
  it.each([
    { html: '<a href="/a">x</a>', links: ['/a'] },
    { html: '<a class="btn" href="/a?x=1&amp;y=2">x</a>', links: ['/a?x=1&y=2'] },
    { html: '<link rel="canonical" href="https://example.com/a"/>', links: ['https://example.com/a'] },
    { html: '<link href="https://example.com/b" rel="canonical"/>', links: ['https://example.com/b'] },
    { html: '<link rel="stylesheet" href="/a.css"/>', links: [] },
  ])('finds $links in $html', ({ html, links }) => {
    expect(linksIn(html)).toEqual(links);
  });

  it('finds every id as an anchor', () => {
    expect(anchorsIn('<main id="main"><h2 id="faq">x</h2><div data-id="no"></div></main>')).toEqual(new Set(['main', 'faq']));
  });
});
