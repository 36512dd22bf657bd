// The DIY toolkit's template catalogue, read from the real site/ folder and checked against the
// spec's table: six templates in order with their prices, the buttons' targets, and the Complete DIY
// Bundle's five features. The titles and labels are the writers' words, so only their shape is checked.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { ResolvedSection } from '../../../engine/content/model';
import { priceText } from '../../../engine/content/placeholders';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const { model, problems } = loadSite(readSiteFiles(), readSchemas());

/**
 * The spec's DIY template catalogue in order (id, price); a price of 'Free' marks a free item. Paid
 * prices are the price catalogue's diy.<id> (checked against the spec in price-catalogue.test.ts).
 */
const CATALOGUE = ['basic-dmca', 'image-theft', 'content-scraping', 'video-piracy', 'social-media', 'complete-bundle'].map((id, i) => ({
  id,
  index: i,
  price: id === 'basic-dmca' ? 'Free' : priceText(model!.pricing, `diy.${id}`),
}));

type CardGrid = Extract<ResolvedSection, { type: 'card-grid' }>;

function diyPage() {
  expect(problems.map(formatProblem)).toEqual([]);
  const page = model!.pages.find((p) => p.path === '/takedowns/diy');
  expect(page, 'a page at /takedowns/diy').toBeDefined();
  return page!;
}

function templateCards(): CardGrid['cards'] {
  const section = diyPage().sections.find((s) => s.id === 'templates');
  expect(section?.type, 'the section with id "templates" is a card grid').toBe('card-grid');
  return (section as CardGrid).cards;
}

describe('the DIY toolkit template catalogue', () => {
  it('lists the six templates of the spec, in order, with their prices and titles of their own', () => {
    const cards = templateCards();
    expect(cards.map((c) => c.note)).toEqual(CATALOGUE.map(({ price }) => price));
    for (const card of cards) expect(card.title.trim()).not.toBe('');
    expect(new Set(cards.map((c) => c.title)).size).toBe(cards.length);
  });

  it.each(CATALOGUE)('$id ($price) has the right download button', ({ index, price }) => {
    const cards = templateCards();
    const card = cards[index]!;
    // Every paid template's button reads the same; the free one's reads otherwise.
    const paidLabel = cards.find((c, i) => i !== CATALOGUE[0]!.index && c.action)!.action!.label;
    if (price === 'Free') {
      expect(card.action).toMatchObject({ href: '#free-template' });
      expect(card.action!.label).not.toBe(paidLabel);
    } else expect(card.action).toMatchObject({ label: paidLabel, href: '/contact-us' });
  });

  it('gives the Complete DIY Bundle its five features', () => {
    const bundle = templateCards()[CATALOGUE.find((c) => c.id === 'complete-bundle')!.index]!;
    expect(bundle.items).toHaveLength(5);
  });

  it('has the free-template form the free buttons point at, and is canonical at its own route', () => {
    const page = diyPage();
    expect(page.sections.find((s) => s.id === 'free-template')).toMatchObject({ type: 'form', form: 'diy-free-template' });
    expect(page.meta.canonical).toBeUndefined();
  });

  it('shows the four steps of sending a notice yourself', () => {
    const steps = diyPage().sections.find((s) => s.type === 'steps');
    expect(steps?.type === 'steps' && steps.steps.length).toBe(4);
    if (steps?.type === 'steps') for (const step of steps.steps) expect(step.title.trim()).not.toBe('');
  });

  it('has three testimonials', () => {
    const testimonials = diyPage().sections.filter((s) => s.type === 'testimonials');
    expect(testimonials).toHaveLength(1);
    expect(testimonials[0]!.type === 'testimonials' && testimonials[0]!.items).toHaveLength(3);
  });
});
