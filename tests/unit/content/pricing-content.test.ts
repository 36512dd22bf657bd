// The pricing, badges, WordPress and lawyers pages checked against spec 001 §2 (Badges, WordPress,
// Lawyers, Pricing), §7 (the badge snippet) and §9 ("Pricing page (monthly / annual)", badge,
// WordPress and lawyer figures), on the real site/ folder.
import { describe, expect, it } from 'vitest';
import { badgeLabel } from '../../../engine/badges/resolve';
import { formatProblem } from '../../../engine/content/problem';
import type { PricingPlan } from '../../../engine/generated/content';
import { annualSaving, billingFromQuery, formatAmount, queryWithBilling, savingLine } from '../../../engine/sections/pricing';
import { actionsOf, model, only, page, problems, sectionsOf } from '../../support/site-pages';

it('the real site loads', () => {
  expect(problems.map(formatProblem)).toEqual([]);
});

describe('/pricing plans (spec 001 §9 "Pricing page (monthly / annual)")', () => {
  const table = () => only('/pricing', 'pricing-table');
  const plans = (group: number) => table().groups[group]!.plans as PricingPlan[];

  // name, monthly, annual, yearly saving shown (null: none), ribbon — as in the spec.
  const TAKEDOWN: Array<[string, number, number, number | null, string | undefined]> = [
    ['Basic Takedown', 49, 39, null, undefined],
    ['Professional', 149, 119, 360, 'Most Popular'],
    ['Enterprise', 499, 399, 1200, undefined],
  ];
  const PROTECTION: Array<[string, number, number, number | null, string | undefined]> = [
    ['Content Monitor', 99, 79, 240, undefined],
    ['Full Protection', 299, 239, 720, 'Recommended'],
    ['Enterprise Protection', 999, 799, 2400, undefined],
  ];

  it('has the takedown plans first, then the content protection plans, under the #plans anchor', () => {
    expect(table().id).toBe('plans');
    expect(table().groups.map((g) => g.title)).toEqual(['Takedown plans', 'Content protection plans']);
    expect(table().groups.map((g) => g.selectable ?? false)).toEqual([true, false]);
  });

  it.each([
    ['takedown', 0, TAKEDOWN],
    ['content protection', 1, PROTECTION],
  ] as const)('the %s plans have the spec prices, savings and ribbons', (_name, group, expected) => {
    const actual = plans(group).map((p) => [
      p.name,
      p.price.monthly,
      p.price.annual,
      p.showSaving === false ? null : annualSaving(p.price),
      p.badge,
    ]);
    expect(actual).toEqual(expected);
  });

  it('the yearly saving is 12 × (monthly − annual), shown as money', () => {
    const [basic, professional, enterprise] = plans(0);
    expect(savingLine(basic!, '$', table().billing.saving)).toBeNull();
    expect(savingLine(professional!, '$', table().billing.saving)).toBe('Save $360 a year');
    expect(savingLine(enterprise!, '$', table().billing.saving)).toBe('Save $1,200 a year');
    expect(plans(1).map((p) => savingLine(p, '$', table().billing.saving))).toEqual([
      'Save $240 a year',
      'Save $720 a year',
      'Save $2,400 a year',
    ]);
  });

  it('the switch says annual billing saves 20%, which every plan rounds to', () => {
    expect(table().billing).toMatchObject({ monthly: 'Monthly', annual: 'Annual', annualNote: 'Save 20%' });
    for (const p of [...plans(0), ...plans(1)]) expect(Math.round((1 - p.price.annual / p.price.monthly) * 100), p.name).toBe(20);
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
    expect(addOns.cards.map((c) => [c.title, c.note])).toEqual([
      ['Emergency processing', '+$99 per takedown'],
      ['Legal consultation', '$299 per 1-hour session'],
      ['Counter-notice defense', '$199 per response'],
      ['Cease and desist letter', '$149 per letter'],
    ]);
    expect(addOns.cards[0]!.text).toContain('within 2 hours');
  });

  it('the volume-discount table has the spec rows', () => {
    const table = only('/pricing', 'comparison');
    expect(table.columns.map((c) => c.label)).toEqual(['Regular price', 'Discounted price', 'You save', 'Per takedown']);
    expect(table.rows.map((r) => [r.label, ...r.values])).toEqual([
      ['5 takedowns', '$245', '$220', '10%', '$44'],
      ['10 takedowns', '$490', '$390', '20%', '$39'],
      ['25 takedowns', '$1,225', '$875', '30%', '$35'],
      ['50 takedowns', '$2,450', '$1,470', '40%', '$29'],
    ]);
  });

  it('names the payment options and the billing terms', () => {
    const text = JSON.stringify(sectionsOf('/pricing', 'card-grid').filter((s) => s.id !== 'add-ons'));
    for (const phrase of [
      'major credit',
      'Digital wallets',
      'Wire transfer and ACH',
      'Custom invoicing',
      'Net 30',
      '14 days',
      '25%',
      'end of the billing',
      'prorated',
      'within 24 hours',
      '24/7',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
  });

  it('has three pricing questions', () => {
    const faq = only('/pricing', 'faq');
    expect(faq.questions.map((q) => q.question)).toEqual([
      'Is there a free trial?',
      'Can I change or cancel my plan?',
      'What happens if a takedown does not succeed?',
    ]);
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
    const plan = { id: 'x', name: 'X', price: { monthly: 10, annual: 10 }, features: ['x'] } as PricingPlan;
    expect(savingLine(plan, '$')).toBeNull();
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
      ['premium', '$29/month'],
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

  it('has the three plans: Basic free, Pro $29/month (Most Popular), Enterprise custom', () => {
    expect(only('/wordpress-dmca', 'plans').plans.map((p) => [p.name, p.price, p.period, p.badge])).toEqual([
      ['Basic', 'Free', undefined, undefined],
      ['Pro', '$29', '/month', 'Most Popular'],
      ['Enterprise', 'Custom', undefined, undefined],
    ]);
  });

  it('every button goes to /contact-us', () => {
    const actions = actionsOf('/wordpress-dmca');
    expect(actions.map((a) => a.label)).toEqual(expect.arrayContaining(['Download Plugin', 'Start Pro Trial', 'Contact Sales']));
    for (const a of actions) expect(a.href, a.label).toBe('/contact-us');
  });
});

describe('/lawyers (spec 001 §2 Lawyers, §9)', () => {
  it('has six legal services, why choose us, benefits, the four legal resources, plans and a call to action', () => {
    const grids = sectionsOf('/lawyers', 'card-grid');
    expect(grids.map((g) => g.id)).toEqual(['services', 'why-choose-us', 'benefits', 'resources']);
    expect(grids[0]!.cards).toHaveLength(6);
    expect(grids[3]!.cards.map((c) => [c.title, c.action?.label])).toEqual([
      ['Legal templates', 'Download'],
      ['Case law database', 'Access'],
      ['Expert network', 'Connect'],
      ['Continuing legal education', 'Enroll'],
    ]);
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
        action: p.action?.label,
      })),
    ).toEqual([
      {
        name: 'Solo Practitioner',
        price: '$199',
        period: '/month',
        badge: undefined,
        action: 'Start Trial',
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
        price: '$499',
        period: '/month',
        badge: 'Most Popular',
        action: 'Start Trial',
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
        action: 'Contact Sales',
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

  it('every button, including Call Now, Send Email and Book Now, goes to /contact-us', () => {
    const actions = actionsOf('/lawyers');
    expect(actions.map((a) => a.label)).toEqual(
      expect.arrayContaining([
        'Download',
        'Access',
        'Connect',
        'Enroll',
        'Start Trial',
        'Contact Sales',
        'Call Now',
        'Send Email',
        'Book Now',
      ]),
    );
    for (const a of actions) expect(a.href, a.label).toBe('/contact-us');
  });
});
