// The FAQ hub, the eight FAQ category pages and /questions (spec 001 §2 "FAQ hub", "FAQ category
// pages", "/questions", §3, §9 "FAQ-copy figures"), checked against the real site/ folder: question
// counts and categories, anchors, filters, empty states, related topics and calls to action.
import { describe, expect, it } from 'vitest';
import type { ResolvedFaqSection } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import {
  ALL_CATEGORIES,
  answerParagraphs,
  categoryAnchor,
  groupByCategory,
  questionMatches,
  resultHeading,
} from '../../../engine/sections/faq/faq-filter';
import { page, problems, sectionsOf } from '../../support/site-pages';

function faqOf(path: string): ResolvedFaqSection {
  const faqs = sectionsOf(path, 'faq');
  expect(faqs, `${path} has one faq section`).toHaveLength(1);
  return faqs[0]!;
}
const categoriesOf = (faq: ResolvedFaqSection) => groupByCategory(faq.questions).map((g) => g.name);
const hrefsOn = (path: string) =>
  page(path).sections.flatMap((s) => {
    const out: string[] = [];
    JSON.stringify(s, (key, value) => {
      if (key === 'href' && typeof value === 'string') out.push(value);
      return value;
    });
    return out;
  });

interface CategoryPage {
  path: string;
  count: number;
  /** The categories in the order the page shows them; undefined where the spec names none. */
  categories?: string[];
  grouped: boolean;
  related: string[];
  /** Links the spec names on the page (calls to action and others). */
  links: string[];
}

// Item counts from spec 001 §2; /faq/protection has the hub's count for it (§3: 18).
const CATEGORY_PAGES: CategoryPage[] = [
  {
    path: '/faq/protection',
    count: 18,
    grouped: true,
    related: ['/faq/technical', '/faq/pricing', '/faq/business'],
    links: [
      '/protection',
      '/contact',
      '/protection/photography',
      '/protection/music',
      '/protection/video',
      '/faq/takedowns',
      '/faq/legal',
      '/faq/protection#questions',
    ],
  },
  {
    path: '/faq/legal',
    count: 20,
    grouped: true,
    categories: ['DMCA Basics', 'Requirements', 'Counter-Notices', 'Fair Use', 'Damages'],
    related: ['/faq/takedowns', '/faq/general', '/faq/international'],
    links: ['/contact', '/takedowns'],
  },
  {
    path: '/faq/pricing',
    count: 20,
    grouped: true,
    related: ['/faq/business', '/faq/general', '/faq/technical'],
    links: ['/protection', '/contact'],
  },
  {
    path: '/faq/technical',
    count: 26,
    grouped: true,
    categories: ['API', 'Platform Integration', 'Bulk Processing', 'File Formats', 'Technology', 'Security', 'Reliability', 'Support'],
    related: ['/faq/business', '/faq/protection', '/faq/pricing'],
    links: ['/contact-us', '/contact'],
  },
  {
    path: '/faq/business',
    count: 26,
    grouped: true,
    related: ['/faq/technical', '/faq/pricing', '/faq/legal'],
    links: ['/contact', '/contact-us'],
  },
  {
    path: '/faq/international',
    count: 20,
    grouped: false,
    related: ['/faq/legal', '/faq/takedowns', '/faq/business'],
    links: ['/contact', '/takedowns'],
  },
  {
    path: '/faq/general',
    count: 15,
    grouped: true,
    related: ['/faq/takedowns', '/faq/pricing', '/faq/legal'],
    links: [],
    categories: [
      'Basic Information',
      'Eligibility',
      'Content Types',
      'Our Services',
      'Legal Basics',
      'Copyright Basics',
      'International',
      'Process',
      'Getting Started',
    ],
  },
  {
    path: '/faq/takedowns',
    count: 20,
    grouped: true,
    related: ['/faq/legal', '/faq/pricing', '/faq/technical'],
    links: ['/takedowns/commercial', '/takedowns/personal'],
    categories: [
      'Timeline & Process',
      'Requirements',
      'Pricing',
      'Success Rate',
      'Process',
      'Coverage',
      'Counter-Notices',
      'International',
      'Bulk Processing',
      'Evidence',
      'Social Media',
      'Search Engines',
      'Enforcement',
      'Content Types',
      'Anonymous Cases',
      'Reporting',
      'Emergency Services',
      'Quality Control',
    ],
  },
];

