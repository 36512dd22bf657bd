import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { SiteModel } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import { scriptSafeJson } from '../../../engine/render/island';
import { assetsFromManifest, chunksFor, type ViteManifest } from '../../../engine/render/manifest-assets';
import { islandsOf, renderPage, type PageAssets } from '../../../engine/render/render-page';
import { renderSitemap } from '../../../engine/render/site-files';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';

const SITE_URL = 'https://example.com';
const assets: PageAssets = { stylesheets: ['/a.css'], scripts: ['/c.js'] };
const options = { siteUrl: SITE_URL, assets, year: 2030 };
const schemas = readSchemas();

function load(files = readSiteFiles()): SiteModel {
  const { model, problems } = loadSite(files, schemas);
  if (!model) throw new Error(`The site does not load:\n${problems.map(formatProblem).join('\n')}`);
  return model;
}

const model = load();

// --- Reading the rendered HTML ----------------------------------------------------------------

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function headOf(html: string): string {
  const m = /<head>([\s\S]*?)<\/head>/.exec(html);
  if (!m) throw new Error('no <head> in the page');
  return m[1];
}

/** Every tag `<name …>` in the HTML, with its attributes decoded. */
function tags(html: string, name: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${name}(\\s[^>]*?)?/?>`, 'g'))].map((m) =>
    Object.fromEntries([...(m[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])])),
  );
}

/** The content of every `<meta>` with this name or property. */
function metas(html: string, key: string): string[] {
  return tags(headOf(html), 'meta')
    .filter((t) => t.name === key || t.property === key)
    .map((t) => t.content);
}

const canonicals = (html: string) =>
  tags(headOf(html), 'link')
    .filter((t) => t.rel === 'canonical')
    .map((t) => t.href);

function scriptBodies(html: string, type: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => m[1].includes(`type="${type}"`)).map((m) => m[2]);
}

/** The islands a page lists for the browser; none (and no data block) on a static page. */
function islandData(html: string): Array<{ id: number; name: string; props: unknown; on: string }> {
  const m = /<script type="application\/json" id="island-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : [];
}

const pageAt = (path: string) => {
  const page = model.pages.find((p) => p.path === path);
  if (!page) throw new Error(`the real site has no page at ${path}`);
  return page;
};

// --- The real site ----------------------------------------------------------------------------

describe('the <head> of real pages', () => {
  const home = pageAt('/');
  const homeHtml = renderPage(model, '/', options).html;
  const diy = pageAt('/takedowns/diy');
  const diyHtml = renderPage(model, '/takedowns/diy', options).html;

  it.each([
    { route: '/', page: home, html: homeHtml },
    { route: '/takedowns/diy', page: diy, html: diyHtml },
  ])('$route has one <title>: the page title in the site template', ({ page, html }) => {
    const titles = [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decode(m[1]));
    expect(titles).toEqual([`${page.meta.title} | ${model.site.name}`]);
    expect(headOf(html)).toContain('<title>');
  });

  it.each([
    { route: '/', page: home, html: homeHtml },
    { route: '/takedowns/diy', page: diy, html: diyHtml },
  ])('$route has its description, keywords and social cards', ({ page, html }) => {
    const title = `${page.meta.title} | ${model.site.name}`;
    expect(metas(html, 'description')).toEqual([page.meta.description]);
    expect(metas(html, 'keywords')).toEqual([page.meta.keywords.join(', ')]);
    expect(metas(html, 'og:title')).toEqual([title]);
    expect(metas(html, 'og:description')).toEqual([page.meta.description]);
    expect(metas(html, 'og:type')).toEqual([page.meta.ogType ?? 'website']);
    expect(metas(html, 'og:site_name')).toEqual([model.site.name]);
    expect(metas(html, 'twitter:card')).toEqual(['summary']);
    expect(metas(html, 'twitter:title')).toEqual([title]);
    expect(metas(html, 'robots')).toEqual([]);
  });

  it('the home page is canonical at the site origin with a trailing slash', () => {
    expect(canonicals(homeHtml)).toEqual(['https://example.com/']);
    expect(metas(homeHtml, 'og:url')).toEqual(['https://example.com/']);
  });

  it('the DIY page is canonical at its route, not at the address the spec gave it, which redirects', () => {
    expect(diy.meta.canonical).toBeUndefined();
    expect(canonicals(diyHtml)).toEqual(['https://example.com/takedowns/diy']);
    expect(metas(diyHtml, 'og:url')).toEqual(['https://example.com/takedowns/diy']);
  });

  it('a page with meta.canonical uses it for the canonical link and og:url', () => {
    const copy = { ...model, pages: model.pages.map((p) => (p === diy ? { ...p, meta: { ...p.meta, canonical: '/takedowns' } } : p)) };
    const html = renderPage(copy, '/takedowns/diy', options).html;
    expect(canonicals(html)).toEqual(['https://example.com/takedowns']);
    expect(metas(html, 'og:url')).toEqual(['https://example.com/takedowns']);
  });

  it('a page without meta.canonical is canonical at its own route', () => {
    const page = model.pages.find((p) => p.path !== '/' && !p.meta.canonical)!;
    const html = renderPage(model, page.path!, options).html;
    expect(canonicals(html)).toEqual([`https://example.com${page.path}`]);
  });

  it('the stylesheets are linked in <head>; on a page with an island the module scripts come last in <body>, after all content, and nothing is preloaded', () => {
    const pricingHtml = renderPage(model, '/pricing', options).html;
    const head = headOf(pricingHtml);
    expect(
      tags(head, 'link')
        .filter((t) => t.rel === 'stylesheet')
        .map((t) => t.href),
    ).toEqual(['/a.css']);
    expect(tags(head, 'script').filter((t) => t.src)).toEqual([]);
    expect(tags(pricingHtml, 'link').filter((t) => t.rel === 'modulepreload')).toEqual([]);
    const tail = pricingHtml.slice(pricingHtml.indexOf('id="island-data"'));
    expect(
      tags(tail, 'script')
        .filter((t) => t.src)
        .map((t) => [t.type, t.src]),
    ).toEqual([['module', '/c.js']]);
    expect(pricingHtml.indexOf('</main>')).toBeLessThan(pricingHtml.indexOf('id="island-data"'));
  });

  it('with inline styles, the CSS is in one <style> in <head>, no stylesheet is linked, and "</style" cannot end it early', () => {
    const css = 'body{color:#111}\n.x::after{content:"</style><script>alert(1)</script>"}';
    const html = renderPage(model, '/', { ...options, assets: { ...assets, inlineStyles: css } }).html;
    const head = headOf(html);
    expect(tags(head, 'link').filter((t) => t.rel === 'stylesheet')).toEqual([]);
    const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual(['body{color:#111}\n.x::after{content:"<\\/style><script>alert(1)</script>"}']);
  });

  it('the home page JSON-LD blocks are valid JSON with a schema.org @context', () => {
    const blocks = scriptBodies(homeHtml, 'application/ld+json');
    expect(blocks).toHaveLength(home.meta.jsonLd?.length ?? 0);
    expect(blocks.length).toBeGreaterThan(0);
    for (const [i, text] of blocks.entries()) {
      const data = JSON.parse(text);
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBe(home.meta.jsonLd![i]['@type']);
    }
    expect(headOf(homeHtml)).toContain('application/ld+json');
  });

  it('an address that is no page renders the not-found page: 404, noindex, no canonical', () => {
    const { status, html } = renderPage(model, '/no-such-page', options);
    expect(status).toBe(404);
    expect(metas(html, 'robots')).toEqual(['noindex']);
    expect(canonicals(html)).toEqual([]);
    expect(metas(html, 'og:url')).toEqual([]);
    expect([...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decode(m[1]))).toEqual([
      `${model.notFound.meta.title} | ${model.site.name}`,
    ]);
  });

  it.each([
    ['/pricing', '/pricing'],
    ['/Pricing/', '/pricing'],
    ['/pricing?billing=annual', '/pricing'],
    ['/no-such-page', null],
  ])('the header marks the page shown at %s as current: %s', (location, current) => {
    const html = renderPage(model, location, options).html;
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    const marked = tags(header, 'a').filter((t) => t['aria-current'] === 'page');
    expect(marked.map((t) => t.href)).toEqual(current ? [current] : []);
  });

  it('every head tag of the page is in <head>, after charset and viewport, and the body has none', () => {
    const html = renderPage(model, '/pricing', options).html;
    const head = headOf(html);
    expect(head.indexOf('<meta charSet="utf-8"/>')).toBe(0);
    expect(head.indexOf('name="viewport"')).toBeLessThan(head.indexOf('<title>'));
    expect(head.indexOf('<title>')).toBeLessThan(head.indexOf('rel="icon"'));
    const body = html.slice(html.indexOf('<body>'));
    expect(tags(body, 'title')).toEqual([]);
    expect(tags(body, 'meta')).toEqual([]);
    expect(tags(body, 'link')).toEqual([]);
  });

  it('a real page renders with status 200', () => {
    expect(renderPage(model, '/', options).status).toBe(200);
    expect(renderPage(model, '/takedowns/diy', options).status).toBe(200);
  });
});

