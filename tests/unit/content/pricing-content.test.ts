// The pricing, badges, WordPress and lawyers pages checked against spec 001 §2 (Badges, WordPress,
// Lawyers, Pricing), §7 (the badge snippet) and §9 ("Pricing page (monthly / annual)", badge,
// WordPress and lawyer figures), on the real site/ folder.
import { describe, expect, it } from 'vitest';
import { badgeLabel } from '../../../engine/badges/resolve';
import { formatProblem } from '../../../engine/content/problem';
import type { ResolvedPricingPlan } from '../../../engine/content/model';
import { planPrice, priceEntries, priceText } from '../../../engine/content/placeholders';
import { annualSaving, billingFromQuery, formatAmount, queryWithBilling, savingLine } from '../../../engine/sections/pricing-table/pricing';
import { actionsOf, model, only, page, problems, sectionsOf } from '../../support/site-pages';

it('the real site loads', () => {
  expect(problems.map(formatProblem)).toEqual([]);
});

// Prices come from site/data/pricing.yaml (checked against the spec in price-catalogue.test.ts);
// these tests check that each page names the right catalogue entry.
const price = (key: string) => priceText(model!.pricing, key);

describe('/pricing plans (spec 001 §9 "Pricing page (monthly / annual)")', () => {
  const table = () => only('/pricing', 'pricing-table');
  const plans = (group: number): ResolvedPricingPlan[] => table().groups[group]!.plans;
  const amounts = (group: string) => planPrice(priceEntries(model!.pricing), group);

  // name, catalogue group, yearly saving shown, ribbon.
  const TAKEDOWN: Array<[string, string, boolean, string | undefined]> = [
    ['Basic Takedown', 'commercial.basic', false, undefined],
    ['Professional', 'commercial.professional', true, 'Most Popular'],
    ['Enterprise', 'commercial.enterprise', true, undefined],
  ];
  const PROTECTION: Array<[string, string, boolean, string | undefined]> = [
    ['Content Monitor', 'protection.monitor', true, undefined],
    ['Full Protection', 'protection.full', true, 'Recommended'],
    ['Enterprise Protection', 'protection.enterprise', true, undefined],
  ];

  it('has the takedown plans first, then the content protection plans, under the #plans anchor', () => {
    expect(table().id).toBe('plans');
    expect(table().groups).toHaveLength(2);
    for (const g of table().groups) expect(g.title.trim()).not.toBe('');
    expect(table().groups.map((g) => g.selectable ?? false)).toEqual([true, false]);
  });

  it.each([
    ['takedown', 0, TAKEDOWN],
    ['content protection', 1, PROTECTION],
  ] as const)('the %s plans take their prices from the catalogue, with savings and ribbons', (_name, group, expected) => {
    const actual = plans(group).map((p) => [p.name, p.price, p.showSaving !== false, p.badge]);
    expect(actual).toEqual(expected.map(([name, key, saving, badge]) => [name, amounts(key), saving, badge]));
    expect(table().currency).toBe(model!.pricing.currency);
  });

  it('the switch says what annual billing saves, from the catalogue', () => {
    expect(table().billing).toMatchObject({ monthly: 'Monthly', annual: 'Annual', annualNote: `Save ${price('discounts.annual')}` });
  });

  it('Basic is priced per takedown, the other plans per month', () => {
    const [basic, ...monthly] = [...plans(0), ...plans(1)];
    expect(basic!.period).toEqual({ monthly: 'per takedown', annual: 'per takedown, annual plan' });
    for (const p of monthly) expect(p.period, p.name).toBeUndefined();
    expect(table().billing.period).toEqual({ monthly: '/month', annual: '/month, billed annually' });
  });

  it('the Professional plan is highlighted when the page opens, and the spec features are listed', () => {
    expect(
      plans(0)
        .filter((p) => p.selected)
        .map((p) => p.name),
    ).toEqual(['Professional']);
    const features = (name: string) => [...plans(0), ...plans(1)].find((p) => p.name === name)!.features;
    expect(features('Basic Takedown')).toEqual(expect.arrayContaining(['Single takedown notice', '24-48 hour processing']));
    expect(features('Professional')).toEqual(expect.arrayContaining(['Up to 10 takedowns a month', '12-24 hour processing']));
    expect(features('Enterprise')).toEqual(expect.arrayContaining(['Unlimited takedowns', '2-6 hour processing']));
    expect(features('Content Monitor')).toEqual(expect.arrayContaining(['Up to 100 pieces of content', '30-day history']));
    expect(features('Full Protection')).toEqual(expect.arrayContaining(['Up to 500 pieces of content', '90-day history']));
    expect(features('Enterprise Protection')).toEqual(expect.arrayContaining(['Unlimited pieces of content', 'Unlimited history']));
  });

  it('plan buttons go where spec 001 §2 says', () => {
    expect(plans(0).map((p) => p.action?.href)).toEqual(['/takedown/commercial', '/takedown/commercial', '/contact']);
    expect(plans(1).map((p) => p.action?.href)).toEqual(['/protection/content-writing', '/protection/content-writing', '/contact']);
  });
});

