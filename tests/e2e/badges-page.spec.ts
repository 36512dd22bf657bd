// /badges in Chromium (spec 001 §2 Badges, §4, §7, §9): the customiser's live preview, the install
// snippet for each choice, the Copy button and its 2-second "Copied!", and the rest of the page.
import { expect, test, type Page } from '@playwright/test';
import { priceText } from '../../engine/content/placeholders';
import { actionsOn, axeViolations, holdIslandCode, islandHydrated, pageAt, siteModel, siteUrl, waitForIslands } from './site';
import { axeBuilder } from './axe';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Combination {
  type: { id: string; label: string; name: string };
  size: { id: string; label: string; width: number; height: number };
  color: { id: string; label: string };
}

/** The customiser's words (group names, the Copy button, its status lines) as the page has them in site/. */
const builderSection = pageAt('/badges').sections.find((s) => s.type === 'badge-builder');
if (builderSection?.type !== 'badge-builder') throw new Error('/badges has no badge customiser');
const LABELS = builderSection.labels;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A colour as the browser's computed style gives it (`rgb(r, g, b)`), from its `#rrggbb`. */
const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

// The badge types, sizes and colours: their ids and the sizes' dimensions are the spec's (spec 001
// §3); their names are the writers', read from site/data/badges.yaml.
function byId<T extends { id: string }>(list: readonly T[], id: string): T {
  const found = list.find((item) => item.id === id);
  if (!found) throw new Error(`site/data/badges.yaml has no "${id}"`);
  return found;
}
const { badges } = builderSection;
const badgeType = (id: string) => ({ id, label: byId(badges.types, id).name, name: byId(badges.types, id).name });
const badgeSize = (id: string, width: number, height: number) => ({ id, label: byId(badges.sizes, id).name, width, height });
const badgeColor = (id: string) => ({ id, label: byId(badges.colors, id).name });
const TYPES = { standard: badgeType('standard'), premium: badgeType('premium'), enterprise: badgeType('enterprise') };
const SIZES = { small: badgeSize('small', 120, 60), medium: badgeSize('medium', 160, 80), large: badgeSize('large', 200, 100) };
const COLORS = {
  blue: badgeColor('blue'),
  green: badgeColor('green'),
  purple: badgeColor('purple'),
  red: badgeColor('red'),
  gray: badgeColor('gray'),
};

const DEFAULT: Combination = { type: TYPES.standard, size: SIZES.medium, color: COLORS.blue };

/** The install snippet of spec 001 §7, written out by hand for one choice. */
function expectedSnippet({ type, size, color }: Combination): string {
  const site = siteUrl();
  return (
    '<div style="text-align:center">\n' +
    `  <a href="${site}/protection" target="_blank" rel="noopener">` +
    `<img src="${site}/api/badge/${type.id}/${size.id}/${color.id}" alt="${type.name} - DMCA Protected" width="${size.width}" height="${size.height}">` +
    '</a>\n' +
    '</div>'
  );
}

const builder = (page: Page) => page.locator('#customize');
const preview = (page: Page) => builder(page).locator('.badge-preview img');
const code = (page: Page) => builder(page).locator('.badge-code code');
const copyButton = (page: Page) =>
  builder(page).getByRole('button', { name: new RegExp(`^(${escapeRegExp(LABELS.copy)}|${escapeRegExp(LABELS.copied)})$`) });
const radio = (page: Page, group: 'type' | 'size' | 'color', label: string) =>
  builder(page)
    .getByRole('group', { name: LABELS[group] })
    .getByRole('radio', { name: new RegExp(`^${label}\\b`) });

async function choose(page: Page, c: Combination): Promise<void> {
  await radio(page, 'type', c.type.label).check();
  await radio(page, 'size', c.size.label).check();
  await radio(page, 'color', c.color.label).check();
}

