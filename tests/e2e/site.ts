// What the e2e tests expect, read from site/ at test time (content is still being written, so no
// route list is hard-coded), plus small page helpers shared by the specs.
import { expect, type Locator, type Page } from '@playwright/test';
import { loadSite } from '../../engine/content/load-site';
import type { ResolvedPage, SiteModel } from '../../engine/content/model';
import { formatProblem } from '../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../scripts/read-project';

export interface Route {
  path: string;
  /** The exact text of the page's <title>. */
  title: string;
  /** The hero's title: the page's only h1. */
  h1: string;
  /** The absolute canonical address the page declares. */
  canonical: string;
  noindex: boolean;
}

let cached: SiteModel | undefined;

export function siteModel(): SiteModel {
  if (cached) return cached;
  const { model, problems } = loadSite(readSiteFiles(), readSchemas());
  if (!model)
    throw new Error(`site/ has content problems, so the e2e tests cannot know the routes:\n${problems.map(formatProblem).join('\n')}`);
  cached = model;
  return model;
}

/** The origin the build writes into canonical links and the sitemap (SITE_URL, else site.yaml's url). */
export function siteUrl(): string {
  return (process.env.SITE_URL ?? siteModel().site.url).replace(/\/$/, '');
}

function pageTitle(page: ResolvedPage): string {
  return (siteModel().site.titleTemplate ?? '%s').replace('%s', page.meta.title);
}

function heroTitle(page: ResolvedPage): string {
  const hero = page.sections[0];
  if (hero?.type !== 'hero') throw new Error(`${page.file}: the first section is not a hero`);
  return hero.title;
}

export function routes(): Route[] {
  return siteModel().pages.map((page) => ({
    path: page.path!,
    title: pageTitle(page),
    h1: heroTitle(page),
    canonical: siteUrl() + (page.meta.canonical ?? page.path!),
    noindex: page.meta.noindex === true,
  }));
}

export const notFoundPage = () => ({ title: pageTitle(siteModel().notFound), h1: heroTitle(siteModel().notFound) });

/** A path that no page owns, so the server answers with the not-found page. */
export const MISSING_PATH = '/missing-page';

/**
 * How often the hydration checks look again, in ms: an island fetches its code and hydrates in a tenth
 * of a second or so, and expect.poll's default steps (0.1, 0.25, 0.5, then 1 s) kept each form page
 * waiting about as long again after it was done. A look is one small evaluate in the page.
 */
const HYDRATION_POLL = [20, 50, 100];

/**
 * Waits until every island on the page has been hydrated by React: hydrateRoot marks the island
 * element as a root, and hydration then attaches a fiber to each element inside it. An island that
 * hydrates on intent (a form) is first brought into view, as a visitor scrolling to it would, and
 * the page is then scrolled back. One that hydrates on interaction (a search box, a price switch)
 * is told a control got focus, as when a visitor reaches for it, without moving the focus. A page
 * with no island returns at once.
 */
export async function waitForIslands(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island-on="interaction"]').all())
    await island.locator('button, input, select, textarea').first().dispatchEvent('focusin');
  const onIntent = await page.locator('[data-island-on="intent"]').all();
  if (onIntent.length > 0) {
    const top = await page.evaluate(() => window.scrollY);
    for (const island of onIntent) {
      // The marker has no box of its own (display: contents): scroll to what it wraps.
      await island.locator('> *').first().scrollIntoViewIfNeeded();
      await expect
        .poll(() => island.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer$'))), {
          message: 'a form hydrates once it is scrolled into view',
          intervals: HYDRATION_POLL,
        })
        .toBe(true);
    }
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  }
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const islands = [...document.querySelectorAll('[data-island]')];
          const hasKey = (el: Element | null, prefix: string) => !!el && Object.keys(el).some((k) => k.startsWith(prefix));
          return islands.every((el) => hasKey(el, '__reactContainer$') && hasKey(el.firstElementChild, '__reactFiber$'));
        }),
      { message: 'every div.island[data-island] should be hydrated by the page scripts', intervals: HYDRATION_POLL },
    )
    .toBe(true);
}

/**
 * Whether assistive technology is told the element is expanded, read from Chromium's accessibility
 * tree: native disclosure widgets (a <summary>, a button with popovertarget) carry no aria-expanded
 * attribute for a test to read.
 */
export async function accessibleExpanded(locator: Locator): Promise<boolean | undefined> {
  const page = locator.page();
  await locator.evaluate((el) => el.setAttribute('data-ax-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-ax-probe]' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((p) => p.name === 'expanded');
    return expanded === undefined ? undefined : Boolean(expanded.value.value);
  } finally {
    await cdp.detach();
    await locator.evaluate((el) => el.removeAttribute('data-ax-probe'));
  }
}

/** Reads, in the browser, whether the document is wider than the window (a sideways scrollbar). */
export function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/**
 * Holds an island's code back, as on a slow connection, until the returned function is called, so
 * a test can act before the island hydrates; also reports whether that code was asked for yet.
 */
export async function holdIslandCode(page: Page, name: string): Promise<{ release: () => void; requested: () => boolean }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(new RegExp(`/${name}\\.island-[^/]*\\.js$`), async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/** Whether React has hydrated the island named `name` (its file name without .island.tsx). */
export const islandHydrated = (page: Page, name: string) =>
  page.locator(`[data-island="${name}"]`).evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer$')));

/** axe's violations on the page, as "rule target: help" lines, for the WCAG 2.1 A/AA and best-practice rules. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { axeBuilder } = await import('./axe');
  const { violations } = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${v.help}`));
}

/** The page at `path` in the site model; a test fails at once if there is none. */
export function pageAt(path: string): ResolvedPage {
  const found = siteModel().pages.find((p) => p.path === path);
  if (!found) throw new Error(`site/ has no page at ${path}`);
  return found;
}

/** The route of the page at `path`: its <title>, h1 and canonical address as site/ has them. */
export function routeAt(path: string): Route {
  const found = routes().find((r) => r.path === path);
  if (!found) throw new Error(`site/ has no page at ${path}`);
  return found;
}

/** Keys whose text a section shows as one line: headings, titles, button and link labels, names, figures. */
const SHOWN_KEYS = new Set(['title', 'label', 'name', 'value', 'question', 'eyebrow', 'price', 'period']);
/** A form's fields (JSON Schema): their titles become labels with marks and hints the forms' own specs check. */
const FORM_FIELD_KEYS = new Set(['fields', 'ui']);

/**
 * The short texts a page's sections show, read from the site model (headings, titles, labels,
 * names, figures), so a test checks that the page renders what site/ says, whatever its words.
 * `keys` narrows them (e.g. ['label'] for the buttons and links).
 */
export function shownTexts(path: string, keys: ReadonlySet<string> = SHOWN_KEYS): string[] {
  const out = new Set<string>();
  const walk = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (keys.has(key) && value.trim() && !value.includes('\n')) out.add(value.trim());
    } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!FORM_FIELD_KEYS.has(k)) walk(v, k);
  };
  walk(pageAt(path).sections.slice(1));
  return [...out];
}

/** Every button and link a page's sections (or its section with that anchor id) declare, with the words on it and where it goes. */
export function actionsOn(path: string, sectionId?: string): Array<{ label: string; href: string }> {
  const out: Array<{ label: string; href: string }> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.label === 'string' && typeof o.href === 'string') out.push({ label: o.label, href: o.href });
      Object.values(o).forEach(walk);
    }
  };
  walk(pageAt(path).sections.filter((section) => sectionId === undefined || (section as { id?: string }).id === sectionId));
  return out;
}
