// The about pages and the legal pages in a real browser (spec 001 §2 About, Legal pages): the
// leadership team and figures, and the privacy policy and terms with a table of contents whose
// links land on their anchored sections.
import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '../../engine/sections/long-date';
import { pageAt, routeAt } from './site';

interface LegalPage {
  path: string;
  h1: string;
  parts: Array<[id: string, title: string]>;
  /** The table of contents' name, the words before the date and the date (YYYY-MM-DD), as the section has them. */
  tocTitle: string;
  updatedLabel: string;
  updated: string;
}

/** A legal page's document section, as site/ declares it. */
function documentOf(path: string) {
  const doc = pageAt(path).sections.find((s) => s.type === 'document');
  if (doc?.type !== 'document') throw new Error(`${path} has no document section`);
  return doc;
}

/** A legal page's anchored parts, in order, as its document section in site/ has them (the ids are the spec's topics). */
function legalPage(path: string): LegalPage {
  const doc = documentOf(path);
  return {
    path,
    h1: routeAt(path).h1,
    parts: doc.parts.map((part) => [part.id, part.title]),
    tocTitle: doc.tocTitle!,
    updatedLabel: doc.updatedLabel!,
    updated: doc.updated,
  };
}

/** One anchored part of a legal page, as site/ declares it. */
function partOf(path: string, id: string) {
  const part = documentOf(path).parts.find((p) => p.id === id);
  if (!part) throw new Error(`${path} has no part #${id}`);
  return part;
}

/** A part's paragraphs and list points, its subsections' too, as site/ words them. */
function textsOf(path: string, id: string): string[] {
  const part = partOf(path, id);
  return [part, ...(part.subsections ?? [])].flatMap((p) => [...p.paragraphs, ...(p.list ?? [])]);
}

/**
 * The part shows what site/ says in it, and its links. The spec's figures (the refund days, the
 * retention years, the age limit…) are held to the model by tests/unit/content/blog-legal-content.test.ts;
 * here the page shows the model's words, whichever they are.
 */
async function expectPartSays(page: Page, path: string, id: string): Promise<void> {
  const part = page.locator(`#${id}`);
  for (const text of textsOf(path, id)) await expect(part, `#${id}`).toContainText(text);
  for (const link of partOf(path, id).links ?? [])
    await expect(part.getByRole('link', { name: link.label, exact: true }), `#${id}`).toHaveAttribute('href', link.href);
}

const LEGAL: LegalPage[] = [legalPage('/privacy'), legalPage('/terms')];

const toc = (page: Page, legal: LegalPage) => page.getByRole('navigation', { name: legal.tocTitle });

/** The part's heading is on screen and not hidden under the sticky header. */
async function expectLandedOn(page: Page, id: string): Promise<void> {
  const heading = page.locator(`#${id} > h2`);
  await expect(heading).toBeInViewport();
  await expect
    .poll(
      async () => {
        const [box, header] = await Promise.all([heading.boundingBox(), page.locator('.site-header').boundingBox()]);
        return box && header ? box.y >= header.y + header.height - 1 : false;
      },
      { message: `#${id} is below the sticky header` },
    )
    .toBe(true);
}

/** What each legal page must say beyond its parts' titles (the spec's terms), checked on the same load. */
const SAYS: Record<string, { title: string; check: (page: Page) => Promise<void> }> = {
  '/terms': {
    title: 'it lists the six elements of a valid notice, the refund terms and California law',
    check: async (page) => {
      // The six elements as site/ lists them (tests/unit/content/blog-legal-content.test.ts holds them to the spec).
      await expect(page.locator('#dmca-compliance > .document__list li')).toHaveText(partOf('/terms', 'dmca-compliance').list!);
      for (const id of ['payment-terms', 'limitation-of-liability', 'governing-law', 'terms-contact'])
        await expectPartSays(page, '/terms', id);
    },
  },
  '/privacy': {
    title: 'it explains retention, residency and the age limit, and how to reach the privacy team',
    check: async (page) => {
      for (const id of ['data-retention', 'international-transfers', 'childrens-privacy', 'your-rights', 'privacy-contact'])
        await expectPartSays(page, '/privacy', id);
      await expect(page.locator('#privacy-contact').locator('a[href="/contact-us"]')).toHaveCount(1);
    },
  },
};

for (const legal of LEGAL) {
  test.describe(legal.path, () => {
    test.use({ reducedMotion: 'reduce' });

    test(`shows when it was last updated (${formatLongDate(legal.updated)}) and ${legal.parts.length} numbered sections in order, what it must say, and each table-of-contents link lands on its section`, async ({
      page,
    }) => {
      await page.goto(legal.path);
      const expected = legal.parts.map(([, title], i) => `${i + 1}. ${title}`);
      await test.step(`when it was last updated and its ${legal.parts.length} numbered sections`, async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.h1);
        await expect(page.locator('.document__updated')).toHaveText(`${legal.updatedLabel} ${formatLongDate(legal.updated)}`);
        await expect(page.locator('.document__updated time')).toHaveAttribute('datetime', legal.updated);
        await expect(page.locator('.document__part > h2')).toHaveText(expected);
        await expect(toc(page, legal).getByRole('link')).toHaveText(expected);
        await expect(page.locator('.document__part')).toHaveCount(legal.parts.length);
      });

      const says = SAYS[legal.path]!;
      await test.step(says.title, () => says.check(page));

      await test.step(`each of the ${legal.parts.length} table-of-contents links lands on its section`, async () => {
        const links = toc(page, legal).getByRole('link');
        await expect(links).toHaveCount(legal.parts.length);
        // Bottom to top, so every click really has to scroll.
        for (const [i, [id, title]] of [...legal.parts.entries()].reverse()) {
          const link = links.nth(i);
          await expect(link).toHaveAttribute('href', `#${id}`);
          await link.click();
          await expect(page).toHaveURL(new RegExp(`${legal.path}#${id}$`));
          await expect(page.locator(`#${id} > h2`)).toHaveText(`${i + 1}. ${title}`);
          await expectLandedOn(page, id);
        }
      });
    });

    test('an address with an anchor opens at that section', async ({ page }) => {
      const [id] = legal.parts[Math.floor(legal.parts.length / 2)]!;
      await page.goto(`${legal.path}#${id}`);
      await expectLandedOn(page, id);
    });
  });
}