async function expectShows(page: Page, c: Combination): Promise<void> {
  const img = preview(page);
  await expect(img).toHaveAttribute('src', `/api/badge/${c.type.id}/${c.size.id}/${c.color.id}`);
  await expect(img).toHaveAttribute('alt', `${c.type.name} - DMCA Protected`);
  await expect(img).toHaveAttribute('width', String(c.size.width));
  await expect(img).toHaveAttribute('height', String(c.size.height));
  // The image really loaded from the badge endpoint, at the chosen size.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(c.size.width);
  expect(await code(page).textContent()).toBe(expectedSnippet(c));
  await expect(builder(page).locator('.badge-preview__caption')).toHaveText(
    `${c.type.name} · ${c.size.label} (${c.size.width}x${c.size.height}) · ${c.color.label}`,
  );
}

test('the prerendered page shows the default badge (standard, medium, blue) and its snippet', async ({ request }) => {
  const html = await (await request.get('/badges')).text();
  expect(html).toContain(
    `<img src="/api/badge/standard/medium/blue" alt="${escapeHtml(DEFAULT.type.name)} - DMCA Protected" width="160" height="80"/>`,
  );
  expect(html).toContain(`<code>${escapeHtml(expectedSnippet(DEFAULT))}</code>`);
  for (const [name, value] of [
    ['type', 'standard'],
    ['size', 'medium'],
    ['color', 'blue'],
  ]) {
    const checked = [...html.matchAll(new RegExp(`<input type="radio" name="customize-${name}"[^>]*>`, 'g'))].filter((m) =>
      m[0].includes('checked'),
    );
    expect(
      checked.map((m) => /value="([^"]*)"/.exec(m[0])?.[1]),
      `checked ${name}`,
    ).toEqual([value]);
  }
  expect(html).toContain(`<button type="button" class="button button--primary badge-builder__copy">${LABELS.copy}</button>`);
});

test('the customiser offers the spec types, sizes and colours, with the default checked', async ({ page }) => {
  await page.goto('/badges');
  await waitForIslands(page);
  const labels = (group: string) => builder(page).getByRole('group', { name: group }).locator('label').allTextContents();
  // The spec's ids, in its order; each shown with its name and its price or size.
  expect(badges.types.map((t) => t.id)).toEqual(Object.keys(TYPES));
  expect(badges.sizes.map((t) => t.id)).toEqual(Object.keys(SIZES));
  expect(badges.colors.map((t) => t.id)).toEqual(Object.keys(COLORS));
  // The premium badge's price is the price catalogue's.
  expect(byId(badges.types, 'premium').price).toContain(priceText(siteModel().pricing, 'badges.premium'));
  expect(await labels(LABELS.type)).toEqual(badges.types.map((t) => `${t.name} ${t.price}`));
  expect(await labels(LABELS.size)).toEqual(Object.values(SIZES).map((z) => `${z.label} ${z.width}x${z.height}`));
  expect(await labels(LABELS.color)).toEqual(Object.values(COLORS).map((c) => c.label));
  await expect(radio(page, 'type', TYPES.standard.label)).toBeChecked();
  await expect(radio(page, 'size', SIZES.medium.label)).toBeChecked();
  await expect(radio(page, 'color', COLORS.blue.label)).toBeChecked();
  await expectShows(page, DEFAULT);

  // Each colour swatch is the colour's hex.
  const swatches = await builder(page)
    .locator('.badge-swatch')
    .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  expect(swatches).toEqual(badges.colors.map((c) => rgbOf(c.hex)));
});

const COMBINATIONS: Combination[] = [
  { type: TYPES.premium, size: SIZES.large, color: COLORS.red },
  { type: TYPES.enterprise, size: SIZES.small, color: COLORS.gray },
  { type: TYPES.standard, size: SIZES.large, color: COLORS.purple },
  { type: TYPES.premium, size: SIZES.small, color: COLORS.green },
  DEFAULT,
];

test('the preview and the snippet follow every choice', async ({ page }) => {
  await page.goto('/badges');
  await waitForIslands(page);
  for (const c of COMBINATIONS) {
    await choose(page, c);
    await expectShows(page, c);
  }
});

test('the selected type shows its description, features and price', async ({ page }) => {
  await page.goto('/badges');
  await waitForIslands(page);
  const details = builder(page).locator('.badge-type-details');
  // Each type's description and features as site/data/badges.yaml has them.
  for (const type of builderSection.badges.types) {
    await radio(page, 'type', type.name).check();
    await expect(details).toContainText(type.description);
    for (const feature of type.features) await expect(details).toContainText(feature);
  }
});