describe('/pricing, the rest of the page (spec 001 §2 Pricing, §9)', () => {
  it('shows the sections in the spec order', () => {
    expect(page('/pricing').sections.map((s) => s.type)).toEqual([
      'hero',
      'pricing-table',
      'card-grid',
      'comparison',
      'card-grid',
      'card-grid',
      'faq',
      'link-list',
      'cta',
    ]);
  });

  it('the hero links to the plans, the free trial and the DIY toolkit', () => {
    const hero = only('/pricing', 'hero');
    expect(hero.actions?.map((a) => a.href)).toEqual(['#plans', '/takedown/commercial', '/takedown/diy']);
  });

  it('lists the four add-on services at their prices', () => {
    const addOns = sectionsOf('/pricing', 'card-grid').find((s) => s.id === 'add-ons')!;
    // In the spec's order, each at its catalogue price; the titles are the writers'.
    const keys = ['add-ons.emergency', 'add-ons.legal-consultation', 'add-ons.counter-notice', 'add-ons.cease-and-desist'];
    expect(addOns.cards).toHaveLength(keys.length);
    addOns.cards.forEach((card, i) => {
      expect(card.title.trim()).not.toBe('');
      expect(card.note).toContain(price(keys[i]!));
    });
    expect(addOns.cards[0]!.text).toContain('2 hours');
  });

  it('the volume-discount table has the spec rows', () => {
    const table = only('/pricing', 'comparison');
    expect(table.columns).toHaveLength(4);
    // Each row is labelled with its number of takedowns, in the writers' words around it.
    expect(table.rows.map((r) => r.label.match(/\d+/)?.[0])).toEqual(['5', '10', '25', '50']);
    expect(table.rows.map((r) => r.values)).toEqual(
      ['5', '10', '25', '50'].map((n) =>
        ['regular', 'discounted', 'saving', 'per-takedown'].map((column) => price(`volume.${n}.${column}`)),
      ),
    );
  });

  it('names the payment options and the billing terms', () => {
    const text = JSON.stringify(sectionsOf('/pricing', 'card-grid').filter((s) => s.id !== 'add-ons'));
    // The spec's figures for payment and billing (the words around them are the writers').
    for (const phrase of ['30', '14', price('discounts.nonprofit'), '24 hours', '24/7']) {
      expect(text, phrase).toContain(phrase);
    }
  });

  it('has three pricing questions', () => {
    const faq = only('/pricing', 'faq');
    expect(faq.questions).toHaveLength(3);
    expect(faq.questions.map((q) => q.question)).toEqual(model!.faqSets[faq.faqSet]!.items.map((q) => q.question));
    expect(faq.questions[2]!.answer).toContain('95%');
  });

  it('links to every page spec 001 §2 names, and /contact-us for the rest', () => {
    const hrefs = new Set(actionsOf('/pricing').map((a) => a.href));
    for (const href of [
      '/takedown/commercial',
      '/takedown/diy',
      '/protection/content-writing',
      '/contact',
      '/contact-us',
      '/faq/pricing',
      '/faq/general',
      '/faq/legal',
      '/questions',
    ]) {
      expect(hrefs, href).toContain(href);
    }
  });
});

