// The sticky header: hover/click dropdowns on desktop, the menu button and accordions on mobile,
// all from the platform (popovers, <details>, CSS): the pages load no script for it.
import { expect, test as base, type Page, type ViewportSize } from '@playwright/test';
import { workerPage } from './worker-page';
import { accessibleExpanded, horizontalOverflow, MISSING_PATH, siteModel } from './site';

// The navigation's structure as specified (which pages each menu lists, in order), so a content
// change that breaks it shows up; the labels are the writers' words, read from site.yaml.
const HEADER = siteModel().site.header;
/** A menu's label, found by the first page it lists. */
const menuLabel = (firstHref: string) => HEADER.menus.find((m) => m.items[0]?.href === firstHref)!.label;
/** A single link's label, found by where it goes. */
const linkLabel = (href: string) => HEADER.links.find((l) => l.href === href)!.label;
const TAKEDOWNS = menuLabel('/takedowns');
const PROTECTION = menuLabel('/protectionpro');
const SOLUTIONS = menuLabel('/solutions');
const ABOUT_US = linkLabel('/about-us');
const MENUS: Record<string, readonly string[]> = {
  [TAKEDOWNS]: ['/takedowns', '/takedowns/commercial', '/takedowns/personal', '/takedowns/diy'],
  [PROTECTION]: [
    '/protectionpro',
    '/brand-protection',
    '/protection-for-content-creators',
    '/protect-your-music-online',
    '/dmca-protection-authors-publishers',
    '/protect-games-from-online-theft',
    '/software-and-app-protection',
    '/youtube-content-protection',
  ],
  [SOLUTIONS]: ['/solutions', '/compliant', '/badges', '/wordpress-dmca', '/lawyers'],
};
const SINGLE_LINKS = ['/pricing', '/questions', '/support', '/contact-us', '/', '/about-us'].map(
  (href) => [linkLabel(href), href] as const,
);
type MenuName = string;

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 740 };

const header = (page: Page) => page.locator('header.site-header');
/** A dropdown's trigger in the layout shown: the button on desktop, the accordion's <summary> in the mobile menu. */
const trigger = (page: Page, name: MenuName) => header(page).locator('.site-nav__trigger:visible', { hasText: name });
const menuItem = (page: Page, name: MenuName) =>
  header(page)
    .locator('li.site-nav__menu')
    .filter({ has: page.locator('.site-nav__trigger--desktop', { hasText: name }) });
const panelOf = (page: Page, name: MenuName) => menuItem(page, name).locator('.site-nav__panel');

/** The dropdown's links are shown; with `announced`, its trigger also tells assistive technology it is expanded. */
async function expectOpen(page: Page, name: MenuName, { announced = true } = {}): Promise<void> {
  const panel = panelOf(page, name);
  await expect(panel, `${name} is open`).toBeVisible();
  await expect(panel.getByRole('link').first()).toBeVisible();
  if (announced) await expect.poll(() => accessibleExpanded(trigger(page, name)), `${name} is announced as expanded`).toBe(true);
}

async function expectClosed(page: Page, name: MenuName): Promise<void> {
  await expect(panelOf(page, name), `${name} is closed`).toBeHidden();
  await expect.poll(() => accessibleExpanded(trigger(page, name)), `${name} is announced as collapsed`).toBe(false);
}

// One browser page per worker for the tests at a given size: each test loads its page afresh, so
// what one opened, focused or hovered never carries over, without a new context per test. The
// touch-screen test has its own (touch is a property of the context).
const test = base.extend<{ headerPage: Page }>({
  headerPage: workerPage(),
});

/** Loads `path` afresh at the given size, with the pointer parked where no menu is, as on a first visit. */
async function open(page: Page, viewport: ViewportSize, path = '/'): Promise<void> {
  await page.mouse.move(0, 0);
  await page.setViewportSize(viewport);
  await page.goto(path);
}

