// Blog articles as Markdown files (site/blog/*.md): front matter problems at the .md file's own
// line:column, raw HTML shown as text, read times, previous/next by date, counts from the files,
// links checked where they are written, structured data, and the Atom feed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../../server/content/check-links';
import { loadSite } from '../../../engine/content/load-site';
import { readingMinutes, renderMarkdown, WORDS_PER_MINUTE } from '../../../engine/content/markdown';
import type { ResolvedArticleSection, SiteModel } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import { renderAtomFeed } from '../../../engine/render/feed';
import { renderPage } from '../../../engine/render/render-page';
import { renderSitemap } from '../../../engine/render/site-files';
import { categoryCounts, categoryNameOf, countLine, viewArticles } from '../../../engine/sections/article-list/article-filter';
import { readSchemas, ROOT } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';

const schemas = readSchemas();
const fixture = (name: string) => readFileSync(join(ROOT, 'tests/fixtures/articles', name), 'utf8');

const BLOG_PAGE = yaml`
  path: /blog
  meta:
    title: Copyright Protection Blog
    description: Guides and news on DMCA takedowns and copyright.
    keywords: [copyright blog]
  sections:
    - type: hero
      title: Copyright Protection Blog
    - type: article-list
      searchLabel: Search articles
      searchPlaceholder: Search by title or summary
      categoryLabel: Category
      allCategoriesLabel: All Categories
      countText: Showing {shown} of {total} articles
      featuredTitle: Featured Articles
      latestTitle: Latest Articles
      featuredLabel: Featured
      empty: { title: No articles found, text: Try another search., resetLabel: Show All Articles }
      readTimeText: "{minutes} min read"
      articlePage:
        homeLabel: Home
        blogLabel: Blog
        byLabel: By
        categoryLabel: Category
        tagsLabel: Tags
        previousLabel: Previous article
        nextLabel: Next article
        moreLabel: More articles
        headingLinkLabel: Link to this part
      categories:
        - { id: dmca-guides, name: DMCA Guides, icon: document }
        - { id: copyright-law, name: Copyright Law, icon: scale }
        - { id: tips-and-tricks, name: Tips and Tricks, icon: bolt }
      sidebar: { label: Blog topics, categoriesTitle: Categories }
`;

