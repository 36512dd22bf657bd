// {price:…} and {questions:…} placeholders: resolved into the site model, and a name that matches
// nothing is reported at the line and column where it is written, with a suggestion.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { ResolvedFaqSection } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import { priceEntries, resolvePlaceholders, type FactSources } from '../../../engine/content/placeholders';
import { countByCategory } from '../../../engine/content/resolve-facts';
import { readSchemas } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';

const schemas = readSchemas();

const CATALOGUE = yaml`
  currency: $
  prices:
    commercial:
      professional:
        monthly: 149
        annual: 119
    volume:
      "25":
        regular: 1225
    diy:
      complete-bundle: 39.99
    discounts:
      nonprofit: "25%"
`;

const sources = (questionsByPage: Record<string, number> = {}): FactSources => {
  const { model } = loadSite(site({}), schemas);
  return { currency: '$', prices: priceEntries(model!.pricing), questionsByPage: new Map(Object.entries(questionsByPage)) };
};

function site(files: Record<string, string>) {
  return minimalSite({ 'site/data/pricing.yaml': CATALOGUE, ...files });
}

describe('resolvePlaceholders', () => {
  it.each([
    ['Professional is {price:commercial.professional.monthly} a month', 'Professional is $149 a month'],
    ['{price:commercial.professional.annual}/month billed annually', '$119/month billed annually'],
    ['25 takedowns cost {price:volume.25.regular}', '25 takedowns cost $1,225'],
    ['The bundle is {price:diy.complete-bundle}', 'The bundle is $39.99'],
    ['Nonprofits save {price:discounts.nonprofit}', 'Nonprofits save 25%'],
    ['{price:commercial.professional.annual*12} a year', '$1,428 a year'],
    ['"price": "{amount:diy.complete-bundle}"', '"price": "39.99"'],
    ['No placeholder, no change: {this} stays', 'No placeholder, no change: {this} stays'],
  ])('%j reads %j', (text, expected) => {
    expect(resolvePlaceholders(text, sources())).toEqual({ text: expected, issues: [] });
  });

  it('counts the questions of a page', () => {
    expect(resolvePlaceholders('{questions:/faq/general} questions', sources({ '/faq/general': 15 })).text).toBe('15 questions');
  });

  it('leaves an unknown key as written and says which key was meant', () => {
    const { text, issues } = resolvePlaceholders('From {price:comercial.professional.monthly}', sources());
    expect(text).toBe('From {price:comercial.professional.monthly}');
    expect(issues).toEqual([
      {
        token: '{price:comercial.professional.monthly}',
        index: 5,
        message: 'no price "comercial.professional.monthly" in site/data/pricing.yaml. Did you mean "commercial.professional.monthly"?',
      },
    ]);
  });

  it('refuses a bare amount of a percentage', () => {
    expect(resolvePlaceholders('{amount:discounts.nonprofit}', sources()).issues[0]?.message).toBe(
      '"discounts.nonprofit" is a percentage (25%); {amount:…} is for amounts, use {price:discounts.nonprofit}',
    );
  });

  it('refuses to multiply a percentage', () => {
    expect(resolvePlaceholders('{price:discounts.nonprofit*12}', sources()).issues[0]?.message).toBe(
      '"discounts.nonprofit" is a percentage (25%); only an amount can be multiplied',
    );
  });
});

