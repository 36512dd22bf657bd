// The blog, about and legal pages checked against spec 001 §2 (Blog, About, Legal pages), §4 (blog
// filtering) and §9 (legal figures), on the real site/ folder. The blog's articles are the files in
// site/blog/, so its checks hold for any number of them.
import { describe, expect, it } from 'vitest';
import { listOrder } from '../../../engine/content/articles';
import { formatProblem } from '../../../engine/content/problem';
import {
  articleMatches,
  categoryCounts,
  categoryNameOf,
  countLine,
  viewArticles,
} from '../../../engine/sections/article-list/article-filter';
import { formatLongDate } from '../../../engine/sections/long-date';
import { actionsOf, model, only, page, problems } from '../../support/site-pages';

/** All text of a page's sections, for figures the spec names. */
const textOf = (path: string) => JSON.stringify(page(path).sections);

it('the real site loads', () => {
  expect(problems.map(formatProblem)).toEqual([]);
});

describe('/blog (spec 001 §2 Blog, §9 Blog)', () => {
  const list = () => only('/blog', 'article-list');

  it('lists exactly the articles of site/blog/, featured first, then newest first', () => {
    expect(list().articles.map((a) => a.path)).toEqual(listOrder(model!.articles).map((a) => a.path));
    const featured = list().articles.filter((a) => a.featured);
    expect(list().articles.slice(0, featured.length)).toEqual(featured);
  });

  it('gives every article a page of its own under /blog, a known category and a real date', () => {
    const names = list().categories.map((c) => c.name);
    for (const a of list().articles) {
      expect(page(a.path).file, a.path).toMatch(/^site\/blog\/[a-z0-9-]+\.md$/);
      expect(a.path).toMatch(/^\/blog\/[a-z0-9-]+$/);
      expect(names, a.path).toContain(a.category);
      expect(formatLongDate(a.date), `${a.path} date`).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(a.readMinutes, a.path).toBeGreaterThanOrEqual(1);
    }
  });

  it('names the seven categories of the spec, in order, and types no count or article number in its copy', () => {
    expect(list().categories.map((c) => c.name)).toEqual([
      'DMCA Guides',
      'Copyright Law',
      'Content Protection',
      'Industry News',
      'Case Studies',
      'Legal Updates',
      'Tips and Tricks',
    ]);
    // Counts come from the articles; a typed figure would go stale with the next article.
    expect(textOf('/blog')).not.toMatch(/\d+ articles/);
    expect(page('/blog').meta.description).not.toMatch(/\d/);
  });

  it('reads "Showing X of N articles"', () => {
    expect(countLine(list().countText, 4, 9)).toBe('Showing 4 of 9 articles');
  });

  it('advertises its Atom feed', () => {
    // The feed is titled as the page is, through the site's title template.
    const title = (model!.site.titleTemplate ?? '%s').replace('%s', page('/blog').meta.title);
    expect(page('/blog').feed).toEqual({ path: '/blog/feed.xml', title });
  });

  it('sends its load-more button and its subscribe buttons to /contact-us', () => {
    expect(list().moreAction?.href).toBe('/contact-us');
    // The subscribe buttons (hero and newsletter) are the page's mail-icon actions.
    const subscribe = page('/blog').sections.flatMap((s) => JSON.stringify(s).match(/\{[^{}]*"icon":"mail"[^{}]*\}/g) ?? []);
    expect(subscribe.length).toBeGreaterThanOrEqual(2);
    for (const action of subscribe) expect(JSON.parse(action).href).toBe('/contact-us');
  });
});

