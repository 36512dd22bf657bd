// The price catalogue (site/data/pricing.yaml) against spec 001 §9: the one place the spec's
// figures are checked. Pages and FAQ answers name catalogue entries, and the e2e tests check what
// they show against the catalogue, so a price change is one edit here and in the YAML.
import { describe, expect, it } from 'vitest';
import { priceEntries, priceText } from '../../../engine/content/placeholders';
import { model } from '../../support/site-pages';

const catalogue = () => model!.pricing;

describe('site/data/pricing.yaml holds the /pricing figures (spec 001 §9 "Pricing page")', () => {
  it.each([
    ['commercial.basic.monthly', '$49'],
    ['commercial.basic.annual', '$39'],
    ['commercial.professional.monthly', '$149'],
    ['commercial.professional.annual', '$119'],
    ['commercial.enterprise.monthly', '$499'],
    ['commercial.enterprise.annual', '$399'],
    ['protection.monitor.monthly', '$99'],
    ['protection.monitor.annual', '$79'],
    ['protection.full.monthly', '$299'],
    ['protection.full.annual', '$239'],
    ['protection.enterprise.monthly', '$999'],
    ['protection.enterprise.annual', '$799'],
    ['add-ons.emergency', '$99'],
    ['add-ons.legal-consultation', '$299'],
    ['add-ons.counter-notice', '$199'],
    ['add-ons.cease-and-desist', '$149'],
    ['volume.5.discounted', '$220'],
    ['volume.25.regular', '$1,225'],
    ['volume.50.saving', '40%'],
    ['volume.50.per-takedown', '$29'],
    ['discounts.annual', '20%'],
    // /pricing says 25%; the pricing FAQ said 50% (notes/facts-decisions.md).
    ['discounts.nonprofit', '25%'],
  ])('%s is %s', (key, text) => {
    expect(priceText(catalogue(), key)).toBe(text);
  });

  it('every annual plan price is 20% below the monthly one, as the billing switch says', () => {
    const entries = priceEntries(catalogue());
    for (const group of ['commercial.basic', 'commercial.professional', 'commercial.enterprise', 'protection.monitor', 'protection.full']) {
      const monthly = entries.get(`${group}.monthly`);
      const annual = entries.get(`${group}.annual`);
      if (monthly?.kind !== 'amount' || annual?.kind !== 'amount') throw new Error(`${group} has no monthly and annual amount`);
      expect(Math.round((1 - annual.value / monthly.value) * 100), group).toBe(20);
    }
  });
});

describe("site/data/pricing.yaml holds the other pages' figures (spec 001 §9)", () => {
  it.each([
    ['takedowns.personal', '$49'],
    ['takedowns.commercial-starter', '$99'],
    ['takedowns.commercial-bundle', '$79'],
    ['diy.image-theft', '$9.99'],
    ['diy.video-piracy', '$14.99'],
    ['diy.social-media', '$19.99'],
    ['diy.complete-bundle', '$39.99'],
    ['diy.content-scraping', '$9.99'],
    // Industry plans (spec 001 §9 "Industry plans"), per month.
    ['industry.music.solo-artist', '$29'],
    ['industry.music.professional', '$79'],
    ['industry.music.label', '$199'],
    ['industry.gaming.indie', '$39'],
    ['industry.gaming.studio', '$99'],
    ['industry.gaming.publisher', '$299'],
    ['industry.software.developer', '$49'],
    ['industry.software.business', '$149'],
    ['industry.software.enterprise', '$399'],
    ['industry.photography.hobbyist', '$19'],
    ['industry.photography.professional', '$59'],
    ['industry.photography.agency', '$149'],
    ['industry.video.creator', '$29'],
    ['industry.video.professional', '$89'],
    ['industry.video.enterprise', '$249'],
    ['industry.art.artist', '$19'],
    ['industry.art.professional', '$59'],
    ['industry.art.studio', '$149'],
    ['industry.writing.writer', '$15'],
    ['industry.writing.professional', '$49'],
    ['industry.writing.agency', '$129'],
    ['protection-pro.starter', '$299'],
    ['protection-pro.business', '$599'],
    ['lawyers.solo', '$199'],
    ['lawyers.law-firm', '$499'],
    ['badges.premium', '$29'],
    ['wordpress.pro', '$29'],
    ['discounts.students', '30%'],
  ])('%s is %s', (key, text) => {
    expect(priceText(catalogue(), key)).toBe(text);
  });
});
