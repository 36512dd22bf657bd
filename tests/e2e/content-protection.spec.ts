// The protection overview and the seven industry pages, as a crawler gets them: raw prerendered
// HTML before any script runs (spec 001 §2 "Industry protection pages", §9 "Industry plans").
import { expect, test } from '@playwright/test';
import { all, textOf } from '../support/html-text';
import { htmlOf } from './fetch-once';
import { priceText } from '../../engine/content/placeholders';
import { pageAt, routeAt, siteModel, siteUrl } from './site';

/** The titles of a page's steps section (the four-step protection flow), as site/ has them. */
function stepTitles(path: string): string[] {
  const steps = pageAt(path).sections.find((s) => s.type === 'steps');
  return steps?.type === 'steps' ? steps.steps.map((step) => step.title) : [];
}

/** A page's plan tiers, in order, as site/ has them. */
function plansAt(path: string) {
  const plans = pageAt(path).sections.find((s) => s.type === 'plans');
  return plans?.type === 'plans' ? plans.plans : [];
}

/** The names of a page's plan tiers, in order, as site/ has them. */
const planNames = (path: string) => plansAt(path).map((p) => p.name);

// A plan as its card reads: its name from site/, with the price from site/data/pricing.yaml (checked
// against the spec's table in tests/unit/content/price-catalogue.test.ts).
const plansOf = (p: IndustryPage) => planNames(p.path).map((name, i) => `${name} ${priceText(siteModel().pricing, p.prices[i]!)}`);

const h1sOf = (html: string) => all(html, /<h1[\s>][\s\S]*?<\/h1>/g).map((m) => textOf(m[0]));
const canonicalsOf = (html: string) =>
  all(html, /<link\b[^>]*\brel="canonical"[^>]*>/g).map((m) => textOf(/\bhref="([^"]*)"/.exec(m[0])?.[1] ?? ''));
const hrefsOf = (html: string) => all(html, /<a\b[^>]*\bhref="([^"]*)"/g).map((m) => textOf(m[1]!));
/** The text of the plan cards: "<name> <price> /month" per tier, in order. */
const planPricesOf = (html: string) =>
  all(html, /<li class="card plan[^"]*">[\s\S]*?<h3>([\s\S]*?)<\/h3>[\s\S]*?<span class="plan__amount">([\s\S]*?)<\/span>/g).map(
    (m) => `${textOf(m[1]!)} ${textOf(m[2]!)}`,
  );

interface IndustryPage {
  path: string;
  h1: string;
  /** The canonical path, when it differs from the route. */
  canonical?: string;
  /** Each tier's price in site/data/pricing.yaml, in order (the spec's industry plans). */
  prices: string[];
  /** The position of the tier marked Most Popular, if any. */
  mostPopular?: number;
}

const INDUSTRY_PAGES: IndustryPage[] = [
  {
    path: '/protection/music',
    h1: routeAt('/protection/music').h1,
    prices: ['industry.music.solo-artist', 'industry.music.professional', 'industry.music.label'],
    mostPopular: 1,
  },
  {
    path: '/protection/gaming',
    h1: routeAt('/protection/gaming').h1,
    prices: ['industry.gaming.indie', 'industry.gaming.studio', 'industry.gaming.publisher'],
    mostPopular: 1,
  },
  {
    path: '/protection/software',
    h1: routeAt('/protection/software').h1,
    prices: ['industry.software.developer', 'industry.software.business', 'industry.software.enterprise'],
    mostPopular: 1,
  },
  {
    path: '/protection/photography',
    h1: routeAt('/protection/photography').h1,
    prices: ['industry.photography.hobbyist', 'industry.photography.professional', 'industry.photography.agency'],
    mostPopular: 1,
  },
  {
    path: '/protection/video',
    h1: routeAt('/protection/video').h1,
    prices: ['industry.video.creator', 'industry.video.professional', 'industry.video.enterprise'],
  },
  {
    path: '/protection/art',
    h1: routeAt('/protection/art').h1,
    prices: ['industry.art.artist', 'industry.art.professional', 'industry.art.studio'],
  },
  {
    path: '/protection/content-writing',
    h1: routeAt('/protection/content-writing').h1,
    prices: ['industry.writing.writer', 'industry.writing.professional', 'industry.writing.agency'],
  },
];

