// The DIY toolkit's template catalogue, read from the real site/ folder and checked against the
// spec's table: titles, prices, button labels and targets, and the Complete DIY Bundle's features.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { ResolvedSection } from '../../../engine/content/model';
import { priceText } from '../../../engine/content/placeholders';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const { model, problems } = loadSite(readSiteFiles(), readSchemas());

/**
 * The spec's DIY template catalogue (id, title, price); a price of 'Free' marks a free item. Paid
 * prices are the price catalogue's diy.<id> (checked against the spec in price-catalogue.test.ts).
 */
const CATALOGUE = ['basic-dmca', 'image-theft', 'content-scraping', 'video-piracy', 'social-media', 'complete-bundle'].map((id, i) => ({
  id,
  title: [
    'Basic DMCA Notice Template',
    'Image Theft Notice',
    'Content Scraping Notice',
    'Video Piracy Notice',
    'Social Media DMCA Kit',
    'Complete DIY Bundle',
  ][i]!,
  price: id === 'basic-dmca' ? 'Free' : priceText(model!.pricing, `diy.${id}`),
}));

const BUNDLE_FEATURES = ['All 10+ templates', '50-page legal guide', 'Video tutorials', 'Email support', 'Lifetime updates'];

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
  it('lists the six templates of the spec, in order, with their prices', () => {
    expect(templateCards().map((c) => ({ title: c.title, price: c.note }))).toEqual(
      CATALOGUE.map(({ title, price }) => ({ title, price })),
    );
  });

  it.each(CATALOGUE)('$id ($price) has the right download button', ({ title, price }) => {
    const card = templateCards().find((c) => c.title === title)!;
    if (price === 'Free') expect(card.action).toMatchObject({ label: 'Download Free', href: '#free-template' });
    else expect(card.action).toMatchObject({ label: 'Purchase & Download', href: '/contact-us' });
  });

  it('gives the Complete DIY Bundle its five features', () => {
    const bundle = templateCards().find((c) => c.title === 'Complete DIY Bundle')!;
    expect(bundle.items).toEqual(BUNDLE_FEATURES);
  });

  it('has the free-template form the free buttons point at, and is canonical at its own route', () => {
    const page = diyPage();
    expect(page.sections.find((s) => s.id === 'free-template')).toMatchObject({ type: 'form', form: 'diy-free-template' });
    expect(page.meta.canonical).toBeUndefined();
  });

  it('shows the four steps of sending a notice yourself', () => {
    const steps = diyPage().sections.find((s) => s.type === 'steps');
    expect(steps?.type === 'steps' && steps.steps.map((s) => s.title)).toEqual([
      'Choose Template',
      'Fill & Customize',
      'Send Notice',
      'Track & Follow Up',
    ]);
  });

  it('has three testimonials', () => {
    const testimonials = diyPage().sections.filter((s) => s.type === 'testimonials');
    expect(testimonials).toHaveLength(1);
    expect(testimonials[0]!.type === 'testimonials' && testimonials[0]!.items).toHaveLength(3);
  });
});