describe('pricing helpers', () => {
  it.each([
    [49, '$49'],
    [1200, '$1,200'],
    [2400, '$2,400'],
    [9.5, '$9.50'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatAmount(amount, '$')).toBe(text);
  });

  it.each([
    ['', 'monthly'],
    ['?billing=annual', 'annual'],
    ['?billing=monthly', 'monthly'],
    ['?billing=yearly', 'monthly'],
    ['?q=x&billing=annual', 'annual'],
  ] as const)('reads %j as %s billing', (search, period) => {
    expect(billingFromQuery(search)).toBe(period);
  });

  it('writes annual to the query and leaves monthly out, keeping other parameters', () => {
    expect(queryWithBilling('', 'annual')).toBe('?billing=annual');
    expect(queryWithBilling('?billing=annual', 'monthly')).toBe('');
    expect(queryWithBilling('?utm_source=mail', 'annual')).toBe('?utm_source=mail&billing=annual');
    expect(queryWithBilling('?utm_source=mail&billing=annual', 'monthly')).toBe('?utm_source=mail');
  });

  it('shows no saving when the annual price is not lower', () => {
    const plan: ResolvedPricingPlan = { id: 'x', name: 'X', price: { monthly: 10, annual: 10 }, features: ['x'] };
    expect(savingLine(plan, '$')).toBeNull();
  });

  it.each([
    [{ monthly: 149, annual: 119 }, true, 'Save $360 a year'],
    [{ monthly: 999, annual: 799 }, true, 'Save $2,400 a year'],
    [{ monthly: 49, annual: 39 }, false, null],
  ])('the yearly saving of %j is 12 × (monthly − annual), shown as money', (amounts, showSaving, line) => {
    const plan: ResolvedPricingPlan = { id: 'x', name: 'X', price: amounts, showSaving, features: ['x'] };
    expect(annualSaving(amounts)).toBe(12 * (amounts.monthly - amounts.annual));
    expect(savingLine(plan, '$', 'Save {amount} a year')).toBe(line);
  });
});

describe('/badges (spec 001 §2 Badges, §4, §7, §9)', () => {
  it('the customiser gets the badges of site/data/badges.yaml', () => {
    const builder = only('/badges', 'badge-builder');
    expect(builder.badges).toBe(model!.badges);
    expect(builder.badges.defaults).toEqual({ type: 'standard', size: 'medium', color: 'blue' });
    expect(builder.labels).toMatchObject({ copy: 'Copy', copied: 'Copied!' });
  });

  it('the badge data matches the spec', () => {
    const { badges } = model!;
    expect(badges.types.map((t) => [t.id, t.price])).toEqual([
      ['standard', 'Free'],
      ['premium', `${price('badges.premium')}/month`],
      ['enterprise', 'Custom'],
    ]);
    expect(badges.sizes.map((s) => `${s.id} ${s.width}x${s.height}`)).toEqual(['small 120x60', 'medium 160x80', 'large 200x100']);
    expect(badges.colors.map((c) => c.id)).toEqual(['blue', 'green', 'purple', 'red', 'gray']);
  });

  it('has installation steps, a platform list, benefits, a gallery and a call to action', () => {
    expect(page('/badges').sections.map((s) => s.type)).toEqual([
      'hero',
      'badge-builder',
      'steps',
      'card-grid',
      'card-grid',
      'gallery',
      'cta',
    ]);
  });

  it('every gallery image is a badge from the API, with its alt text and size', () => {
    const { badges } = model!;
    for (const item of only('/badges', 'gallery').items) {
      const match = /^\/api\/badge\/([a-z-]+)\/([a-z-]+)\/([a-z-]+)$/.exec(item.src);
      expect(match, item.src).not.toBeNull();
      const [, type, size, color] = match!;
      const t = badges.types.find((e) => e.id === type)!;
      const s = badges.sizes.find((e) => e.id === size)!;
      expect(
        badges.colors.some((e) => e.id === color),
        item.src,
      ).toBe(true);
      expect(item.alt).toBe(badgeLabel(t));
      expect([item.width, item.height]).toEqual([s.width, s.height]);
    }
  });
});