for (const p of INDUSTRY_PAGES) {
  test(`${p.path}: h1, canonical, #features and #get-started, and its three plan prices`, async ({ request }) => {
    const html = await htmlOf(request, p.path);
    expect(h1sOf(html)).toEqual([p.h1]);
    expect(canonicalsOf(html)).toEqual([siteUrl() + (p.canonical ?? p.path)]);
    expect(html).toMatch(/<section\b[^>]*\bid="features"/);
    // #get-started holds the page's lead form, e.g. music-get-started (content-writing: writing-get-started).
    const getStarted = /<section\b[^>]*\bid="get-started"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const formId = `${p.path === '/protection/content-writing' ? 'writing' : p.path.replace('/protection/', '')}-get-started`;
    expect(getStarted, '#get-started holds the get-started form').toMatch(/<form\b/);
    expect(getStarted).toMatch(new RegExp(`<input\\b[^>]*\\bid="${formId}-form_email"[^>]*\\btype="email"`));
    expect(planNames(p.path)).toHaveLength(p.prices.length);
    expect(planPricesOf(html)).toEqual(plansOf(p));
    // The words after each price (a period such as "per month"), as site/ has them.
    const periods = plansAt(p.path).map((plan) => plan.period);
    expect(periods.every(Boolean), 'every tier names its period').toBe(true);
    expect(all(html, /<span class="plan__period">([\s\S]*?)<\/span>/g).map((m) => textOf(m[1]!).trim())).toEqual(periods);

    const featured = all(html, /<li class="card plan plan--featured">[\s\S]*?<h3>([\s\S]*?)<\/h3>/g).map((m) => textOf(m[1]!));
    expect(featured, 'tiers with the Most Popular ribbon').toEqual(p.mostPopular === undefined ? [] : [planNames(p.path)[p.mostPopular]]);

    // Four-step flow, in order.
    const text = textOf(html);
    const steps = stepTitles(p.path).map((s) => text.indexOf(s));
    expect(steps).toHaveLength(4);
    expect(
      steps.every((i) => i >= 0),
      'all four protection steps are shown',
    ).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });
}

test('/protection/photography: the Professional tier button is a plain button, the others link to /contact-us', async ({ request }) => {
  const html = await htmlOf(request, '/protection/photography');
  // The plan cards, each from its opening <li> to the next one (or the end of the section).
  const section = /<section\b[^>]*\bid="pricing"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const cards = section.split(/<li class="card plan[^"]*">/).slice(1);
  expect(cards).toHaveLength(3);
  const [hobbyist, professional, agency] = cards;
  const plans = pageAt('/protection/photography').sections.find((s) => s.type === 'plans');
  const label = plans?.type === 'plans' ? plans.plans[1]!.action!.label : '';
  expect(professional).toContain(`">${label}</button>`);
  expect(professional).toMatch(/<button type="button" class="button[^"]*">/);
  expect(professional).not.toMatch(/class="card__action"><a\b/);
  expect(hobbyist).toMatch(/class="card__action"><a class="button[^"]*" href="\/contact-us">/);
  expect(agency).toMatch(/class="card__action"><a class="button[^"]*" href="\/contact-us">/);
});

test('/protection/art shows the six art-style cards', async ({ request }) => {
  const html = await htmlOf(request, '/protection/art');
  const section = /<section\b[^>]*\bid="art-styles"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const styles = pageAt('/protection/art').sections.find((s) => s.type === 'card-grid' && s.id === 'art-styles');
  const titles = styles?.type === 'card-grid' ? styles.cards.map((card) => card.title) : [];
  expect(titles).toHaveLength(6);
  expect(all(section, /<h3\b[^>]*>([\s\S]*?)<\/h3>/g).map((m) => textOf(m[1]!).trim())).toEqual(titles);
});

test('/protection: h1, canonical, the seven industry links and the calls to /contact and /pricing', async ({ request }) => {
  const html = await htmlOf(request, '/protection');
  expect(h1sOf(html)).toEqual([routeAt('/protection').h1]);
  expect(canonicalsOf(html)).toEqual([`${siteUrl()}/protection`]);
  const hrefs = hrefsOf(html);
  const industries = hrefs.filter((h) => /^\/protection\/[a-z-]+$/.test(h));
  expect(industries).toEqual([
    '/protection/music',
    '/protection/gaming',
    '/protection/software',
    '/protection/photography',
    '/protection/video',
    '/protection/art',
    '/protection/writing',
  ]);
  expect(hrefs).toContain('/contact');
  expect(hrefs).toContain('/pricing');
  const text = textOf(html);
  expect(stepTitles('/protection')).toHaveLength(4);
  for (const step of stepTitles('/protection')) expect(text).toContain(step);
});