test('the choices work from the keyboard (arrow keys move within a group)', async ({ page }) => {
  await page.goto('/badges');
  await waitForIslands(page);
  await radio(page, 'size', SIZES.medium.label).focus();
  await page.keyboard.press('ArrowRight');
  await expect(radio(page, 'size', SIZES.large.label)).toBeChecked();
  await radio(page, 'color', COLORS.blue.label).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(radio(page, 'color', COLORS.purple.label)).toBeChecked();
  await expectShows(page, { type: TYPES.standard, size: SIZES.large, color: COLORS.purple });
});

test('each badge image the page uses answers 200 with an SVG', async ({ page, request }) => {
  await page.goto('/badges');
  await waitForIslands(page);
  const sources = new Set<string>(await page.locator('main img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')!)));
  for (const c of COMBINATIONS) sources.add(`/api/badge/${c.type.id}/${c.size.id}/${c.color.id}`);
  expect(sources.size).toBeGreaterThanOrEqual(8);
  for (const src of sources) {
    const response = await request.get(src);
    expect(response.status(), src).toBe(200);
    expect(response.headers()['content-type'], src).toContain('image/svg+xml');
    expect(await response.text(), src).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  }
});

/** Stops the page's clock, so the 2 seconds pass only when the test says so. */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test.describe('Copy', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('puts the snippet on the clipboard and reads "Copied!" for 2 seconds, then "Copy"', async ({ page }) => {
    await page.clock.install();
    await page.goto('/badges');
    await waitForIslands(page);
    const c: Combination = { type: TYPES.enterprise, size: SIZES.large, color: COLORS.green };
    await choose(page, c);
    await expect(copyButton(page)).toHaveText(LABELS.copy);
    await pauseClock(page);

    await copyButton(page).click();
    await expect(copyButton(page)).toHaveText(LABELS.copied);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expectedSnippet(c));
    await expect(builder(page).getByRole('status')).toHaveText(LABELS.copiedStatus!);

    await page.clock.runFor(1900);
    await expect(copyButton(page)).toHaveText(LABELS.copied);
    await page.clock.runFor(200);
    await expect(copyButton(page)).toHaveText(LABELS.copy);
    await expect(builder(page).getByRole('status')).toHaveText('');
  });

  test('copies the current choice each time, and a second copy restarts the 2 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/badges');
    await waitForIslands(page);
    await pauseClock(page);
    await copyButton(page).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expectedSnippet(DEFAULT));

    await page.clock.runFor(1500);
    const c: Combination = { type: TYPES.premium, size: SIZES.small, color: COLORS.red };
    await choose(page, c);
    await copyButton(page).press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expectedSnippet(c));
    await page.clock.runFor(1500);
    await expect(copyButton(page)).toHaveText(LABELS.copied);
    await page.clock.runFor(600);
    await expect(copyButton(page)).toHaveText(LABELS.copy);
  });
});

test('when the browser refuses the clipboard, the code is selected and the visitor is told to copy it', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  await page.goto('/badges');
  await waitForIslands(page);
  await copyButton(page).click();
  await expect(builder(page).getByRole('status')).toHaveText(LABELS.copyFailed!);
  await expect(copyButton(page)).toHaveText(LABELS.copy);
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(expectedSnippet(DEFAULT));
});