describe('island data on real pages', () => {
  const scriptsOf = (html: string) => tags(html, 'script').filter((t) => t.type === 'module');

  it('a page with no interactive section has no script at all: no island data, no entry, no preload', () => {
    const { html } = renderPage(model, '/', options);
    expect(islandsOf(pageAt('/'))).toEqual([]);
    expect(html).not.toContain('island-data');
    expect(scriptsOf(html)).toEqual([]);
    expect(html).not.toContain('modulepreload');
  });

  it('a page with an island lists it in JSON with ids in order, and loads the entry last', () => {
    const { html } = renderPage(model, '/pricing', options);
    const islands = islandData(html);
    expect(islands.map((i) => i.name)).toContain('PricingTable');
    expect(islands.map((i) => i.id)).toEqual(islands.map((_, i) => i));
    expect(scriptsOf(html).map((t) => t.src)).toEqual(options.assets.scripts);
  });

  it('a form hydrates on intent; the other islands with the page', () => {
    const formPage = model.pages.find((p) => p.sections.some((s) => s.type === 'form'))!;
    const islands = islandData(renderPage(model, formPage.path!, options).html);
    expect(islands.filter((i) => i.name === 'FormSection').map((i) => i.on)).toEqual(['intent']);
    expect(islands.filter((i) => i.name !== 'FormSection').every((i) => i.on === 'load')).toBe(true);
  });

  it("the dev server's own scripts are on every page, static ones included", () => {
    const { html } = renderPage(model, '/', { ...options, assets: { ...options.assets, devScripts: ['/@vite/client'] } });
    expect(scriptsOf(html).map((t) => t.src)).toEqual(['/@vite/client']);
  });

  it.each(model.pages.map((p) => p.path!))('%s hydrates exactly the islands its sections declare, each with its element', (route) => {
    const { html } = renderPage(model, route, options);
    const islands = islandData(html);
    expect(new Set(islands.map((i) => i.name))).toEqual(new Set(islandsOf(pageAt(route))));
    const elements = tags(html, 'div').filter((t) => t['data-island-id'] !== undefined);
    expect(elements.map((t) => [Number(t['data-island-id']), t['data-island']])).toEqual(islands.map((i) => [i.id, i.name]));
    // One main heading per page, from its hero.
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });
});

