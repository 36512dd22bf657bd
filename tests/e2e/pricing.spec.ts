// /pricing in Chromium (spec 001 §2 Pricing, §4, §9 "Pricing page (monthly / annual)"): the
// monthly/annual switch, the yearly savings, the plan highlight, the ?billing= address, the rest of
// the page; plus the plans of /lawyers and /wordpress-dmca.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatAmount } from '../../engine/content/format-amount';
import { prosePlainText } from '../../engine/content/inline-markdown';
import { planPrice, priceEntries, priceText } from '../../engine/content/placeholders';
import { parse } from 'yaml';
import { readSiteFiles } from '../../scripts/read-project';
import { actionsOn, axeViolations, holdIslandCode, islandHydrated, pageAt, routeAt, siteModel, waitForIslands } from './site';
import { axeBuilder } from './axe';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Plan {
  name: string;
  monthly: string;
  annual: string;
  /** The line under the annual price; null where the spec shows no saving (Basic). */
  saving: string | null;
}

// Prices from the catalogue (site/data/pricing.yaml; its figures are checked against the spec in
// tests/unit/content/price-catalogue.test.ts); the yearly saving is 12 × (monthly − annual).
const catalogue = () => siteModel().pricing;
const price = (key: string) => priceText(catalogue(), key);
/** The price tables of /pricing as site/ words them: the switch's words and each group's plans. */
const TABLE = (() => {
  const table = pageAt('/pricing').sections.find((s) => s.type === 'pricing-table');
  if (table?.type !== 'pricing-table') throw new Error('/pricing has no pricing-table section');
  return table;
})();
const WORDS = TABLE.billing;

/** A plan as its card shows it; `amounts` are its catalogue prices, which the section resolves. */
function plan(entry: (typeof TABLE.groups)[number]['plans'][number]): Plan & { amounts: { monthly: number; annual: number } } {
  const amounts = entry.price;
  const period = entry.period ?? WORDS.period;
  return {
    name: entry.name,
    amounts,
    monthly: `${formatAmount(amounts.monthly, catalogue().currency)} ${period.monthly}`,
    annual: `${formatAmount(amounts.annual, catalogue().currency)} ${period.annual}`,
    saving:
      entry.showSaving === false
        ? null
        : WORDS.saving!.replace('{amount}', formatAmount(12 * (amounts.monthly - amounts.annual), catalogue().currency)),
  };
}

// The plans of each group, in order, by their catalogue prices (the spec's plans: Basic shows no saving).
const TAKEDOWN = TABLE.groups[0]!.plans.map(plan);
const PROTECTION = TABLE.groups[1]!.plans.map(plan);
const [BASIC, PROFESSIONAL, ENTERPRISE] = TAKEDOWN as unknown as [Plan, Plan, Plan];
const amountsOf = (key: string) => planPrice(priceEntries(catalogue()), key);

test('the price tables show the spec plans: three takedown plans and three protection plans', () => {
  expect(TAKEDOWN.map((p) => [p.amounts, p.saving === null])).toEqual([
    [amountsOf('commercial.basic'), true],
    [amountsOf('commercial.professional'), false],
    [amountsOf('commercial.enterprise'), false],
  ]);
  expect(PROTECTION.map((p) => [p.amounts, p.saving === null])).toEqual([
    [amountsOf('protection.monitor'), false],
    [amountsOf('protection.full'), false],
    [amountsOf('protection.enterprise'), false],
  ]);
});
const ALL = [...TAKEDOWN, ...PROTECTION];