// The hub's category grid (spec 001 §2), in order. The counts beside them are counted from the FAQ
// sets; tests/e2e/faq.spec.ts checks each against its page.
const HUB_CATEGORIES = [
  ['General', '/faq/general'],
  ['Takedowns', '/faq/takedowns'],
  ['Protection', '/faq/protection'],
  ['Legal', '/faq/legal'],
  ['Pricing', '/faq/pricing'],
  ['Technical', '/faq/technical'],
  ['Business', '/faq/business'],
  ['International', '/faq/international'],
] as const;

// Spec 001 §3: /questions category ids; their counts are counted (tests/e2e/questions.spec.ts).
const QUESTIONS_CATEGORIES = ['all', 'dmca-basics', 'takedowns', 'protection', 'legal', 'pricing', 'technical'] as const;

describe('FAQ helpers', () => {
  it.each([
    ['Timeline & Process', 'timeline-and-process'],
    ['DMCA Basics', 'dmca-basics'],
    ['Counter-Notices', 'counter-notices'],
    ['Plans & Free Trial', 'plans-and-free-trial'],
    ['API', 'api'],
    ['Q&A', 'q-and-a'],
  ])('the anchor of "%s" is #%s', (name, anchor) => {
    expect(categoryAnchor(name)).toBe(anchor);
  });

  const item = {
    question: 'How long does a takedown take?',
    answer: 'Most notices are processed within 24-48 hours.',
    category: 'Takedowns',
  };
  it.each([
    ['', ALL_CATEGORIES, true],
    ['TAKEDOWN', ALL_CATEGORIES, true],
    ['within 24-48', ALL_CATEGORIES, true],
    ['  hours  ', 'takedowns', true],
    ['hours', 'legal', false],
    ['refund', ALL_CATEGORIES, false],
  ])('search "%s" in category %s matches: %s', (search, category, matches) => {
    expect(questionMatches(item, search, category)).toBe(matches);
  });

  it.each([
    [0, '', '0 questions found'],
    [1, '', '1 question found'],
    [3, 'fee', '3 questions found for "fee"'],
    [1, ' Fair ', '1 question found for "Fair"'],
  ])('%i results for "%s" read "%s"', (count, search, heading) => {
    expect(resultHeading(count, search)).toBe(heading);
  });

  it('splits an answer into paragraphs at blank lines', () => {
    expect(answerParagraphs('One.\n\nTwo\nlines.\n  \nThree.')).toEqual(['One.', 'Two\nlines.', 'Three.']);
  });
});

