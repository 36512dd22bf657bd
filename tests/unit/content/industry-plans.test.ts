// The 21 industry plan tiers (spec 001 §9 "Industry plans"), checked against the real site/ folder:
// every industry page shows exactly its three tiers, at the spec's monthly price, with a Most Popular
// ribbon only where the spec marks one, and its buttons go where §2 says.
import { describe, expect, it } from 'vitest';
import type { ResolvedSection } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import { priceText } from '../../../engine/content/placeholders';
import { model, page, problems } from '../../support/site-pages';

interface Tier {
  path: string;
  name: string;
  /** The plan's entry in site/data/pricing.yaml, which holds the spec's price (price-catalogue.test.ts). */
  price: string;
  mostPopular: boolean;
}

// page, plan, catalogue entry, most popular — as in the spec's table.
const TIERS: Tier[] = [
  ['/protection/music', 'Solo Artist', 'industry.music.solo-artist', false],
  ['/protection/music', 'Professional', 'industry.music.professional', true],
  ['/protection/music', 'Label', 'industry.music.label', false],
  ['/protection/gaming', 'Indie Developer', 'industry.gaming.indie', false],
  ['/protection/gaming', 'Studio', 'industry.gaming.studio', true],
  ['/protection/gaming', 'Publisher', 'industry.gaming.publisher', false],
  ['/protection/software', 'Developer', 'industry.software.developer', false],
  ['/protection/software', 'Business', 'industry.software.business', true],
  ['/protection/software', 'Enterprise', 'industry.software.enterprise', false],
  ['/protection/photography', 'Hobbyist', 'industry.photography.hobbyist', false],
  ['/protection/photography', 'Professional', 'industry.photography.professional', true],
  ['/protection/photography', 'Agency', 'industry.photography.agency', false],
  ['/protection/video', 'Creator', 'industry.video.creator', false],
  ['/protection/video', 'Professional', 'industry.video.professional', false],
  ['/protection/video', 'Enterprise', 'industry.video.enterprise', false],
  ['/protection/art', 'Artist', 'industry.art.artist', false],
  ['/protection/art', 'Professional', 'industry.art.professional', false],
  ['/protection/art', 'Studio', 'industry.art.studio', false],
  ['/protection/content-writing', 'Writer', 'industry.writing.writer', false],
  ['/protection/content-writing', 'Professional', 'industry.writing.professional', false],
  ['/protection/content-writing', 'Agency', 'industry.writing.agency', false],
].map(([path, name, price, mostPopular]) => ({ path, name, price, mostPopular }) as Tier);

const INDUSTRY_PATHS = [...new Set(TIERS.map((t) => t.path))];

type PlansSection = Extract<ResolvedSection, { type: 'plans' }>;

function plansOf(path: string): PlansSection {
  const sections = page(path).sections.filter((s): s is PlansSection => s.type === 'plans');
  expect(sections, `${path} has one plans section`).toHaveLength(1);
  return sections[0]!;
}

describe('industry plan tiers', () => {
  it('the real site loads', () => {
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('covers the 21 tiers of the spec on 7 pages', () => {
    expect(TIERS).toHaveLength(21);
    expect(INDUSTRY_PATHS).toHaveLength(7);
  });

  it.each(INDUSTRY_PATHS)('%s shows exactly its tiers, prices and Most Popular ribbon', (path) => {
    const expected = TIERS.filter((t) => t.path === path).map((t) => ({
      name: t.name,
      price: priceText(model!.pricing, t.price),
      period: '/month',
      badge: t.mostPopular ? 'Most Popular' : undefined,
    }));
    const actual = plansOf(path).plans.map((p) => ({ name: p.name, price: p.price, period: p.period, badge: p.badge }));
    expect(actual).toEqual(expected);
  });

  it('the photography Professional button is a plain button without a link', () => {
    const professional = plansOf('/protection/photography').plans.find((p) => p.name === 'Professional')!;
    expect(professional.action).toBeDefined();
    expect(professional.action!.label).toBeTruthy();
    expect(professional.action!.href).toBeUndefined();
    expect(professional.action!.action).toBeUndefined();
  });

  it.each(TIERS.filter((t) => !(t.path === '/protection/photography' && t.name === 'Professional')).map((t) => [t.path, t.name] as const))(
    '%s %s: the plan button links to /contact-us',
    (path, name) => {
      const plan = plansOf(path).plans.find((p) => p.name === name)!;
      expect(plan.action?.href).toBe('/contact-us');
      // The words on the button are the writers'; that there are some is the spec's.
      expect(plan.action?.label.trim()).toBeTruthy();
    },
  );

  it.each(INDUSTRY_PATHS)('%s has the #features anchor and its get-started form at #get-started', (path) => {
    const ids = page(path).sections.map((s) => s.id);
    expect(ids).toContain('features');
    const getStarted = page(path).sections.find((s) => s.id === 'get-started');
    const industry = path === '/protection/content-writing' ? 'writing' : path.replace('/protection/', '');
    expect(getStarted).toMatchObject({ type: 'form', form: `${industry}-get-started` });
  });
});