describe('placeholders in the site', () => {
  const withAnswer = (answer: string) =>
    site({
      'site/faq/general.yaml': yaml`
        id: general
        title: General
        items:
          - id: price
            question: What does it cost?
            answer: >-
              Commercial plans start at {price:commercial.professional.monthly} a month,
              and nonprofits save {price:discounts.nonprofit}. ${answer}
            category: Pricing
      `,
    });

  it('resolves placeholders in FAQ answers before any page reads them', () => {
    const { model, problems } = loadSite(withAnswer('Ask us for a quote.'), schemas);
    expect(problems.map(formatProblem)).toEqual([]);
    const faq = model!.pages[0]!.sections.find((s): s is ResolvedFaqSection => s.type === 'faq')!;
    expect(faq.questions[0]!.answer).toBe('Commercial plans start at $149 a month, and nonprofits save 25%. Ask us for a quote.');
    expect(model!.faqSets.general!.items[0]!.answer).toContain('$149');
  });

  it('reports an unknown key at its line and column inside a folded answer, with a suggestion', () => {
    const { model, problems } = loadSite(withAnswer('Bundles are {price:diy.complete-bundel}.'), schemas);
    expect(model).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([
      'site/faq/general.yaml:8:68 items[0].answer: no price "diy.complete-bundel" in site/data/pricing.yaml. Did you mean "diy.complete-bundle"?',
    ]);
  });

  it.each([
    ['$79', ['has the wrong format']],
    ['"{price:commercial.professional.monthly}"', []],
    ['Custom', []],
  ])('a plan card priced %s is %j', (price, messages) => {
    const { problems } = loadSite(
      site({
        'site/pages/plans.yaml': yaml`
          path: /plans
          meta:
            title: Plans page
            description: Our monitoring plans and what they cost.
            keywords: [plans]
          sections:
            - type: hero
              title: Plans
            - type: plans
              title: Plans
              plans:
                - name: Professional
                  price: ${price}
                  features: [Weekly reports]
        `,
      }),
      schemas,
    );
    expect(problems.map((p) => p.message.split('.')[0])).toEqual(messages);
  });

  it('says a value that starts with a placeholder needs quotes', () => {
    const { problems } = loadSite(
      site({
        'site/data/badges.yaml': yaml`
          linkPath: /
          types:
            - id: premium
              name: Premium Protection
              description: A badge with monitoring.
              features: [Monitoring]
              price: {price:commercial.professional.monthly} a month
        `,
      }),
      schemas,
    );
    expect(problems.map(formatProblem)[0]).toMatch(
      /^site\/data\/badges\.yaml:7:\d+ a value that starts with a \{price:…\} or \{questions:…\} placeholder needs quotes/,
    );
  });

  it('a pricing table plan takes its monthly and annual amounts from the catalogue group it names', () => {
    const table = (price: string) =>
      site({
        'site/pages/pricing.yaml': yaml`
          path: /pricing
          meta:
            title: Pricing page
            description: What our plans cost, monthly or annual.
            keywords: [pricing]
          sections:
            - type: hero
              title: Pricing
            - type: pricing-table
              title: Plans
              billing:
                label: Billing period
                monthly: Monthly
                annual: Annual
                period: { monthly: /month, annual: "/month, billed annually" }
              groups:
                - title: Takedown plans
                  plans:
                    - id: professional
                      name: Professional
                      price: ${price}
                      features: [Up to 10 takedowns a month]
        `,
      });
    const { model, problems: none } = loadSite(table('commercial.professional'), schemas);
    expect(none.map(formatProblem)).toEqual([]);
    const section = model!.pages.find((p) => p.path === '/pricing')!.sections[1]!;
    expect(section).toMatchObject({ currency: '$', groups: [{ plans: [{ price: { monthly: 149, annual: 119 } }] }] });

    const { problems } = loadSite(table('commercial.profesional'), schemas);
    expect(problems.map(formatProblem)).toEqual([
      'site/pages/pricing.yaml:21:20 sections[1].groups[0].plans[0].price: no plan price "commercial.profesional" in site/data/pricing.yaml: a plan names a group with a monthly and an annual amount. Did you mean "commercial.professional"?',
    ]);
  });
});

describe('counted FAQ categories', () => {
  const items = [{ category: 'DMCA Basics' }, { category: 'DMCA Basics' }, { category: 'Timeline & Process' }];

  it('counts each category by its id, and every question for all', () => {
    const categories = [
      { id: 'all', name: 'All Questions' },
      { id: 'dmca-basics', name: 'DMCA Basics' },
      { id: 'timeline-and-process', name: 'Timeline & Process' },
      { id: 'pricing', name: 'Pricing' },
    ];
    expect(countByCategory(categories, items).map((c) => [c.id, c.count])).toEqual([
      ['all', 3],
      ['dmca-basics', 2],
      ['timeline-and-process', 1],
      ['pricing', 0],
    ]);
  });

  it('a page states how many questions another page shows, counted from its FAQ sets', () => {
    const { model, problems } = loadSite(
      site({
        'site/pages/faq.yaml': yaml`
          path: /faq
          meta:
            title: FAQ hub page
            description: Every category of questions and how many each holds.
            keywords: [faq]
          sections:
            - type: hero
              title: FAQ
            - type: card-grid
              title: Categories
              cards:
                - title: General
                  badge: "{questions:/} questions"
                  text: The basics.
                - title: Typo
                  badge: "{questions:/fq} questions"
                  text: A path with no questions.
        `,
      }),
      schemas,
    );
    expect(model).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([
      'site/pages/faq.yaml:16:17 sections[1].cards[1].badge: no page at /fq shows FAQ questions. Pages with questions: /',
    ]);
  });
});