describe('/wordpress-dmca (spec 001 §2 WordPress, §9)', () => {
  it('has features, threats, a 3-step installation guide, compatibility, plans, testimonials and a call to action', () => {
    expect(page('/wordpress-dmca').sections.map((s) => s.type)).toEqual([
      'hero',
      'card-grid',
      'card-grid',
      'steps',
      'tag-list',
      'plans',
      'testimonials',
      'cta',
    ]);
    expect(only('/wordpress-dmca', 'steps').steps).toHaveLength(3);
    expect(only('/wordpress-dmca', 'tag-list').tags).toContain('WordPress 5.0 and later');
  });

  it('has the three plans: Basic free, Pro per month (Most Popular), Enterprise custom', () => {
    expect(only('/wordpress-dmca', 'plans').plans.map((p) => [p.name, p.price, p.period, p.badge])).toEqual([
      ['Basic', 'Free', undefined, undefined],
      ['Pro', price('wordpress.pro'), '/month', 'Most Popular'],
      ['Enterprise', 'Custom', undefined, undefined],
    ]);
  });

  it('every button goes to /contact-us', () => {
    const actions = actionsOf('/wordpress-dmca');
    // The download, the Pro trial and the sales contact at least.
    expect(actions.length).toBeGreaterThanOrEqual(3);
    for (const a of actions) expect(a.href, a.label).toBe('/contact-us');
  });
});

describe('/lawyers (spec 001 §2 Lawyers, §9)', () => {
  it('has six legal services, why choose us, benefits, the four legal resources, plans and a call to action', () => {
    const grids = sectionsOf('/lawyers', 'card-grid');
    expect(grids.map((g) => g.id)).toEqual(['services', 'why-choose-us', 'benefits', 'resources']);
    expect(grids[0]!.cards).toHaveLength(6);
    // Four resources, each with a title and a button of its own.
    expect(grids[3]!.cards).toHaveLength(4);
    for (const c of grids[3]!.cards) expect([c.title.trim(), c.action?.label.trim()].every(Boolean)).toBe(true);
    expect(page('/lawyers').sections.at(-1)!.type).toBe('cta');
  });

  it('has the three plans with the spec prices and features', () => {
    expect(
      only('/lawyers', 'plans').plans.map((p) => ({
        name: p.name,
        price: p.price,
        period: p.period,
        badge: p.badge,
        features: p.features,
        action: Boolean(p.action?.label.trim()),
      })),
    ).toEqual([
      {
        name: 'Solo Practitioner',
        price: price('lawyers.solo'),
        period: '/month',
        badge: undefined,
        action: true,
        features: [
          'Up to 50 takedowns a month',
          'Legal documentation',
          'Client reporting',
          'Professional support',
          'Legal resources access',
        ],
      },
      {
        name: 'Law Firm',
        price: price('lawyers.law-firm'),
        period: '/month',
        badge: 'Most Popular',
        action: true,
        features: [
          'Up to 200 takedowns a month',
          'Everything in Solo Practitioner',
          'White-label options',
          'Priority processing',
          'Expert consultation',
          'Multi-attorney access',
        ],
      },
      {
        name: 'Enterprise',
        price: 'Custom',
        period: undefined,
        badge: undefined,
        action: true,
        features: [
          'Unlimited takedowns',
          'Everything in Law Firm',
          'Custom integrations',
          'Dedicated account manager',
          '24/7 emergency support',
          'Revenue sharing program',
        ],
      },
    ]);
  });

  it('every button, including the call, e-mail and booking ones, goes to /contact-us', () => {
    const actions = actionsOf('/lawyers');
    // Four resources, three plans and the call, e-mail and booking buttons at least.
    expect(actions.length).toBeGreaterThanOrEqual(10);
    for (const a of actions) expect(a.href, a.label).toBe('/contact-us');
  });
});