test('installation steps, platforms, benefits, gallery and call to action are shown', async ({ page }) => {
  await page.goto('/badges');
  await waitForIslands(page);
  await expect(page.locator('#installation .steps__item')).toHaveCount(4);
  const platforms = pageAt('/badges').sections.find((s) => s.id === 'platforms');
  const platformTitles = platforms?.type === 'card-grid' ? platforms.cards.map((c) => c.title) : [];
  expect(platformTitles).toHaveLength(6);
  for (const platform of platformTitles) {
    await expect(page.locator('#platforms').getByRole('heading', { level: 3, name: platform })).toBeVisible();
  }
  await expect(page.locator('#benefits .card')).toHaveCount(4);

  const gallery = page.locator('#gallery img');
  await expect(gallery).toHaveCount(6);
  await page.locator('#gallery').scrollIntoViewIfNeeded();
  for (const img of await gallery.all()) {
    await img.scrollIntoViewIfNeeded();
    const width = Number(await img.getAttribute('width'));
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(width);
  }
  const hero = actionsOn('/badges')[0]!;
  const getBadge = actionsOn('/badges').find((a) => a.href === '/contact-us')!;
  expect(hero.href).toBe('#customize');
  await expect(page.locator('main').getByRole('link', { name: getBadge.label, exact: true }).last()).toHaveAttribute('href', '/contact-us');
  await page.getByRole('main').getByRole('link', { name: hero.label, exact: true }).click();
  await expect(page).toHaveURL(/#customize$/);
});

test('/badges has no accessibility violations after choosing a badge and copying', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/badges');
  await waitForIslands(page);
  await choose(page, { type: TYPES.premium, size: SIZES.large, color: COLORS.purple });
  await copyButton(page).click();
  await expect(copyButton(page)).toHaveText(LABELS.copied);
  const { violations } = await axeBuilder(page).withTags(TAGS).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${v.help}`))).toEqual([]);
});

test('/badges fits a 375 px phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/badges');
  await waitForIslands(page);
  await choose(page, { type: TYPES.enterprise, size: SIZES.large, color: COLORS.red });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

test("the hero's link with context says where it goes to screen readers, and still shows only its label", async ({ page }) => {
  await page.goto('/badges');
  // The hero's button that has words for screen readers only (`context`), as site/ has them.
  const hero = pageAt('/badges').sections[0]!;
  const withContext = (hero.type === 'hero' ? (hero.actions ?? []) : []).find((a) => a.context)!;
  const link = page.getByRole('link', { name: `${withContext.label} ${withContext.context}`, exact: true });
  await expect(link).toHaveAttribute('href', '/contact-us');
  // The extra words are read, not shown: the visible part of the link is the spec's label.
  const visible = await link.evaluate((a) =>
    [...a.childNodes]
      .filter((n) => !(n instanceof HTMLElement && n.classList.contains('visually-hidden')))
      .map((n) => n.textContent)
      .join('')
      .trim(),
  );
  expect(visible).toBe(withContext.label);
  const box = await link.locator('.visually-hidden').boundingBox();
  expect(box!.width * box!.height).toBeLessThanOrEqual(1);
});

test.describe('before the picker has its code', () => {
  test('loads no picker code with the page, and a size picked with the arrow keys before it has loaded is shown once it has', async ({
    page,
  }) => {
    const code = await holdIslandCode(page, 'BadgeBuilder');
    await page.goto('/badges');
    await page.waitForLoadState('networkidle');
    expect(code.requested(), 'the picker code is not fetched with the page').toBe(false);
    // From the keyboard: the arrow key moves the choice within the group.
    await radio(page, 'size', SIZES.medium.label).focus();
    await page.keyboard.press('ArrowDown');
    expect(await islandHydrated(page, 'BadgeBuilder')).toBe(false);
    code.release();
    await expect(radio(page, 'size', SIZES.large.label)).toBeChecked();
    await expectShows(page, { ...DEFAULT, size: SIZES.large });
  });

  test('a colour picked with the radio itself before the code has loaded is shown once it has', async ({ page }) => {
    const code = await holdIslandCode(page, 'BadgeBuilder');
    await page.goto('/badges');
    await radio(page, 'color', COLORS.red.label).click();
    code.release();
    await expect(radio(page, 'color', COLORS.red.label)).toBeChecked();
    await expect(radio(page, 'color', COLORS.blue.label)).not.toBeChecked();
    await expectShows(page, { ...DEFAULT, color: COLORS.red });
  });

  test('/badges has no accessibility violations before its code has loaded', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/badges');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the default badge and its snippet, ready to copy by hand', async ({ page }) => {
    await page.goto('/badges');
    await expect(preview(page)).toHaveAttribute('src', `/api/badge/${DEFAULT.type.id}/${DEFAULT.size.id}/${DEFAULT.color.id}`);
    await expect.poll(() => preview(page).evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(DEFAULT.size.width);
    await expect(code(page)).toBeVisible();
    expect(await code(page).textContent()).toBe(expectedSnippet(DEFAULT));
  });
});