// The Chromium projects ask for less motion (playwright.config.ts), so their clicks need not wait out
// a scroll; this test, and the Firefox and WebKit journeys, keep a visitor's default.
test.describe('the page scrolls', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('smoothly to a table-of-contents link’s section, and at once for a visitor who asks for less motion', async ({ page }) => {
    const legal = LEGAL[0]!;
    const [id] = legal.parts.at(-1)!;
    await page.goto(legal.path);
    /** Clicks the last part's link, brought into view at once first, and gives back every position the window scrolled through. */
    const scrollThrough = async (): Promise<number[]> => {
      const link = toc(page, legal).getByRole('link').last();
      await link.evaluate((a) => {
        a.scrollIntoView({ block: 'center', behavior: 'instant' });
        const seen: number[] = [];
        (window as unknown as { seen: number[] }).seen = seen;
        // From the next frame on: the jump to the link may still be reported in this one.
        requestAnimationFrame(() => requestAnimationFrame(() => addEventListener('scroll', () => seen.push(Math.round(scrollY)))));
      });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await link.click();
      await expectLandedOn(page, id);
      return page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    };
    const smooth = new Set(await scrollThrough());
    expect(smooth.size, 'positions the window passed on its way').toBeGreaterThan(2);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const jump = new Set(await scrollThrough());
    expect([...jump], 'positions the window passed on its way').toHaveLength(1);
  });
});

/** The figures of a page's stats section (its only one), as site/ has them. */
function statValues(path: string): string[] {
  const stats = pageAt(path).sections.filter((s) => s.type === 'stats');
  expect(stats, `${path} has one stats section`).toHaveLength(1);
  return stats[0]!.type === 'stats' ? stats[0]!.items.map((item) => item.value) : [];
}

test('/about-us shows mission, vision, story, four values, a six-person team, achievements and awards', async ({ page }) => {
  await page.goto('/about-us');
  const cardTitles = (id: string) => {
    const section = pageAt('/about-us').sections.find((s) => s.id === id);
    return section?.type === 'card-grid' ? section.cards.map((c) => c.title) : [];
  };
  const story = pageAt('/about-us').sections.find((s) => s.id === 'story') as { title?: string } | undefined;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(routeAt('/about-us').h1);
  await expect(page.locator('#mission h3')).toHaveText(cardTitles('mission'));
  await expect(page.getByRole('heading', { name: story!.title! })).toBeVisible();
  await expect(page.locator('#values h3')).toHaveText(cardTitles('values'));
  expect(cardTitles('mission')).toHaveLength(2);
  expect(cardTitles('values')).toHaveLength(4);
  const team = page.locator('#team .team__member');
  await expect(team).toHaveCount(6);
  const teamSection = pageAt('/about-us').sections.find((s) => s.type === 'team');
  const first = teamSection?.type === 'team' ? teamSection.members[0]! : undefined;
  await expect(team.first().locator('.team__name')).toHaveText(first!.name);
  await expect(team.first().locator('.team__role')).toHaveText(first!.role);
  // The portrait shows the initials of the first and last names.
  const names = first!.name.split(' ');
  await expect(team.first().locator('.team__portrait')).toHaveText(`${names[0]![0]}${names.at(-1)![0]}`.toUpperCase());
  // The figures as site/ has them (tests/unit/content/blog-legal-content.test.ts holds them to the spec).
  await expect(page.locator('#achievements dd')).toHaveText(statValues('/about-us'));
  await expect(page.locator('#awards h3')).toHaveCount(3);
  // The closing call to action's two buttons (shown twice on the page), each to /contact-us.
  const cta = pageAt('/about-us')
    .sections.filter((s) => s.type === 'cta')
    .at(-1);
  const labels = cta?.type === 'cta' ? cta.actions.map((a) => a.label) : [];
  expect(labels).toHaveLength(2);
  for (const name of labels) {
    const links = page.getByRole('main').getByRole('link', { name, exact: true });
    await expect(links).toHaveCount(2);
    for (const href of await links.evaluateAll((els) => els.map((a) => a.getAttribute('href')))) expect(href).toBe('/contact-us');
  }
});

test('/about shows its figures and links to /contact and /takedown/commercial', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('.stats dd')).toHaveText(statValues('/about'));
  const steps = pageAt('/about').sections.find((s) => s.id === 'how-we-work');
  await expect(page.locator('#how-we-work h3')).toHaveText(steps?.type === 'steps' ? steps.steps.map((step) => step.title) : []);
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((els) => els.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs)).toEqual(new Set(['/contact', '/takedown/commercial']));
});