describe('FAQ pages', () => {
  it('the real site loads', () => {
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it.each(CATEGORY_PAGES.map((p) => [p.path, p.count] as const))('%s has %i questions', (path, count) => {
    expect(faqOf(path).questions).toHaveLength(count);
    expect(faqOf(path).limit).toBeUndefined();
  });

  it.each(CATEGORY_PAGES.filter((p) => p.categories).map((p) => [p.path, p.categories!] as const))(
    "%s groups its questions in the spec's categories",
    (path, categories) => {
      expect(categoriesOf(faqOf(path))).toEqual(categories);
    },
  );

  it.each(CATEGORY_PAGES)('$path: one question open at a time, breadcrumb, four highlight figures, related topics', (p) => {
    const faq = faqOf(p.path);
    expect(faq.expand ?? 'one').toBe('one');
    expect(faq.display ?? 'accordion').toBe('accordion');
    expect(Boolean(faq.groupByCategory)).toBe(p.grouped);

    const [breadcrumb] = sectionsOf(p.path, 'breadcrumb');
    expect(breadcrumb?.trail.map((l) => l.href)).toContain('/faq');
    expect(breadcrumb?.back?.href).toBe('/faq');
    expect(breadcrumb?.back?.label.trim()).toBeTruthy();

    expect(sectionsOf(p.path, 'stats')[0]?.items).toHaveLength(4);

    const related = sectionsOf(p.path, 'link-list').find((s) => s.id === 'related-topics');
    expect(related?.title?.trim()).toBeTruthy();
    expect(related?.groups.flatMap((g) => g.links.map((l) => l.href)).filter((h) => h.startsWith('/faq/'))).toEqual(
      expect.arrayContaining(p.related),
    );

    expect(sectionsOf(p.path, 'cta')).toHaveLength(1);
    const hrefs = hrefsOn(p.path);
    for (const link of p.links) expect(hrefs, `${p.path} links to ${link}`).toContain(link);
  });

  it.each(CATEGORY_PAGES.map((p) => p.path))('%s: every anchor on the page is unique (sections, categories, questions)', (path) => {
    const faq = faqOf(path);
    const ids = [
      ...page(path).sections.flatMap((s) => (s.id ? [s.id] : [])),
      ...(faq.groupByCategory ? groupByCategory(faq.questions).map((g) => g.anchor) : []),
      ...faq.questions.map((q) => q.id),
    ];
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('/faq/international: one flat accordion of 20 plus the list of its categories as tags', () => {
    const faq = faqOf('/faq/international');
    expect(faq.groupByCategory).toBeFalsy();
    expect(faq.categoryTags).toBe(true);
    expect(faq.filter).toBeUndefined();
    expect(categoriesOf(faq).length).toBeGreaterThan(1);
  });

  it('/faq/protection has the How Protection Works block with the four steps', () => {
    const steps = sectionsOf('/faq/protection', 'steps')[0];
    expect(steps?.title?.trim()).toBeTruthy();
    expect(steps?.steps).toHaveLength(4);
  });

  it('/faq/takedowns has the four-step process', () => {
    const steps = sectionsOf('/faq/takedowns', 'steps')[0]?.steps ?? [];
    expect(steps).toHaveLength(4);
    for (const step of steps) expect(step.title.trim()).toBeTruthy();
  });

  it('/faq/legal: the copyright figures, a not-legal-advice disclaimer and resources that open in new tabs', () => {
    expect(sectionsOf('/faq/legal', 'stats')[0]?.items.map((i) => i.value)).toEqual([
      'Life + 70 years',
      '$750-$30,000',
      '$150,000',
      '10-14 days',
    ]);
    const text = faqOf('/faq/legal')
      .questions.map((q) => q.answer)
      .join(' ');
    // The spec's figures; the words around them are the writers'.
    for (const fact of ['70', '95', '120', '$750', '$30,000', '$150,000', '10-14']) {
      expect(text.replace(/\s+/g, ' ')).toContain(fact.replace(/\s+/g, ' '));
    }
    expect(sectionsOf('/faq/legal', 'rich-text').some((s) => s.paragraphs.join(' ').includes('not legal advice'))).toBe(true);
    const resources = sectionsOf('/faq/legal', 'external-links')[0];
    expect(resources?.links.length).toBeGreaterThan(2);
    for (const link of resources?.links ?? []) expect(link.href).toMatch(/^https:\/\//);
  });

  it('/faq/pricing: the comparison of our service, a law firm and do-it-yourself, and the four ways to pay', () => {
    const table = sectionsOf('/faq/pricing', 'comparison')[0];
    expect(table?.columns).toHaveLength(3);
    for (const row of table?.rows ?? []) expect(row.values, row.label).toHaveLength(3);
    const payments = sectionsOf('/faq/pricing', 'card-grid').find((s) => s.id === 'accepted-payments');
    expect(payments?.cards).toHaveLength(4);
    expect(payments?.cards[3]?.text).toContain('enterprise');
  });

  it('/faq/technical: the system status block shows the static values', () => {
    const status = sectionsOf('/faq/technical', 'stats').find((s) => s.id === 'system-status');
    expect(status?.items.map((i) => i.value)).toEqual(['Operational', 'Active', 'Under 200ms']);
  });

  it('/faq/business: enterprise benefits and the three partnership programs', () => {
    const grids = sectionsOf('/faq/business', 'card-grid');
    expect(grids.find((s) => s.id === 'enterprise-benefits')?.cards.length).toBeGreaterThan(2);
    expect(grids.find((s) => s.id === 'partner-programs')?.cards).toHaveLength(3);
  });

  it.each([
    ['/faq/technical', '10,000'],
    ['/faq/technical', '99.95%'],
    ['/faq/business', '15%'],
    ['/faq/business', '30%'],
    ['/faq/takedowns', '2-6'],
    ['/faq/protection', ' 5 '],
  ])('%s quotes the spec figure %s', (path, figure) => {
    const text = faqOf(path)
      .questions.map((q) => q.answer)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(figure.replace(/\s+/g, ' '));
  });
});

describe('the FAQ hub', () => {
  it('shows the eight categories, each linking to its page', () => {
    const grid = sectionsOf('/faq', 'card-grid')[0]!;
    expect(grid.cards.map((c) => c.action?.href)).toEqual(HUB_CATEGORIES.map(([, href]) => href));
    for (const card of grid.cards) expect(card.title.trim()).toBeTruthy();
  });

  it("searches and filters popular questions by all plus the eight categories, with the spec's empty state", () => {
    const faq = faqOf('/faq');
    expect(faq.display).toBe('cards');
    expect(faq.search?.label).toBeTruthy();
    expect(faq.filter).toBe('buttons');
    expect(faq.categories?.map((c) => [c.name, c.href])).toEqual([
      ['All', undefined],
      ...HUB_CATEGORIES.map(([title, href]) => [title, href]),
    ]);
    expect(faq.categories?.map((c) => c.id)).toEqual(['all', ...HUB_CATEGORIES.map(([title]) => categoryAnchor(title))]);
    // The empty state's words are the spec's (spec 001 §8).
    expect(faq.empty).toEqual({ title: 'No questions found', text: 'Try adjusting your search or browse our categories above.' });
  });

  it('each popular question links to the same question on its category page', () => {
    const faq = faqOf('/faq');
    expect(new Set(faq.questions.map((q) => q.category)).size).toBe(8);
    for (const q of faq.questions) {
      const category = faq.categories?.find((c) => c.id === categoryAnchor(q.category));
      expect(category?.href, `${q.id}: category ${q.category} has a page`).toBeDefined();
      const target = faqOf(category!.href!).questions.find((t) => t.id === q.id);
      expect(target?.question, `${category!.href}#${q.id}`).toBe(q.question);
    }
  });

  it('links to /contact', () => {
    expect(hrefsOn('/faq')).toContain('/contact');
  });
});

describe('/questions', () => {
  it('has ten embedded questions, each in one of its categories', () => {
    const faq = faqOf('/questions');
    expect(faq.questions).toHaveLength(10);
    const ids = faq.categories?.map((c) => c.id) ?? [];
    for (const q of faq.questions) expect(ids.filter((id) => id !== 'all')).toContain(categoryAnchor(q.category));
  });

  it("shows the spec's category ids, with counted questions, in a sidebar", () => {
    const faq = faqOf('/questions');
    expect(faq.filter).toBe('sidebar');
    expect(faq.categoryCounts).toBe(true);
    expect(faq.categories?.map((c) => c.id)).toEqual([...QUESTIONS_CATEGORIES]);
  });

  it('lets several questions open at once, shows the result count, and has the reset button', () => {
    const faq = faqOf('/questions');
    expect(faq.expand).toBe('many');
    expect(faq.showCount).toBe(true);
    expect(faq.search?.label).toBeTruthy();
    // The empty state's words are the spec's (spec 001 §8).
    expect(faq.empty).toEqual({
      title: 'No questions found',
      text: 'Try adjusting your search terms or browse different categories.',
      resetLabel: 'View All Questions',
    });
  });

  it('has a popular-topics grid and live chat and email support links', () => {
    const topics = sectionsOf('/questions', 'card-grid').find((s) => s.id === 'popular-topics');
    expect(topics?.cards.every((c) => c.action?.href?.startsWith('/faq/'))).toBe(true);
    const support = sectionsOf('/questions', 'cta')[0];
    // Live chat and e-mail support, both to /contact-us.
    expect(support?.actions.map((a) => a.href)).toEqual(['/contact-us', '/contact-us']);
  });
});
