// /pricing in Chromium (spec 001 §2 Pricing, §4, §9 "Pricing page (monthly / annual)"): the
// monthly/annual switch, the yearly savings, the plan highlight, the ?billing= address, the rest of
// the page; plus the plans of /lawyers and /wordpress-dmca.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForIslands } from './site';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Plan {
  name: string;
  monthly: string;
  annual: string;
  /** The line under the annual price; null where the spec shows no saving (Basic). */
  saving: string | null;
}

// The spec's figures, written out by hand: 12 × (monthly − annual) per year.
const TAKEDOWN: Plan[] = [
  { name: 'Basic Takedown', monthly: '$49 per takedown', annual: '$39 per takedown, annual plan', saving: null },
  { name: 'Professional', monthly: '$149 /month', annual: '$119 /month, billed annually', saving: 'Save $360 a year' },
  { name: 'Enterprise', monthly: '$499 /month', annual: '$399 /month, billed annually', saving: 'Save $1,200 a year' },
];
const PROTECTION: Plan[] = [
  { name: 'Content Monitor', monthly: '$99 /month', annual: '$79 /month, billed annually', saving: 'Save $240 a year' },
  { name: 'Full Protection', monthly: '$299 /month', annual: '$239 /month, billed annually', saving: 'Save $720 a year' },
  { name: 'Enterprise Protection', monthly: '$999 /month', annual: '$799 /month, billed annually', saving: 'Save $2,400 a year' },
];
const ALL = [...TAKEDOWN, ...PROTECTION];

const cards = (page: Page) => page.locator('#plans .price-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { level: 4, name, exact: true }) });
const periodButton = (page: Page, name: 'Monthly' | 'Annual') =>
  page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: new RegExp(`^${name}`) });
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
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
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
  expect(textOf(html)).not.toContain('billed annually');
  expect(html).toMatch(/<button type="button" class="billing-switch__option" aria-pressed="true">Monthly<\/button>/);
  expect(html).toMatch(/<button type="button" class="price-card__select" aria-pressed="true">Professional<\/button>/);
});

test('the switch changes every price to annual and back, with the yearly savings', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  const monthly = periodButton(page, 'Monthly');
  const annual = periodButton(page, 'Annual');
  await expect(annual).toContainText('Save 20%');
  await expectPressed([monthly, annual], 0);
  expect(await shownPrices(page)).toEqual(ALL.map((p) => p.monthly));

  await annual.click();
  await expectPressed([monthly, annual], 1);
  await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.annual));
  expect(await shownSavings(page)).toEqual(ALL.map((p) => p.saving));
  await expect(page.getByRole('status').filter({ hasText: 'Billing period: Annual' })).toHaveCount(1);

  await monthly.click();
  await expectPressed([monthly, annual], 0);
  await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.monthly));
  expect(await shownSavings(page)).toEqual(ALL.map(() => null));
});

test('the billing period is kept in the address and a link reproduces it', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  await periodButton(page, 'Annual').click();
  await expect(page).toHaveURL(/\/pricing\?billing=annual$/);

  // A copied link opens on annual prices.
  await page.goto(page.url());
  await waitForIslands(page);
  await expect(periodButton(page, 'Annual')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => shownPrices(page)).toEqual(ALL.map((p) => p.annual));

  await periodButton(page, 'Monthly').click();
  await expect(page).toHaveURL(/\/pricing$/);

  // Other parameters and the anchor survive a switch.
  await page.goto('/pricing?ref=newsletter#plans');
  await waitForIslands(page);
  await periodButton(page, 'Annual').click();
  await expect(page).toHaveURL(/\/pricing\?ref=newsletter&billing=annual#plans$/);
});

test('an unknown ?billing= value shows monthly prices', async ({ page }) => {
  await page.goto('/pricing?billing=weekly');
  await waitForIslands(page);
  await expect(periodButton(page, 'Monthly')).toHaveAttribute('aria-pressed', 'true');
  expect(await shownPrices(page)).toEqual(ALL.map((p) => p.monthly));
});

test('clicking a takedown plan card highlights it', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  const buttons = TAKEDOWN.map((p) => nameButton(page, p.name));
  await expectPressed(buttons, 1);
  await expect(card(page, 'Professional')).toHaveClass(/price-card--selected/);

  // Anywhere on the card, not only its name.
  await card(page, 'Basic Takedown').locator('.price-card__description').click();
  await expectPressed(buttons, 0);
  await expect(card(page, 'Basic Takedown')).toHaveClass(/price-card--selected/);
  await expect(card(page, 'Professional')).not.toHaveClass(/price-card--selected/);

  await nameButton(page, 'Enterprise').click();
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
  await periodButton(page, 'Annual').focus();
  await page.keyboard.press('Tab');
  await expect(buttons[0]!).toBeFocused();
  await page.keyboard.press('Enter');
  await expectPressed(buttons, 0);

  await buttons[2]!.focus();
  await page.keyboard.press('Space');
  await expectPressed(buttons, 2);
  await expect(card(page, 'Enterprise')).toHaveClass(/price-card--selected/);
});

