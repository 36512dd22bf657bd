import { describe, expect, it } from 'vitest';
import { anchorsIn, checkLinks, linksIn, reachableFrom, type BrokenLink, type LinkCheckInput } from '../../../server/content/check-links';
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
      why: 'given to search engines as an address (canonical), but no page at /a-canonical',
      pages: ['/a'],
      declaredAt: ['site/pages/a.yaml:9:14'],
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
    expect(clean).toEqual({ checked: 2, external: 0, broken: [], known: [], stale: [], orphans: [], staleUnlinked: [] });
  });
});

describe('addresses given to search engines', () => {
  const page = (route: string, head: string, body = '') => ({ route, html: `<head>${head}</head><body>${body}</body>` });
  const base = { routes: ['/', '/art'], siteUrl: 'https://example.com', sources: [], files: ['/images/art.svg'] };
  const moved = { href: '/digital-art', reason: 'The art page once named this as its address.', redirect: '/art' };

  it('fails on a canonical that answers 301 back to the page, even when links.yaml lists its redirect', () => {
    const r = checkLinks({
      ...base,
      known: [moved],
      pages: [page('/', '', '<a href="/art">Art</a>'), page('/art', '<link rel="canonical" href="https://example.com/digital-art"/>')],
    });
    expect(r.known).toEqual([]);
    expect(r.broken).toEqual([
      {
        href: 'https://example.com/digital-art',
        why: 'given to search engines as an address (canonical), but /digital-art is not a page: it answers 301 to /art',
        pages: ['/art'],
        declaredAt: [],
      },
    ]);
  });

  it.each([
    ['og:url', '<meta property="og:url" content="https://example.com/digital-art"/>'],
    [
      'structured data',
      '<script type="application/ld+json">{"@type":"Article","mainEntityOfPage":"https://example.com/digital-art"}</script>',
    ],
  ])('fails on an %s that is not a live page', (kind, head) => {
    const r = checkLinks({ ...base, known: [moved], pages: [page('/', '', '<a href="/art">Art</a>'), page('/art', head)] });
    expect(r.broken.map((b) => [b.href, b.why])).toEqual([
      [
        'https://example.com/digital-art',
        `given to search engines as an address (${kind}), but /digital-art is not a page: it answers 301 to /art`,
      ],
    ]);
  });

  const searchAction = (target: string) =>
    `<script type="application/ld+json">{"image":"https://example.com/images/art.svg","potentialAction":{"@type":"SearchAction","target":"${target}"}}</script>`;

  it('accepts structured data naming a file the site serves, and a search target whose page is live', () => {
    const head = searchAction('https://example.com/search?q={q}');
    const r = checkLinks({
      ...base,
      routes: [...base.routes, '/search'],
      known: [],
      pages: [page('/', head, '<a href="/art">Art</a>'), page('/art', '')],
    });
    expect(r.broken).toEqual([]);
  });

  it('fails on a search target whose page is not live, and skips a template whose page is itself a template', () => {
    const pages = (target: string) => [page('/', searchAction(target), '<a href="/art">Art</a>'), page('/art', '')];
    expect(checkLinks({ ...base, known: [], pages: pages('https://example.com/search?q={q}') }).broken.map((b) => [b.href, b.why])).toEqual(
      [['https://example.com/search', 'given to search engines as an address (structured data), but no page at /search']],
    );
    expect(checkLinks({ ...base, known: [], pages: pages('https://example.com/{lang}/search?q={q}') }).broken).toEqual([]);
  });

  it('fails on a sitemap entry that is no page, and names sitemap.xml as where it appears', () => {
    const r = checkLinks({
      ...base,
      known: [],
      sitemap: ['https://example.com/', 'https://example.com/art', 'https://example.com/old'],
      pages: [page('/', '', '<a href="/art">Art</a>'), page('/art', '')],
    });
    expect(r.broken.map((b) => [b.href, b.why, b.pages])).toEqual([
      ['https://example.com/old', 'given to search engines as an address (sitemap), but no page at /old', ['sitemap.xml']],
    ]);
  });

  it('does not list a former address as stale: it keeps redirecting although nothing links it', () => {
    const r = checkLinks({
      ...base,
      known: [
        { ...moved, formerAddress: true },
        { ...moved, href: '/unused' },
      ],
      pages: [page('/', '')],
    });
    expect(r.stale.map((k) => k.href)).toEqual(['/unused']);
  });
});

describe('pages no link leads to', () => {
  const routes = ['/', '/blog', '/blog/1', '/about', '/spring-offer'];
  const sitemap = routes.map((r) => `https://example.com${r}`);
  const pages = [
    { route: '/', html: '<a href="/takedown/blog">Blog (old spelling)</a><a href="https://example.com/">Home</a>' },
    { route: '/blog', html: '<a href="/blog/1#intro">First article</a>' },
    { route: '/blog/1', html: '<a href="/blog">Blog</a>' },
    { route: '/about', html: '<a href="/">Home</a>' },
    { route: '/spring-offer', html: '' },
  ];
  const input = {
    routes,
    pages,
    sitemap,
    siteUrl: 'https://example.com',
    sources: [],
    known: [{ href: '/takedown/blog', reason: 'The old spelling of the blog address.', redirect: '/blog' }],
  };

  it('lists each sitemap page that following links from / never reaches, following redirects as a crawler does', () => {
    expect(checkLinks(input).orphans).toEqual(['/about', '/spring-offer']);
  });

  it('lets a page listed as unlinked in links.yaml through, and reports an entry that is reached or no page as stale', () => {
    const r = checkLinks({
      ...input,
      unlinked: [
        { path: '/spring-offer', reason: 'Reached only from the spring newsletter.' },
        { path: '/blog/1', reason: 'Was unlinked before the blog listed it.' },
        { path: '/gone', reason: 'A page that was removed.' },
      ],
    });
    expect(r.orphans).toEqual(['/about']);
    expect(r.staleUnlinked.map((u) => [u.path, u.why])).toEqual([
      ['/blog/1', 'links from / reach /blog/1 now'],
      ['/gone', 'no page at /gone'],
    ]);
  });

  it('reaches nothing beyond / when the home page links nowhere', () => {
    expect(reachableFrom('/', [{ route: '/', html: '' }], new Set(routes), new Map(), 'https://example.com')).toEqual(new Set(['/']));
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