/** Waits until the page has rendered twice since now, so any state change the last input caused is on screen. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

test.describe('desktop header (1280 × 800)', () => {
  test('shows the full navigation, closed, with no menu button; its menus, links and Get Protection button point at the right pages, and About Us is not among them', async ({
    headerPage: page,
  }) => {
    await open(page, DESKTOP);
    await test.step('the full navigation, every dropdown closed, and no menu button', async () => {
      await expect(header(page).locator('button.menu-toggle')).toBeHidden();
      await expect(page.locator('nav#site-nav')).toBeVisible();
      for (const name of Object.keys(MENUS) as MenuName[]) await expectClosed(page, name);
    });

    await test.step('the menus, links and Get Protection button point at the right pages', async () => {
      for (const [name, hrefs] of Object.entries(MENUS) as Array<[MenuName, readonly string[]]>) {
        const panel = panelOf(page, name);
        await expect(panel.locator('a'), `links of ${name}`).toHaveCount(hrefs.length);
        expect(await panel.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), `links of ${name}`).toEqual(hrefs);
      }
      const singles = header(page).locator('li.site-nav__link > a');
      expect(await singles.evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]))).toEqual(
        SINGLE_LINKS.map((l) => [...l]),
      );
      const cta = header(page).getByRole('link', { name: HEADER.cta!.label, exact: true });
      await expect(cta).toBeVisible();
      await expect(cta).toHaveAttribute('href', '/takedowns/commercial');
    });

    await test.step('About Us is not in the desktop header', async () => {
      await expect(header(page).getByRole('link', { name: ABOUT_US, exact: true })).toBeHidden();
      for (const [label] of SINGLE_LINKS.filter(([l]) => l !== ABOUT_US)) {
        await expect(header(page).getByRole('link', { name: label, exact: true })).toBeVisible();
      }
    });
  });

  test('opens the Solutions menu on hover and closes it when the pointer leaves', async ({ headerPage: page }) => {
    await open(page, DESKTOP);
    await trigger(page, SOLUTIONS).hover();
    await expectOpen(page, SOLUTIONS, { announced: false });
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height - 20);
    await expectClosed(page, SOLUTIONS);
  });

  test('the pointer can move from the Protection Services button into its menu and follow a link', async ({ headerPage: page }) => {
    await open(page, DESKTOP);
    await trigger(page, PROTECTION).hover();
    await expectOpen(page, PROTECTION, { announced: false });
    const link = panelOf(page, PROTECTION).locator('a[href="/brand-protection"]');
    await link.hover();
    await expectOpen(page, PROTECTION, { announced: false });
    await link.click();
    await expect(page).toHaveURL(/\/brand-protection$/);
  });

  test('a mouse user who hovers a dropdown button and then clicks it still sees its menu', async ({ headerPage: page }) => {
    await open(page, DESKTOP);
    const button = trigger(page, SOLUTIONS);
    await button.hover();
    // A person clicks once the hover has opened the menu; the click must not toggle it shut.
    await expectOpen(page, SOLUTIONS, { announced: false });
    await button.click();
    await settled(page);
    await expectOpen(page, SOLUTIONS);
  });

  test('pressing Enter on an open dropdown button closes its menu', async ({ headerPage: page }) => {
    await open(page, DESKTOP);
    const button = trigger(page, SOLUTIONS);
    // Keyboard activation, so that hover does not take part.
    await button.focus();
    await page.keyboard.press('Enter');
    await expectOpen(page, SOLUTIONS);
    await page.keyboard.press('Enter');
    await expectClosed(page, SOLUTIONS);
  });

  test('opening a second dropdown from the keyboard closes the first: only one menu is open at a time', async ({ headerPage: page }) => {
    await open(page, DESKTOP);
    await trigger(page, TAKEDOWNS).focus();
    await page.keyboard.press('Enter');
    await expectOpen(page, TAKEDOWNS);
    await trigger(page, SOLUTIONS).focus();
    await page.keyboard.press('Enter');
    await expectOpen(page, SOLUTIONS);
    await expectClosed(page, TAKEDOWNS);
    await expect(header(page).locator('.site-nav__panel:visible')).toHaveCount(1);
  });

  test('a keyboard user can Tab to a dropdown, open it with Enter and close it with Escape', async ({ headerPage: page }) => {
    await open(page, DESKTOP);
    // Tab from the top of the page until a dropdown button has focus.
    let focused = '';
    for (let i = 0; i < 10 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() =>
        document.activeElement?.matches('button.site-nav__trigger') ? (document.activeElement.textContent ?? '') : '',
      );
    }
    expect(focused.trim(), 'a dropdown button is reachable with Tab').toBe(TAKEDOWNS);
    const button = trigger(page, TAKEDOWNS);
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expectOpen(page, TAKEDOWNS);
    const panel = panelOf(page, TAKEDOWNS);
    for (const href of MENUS[TAKEDOWNS]!) await expect(panel.locator(`a[href="${href}"]`)).toBeVisible();

    // Tab moves into the open menu; Escape from there closes it and returns focus to its button.
    await page.keyboard.press('Tab');
    await expect(panel.locator('a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expectClosed(page, TAKEDOWNS);
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expectOpen(page, TAKEDOWNS);
    await page.keyboard.press('Escape');
    await expectClosed(page, TAKEDOWNS);
    await expect(button).toBeFocused();
  });
});

test.describe('desktop header on a touch screen (1280 × 800)', () => {
  test.use({ viewport: DESKTOP, hasTouch: true });

  test('tapping dropdown buttons opens one menu at a time, and tapping it again closes it', async ({ page }) => {
    await open(page, DESKTOP);
    await trigger(page, TAKEDOWNS).tap();
    await expectOpen(page, TAKEDOWNS);
    await trigger(page, SOLUTIONS).tap();
    await expectOpen(page, SOLUTIONS);
    await expectClosed(page, TAKEDOWNS);
    await expect(header(page).locator('.site-nav__panel:visible')).toHaveCount(1);
    await trigger(page, SOLUTIONS).tap();
    await expectClosed(page, SOLUTIONS);
  });
});

test.describe('header between the breakpoints', () => {
  for (const width of [1024, 1200, 1279]) {
    test(`at ${width} px the header behaves as one layout: hover opens dropdowns only when the full navigation is shown`, async ({
      headerPage: page,
    }) => {
      await open(page, { width, height: 800 });
      const menuButtonShown = await header(page).locator('button.menu-toggle').isVisible();
      if (menuButtonShown) await header(page).locator('button.menu-toggle').click();
      await trigger(page, SOLUTIONS).hover();
      await settled(page);
      const shown = await panelOf(page, SOLUTIONS).isVisible();
      expect(
        { menuButtonShown, hoverOpensDropdown: shown },
        'the mobile layout (menu button) uses click-only accordions; the desktop layout opens on hover',
      ).toEqual({ menuButtonShown, hoverOpensDropdown: !menuButtonShown });
      await expect(
        header(page).getByRole('link', { name: ABOUT_US, exact: true }),
        'About Us shows only with the menu button layout',
      ).toBeVisible({
        visible: menuButtonShown,
      });
    });
  }
});

test.describe('mobile header (375 × 740)', () => {
  test('the Menu button shows and hides the navigation', async ({ headerPage: page }) => {
    await open(page, MOBILE);
    const toggle = header(page).locator('button.menu-toggle');
    const nav = page.locator('nav#site-nav');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('popovertarget', 'site-nav');
    await expect.poll(() => accessibleExpanded(toggle)).toBe(false);
    await expect(toggle).toHaveAccessibleName('Menu');
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect.poll(() => accessibleExpanded(toggle)).toBe(true);
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: linkLabel('/pricing'), exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: HEADER.cta!.label, exact: true })).toBeVisible();

    await toggle.click();
    await expect.poll(() => accessibleExpanded(toggle)).toBe(false);
    await expect(nav).toBeHidden();
  });

  test('a tap outside the open menu closes it', async ({ headerPage: page }) => {
    await open(page, MOBILE);
    const toggle = header(page).locator('button.menu-toggle');
    await toggle.click();
    await expect(page.locator('nav#site-nav')).toBeVisible();
    await page.mouse.click(MOBILE.width / 2, MOBILE.height - 10);
    await expect(page.locator('nav#site-nav')).toBeHidden();
  });

  test('dropdowns in the mobile menu are accordions: opening a second closes the first', async ({ headerPage: page }) => {
    await open(page, MOBILE);
    await header(page).locator('button.menu-toggle').click();
    for (const name of Object.keys(MENUS) as MenuName[]) await expectClosed(page, name);

    await trigger(page, TAKEDOWNS).click();
    await expectOpen(page, TAKEDOWNS);
    const panel = panelOf(page, TAKEDOWNS);
    for (const href of MENUS[TAKEDOWNS]!) await expect(panel.locator(`a[href="${href}"]`)).toBeVisible();

    await trigger(page, PROTECTION).click();
    await expectOpen(page, PROTECTION);
    await expectClosed(page, TAKEDOWNS);

    await trigger(page, PROTECTION).click();
    await expectClosed(page, PROTECTION);
    await expect(page.locator('nav#site-nav'), 'closing an accordion keeps the menu open').toBeVisible();
  });

  test('About Us is in the mobile menu', async ({ headerPage: page }) => {
    await open(page, MOBILE);
    const aboutUs = header(page).getByRole('link', { name: ABOUT_US, exact: true });
    await expect(aboutUs).toBeHidden();
    await header(page).locator('button.menu-toggle').click();
    await expect(aboutUs).toBeVisible();
    await expect(aboutUs).toHaveAttribute('href', '/about-us');
  });

  test('Escape closes the mobile menu', async ({ headerPage: page }) => {
    await open(page, MOBILE);
    const toggle = header(page).locator('button.menu-toggle');
    await toggle.click();
    await expect(page.locator('nav#site-nav')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect.poll(() => accessibleExpanded(toggle)).toBe(false);
    await expect(page.locator('nav#site-nav')).toBeHidden();
  });
});

test.describe('no horizontal scrolling', () => {
  for (const [name, path] of [
    ['the home page', '/'],
    ['the not-found page', MISSING_PATH],
  ] as const) {
    test(`${name} fits a 360, 768 and 1280 px wide window without sideways scrolling`, async ({ headerPage: page }) => {
      await open(page, { width: 360, height: 800 });
      if (path !== '/') await page.goto(path);
      // One load, then the window is resized: the layout is CSS only, recomputed at each width.
      for (const width of [360, 768, 1280]) {
        await test.step(`${width} px`, async () => {
          await page.setViewportSize({ width, height: 800 });
          const { scrollWidth, innerWidth } = await horizontalOverflow(page);
          expect(innerWidth, 'the window has the width asked for').toBe(width);
          expect(scrollWidth, `document width at ${width} px`).toBeLessThanOrEqual(innerWidth);
        });
      }
    });
  }
});