const cards = (page: Page) => page.locator('#plans .price-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { level: 4, name, exact: true }) });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const periodButton = (page: Page, period: 'monthly' | 'annual') =>
  page.getByRole('group', { name: WORDS.label }).getByRole('button', { name: new RegExp(`^${escapeRegExp(WORDS[period])}`) });
const nameButton = (page: Page, name: string) => page.locator('#takedown-plans').getByRole('button', { name, exact: true });

/** The price line of every plan card, in page order, e.g. "$149 /month". */
async function shownPrices(page: Page): Promise<string[]> {
  return cards(page)
    .locator('.plan__price')
    .evaluateAll((ps) => ps.map((p) => (p.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

async function shownSavings(page: Page): Promise<Array<string | null>> {
  return cards(page).evaluateAll((cs) => cs.map((c) => c.querySelector('.price-card__saving')?.textContent ?? null));
}

async function expectPressed(buttons: Locator[], pressed: number): Promise<void> {
  for (const [i, b] of buttons.entries()) await expect(b).toHaveAttribute('aria-pressed', String(i === pressed));
}

async function expectNoViolations(page: Page, what: string): Promise<void> {
  const { violations } = await axeBuilder(page).withTags(TAGS).analyze();
  expect(
    violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${v.help}`)),
    `axe on ${what}`,
  ).toEqual([]);
}

test('the prerendered page shows every plan at its monthly price, with Monthly pressed and Professional highlighted', async ({
  request,
}) => {
  const page = await (await request.get('/pricing')).text();
  // The visible page only: the island data after <main> also holds the annual words.
  const html = /<main[\s\S]*<\/main>/.exec(page)?.[0] ?? '';
  const textOf = (fragment: string) => fragment.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '');
  const prices = [...html.matchAll(/<p class="plan__price">([\s\S]*?)<\/p>/g)].map((m) => textOf(m[1]!));
  expect(prices).toEqual(ALL.map((p) => p.monthly));
  expect(html).not.toContain('price-card__saving');
  // Only the <noscript> lines, shown without JavaScript, state the annual prices.
  expect(textOf(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, ''))).not.toContain('billed annually');
  expect(html).toContain(`<button type="button" class="billing-switch__option" aria-pressed="true">${WORDS.monthly}</button>`);
  expect(html).toMatch(/<button type="button" class="price-card__select" aria-pressed="true">Professional<\/button>/);
});

test('the switch changes every price to annual and back, with the yearly savings', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  const monthly = periodButton(page, 'monthly');
  const annual = periodButton(page, 'annual');
  await expect(annual).toContainText(WORDS.annualNote!);
  await expectPressed([monthly, annual], 0);
  expect(await shownPrices(page)).toEqual(ALL.map((p) => p.monthly));

  await annual.click();
  await expectPressed([monthly, annual], 1);
  await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.annual));
  expect(await shownSavings(page)).toEqual(ALL.map((p) => p.saving));
  await expect(page.getByRole('status').filter({ hasText: `${WORDS.label}: ${WORDS.annual}` })).toHaveCount(1);

  await monthly.click();
  await expectPressed([monthly, annual], 0);
  await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.monthly));
  expect(await shownSavings(page)).toEqual(ALL.map(() => null));
});

test('the billing period is kept in the address and a link reproduces it', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  await periodButton(page, 'annual').click();
  await expect(page).toHaveURL(/\/pricing\?billing=annual$/);

  // A copied link opens on annual prices.
  await page.goto(page.url());
  await waitForIslands(page);
  await expect(periodButton(page, 'annual')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.annual));

  await periodButton(page, 'monthly').click();
  await expect(page).toHaveURL(/\/pricing$/);

  // Other parameters and the anchor survive a switch.
  await page.goto('/pricing?ref=newsletter#plans');
  await waitForIslands(page);
  await periodButton(page, 'annual').click();
  await expect(page).toHaveURL(/\/pricing\?ref=newsletter&billing=annual#plans$/);
});

test('an unknown ?billing= value shows monthly prices', async ({ page }) => {
  await page.goto('/pricing?billing=weekly');
  await waitForIslands(page);
  await expect(periodButton(page, 'monthly')).toHaveAttribute('aria-pressed', 'true');
  expect(await shownPrices(page)).toEqual(ALL.map((p) => p.monthly));
});

test('clicking a takedown plan card highlights it', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  const buttons = TAKEDOWN.map((p) => nameButton(page, p.name));
  await expectPressed(buttons, 1);
  await expect(card(page, PROFESSIONAL.name)).toHaveClass(/price-card--selected/);

  // Anywhere on the card, not only its name.
  await card(page, BASIC.name).locator('.price-card__description').click();
  await expectPressed(buttons, 0);
  await expect(card(page, BASIC.name)).toHaveClass(/price-card--selected/);
  await expect(card(page, PROFESSIONAL.name)).not.toHaveClass(/price-card--selected/);

  await nameButton(page, ENTERPRISE.name).click();
  await expectPressed(buttons, 2);
  await expect(page.locator('#plans .price-card--selected')).toHaveCount(1);

  // Content protection plans are not selectable.
  await expect(page.locator('#protection-plans button[aria-pressed]')).toHaveCount(0);
});

test('a takedown plan can be highlighted from the keyboard', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  const buttons = TAKEDOWN.map((p) => nameButton(page, p.name));

  // Tab order: the Annual switch button, then the first plan's name.
  await periodButton(page, 'annual').focus();
  await page.keyboard.press('Tab');
  await expect(buttons[0]!).toBeFocused();
  await page.keyboard.press('Enter');
  await expectPressed(buttons, 0);

  await buttons[2]!.focus();
  await page.keyboard.press('Space');
  await expectPressed(buttons, 2);
  await expect(card(page, ENTERPRISE.name)).toHaveClass(/price-card--selected/);
});

// Read from one load of /pricing: the step that follows the hero's anchor to the plans comes last.
test('add-ons, volume discounts, payment options and the pricing questions are shown; the plan buttons, hero and closing links go where the spec says', async ({
  page,
}) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  await test.step('add-ons, volume discounts, payment options and the pricing questions are shown', async () => {
    const addOns = page.locator('#add-ons');
    // Each add-on card shows its title from site/ and its catalogue price, in the spec's order.
    const addOnSection = pageAt('/pricing').sections.find((s) => s.id === 'add-ons');
    const addOnCards = addOnSection?.type === 'card-grid' ? addOnSection.cards : [];
    const keys = ['add-ons.emergency', 'add-ons.legal-consultation', 'add-ons.counter-notice', 'add-ons.cease-and-desist'];
    expect(addOnCards).toHaveLength(keys.length);
    for (const [i, card] of addOnCards.entries()) {
      await expect(addOns.locator('.card').nth(i)).toContainText(card.title);
      await expect(addOns.locator('.card').nth(i)).toContainText(price(keys[i]!));
    }

    const rows = await page
      .locator('#volume-discounts tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)));
    const volume = pageAt('/pricing').sections.find((s) => s.type === 'comparison');
    const rowLabels = volume?.type === 'comparison' ? volume.rows.map((r) => r.label) : [];
    expect(rows).toEqual(
      ['5', '10', '25', '50'].map((n, i) => [
        rowLabels[i],
        ...['regular', 'discounted', 'saving', 'per-takedown'].map((column) => price(`volume.${n}.${column}`)),
      ]),
    );

    // Each way to pay, by its title in site/.
    const payments = pageAt('/pricing').sections.find((s) => s.id === 'payment-options');
    const paymentTitles = payments?.type === 'card-grid' ? payments.cards.map((c) => c.title) : [];
    expect(paymentTitles.length).toBeGreaterThan(2);
    await expect(page.locator('#payment-options h3')).toHaveText(paymentTitles);

    const questions = page.locator('#pricing-faq .accordion__trigger');
    await expect(questions).toHaveCount(3);
    await questions.nth(2).click();
    // The third question opens on its answer, as site/ words it.
    const pricingFaq = pageAt('/pricing').sections.find((s) => s.id === 'pricing-faq');
    const third = pricingFaq?.type === 'faq' ? siteModel().faqSets[pricingFaq.faqSet]!.items[2]! : undefined;
    await expect(questions.nth(2)).toHaveText(third!.question);
    await expect(page.locator('#pricing-faq .accordion__panel:visible')).toContainText(
      prosePlainText(third!.answer).split('\n')[0]!.slice(0, 40),
    );
  });

  await test.step('the plan buttons, hero and closing links go where the spec says', async () => {
    const hrefOf = async (scope: Locator, name: string) => scope.getByRole('link', { name, exact: true }).getAttribute('href');
    const hero = page.locator('main > section').first();
    // The hero's three buttons, by the words site/ gives them, to where the spec sends them.
    const heroActions = actionsOn('/pricing').slice(0, 3);
    expect(heroActions.map((a) => a.href)).toEqual(['#plans', '/takedown/commercial', '/takedown/diy']);
    for (const action of heroActions) expect(await hrefOf(hero, action.label)).toBe(action.href);

    const planLinks = await cards(page).evaluateAll((cs) => cs.map((c) => c.querySelector('.card__action a')?.getAttribute('href')));
    expect(planLinks).toEqual([
      '/takedown/commercial',
      '/takedown/commercial',
      '/contact',
      '/protection/content-writing',
      '/protection/content-writing',
      '/contact',
    ]);

    const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of ['/contact-us', '/faq/pricing', '/faq/general', '/faq/legal', '/questions']) expect(hrefs, href).toContain(href);

    // The hero's anchor to the plans lands on them.
    await hero.getByRole('link', { name: heroActions[0]!.label, exact: true }).click();
    await expect(page).toHaveURL(/#plans$/);
    const plansTitle = (pageAt('/pricing').sections.find((s) => s.id === 'plans') as { title?: string }).title!;
    await expect(page.getByRole('heading', { level: 2, name: plansTitle, exact: true })).toBeInViewport();
  });
});

/** Every FAQ answer that names a price, as written in site/faq/ (before the loader fills the figures in). */
function answersNamingPrices(): Array<{ set: string; question: string; prices: string[] }> {
  const out: Array<{ set: string; question: string; prices: string[] }> = [];
  for (const file of readSiteFiles().filter((f) => f.path.startsWith('site/faq/'))) {
    const data = parse(file.text) as { id: string; items: Array<{ question: string; answer: string }> };
    for (const item of data.items) {
      const prices = [...item.answer.matchAll(/\{price:([^{}\s]+)\}/g)].map((m) => m[1]!);
      if (prices.length > 0) out.push({ set: data.id, question: item.question, prices });
    }
  }
  return out;
}

test('every FAQ answer that names a price shows the catalogue figure, which /pricing shows too', async ({ page }) => {
  const answers = answersNamingPrices();
  expect(answers.length, 'FAQ answers that name a price').toBeGreaterThan(10);

  // What /pricing states, in both billing periods.
  await page.goto('/pricing');
  await waitForIslands(page);
  const monthly = await page.locator('main').innerText();
  await periodButton(page, 'annual').click();
  await expect(periodButton(page, 'annual')).toHaveAttribute('aria-pressed', 'true');
  const onPricing = monthly + (await page.locator('main').innerText());
  const pricingYaml = readSiteFiles().find((f) => f.path === 'site/pages/pricing.yaml')!.text;
  // An entry /pricing states: named by a placeholder on the page, or a plan's monthly or annual price.
  const statedOnPricing = (key: string) =>
    pricingYaml.includes(`{price:${key}}`) || pricingYaml.includes(`price: ${key.replace(/\.(monthly|annual)$/, '')}\n`);

  const pageShowing = (set: string) =>
    siteModel().pages.find((p) => p.sections.some((s) => s.type === 'faq' && s.faqSet === set && s.limit === undefined))!.path!;
  const checkedOnPricing = new Set<string>();
  // Each page once, for all the answers it shows.
  const byPage = new Map<string, typeof answers>();
  for (const answer of answers) byPage.set(pageShowing(answer.set), [...(byPage.get(pageShowing(answer.set)) ?? []), answer]);
  for (const [path, onPage] of byPage) {
    await page.goto(path);
    for (const { set, question, prices } of onPage) {
      const answer = page
        .locator('main details.accordion__item, main li.faq-card')
        .filter({ has: page.getByText(question, { exact: true }) });
      const text = (await answer.first().textContent()) ?? '';
      for (const key of prices) {
        expect(text, `${set}: "${question}" shows {price:${key}}`).toContain(price(key));
        if (!key.includes('*') && statedOnPricing(key)) {
          expect(onPricing, `/pricing shows ${key}`).toContain(price(key));
          checkedOnPricing.add(key);
        }
      }
    }
  }
  // The figures that used to disagree: the commercial plan, the protection tiers and the nonprofit discount.
  for (const key of ['commercial.professional.monthly', 'protection.monitor.monthly', 'protection.full.monthly', 'discounts.nonprofit'])
    expect([...checkedOnPricing], key).toContain(key);
});

test('/pricing has no accessibility violations after switching to annual and highlighting a plan', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  await periodButton(page, 'annual').click();
  await card(page, ENTERPRISE.name).locator('.price-card__description').click();
  await expect(nameButton(page, ENTERPRISE.name)).toHaveAttribute('aria-pressed', 'true');
  await expectNoViolations(page, '/pricing (annual, Enterprise highlighted)');
});

test('/pricing fits a 375 px phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/pricing?billing=annual');
  await waitForIslands(page);
  await expect(periodButton(page, 'annual')).toHaveAttribute('aria-pressed', 'true');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

test.describe('before the switch has its code', () => {
  test('loads no pricing code with the page, and Annual clicked before it has loaded shows annual prices once it has', async ({ page }) => {
    const code = await holdIslandCode(page, 'PricingTable');
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    expect(code.requested(), 'the switch code is not fetched with the page').toBe(false);
    await periodButton(page, 'annual').click();
    expect(await islandHydrated(page, 'PricingTable')).toBe(false);
    code.release();
    await expectPressed([periodButton(page, 'monthly'), periodButton(page, 'annual')], 1);
    await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.annual));
    expect(await shownSavings(page)).toEqual(ALL.map((p) => p.saving));
    await expect(page).toHaveURL(/\/pricing\?billing=annual$/);
  });

  test('a plan card clicked before the code has loaded is highlighted once it has', async ({ page }) => {
    const code = await holdIslandCode(page, 'PricingTable');
    await page.goto('/pricing');
    await card(page, ENTERPRISE.name).locator('.price-card__description').click();
    code.release();
    await expect(nameButton(page, ENTERPRISE.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#plans .price-card--selected')).toHaveCount(1);
  });

  test('Annual chosen from the keyboard before the code has loaded is applied once it has', async ({ page }) => {
    const code = await holdIslandCode(page, 'PricingTable');
    await page.goto('/pricing');
    await periodButton(page, 'monthly').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    code.release();
    await expect(periodButton(page, 'annual')).toHaveAttribute('aria-pressed', 'true');
    await expect(periodButton(page, 'annual')).toBeFocused();
    await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.annual));
  });

  test('/pricing has no accessibility violations before its code has loaded', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/pricing');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every plan shows its monthly price and states its annual price and saving; the switch, which needs a script, is hidden', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const visiblePrices = await cards(page)
      .locator('.plan__price')
      .evaluateAll((ps) => ps.map((p) => (p.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(visiblePrices).toEqual(ALL.map((p) => p.monthly));
    const others = await cards(page)
      .locator('.price-card__other')
      .evaluateAll((ps) => ps.map((p) => (p instanceof HTMLElement ? p.innerText : '').replace(/\s+/g, ' ').trim()));
    expect(others).toEqual(ALL.map((p) => `${WORDS.annual}: ${p.annual}${p.saving ? `. ${p.saving}` : ''}`));
    for (const other of await cards(page).locator('.price-card__other').all()) await expect(other).toBeVisible();
    await expect(page.getByRole('group', { name: WORDS.label })).toBeHidden();
  });
});

test.describe('plans on the solution pages', () => {
  const planCards = (page: Page) =>
    page.locator('li.plan').evaluateAll((lis) =>
      lis.map((li) => ({
        name: li.querySelector('h3')?.textContent,
        price: (li.querySelector('.plan__price')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ribbon: li.querySelector('.card__badge')?.textContent ?? null,
        features: [...li.querySelectorAll('.ticks li')].map((f) => f.textContent),
        action: li.querySelector('.card__action a')?.textContent ?? null,
      })),
    );

  test('/lawyers shows Solo Practitioner, Law Firm and Enterprise, and every button goes to /contact-us', async ({ page }) => {
    await page.goto('/lawyers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeAt('/lawyers').h1);
    const planSection = pageAt('/lawyers').sections.find((s) => s.type === 'plans');
    const planButtons = planSection?.type === 'plans' ? planSection.plans.map((p) => p.action?.label) : [];
    const planNames = planSection?.type === 'plans' ? planSection.plans.map((p) => p.name) : [];
    expect(await planCards(page)).toEqual([
      {
        name: planNames[0],
        price: `${price('lawyers.solo')} /month`,
        ribbon: null,
        action: planButtons[0],
        features: [
          'Up to 50 takedowns a month',
          'Legal documentation',
          'Client reporting',
          'Professional support',
          'Legal resources access',
        ],
      },
      {
        name: planNames[1],
        price: `${price('lawyers.law-firm')} /month`,
        ribbon: 'Most Popular',
        action: planButtons[1],
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
        name: planNames[2],
        price: 'Custom',
        ribbon: null,
        action: planButtons[2],
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
    await expect(page.locator('#services .card')).toHaveCount(6);
    // Every button the page's sections declare (resources, call, e-mail, booking), by its words in site/.
    for (const { label } of actionsOn('/lawyers')) {
      for (const link of await page.locator('main').getByRole('link', { name: label, exact: true }).all())
        await expect(link).toHaveAttribute('href', '/contact-us');
    }
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
    expect(hrefs).toEqual(['/contact-us']);
  });

  test('/wordpress-dmca shows Basic free, Pro per month and Enterprise custom, a 3-step guide and compatibility', async ({ page }) => {
    await page.goto('/wordpress-dmca');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeAt('/wordpress-dmca').h1);
    const plans = await planCards(page);
    const wpSection = pageAt('/wordpress-dmca').sections.find((s) => s.type === 'plans');
    const wpButtons = wpSection?.type === 'plans' ? wpSection.plans.map((p) => p.action?.label) : [];
    const wpNames = wpSection?.type === 'plans' ? wpSection.plans.map((p) => p.name) : [];
    expect(plans.map((p) => [p.name, p.price, p.ribbon, p.action])).toEqual([
      [wpNames[0], 'Free', null, wpButtons[0]],
      [wpNames[1], `${price('wordpress.pro')} /month`, 'Most Popular', wpButtons[1]],
      [wpNames[2], 'Custom', null, wpButtons[2]],
    ]);
    await expect(page.locator('#installation .steps__item')).toHaveCount(3);
    await expect(page.locator('#compatibility')).toContainText('WordPress 5.0 and later');
    await expect(page.locator('#threats .card')).toHaveCount(4);
    await expect(page.locator('.testimonial')).toHaveCount(3);
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
    expect(hrefs).toEqual(['/contact-us']);
  });
});