// --- Content that tries to break out of a <script> ---------------------------------------------

describe('content inside <script> elements', () => {
  const hostile = '</script><script>alert(1)</script><!-- & more';

  it.each(['</script>', '<!--', '<script>', 'a & b', '\u2028 \u2029', 'ends with </'])(
    'scriptSafeJson(%j) has no < > or & and parses back to the same value',
    (text) => {
      const json = scriptSafeJson({ text, list: [text] });
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(json)).toEqual({ text, list: [text] });
    },
  );

  // A question, not an answer: answers are prose, where HTML is refused when the site loads.
  it('a FAQ question with </script> cannot close the island data early, and reaches the island intact', () => {
    const m = load(
      minimalSite({
        // A search box makes the FAQ an island, so its questions travel in the island data.
        'site/pages/home.yaml': yaml`
          path: /
          meta:
            title: Home page
            description: The home page of the smallest possible site.
            keywords: [takedowns]
          sections:
            - type: hero
              title: Welcome
            - type: faq
              id: faq
              title: Questions
              faqSet: general
              search:
                label: Search questions
                placeholder: Search
        `,
        'site/faq/general.yaml': yaml`
          id: general
          title: General questions
          items:
            - id: cost
              question: ${JSON.stringify(hostile)}
              answer: It depends on the plan.
              category: Pricing
        `,
      }),
    );
    const { html } = renderPage(m, '/', options);
    const body = /<script type="application\/json" id="island-data">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(body).not.toContain('</script');
    expect(body).not.toContain('<!--');
    const faq = JSON.parse(body).find((i: { name: string }) => i.name === 'FaqAccordion');
    expect(faq.props.section.questions[0].question).toBe(hostile);
    // The page has exactly the scripts it rendered: none was injected.
    expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length);
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('JSON-LD with </script> in a value stays inside its block and parses back', () => {
    const m = load(
      minimalSite({
        'site/pages/home.yaml': yaml`
          path: /
          meta:
            title: Home page
            description: The home page of the smallest possible site.
            keywords: [takedowns]
            jsonLd:
              - "@type": Organization
                name: ${JSON.stringify(hostile)}
          sections:
            - type: hero
              title: Welcome
        `,
      }),
    );
    const { html } = renderPage(m, '/', options);
    const blocks = scriptBodies(html, 'application/ld+json');
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0])).toEqual({ '@context': 'https://schema.org', '@type': 'Organization', name: hostile });
    expect(html).not.toContain('<script>alert(1)</script>');
  });
});