test('the plan buttons, hero and closing links go where the spec says', async ({ page }) => {
  await page.goto('/pricing');
  const hrefOf = async (scope: Locator, name: string) => scope.getByRole('link', { name, exact: true }).getAttribute('href');
  const hero = page.locator('main > section').first();
  expect(await hrefOf(hero, 'View Plans')).toBe('#plans');
  expect(await hrefOf(hero, 'Start Free Trial')).toBe('/takedown/commercial');
  expect(await hrefOf(hero, 'DIY Toolkit')).toBe('/takedown/diy');

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

  // The "View Plans" anchor lands on the plans.
  await page.getByRole('link', { name: 'View Plans' }).click();
  await expect(page).toHaveURL(/#plans$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your plan' })).toBeInViewport();
});

test('add-ons, volume discounts, payment options and the pricing questions are shown', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  const addOns = page.locator('#add-ons');
  for (const [title, price] of [
    ['Emergency processing', '+$99 per takedown'],
    ['Legal consultation', '$299 per 1-hour session'],
    ['Counter-notice defense', '$199 per response'],
    ['Cease and desist letter', '$149 per letter'],
  ]) {
    await expect(addOns.locator('.card').filter({ hasText: title })).toContainText(price);
  }

  const rows = await page
    .locator('#volume-discounts tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)));
  expect(rows).toEqual([
    ['5 takedowns', '$245', '$220', '10%', '$44'],
    ['10 takedowns', '$490', '$390', '20%', '$39'],
    ['25 takedowns', '$1,225', '$875', '30%', '$35'],
    ['50 takedowns', '$2,450', '$1,470', '40%', '$29'],
  ]);

  await expect(page.locator('#payment-options')).toContainText('Wire transfer and ACH');
  await expect(page.locator('#payment-options')).toContainText('Net 30');

  const questions = page.locator('#pricing-faq .accordion__trigger');
  await expect(questions).toHaveCount(3);
  await questions.nth(2).click();
  await expect(page.locator('#pricing-faq .accordion__panel:visible')).toContainText('full refund');
});

test('/pricing has no accessibility violations after switching to annual and highlighting a plan', async ({ page }) => {
  await page.goto('/pricing');
  await waitForIslands(page);
  await periodButton(page, 'Annual').click();
  await card(page, 'Enterprise').locator('.price-card__description').click();
  await expect(nameButton(page, 'Enterprise')).toHaveAttribute('aria-pressed', 'true');
  await expectNoViolations(page, '/pricing (annual, Enterprise highlighted)');
});

test('/pricing fits a 375 px phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/pricing?billing=annual');
  await waitForIslands(page);
  await expect(periodButton(page, 'Annual')).toHaveAttribute('aria-pressed', 'true');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('DMCA Solutions for Lawyers and Law Firms');
    expect(await planCards(page)).toEqual([
      {
        name: 'Solo Practitioner',
        price: '$199 /month',
        ribbon: null,
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
        price: '$499 /month',
        ribbon: 'Most Popular',
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
        ribbon: null,
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
    await expect(page.locator('#services .card')).toHaveCount(6);
    for (const name of ['Download', 'Access', 'Connect', 'Enroll', 'Call Now', 'Send Email', 'Book Now']) {
      await expect(page.locator('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', '/contact-us');
    }
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
    expect(hrefs).toEqual(['/contact-us']);
  });

  test('/wordpress-dmca shows Basic free, Pro $29/month and Enterprise custom, a 3-step guide and compatibility', async ({ page }) => {
    await page.goto('/wordpress-dmca');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('WordPress DMCA Protection Plugin');
    const plans = await planCards(page);
    expect(plans.map((p) => [p.name, p.price, p.ribbon, p.action])).toEqual([
      ['Basic', 'Free', null, 'Download Plugin'],
      ['Pro', '$29 /month', 'Most Popular', 'Start Pro Trial'],
      ['Enterprise', 'Custom', null, 'Contact Sales'],
    ]);
    await expect(page.locator('#installation .steps__item')).toHaveCount(3);
    await expect(page.locator('#compatibility')).toContainText('WordPress 5.0 and later');
    await expect(page.locator('#threats .card')).toHaveCount(4);
    await expect(page.locator('.testimonial')).toHaveCount(3);
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
    expect(hrefs).toEqual(['/contact-us']);
  });
});