/** A small valid article; `front` replaces or adds front matter lines, `body` the text. */
function article(front: Record<string, string> = {}, body = 'Send the notice to the platform.\n'): string {
  const fields: Record<string, string> = {
    title: 'Send a notice',
    date: '2024-01-12',
    author: 'James Okafor',
    category: 'DMCA Guides',
    excerpt: 'What a valid notice needs and where to send it.',
    tags: '[DMCA]',
    ...front,
  };
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join('\n')}\n---\n${body}`;
}

function load(files: Record<string, string | null>) {
  return loadSite(minimalSite({ 'site/pages/blog.yaml': BLOG_PAGE, ...files }), schemas);
}

const problemLines = (files: Record<string, string | null>) => load(files).problems.map(formatProblem);

function modelOf(files: Record<string, string | null>): SiteModel {
  const { model, problems } = load(files);
  expect(problems.map(formatProblem)).toEqual([]);
  return model!;
}

const articleSection = (model: SiteModel, path: string) =>
  model.pages.find((p) => p.path === path)!.sections.find((s): s is ResolvedArticleSection => s.type === 'article')!;

interface ProblemCase {
  name: string;
  files: Record<string, string | null>;
  expected: string[];
}

describe('a mistake in an article is reported at its file:line:column in the .md file', () => {
  it.each<ProblemCase>([
    {
      name: 'a date not written year-month-day',
      files: {
        'site/blog/fair-use.md': '---\nid: 1\ntitle: Fair use explained\ndate: 12/01/2024\n' + article().split('\n').slice(3).join('\n'),
      },
      expected: ['site/blog/fair-use.md:4:7 date: must be a date like 2024-01-12'],
    },
    {
      name: 'an unknown field, with the fields allowed',
      files: { 'site/blog/fair-use.md': article({ autor: 'Sam' }) },
      expected: [
        'site/blog/fair-use.md:8:1 autor: unknown field "autor". Did you mean "author"? Allowed fields: id, title, date, updated, author, category, excerpt, tags, featured, draft, views, image',
      ],
    },
    {
      name: 'a missing required field',
      files: { 'site/blog/fair-use.md': article({ author: '' }) },
      expected: ['site/blog/fair-use.md:2:1 the required field "author" is missing'],
    },
    {
      name: 'a category the blog does not have, with the nearest one',
      files: { 'site/blog/fair-use.md': article({ category: 'DMCA Guide' }) },
      expected: [
        'site/blog/fair-use.md:5:11 category: "DMCA Guide" is not one of the blog\'s categories. Did you mean "DMCA Guides"? Categories (site/pages/blog.yaml): DMCA Guides, Copyright Law, Tips and Tricks',
      ],
    },
    {
      name: 'two articles with one number',
      files: { 'site/blog/a.md': article({ id: '3' }), 'site/blog/b.md': article({ id: '3' }) },
      expected: ['site/blog/b.md:8:5 id: the number 3 is already used by site/blog/a.md:8:5. Give each article its own id'],
    },
    {
      name: "a file name that is another article's number",
      files: { 'site/blog/3.md': article(), 'site/blog/b.md': article({ id: '3' }) },
      expected: ['site/blog/b.md:8:5 id: the address /blog/3 is already used by site/blog/3.md. Give this article another id or file name'],
    },
    {
      name: 'no front matter',
      files: { 'site/blog/fair-use.md': 'Fair use is a defence.\n' },
      expected: [
        'site/blog/fair-use.md:1:1 an article starts with its front matter: a line with only ---, the fields (title:, date:, …), then another --- line',
      ],
    },
    {
      name: 'front matter that is never closed',
      files: { 'site/blog/fair-use.md': '---\ntitle: Fair use\n\nFair use is a defence.\n' },
      expected: ['site/blog/fair-use.md:1:1 the front matter opened here is never closed: add a line with only --- after its last field'],
    },
    {
      name: 'no text below the front matter',
      files: { 'site/blog/fair-use.md': article({}, '\n\n') },
      expected: ['site/blog/fair-use.md:8:1 the article has no text: write it in Markdown below this --- line'],
    },
    {
      name: 'a level-1 heading in the text',
      files: { 'site/blog/fair-use.md': article({}, 'Intro.\n\n# Fair use\n') },
      expected: ["site/blog/fair-use.md:11:1 use ## for headings in an article: its title is the page's one main heading (#)"],
    },
    {
      name: 'a heading whose anchor the page already uses',
      files: { 'site/blog/fair-use.md': article({}, 'Intro.\n\n## Main\n\nText.\n') },
      expected: [
        'site/blog/fair-use.md:11:1 the heading "Main" would get the anchor #main, which the page already uses: reword the heading',
      ],
    },
    {
      name: 'a javascript: link',
      files: { 'site/blog/fair-use.md': article({}, 'Read [this](javascript:alert(1)) first.\n') },
      expected: [
        'site/blog/fair-use.md:9:13 "javascript:alert(1)" is not an address a link can have here: use /a-page, #a-part, https://… or mailto:…',
      ],
    },
    {
      name: 'an article section written in a page',
      files: {
        'site/pages/blog.yaml': BLOG_PAGE.replace(
          '  - type: article-list',
          '  - type: article\n    labels: { homeLabel: Home, blogLabel: Blog, byLabel: By, categoryLabel: Category, tagsLabel: Tags, previousLabel: Previous, nextLabel: Next, moreLabel: More, headingLinkLabel: Link }\n  - type: article-list',
        ),
      },
      expected: [
        'site/pages/blog.yaml:9:11 sections[1].type: an article section is made for each file in site/blog/; a page does not list one',
      ],
    },
    {
      name: 'articles with no page listing them',
      files: { 'site/pages/blog.yaml': null, 'site/blog/fair-use.md': article() },
      expected: [
        'site/blog/fair-use.md:2:1 no page lists the articles: the blog page (site/pages/blog.yaml) needs an article-list section naming the categories',
      ],
    },
  ])('$name', ({ files, expected }) => {
    expect(problemLines(files)).toEqual(expected);
  });

  it('loads a site with no articles: the blog lists none and its feed has no entries', () => {
    const model = modelOf({});
    expect(model.articles).toEqual([]);
    expect(model.pages.map((p) => p.path).filter((p) => !p?.startsWith('/blog/category/'))).toEqual(['/', '/blog']);
    const feed = parseFeed(renderAtomFeed(model, 'https://example.com')!);
    expect(feed.items).toEqual([]);
  });
});

describe('blog category pages', () => {
  it('each category gets a page at /blog/category/<id> that shows it chosen, and the list knows its page', () => {
    const model = modelOf({});
    const lists = model.pages.flatMap((p) => p.sections.flatMap((s) => (s.type === 'article-list' ? [[p.path, s] as const] : [])));
    expect(lists.length).toBeGreaterThan(1);
    for (const [path, list] of lists) {
      expect(list.blogPath).toBe('/blog');
      expect(path).toBe(list.category ? `/blog/category/${list.category}` : '/blog');
    }
  });
});

describe('raw HTML in an article is shown as text', () => {
  const html = renderMarkdown(fixture('raw-html-is-text.md').split('---\n').slice(2).join('---\n'), 'Link to this part');

  it.each([
    ['a <script> block', '&lt;script&gt;alert(&#39;article&#39;)&lt;/script&gt;', /<script/i],
    ['an <img onerror>', '&lt;img src=&quot;/missing.png&quot; onerror=&quot;alert(&#39;image&#39;)&quot;&gt;', /<img/i],
    ['inline markup with an event handler', '&lt;b onclick=&quot;alert(1)&quot;&gt;markup&lt;/b&gt;', /<b[\s>]/i],
  ])('%s comes out escaped, never as an element', (_, escaped, element) => {
    expect(html).toContain(escaped);
    expect(html).not.toMatch(element);
  });

  it('renders headings with an id and a link to themselves, and fenced code as <pre><code>', () => {
    const out = renderMarkdown('## Where to send it\n\n```text\nSubject: <DMCA notice>\n```\n', 'Link to this part');
    expect(out).toContain('<h2 id="where-to-send-it">Where to send it <a class="heading-anchor" href="#where-to-send-it">');
    expect(out).toContain('<pre><code class="language-text">Subject: &lt;DMCA notice&gt;\n</code></pre>');
  });
});

describe('read time', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it.each([
    [0, 1],
    [1, 1],
    [WORDS_PER_MINUTE, 1],
    [WORDS_PER_MINUTE + 1, 2],
    [7 * WORDS_PER_MINUTE, 7],
  ])('%i words read in %i min', (count, minutes) => {
    expect(readingMinutes(words(count))).toBe(minutes);
  });

  it(`shows "7 min read" on the page and in the list for an article of ${7 * WORDS_PER_MINUTE} words`, () => {
    const model = modelOf({ 'site/blog/long.md': article({}, `${words(7 * WORDS_PER_MINUTE)}\n`) });
    const html = renderPage(model, '/blog/long', {
      siteUrl: 'https://example.com',
      assets: { stylesheets: [], scripts: [] },
      year: 2024,
    }).html;
    expect(html).toContain('<span class="article__read-time">7 min read</span>');
    const list = model.pages.find((p) => p.path === '/blog')!.sections.find((s) => s.type === 'article-list');
    expect(list).toMatchObject({ articles: [{ path: '/blog/long', readMinutes: 7 }] });
  });
});

describe('article pages', () => {
  const files = {
    'site/blog/oldest.md': article({ title: 'Oldest', date: '2023-12-07' }),
    'site/blog/middle.md': article({ id: '2', title: 'Middle', date: '2024-01-08', featured: 'true' }),
    'site/blog/newest.md': article({ title: 'Newest', date: '2024-01-12', category: 'Tips and Tricks' }),
  };

  it('link each article to the one published before it and the one after it', () => {
    const model = modelOf(files);
    const around = (path: string) => {
      const { previous, next } = articleSection(model, path);
      return [previous?.title ?? null, next?.title ?? null];
    };
    expect(around('/blog/oldest')).toEqual([null, 'Middle']);
    expect(around('/blog/2')).toEqual(['Oldest', 'Newest']);
    expect(around('/blog/newest')).toEqual(['Middle', null]);
  });

  it('are at /blog/<id>, or /blog/<file name> without an id, and in the list featured first, then newest first', () => {
    const model = modelOf(files);
    expect(model.articles.map((a) => a.path)).toEqual(['/blog/newest', '/blog/2', '/blog/oldest']);
    const list = model.pages.find((p) => p.path === '/blog')!.sections.find((s) => s.type === 'article-list');
    expect(list?.type === 'article-list' && list.articles.map((a) => a.path)).toEqual(['/blog/2', '/blog/newest', '/blog/oldest']);
  });

  it('take their title, description and keywords from the front matter, and carry Article structured data', () => {
    const model = modelOf({ 'site/blog/send.md': fixture('send-a-takedown-notice.md') });
    const page = model.pages.find((p) => p.path === '/blog/1')!;
    expect(page.meta).toMatchObject({
      title: 'How to File a DMCA Takedown Notice: A Step-by-Step Guide',
      description: expect.stringMatching(/^The six elements every valid notice needs/),
      keywords: ['DMCA', 'Takedown notice', 'Step by step'],
      ogType: 'article',
    });
    const html = renderPage(model, '/blog/1', {
      siteUrl: 'https://shield.example',
      assets: { stylesheets: [], scripts: [] },
      year: 2024,
    }).html;
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How to File a DMCA Takedown Notice: A Step-by-Step Guide',
      datePublished: '2024-01-12',
      author: { '@type': 'Person', name: 'James Okafor' },
      url: 'https://shield.example/blog/1',
    });
    expect(html).toContain('<link rel="canonical" href="https://shield.example/blog/1"/>');
    expect(html).toMatch(
      /<nav aria-label="Breadcrumb"><ol class="breadcrumb"><li><a href="\/">Home<\/a><\/li><li><a href="\/blog">Blog<\/a><\/li>/,
    );
    expect(html).toContain('<time dateTime="2024-01-12">January 12, 2024</time>');
  });

  it('were last changed the day they were published, unless updated: says otherwise, which the byline then shows too', () => {
    const render = (model: SiteModel, path: string) =>
      renderPage(model, path, { siteUrl: 'https://shield.example', assets: { stylesheets: [], scripts: [] }, year: 2024 }).html;
    const dataOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    const model = modelOf({
      'site/blog/plain.md': article(),
      'site/blog/changed.md': article({ title: 'Changed', updated: '2024-03-02' }),
    });
    const plain = render(model, '/blog/plain');
    expect(dataOf(plain)).toMatchObject({ datePublished: '2024-01-12', dateModified: '2024-01-12' });
    expect(plain).not.toContain('Updated');
    const changed = render(model, '/blog/changed');
    expect(dataOf(changed)).toMatchObject({ datePublished: '2024-01-12', dateModified: '2024-03-02' });
    expect(changed).toContain('Updated <time dateTime="2024-03-02">March 2, 2024</time>');
  });

  it('describe their breadcrumb, Home then Blog then the article, as a BreadcrumbList', () => {
    const model = modelOf({ 'site/blog/send.md': article() });
    const html = renderPage(model, '/blog/send', {
      siteUrl: 'https://shield.example',
      assets: { stylesheets: [], scripts: [] },
      year: 2024,
    }).html;
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(blocks.find((b) => b['@type'] === 'BreadcrumbList')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shield.example/' },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://shield.example/blog' },
        { '@type': 'ListItem', position: 3, name: 'Send a notice', item: 'https://shield.example/blog/send' },
      ],
    });
  });

  it('show the picture the front matter names, give it to search engines, and are listed in the sitemap', () => {
    const model = modelOf({ 'site/blog/pictured.md': article({ image: '{ src: /images/notice.png, alt: A filled-in notice }' }) });
    const page = model.pages.find((p) => p.path === '/blog/pictured')!;
    expect(page.meta.jsonLd).toEqual([expect.objectContaining({ image: '{siteUrl}/images/notice.png' })]);
    const html = renderPage(model, '/blog/pictured', {
      siteUrl: 'https://shield.example',
      assets: { stylesheets: [], scripts: [] },
      year: 2024,
    }).html;
    expect(html).toContain('<img class="article__image" src="/images/notice.png" alt="A filled-in notice"/>');
    expect(html).toContain('"image":"https://shield.example/images/notice.png"');
    expect(renderSitemap(model, 'https://shield.example')).toContain('<loc>https://shield.example/blog/pictured</loc>');
  });

  it('report a broken link in an article at the line it is written on', () => {
    const model = modelOf({ 'site/blog/send.md': article({}, 'Intro.\n\nSee [the toolkit](/takedowns/toolkit) and [home](/).\n') });
    const result = checkLinks({
      routes: model.pages.map((p) => p.path!),
      pages: [],
      sources: model.linkSources,
      known: model.knownLinks,
      siteUrl: model.site.url,
    });
    const inArticles = result.broken.filter((b) => b.declaredAt.some((at) => at.startsWith('site/blog/')));
    expect(inArticles.map((b) => [b.href, b.why, b.declaredAt])).toEqual([
      ['/takedowns/toolkit', 'no page at /takedowns/toolkit', ['site/blog/send.md:11:19']],
    ]);
  });
});

describe('the blog list counts what the articles say', () => {
  const model = modelOf({
    'site/blog/a.md': article({ category: 'DMCA Guides' }),
    'site/blog/b.md': article({ category: 'DMCA Guides', date: '2024-01-01' }),
    'site/blog/c.md': article({ category: 'Tips and Tricks', date: '2023-01-01' }),
  });
  const list = model.pages.find((p) => p.path === '/blog')!.sections.find((s) => s.type === 'article-list')!;
  if (list.type !== 'article-list') throw new Error('no article list');

  it('counts each category from the articles, and "Tips and Tricks" shows the article it counts', () => {
    const counts = categoryCounts(list.articles);
    expect(list.categories.map((c) => [c.name, counts.get(c.name) ?? 0])).toEqual([
      ['DMCA Guides', 2],
      ['Copyright Law', 0],
      ['Tips and Tricks', 1],
    ]);
    const tips = viewArticles(list.articles, '', categoryNameOf('tips-and-tricks', list.categories));
    expect(tips.matches.map((a) => a.path)).toEqual(['/blog/c']);
  });

  it('reads "Showing 3 of 3 articles" with every article shown', () => {
    expect(countLine(list.countText, list.articles.length, list.articles.length)).toBe('Showing 3 of 3 articles');
  });
});

describe('the Atom feed', () => {
  const model = modelOf({
    'site/blog/send.md': fixture('send-a-takedown-notice.md'),
    'site/blog/watermark.md': fixture('watermark-your-images.md'),
  });
  const xml = renderAtomFeed(model, 'https://shield.example/')!;
  const feed = parseFeed(xml);

  it('names the blog and links to itself and to the blog page', () => {
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Copyright Protection Blog | Acme');
    expect(feed.self).toBe('https://shield.example/blog/feed.xml');
    expect(feed.url).toBe('https://shield.example/blog');
    expect(feed.updated?.toISOString()).toBe('2024-01-12T00:00:00.000Z');
  });

  it('has one entry per article, newest first, with title, address, dates, author, summary and the text as HTML', () => {
    expect(feed.items.map((i) => [i.title, i.url, i.id, i.published?.toISOString(), i.authors.map((a) => a.name)])).toEqual([
      [
        'How to File a DMCA Takedown Notice: A Step-by-Step Guide',
        'https://shield.example/blog/1',
        'https://shield.example/blog/1',
        '2024-01-12T00:00:00.000Z',
        ['James Okafor'],
      ],
      [
        'Watermarking Without Ruining Your Work: Five Practical Tips',
        'https://shield.example/blog/watermark',
        'https://shield.example/blog/watermark',
        '2023-12-14T00:00:00.000Z',
        ['Nina Patel'],
      ],
    ]);
    const [first] = feed.items;
    expect(first!.description).toMatch(/^The six elements every valid notice needs/);
    expect(first!.content).toContain('<h2 id="the-six-parts-of-a-valid-notice">');
    expect(first!.content).toContain('<a href="/pricing">our takedown plans</a>');
    // The HTML travels escaped inside the XML, never as elements of the feed.
    expect(xml).not.toContain('<h2');
  });
});

describe('prices in an article come from the catalogue', () => {
  const PRICING = yaml`
    currency: $
    prices:
      takedowns:
        personal: 49
      discounts:
        nonprofit: "25%"
  `;

  it('shows the figure a {price:…} placeholder names, in the text, the excerpt and the read time', () => {
    const model = modelOf({
      'site/data/pricing.yaml': PRICING,
      'site/blog/send.md': article(
        { excerpt: '"A personal takedown costs {price:takedowns.personal}, and only when the copy comes down."' },
        'Intro.\n\nNonprofits save {price:discounts.nonprofit} on every plan.\n',
      ),
    });
    const { article: entry } = articleSection(model, '/blog/send');
    expect(entry.html).toContain('Nonprofits save 25% on every plan.');
    expect(entry.html).not.toContain('{price:');
    expect(entry.excerpt).toBe('A personal takedown costs $49, and only when the copy comes down.');
  });

  it('reports a key the catalogue lacks at its line and column in the .md file, with a suggestion', () => {
    expect(
      problemLines({
        'site/data/pricing.yaml': PRICING,
        'site/blog/send.md': article({}, 'Intro.\n\nA takedown costs {price:takedowns.personl}.\n'),
      }),
    ).toEqual(['site/blog/send.md:11:18 no price "takedowns.personl" in site/data/pricing.yaml. Did you mean "takedowns.personal"?']);
  });
});