describe('blog filtering (spec 001 §4)', () => {
  const article = (title: string, excerpt: string, category: string) => ({ title, excerpt, category });
  const categories = [
    { id: 'copyright-law', name: 'Copyright Law' },
    { id: 'tips-and-tricks', name: 'Tips and Tricks' },
  ];

  it.each([
    ['copyright-law', 'Copyright Law'],
    ['tips-and-tricks', 'Tips and Tricks'],
    ['all', null],
    ['no-such-category', null],
  ])('reads the category value %j as %j', (value, name) => {
    expect(categoryNameOf(value, categories)).toBe(name);
  });

  it("shows a three-word category's articles when it is chosen, so its count in the sidebar is what choosing it shows", () => {
    const a = article('Watermarks', 'Tips', 'Tips and Tricks');
    const chosen = categoryNameOf('tips-and-tricks', categories);
    expect(articleMatches(a, '', chosen)).toBe(true);
    expect(viewArticles([a], '', chosen).matches).toHaveLength(categoryCounts([a]).get('Tips and Tricks')!);
    expect(articleMatches(a, '', 'Copyright Law')).toBe(false);
    expect(articleMatches(a, '', null)).toBe(true);
  });

  it('counts the articles of each category', () => {
    const counts = categoryCounts([
      article('A', 'a', 'Copyright Law'),
      article('B', 'b', 'Copyright Law'),
      article('C', 'c', 'Tips and Tricks'),
    ]);
    expect(Object.fromEntries(counts)).toEqual({ 'Copyright Law': 2, 'Tips and Tricks': 1 });
  });

  it.each([
    ['fair', true],
    ['FAIR USE', true],
    ['courts', true],
    ['COURTS WEIGH', true],
    ['parody and', false],
  ])('finds %j in the title or the excerpt, ignoring case: %s', (search, found) => {
    const a = article('Fair Use Explained', 'The four factors courts weigh.', 'Copyright Law');
    expect(articleMatches(a, search, null)).toBe(found);
  });

  it('needs both the search text and the category to match', () => {
    const a = article('Fair Use Explained', 'The four factors courts weigh.', 'Copyright Law');
    expect(articleMatches(a, 'fair', 'Copyright Law')).toBe(true);
    expect(articleMatches(a, 'fair', 'DMCA Guides')).toBe(false);
  });

  it('shows the first three matches as featured and skips them in the latest list', () => {
    const articles = [1, 2, 3, 4, 5].map((n) => ({ ...article(`Post ${n}`, n % 2 ? 'odd' : 'even', 'News'), n }));
    const all = viewArticles(articles, '', null);
    expect(all.featured.map((a) => a.n)).toEqual([1, 2, 3]);
    expect(all.latest.map((a) => a.n)).toEqual([4, 5]);
    const odd = viewArticles(articles, 'odd', null);
    expect([odd.matches, odd.featured, odd.latest].map((l) => l.map((a) => a.n))).toEqual([[1, 3, 5], [1, 3, 5], []]);
  });

  it.each([
    ['2024-01-15', 'January 15, 2024'],
    ['2023-12-07', 'December 7, 2023'],
  ])('writes %s as %s', (iso, text) => {
    expect(formatLongDate(iso)).toBe(text);
  });
});

describe('/about-us and /about (spec 001 §2 About)', () => {
  it('/about-us has a six-person leadership team, each with a role and biography', () => {
    const team = only('/about-us', 'team');
    expect(team.members).toHaveLength(6);
    expect(new Set(team.members.map((m) => m.name)).size).toBe(6);
    for (const m of team.members) expect(m.role.length * m.bio.length).toBeGreaterThan(0);
  });

  it('/about-us has mission, vision, story, values, achievements and awards', () => {
    const sections = page('/about-us').sections;
    const ids = sections.map((s) => ('id' in s ? s.id : undefined));
    expect(ids).toEqual(expect.arrayContaining(['mission', 'story', 'values', 'team', 'achievements', 'awards']));
    // Mission and vision are two cards, the values four (spec 001 §2 About); their words are the writers'.
    const mission = sections.find((s) => 'id' in s && s.id === 'mission');
    expect(mission?.type === 'card-grid' && mission.cards.length).toBe(2);
    const values = sections.find((s) => 'id' in s && s.id === 'values');
    expect(values?.type === 'card-grid' && values.cards.length).toBe(4);
    for (const section of [mission, values])
      if (section?.type === 'card-grid') for (const c of section.cards) expect(c.title.trim()).not.toBe('');
  });

  it('/about-us claims 100,000+ creators, 2M+ takedowns and 99.2% success', () => {
    const achievements = page('/about-us').sections.find((s) => s.type === 'stats' && s.id === 'achievements');
    expect(achievements?.type === 'stats' && achievements.items.map((i) => i.value)).toEqual(['100,000+', '2M+', '99.2%', '24/7']);
  });

  it('/about-us sends both buttons of its closing call to action to /contact-us', () => {
    const cta = page('/about-us')
      .sections.filter((s) => s.type === 'cta')
      .at(-1);
    const actions = cta?.type === 'cta' ? cta.actions : [];
    expect(actions.length).toBeGreaterThanOrEqual(2);
    expect(new Set(actions.map((a) => a.href))).toEqual(new Set(['/contact-us']));
  });

  it('/about shows its own figures and links to /contact and /takedown/commercial', () => {
    const stats = only('/about', 'stats');
    expect(stats.items.map((i) => i.value)).toEqual(['98.5%', '50,000+', '15,000+', '150+', '1000+']);
    const hrefs = new Set(actionsOf('/about').map((a) => a.href));
    expect(hrefs).toEqual(new Set(['/contact', '/takedown/commercial']));
  });
});

