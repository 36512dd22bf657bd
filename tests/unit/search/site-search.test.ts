import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { renderPage } from '../../../engine/render/render-page';
import { MAX_QUERY_LENGTH, MAX_TERMS, queryTerms } from '../../../engine/search/query-terms';
import { searchDocuments, type SearchDocument } from '../../../engine/search/search-documents';
import { buildSearchIndex, indexDocuments, loadSiteSearch, type SearchOutcome } from '../../../engine/search/search-index';
import { searchPagePath } from '../../../server/search/search-page';
import { highlight, snippet, type TextPart } from '../../../engine/search/snippet';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');
const site = loadSiteSearch(buildSearchIndex(model));
const first = (query: string) => site.search(query).hits[0]?.url;
const shown = (parts: TextPart[]) => parts.map((p) => (p.hit ? `[${p.text}]` : p.text)).join('');

/** An FAQ question as site/ words it, by its set and id. */
const question = (set: string, id: string) => model.faqSets[set]!.items.find((q) => q.id === id)!.question;
/** The longest words of a text (ties in reading order), lower case: what a visitor would type. */
const longestWords = (text: string, count: number) =>
  (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .map((word, i) => ({ word, i }))
    .sort((a, b) => b.word.length - a.word.length || a.i - b.i)
    .slice(0, count)
    .map((w) => w.word);
const titles = searchDocuments(model).map((d) => d.title.toLowerCase());
/** The word of a text (six letters or more) the fewest documents have in their title: the one a visitor would search it by. */
const distinctiveWord = (text: string) =>
  longestWords(text, 20)
    .filter((word) => word.length >= 6)
    .map((word) => ({ word, titles: titles.filter((t) => t.includes(word)).length }))
    .sort((a, b) => a.titles - b.titles || b.word.length - a.word.length)[0]!.word;
const swapTwo = (word: string) => word.slice(0, 2) + word[3] + word[2] + word.slice(4);
const WORDPRESS_TITLE = model.pages.find((p) => p.path === '/wordpress-dmca')!.meta.title;
const REFUND = question('pricing-questions', 'refund-policy');
const COUNTER_NOTICE = question('legal-questions', 'what-is-a-counter-notice');

const doc = (id: string, fields: Partial<SearchDocument>): SearchDocument => ({
  id,
  kind: 'page',
  url: `/${id}`,
  title: '',
  headings: '',
  text: '',
  context: '',
  group: id,
  ...fields,
});

describe('what the index holds', () => {
  const docs = searchDocuments(model);

  it('has every indexable page, every FAQ answer shown on a page and every article', () => {
    const pages = model.pages.filter(
      (p) => !p.meta.noindex && !p.sections.some((s) => s.type === 'article' || (s.type === 'article-list' && s.category)),
    );
    expect(
      docs
        .filter((d) => d.kind === 'page')
        .map((d) => d.url)
        .sort(),
    ).toEqual(pages.map((p) => p.path).sort());
    const questions = new Set(Object.values(model.faqSets).flatMap((set) => set.items.map((q) => q.question)));
    const indexed = new Set(docs.filter((d) => d.kind === 'faq').map((d) => d.title));
    // Every question of a set some page shows is found.
    const shownSets = new Set(model.pages.flatMap((p) => p.sections.flatMap((s) => (s.type === 'faq' ? [s.faqSet] : []))));
    for (const id of shownSets) for (const q of model.faqSets[id]!.items) expect(indexed).toContain(q.question);
    expect(indexed.size).toBeGreaterThan(150);
    expect(questions.size).toBeGreaterThanOrEqual(indexed.size);
    expect(new Set(docs.filter((d) => d.kind === 'article').map((d) => d.group))).toEqual(new Set(model.articles.map((a) => a.path)));
  });

  it('keeps the search page and other noindex pages out', () => {
    expect(docs.some((d) => d.url.startsWith('/search'))).toBe(false);
  });

  it('links an FAQ answer to its own anchor, which the page renders on the answer', () => {
    const answer = docs.find((d) => d.kind === 'faq' && d.title === COUNTER_NOTICE)!;
    expect(answer.url).toMatch(/^\/faq\/legal#[a-z0-9-]+$/);
    const [path, id] = answer.url.split('#');
    const { html } = renderPage(model, path!, { siteUrl: 'https://example.com', assets: { stylesheets: [], scripts: [] }, year: 2026 });
    expect(html).toContain(`id="${id}" class="accordion__panel"`);
  });

  it("links a part of an article to its heading's anchor", () => {
    const parts = docs.filter((d) => d.kind === 'article' && d.url.includes('#'));
    expect(parts.length).toBeGreaterThan(model.articles.length);
    for (const part of parts.slice(0, 10)) {
      const article = model.articles.find((a) => part.url.startsWith(`${a.path}#`))!;
      expect(article.html).toContain(`id="${part.url.split('#')[1]}"`);
      expect(part.context).not.toBe('');
    }
  });

  it('is answered by the page with the search-results section, which the home page names as its SearchAction', () => {
    expect(searchPagePath(model)).toBe('/search');
    const home = model.pages.find((p) => p.path === '/')!;
    expect(JSON.stringify(home.meta.jsonLd)).toContain('{siteUrl}/search?q={search_term_string}');
    expect(model.site.header.search?.href).toBe('/search');
  });
});

describe('ranking', () => {
  // The queries are made from the words site/ has, so they follow a writer's changes.
  const article = model.articles.find((a) => a.path === '/blog/8')!;
  it.each([
    ['a page title', WORDPRESS_TITLE, '/wordpress-dmca'],
    ["an FAQ question's words", longestWords(REFUND, 2).join(' '), '/faq/pricing#refund-policy'],
    ["an article's words", longestWords(article.title, 2).join(' '), '/blog/8'],
    ['two swapped letters', swapTwo(distinctiveWord(REFUND)), '/faq/pricing#refund-policy'],
    ['the start of a word', distinctiveWord(WORDPRESS_TITLE).slice(0, 6), '/wordpress-dmca'],
  ])('finds %s first (%s)', (_what, query, url) => {
    expect(first(query)?.split('#')[0]).toBe(url.split('#')[0]);
    if (url.includes('#')) expect(first(query)).toBe(url);
  });

  it('finds a question with a typo in the query first (counter-notise)', () => {
    // Fixture documents: how close a misspelling must be depends on the words, so they are the test's own.
    const search = loadSiteSearch(
      indexDocuments([
        doc('takedown-time', { kind: 'faq', title: 'How long does a takedown take?', text: 'Most notices are answered within days.' }),
        doc('counter-notice', { kind: 'faq', title: 'What is a counter-notice?', text: 'A reply to a takedown notice.' }),
      ]),
    );
    expect(search.search('counter-notise').hits[0]?.url).toBe('/counter-notice');
  });

  it('puts a document about the words (in its title) above one that mentions them in passing', () => {
    const search = loadSiteSearch(
      indexDocuments([
        doc('mention', {
          title: 'Our services',
          text: `We remove copies. ${'Monitoring runs day and night. '.repeat(3)} Watermarks help too.`,
        }),
        doc('about', { title: 'Watermarks', text: 'How to mark your pictures so that copies can be traced.' }),
      ]),
    );
    expect(search.search('watermarks').hits.map((h) => h.url)).toEqual(['/about', '/mention']);
  });

  it('shows the best part of an article once, at its heading', () => {
    const urls = site.search('counter notice deadline').hits.map((h) => h.url.split('#')[0]);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('needs every word first, and says so when it falls back to some of them', () => {
    const both = site.search('wordpress plugin');
    expect(both.partial).toBe(false);
    const some = site.search('wordpress zzzqqq');
    expect(some.partial).toBe(true);
    expect(some.hits[0]?.url).toBe('/wordpress-dmca');
    expect(site.search('zzzqqq xxxyyy').hits).toEqual([]);
  });
});

describe('snippets and highlights', () => {
  it('marks the matched words, whatever their case, and keeps the text around them as it is', () => {
    expect(shown(highlight('Fair use: when is USE fair?', new Set(['fair', 'use'])))).toBe('[Fair] [use]: when is [USE] [fair]?');
  });

  it('shows the words around the place with the most matched words, with … where the text goes on', () => {
    const text = `${'Intro words here. '.repeat(20)}A takedown notice names the work. ${'More words after. '.repeat(20)}`;
    const parts = shown(snippet(text, new Set(['takedown', 'notice']), 2));
    expect(parts.startsWith('… ')).toBe(true);
    expect(parts.endsWith(' …')).toBe(true);
    expect(parts).toContain('[takedown] [notice] names the work');
  });

  it('shows the opening words when only the title matched', () => {
    expect(shown(snippet('Nothing here matches.', new Set(['takedown'])))).toBe('Nothing here matches.');
  });

  it('keeps markup in the content and in the query as text on the page', () => {
    const search = loadSiteSearch(
      indexDocuments([doc('x', { title: 'Script <b>tags</b>', text: 'A <script>alert(1)</script> example about tags.' })]),
    );
    const outcome = search.search('<script>tags</script>');
    expect(outcome.hits).toHaveLength(1);
    const { html } = renderPage(model, '/search', {
      siteUrl: 'https://example.com',
      assets: { stylesheets: [], scripts: [] },
      year: 2026,
      search: { ...outcome },
    });
    const results = html.slice(html.indexOf('<main'));
    expect(results).not.toContain('<script>alert');
    expect(results).not.toContain('<b>tags');
    expect(results).toContain('A &lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; example');
    expect(results).toContain('<mark>Script</mark> &lt;b&gt;<mark>tags</mark>&lt;/b&gt;');
    expect(results).toContain('for “&lt;script&gt;tags&lt;/script&gt;”');
  });
});

describe('hostile and odd queries', () => {
  it('reads at most the first characters of a 10 KB query, answers at once and says so', () => {
    const started = performance.now();
    const outcome = site.search('takedown '.repeat(1200));
    expect(performance.now() - started).toBeLessThan(200);
    expect(Array.from(outcome.query).length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(outcome.notes).toContain('cut-length');
    expect(outcome.terms).toEqual(['takedown']);
  });

  it('keeps at most MAX_TERMS words and says so', () => {
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    const read = queryTerms(words);
    expect(read.terms).toHaveLength(MAX_TERMS);
    expect(read.notes).toEqual(['cut-terms']);
  });

  it.each(['(a+)+$', '.*', '[', '\\', '${x}', '"><img src=x onerror=alert(1)>', '%00', '\u0000\u202e', 'ﬁ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀'])(
    'answers %j without throwing',
    (query) => {
      const outcome = site.search(query);
      expect(outcome.hits.length).toBeLessThanOrEqual(10);
      expect(outcome.query).toBe(query.trim().replace(/\s+/g, ' '));
    },
  );

  it('says so when a query has only common words, and searches nothing', () => {
    const outcome = site.search('the and of to');
    expect(outcome.terms).toEqual([]);
    expect(outcome.hits).toEqual([]);
    expect(outcome.notes).toEqual(['only-common-words']);
  });

  it('finds nothing for an empty or blank query', () => {
    for (const q of ['', '   ', '\t\n']) expect(site.search(q)).toMatchObject({ query: '', terms: [], notes: [], hits: [] });
  });

  it('answers a set of worst cases within a few milliseconds each', () => {
    const worst = [
      'ab '.repeat(100),
      'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
      'takedwon copyrite protecshun monitorring plagiarsm infringment wordpres youtub',
    ];
    for (const q of worst) site.search(q);
    const started = performance.now();
    for (const q of worst) site.search(q);
    // Generous for a busy machine; the benchmark reports the real figures.
    expect((performance.now() - started) / worst.length).toBeLessThan(100);
  });
});

describe('the results page', () => {
  const render = (search?: SearchOutcome) =>
    renderPage(model, '/search', { siteUrl: 'https://example.com', assets: { stylesheets: [], scripts: [] }, year: 2026, search }).html;

  it('is kept out of search engines and the sitemap', () => {
    expect(render()).toContain('<meta name="robots" content="noindex"/>');
  });

  it('offers the FAQ and the contact page when nothing matched, and when nothing was asked', () => {
    for (const html of [render(), render(site.search('zzzqqq')), render(site.search('the'))]) {
      expect(html).toContain('href="/faq"');
      expect(html).toContain('href="/contact-us"');
    }
    expect(render(site.search('zzzqqq'))).toContain('No results for “zzzqqq”');
    expect(render(site.search('the'))).toContain('only very common words');
  });

  it('lists the results with their kind, a marked title and a link to the exact place', () => {
    const words = longestWords(COUNTER_NOTICE, 2);
    const html = render(site.search(words.join(' ')));
    const link = new RegExp(`<a href="/faq/legal#what-is-a-counter-notice">([^<]|<mark>[^<]*</mark>)*</a>`, 'i').exec(html)?.[0] ?? '';
    for (const word of words) expect(link.toLowerCase()).toContain(`<mark>${word}</mark>`);
    expect(link.replace(/<\/?mark>/g, '').replace(/<[^>]*>/g, '')).toBe(COUNTER_NOTICE);
    expect(html).toContain('FAQ answer');
    expect(html).toContain(`value="${words.join(' ')}"`);
  });
});