describe('page titles written with $ signs', () => {
  // The title template is applied with String.replace, which reads "$$", "$&", "$'" and "$`" in
  // the page title as replacement patterns: "Save $$ on takedowns" is shown as "Save $ on takedowns".
  it('shows a title with "$$" exactly as written in the YAML', () => {
    const m = load(
      minimalSite({
        'site/pages/home.yaml': yaml`
          path: /
          meta:
            title: Save $$ on takedowns
            description: The home page of the smallest possible site.
            keywords: [takedowns]
          sections:
            - type: hero
              title: Welcome
        `,
      }),
    );
    const { html } = renderPage(m, '/', options);
    expect([...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((x) => decode(x[1]))).toEqual(['Save $$ on takedowns | Acme']);
  });
});

// --- sitemap.xml ------------------------------------------------------------------------------

describe('renderSitemap', () => {
  const page = (path: string, extra: string) => yaml`
    path: ${path}
    meta:
      title: Page ${path}
      description: A page of the sitemap test site.
      keywords: [sitemap]
      ${extra}
    sections:
      - type: hero
        title: Page ${path}
  `;
  const m = load(
    minimalSite({
      'site/pages/hidden.yaml': page('/hidden', 'noindex: true'),
      'site/pages/old.yaml': page('/old', 'canonical: /new'),
      'site/pages/copy.yaml': page('/copy', 'canonical: /'),
      'site/pages/plain.yaml': page('/plain', 'ogType: article'),
    }),
  );

  it('lists indexable pages once each, at a canonical we serve or else at their route, and leaves out noindex pages', () => {
    expect(renderSitemap(m, 'https://example.com/')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://example.com/</loc></url>\n' +
        '  <url><loc>https://example.com/old</loc></url>\n' +
        '  <url><loc>https://example.com/plain</loc></url>\n' +
        '</urlset>\n',
    );
  });

  it('the real sitemap lists the DIY page at its route, never at the address that redirects to it', () => {
    const xml = renderSitemap(model, SITE_URL);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((x) => x[1]);
    expect(locs).toContain('https://example.com/');
    expect(locs).toContain('https://example.com/takedowns/diy');
    expect(locs).not.toContain('https://example.com/takedowns/diy-toolkit');
    expect(new Set(locs).size).toBe(locs.length);
  });
});

// --- Assets from the Vite manifest ------------------------------------------------------------

describe('assetsFromManifest', () => {
  // Shaped like dist/client/.vite/manifest.json: the entry imports React only through the hydrate
  // module, which it loads on a page with an island.
  const manifest: ViteManifest = {
    'engine/render/client-entry.ts': {
      file: 'assets/client-1.js',
      src: 'engine/render/client-entry.ts',
      isEntry: true,
      css: ['assets/style-3.css'],
    },
    'engine/render/hydrate-island.ts': { file: 'assets/hydrate-island-11.js', imports: ['_react-2.js'] },
    '_react-2.js': { file: 'assets/react-2.js' },
    '_icons-5.js': { file: 'assets/icons-5.js', imports: ['_react-2.js'] },
    'engine/sections/PricingTable.island.tsx': {
      file: 'assets/PricingTable.island-4.js',
      src: 'engine/sections/PricingTable.island.tsx',
      imports: ['_react-2.js', '_icons-5.js'],
    },
    'engine/layout/Toasts.island.tsx': {
      file: 'assets/Toasts.island-6.js',
      src: 'engine/layout/Toasts.island.tsx',
      imports: ['_react-2.js'],
    },
    'engine/forms/FormSection.island.tsx': {
      file: 'assets/FormSection.island-7.js',
      src: 'engine/forms/FormSection.island.tsx',
      imports: ['_react-2.js', '_icons-5.js'],
    },
    'engine/forms/load-form-validator.ts': { file: 'assets/load-form-validator-8.js' },
    'virtual:form-validator/contact-us': { file: 'assets/contact-us-9.js', imports: ['_ucs2-10.js'] },
    '_ucs2-10.js': { file: 'assets/ucs2-10.js' },
    'style.css': { file: 'assets/style-3.css', src: 'style.css' },
  };
  const a = assetsFromManifest(manifest);
  const onLoad = (...names: string[]) => names.map((name) => ({ name, on: 'load' as const }));

  it('links the stylesheet once and the entry as the only script', () => {
    expect(a.stylesheets).toEqual(['/assets/style-3.css']);
    expect(a.scripts).toEqual(['/assets/client-1.js']);
  });

  it('a page without islands loads no chunk', () => {
    expect(chunksFor(manifest, [], [])).toEqual({ load: [], intent: [] });
  });

  it.each([
    { islands: ['Toasts'], expected: ['/assets/hydrate-island-11.js', '/assets/react-2.js', '/assets/Toasts.island-6.js'] },
    {
      islands: ['PricingTable', 'Toasts'],
      expected: [
        '/assets/hydrate-island-11.js',
        '/assets/react-2.js',
        '/assets/PricingTable.island-4.js',
        '/assets/icons-5.js',
        '/assets/Toasts.island-6.js',
      ],
    },
  ])('the chunks of $islands are the hydrate module and their import closure, once each, without the entry', ({ islands, expected }) => {
    const chunks = chunksFor(manifest, onLoad(...islands), []);
    expect(chunks).toEqual({ load: expected, intent: [] });
    expect(chunks.load).not.toContain('/assets/client-1.js');
  });

  it('a form loads its code, the validator loader and its own validator on intent, less what the page already loaded', () => {
    expect(chunksFor(manifest, [...onLoad('Toasts'), { name: 'FormSection', on: 'intent' }], ['contact-us'])).toEqual({
      load: ['/assets/hydrate-island-11.js', '/assets/react-2.js', '/assets/Toasts.island-6.js'],
      intent: [
        '/assets/FormSection.island-7.js',
        '/assets/icons-5.js',
        '/assets/load-form-validator-8.js',
        '/assets/contact-us-9.js',
        '/assets/ucs2-10.js',
      ],
    });
    expect(chunksFor(manifest, [{ name: 'FormSection', on: 'intent' }], []).load).toEqual([]);
    expect(() => chunksFor(manifest, onLoad('Toasts'), ['newsletter'])).toThrow(
      'No code chunk for the validator of the form "newsletter" in the build manifest.',
    );
  });

  it('prefixes every URL with the base', () => {
    const based = assetsFromManifest(manifest, '/static/');
    expect(based.scripts).toEqual(['/static/assets/client-1.js']);
    expect(chunksFor(manifest, onLoad('Toasts'), [], '/static/').load).toEqual([
      '/static/assets/hydrate-island-11.js',
      '/static/assets/react-2.js',
      '/static/assets/Toasts.island-6.js',
    ]);
  });

  it('says which island has no code chunk', () => {
    expect(() => chunksFor(manifest, onLoad('Carousel'), [])).toThrow('No code chunk for the island "Carousel" in the build manifest.');
  });

  it('says to run the client build when the manifest has no entry', () => {
    expect(() => assetsFromManifest({})).toThrow('run the client build first');
  });
});