describe('legal pages (spec 001 §2 Legal pages, §9 Legal pages)', () => {
  // The spec's topics, in order, as the anchors of the parts name them (links point at them; the headings are the writers').
  const PRIVACY = [
    'information-collection',
    'use',
    'sharing',
    'security',
    'retention',
    'rights',
    'cookies',
    'international-transfers',
    'children',
    'changes',
    'contact',
  ];
  const TERMS = [
    'acceptance',
    'services',
    'eligibility',
    'user-obligations',
    'prohibited-uses',
    'dmca',
    'payment',
    'availability',
    'intellectual-property',
    'liability',
    'indemnification',
    'termination',
    'governing-law',
    'changes',
    'contact',
  ];

  it.each([
    ['/privacy', PRIVACY],
    ['/terms', TERMS],
  ] as const)("%s has the spec's anchored sections, in order, last updated January 15, 2024", (path, topics) => {
    const doc = only(path, 'document');
    expect(doc.parts).toHaveLength(topics.length);
    doc.parts.forEach((part, i) => expect(part.id, `part ${i + 1}`).toContain(topics[i]));
    for (const part of doc.parts) expect(part.title.trim(), part.id).not.toBe('');
    expect(formatLongDate(doc.updated)).toBe('January 15, 2024');
    // Anchors are unique on the page, including against the section ids and the layout's ids.
    const ids = [
      ...doc.parts.map((p) => p.id),
      ...page(path).sections.flatMap((s) => ('id' in s && s.id ? [s.id] : [])),
      'main',
      'page-title',
      'site-nav',
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has 11 privacy sections and 15 terms sections', () => {
    expect(only('/privacy', 'document').parts).toHaveLength(11);
    expect(only('/terms', 'document').parts).toHaveLength(15);
  });

  it.each([
    ['/privacy', ['within 30 days', 'under 13', '7 years', 'banner on our website for 30 days', 'EU, the UK, Canada or Australia']],
    [
      '/terms',
      [
        'at least 18 years old',
        'parent or legal guardian',
        'within 14 days',
        '30-day money-back guarantee',
        'within 30 days',
        '12 months before the claim',
        'State of California',
        'arbitration in San Francisco',
        'repeat infringers are terminated',
        'penalty of perjury',
        '99.9%',
        'banner on our website for 30 days',
      ],
    ],
  ] as const)("%s states the spec's figures", (path, phrases) => {
    const text = textOf(path).replace(/\s+/g, ' ');
    for (const p of phrases) expect(text, p).toContain(p);
  });

  it('lists the six elements of a valid takedown notice in the DMCA compliance section', () => {
    const dmca = only('/terms', 'document').parts.find((p) => p.id === 'dmca-compliance');
    expect(dmca?.list).toEqual([
      'Identification of the copyrighted work',
      'The location of the infringing material',
      "The owner's contact information",
      'A statement of good faith that the use is not authorised',
      'A statement, under penalty of perjury, that the information is accurate',
      'A physical or electronic signature of the owner or authorised agent',
    ]);
  });
});
