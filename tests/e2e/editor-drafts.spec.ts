// Drafts, deleting, the list of what a publish carries, History, and a rollback that sticks, as
// writers meet them: a new article is a draft another writer's publish leaves off the site until
// it is marked ready; a deleted page redirects or answers 404 and publishing still passes its link
// check; a rolled-back article stays away after the next, unrelated publish.
// One journey of four publishes, each checked for everything it carries: a publish builds the whole
// copy of site/, so what two checks can learn from one publish is not published twice.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { slugify } from '../../server/content/scaffold';
import { expectNoAxeViolations, uniqueWord } from './admin';
import { editorAccount, save, servedFile, signInToContent, writeServedFile } from './editor';
import { routeAt } from './site';

let writer = '';
let colleague = '';
test.beforeAll(async () => {
  writer = await editorAccount('writer');
  colleague = await editorAccount('colleague');
});

const contentNav = (page: Page) => page.getByRole('navigation', { name: 'Content' });

/** Opens Publish and waits for the list of changes. */
async function openPublish(page: Page) {
  await contentNav(page).getByRole('link', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Publish' })).toBeVisible();
  await expect(page.locator('.admin-loading')).toHaveCount(0);
}

/** Publishes from the Publish screen and waits for the answer (a build takes a while on a busy machine). */
async function publish(page: Page) {
  await openPublish(page);
  await page.getByRole('button', { name: 'Publish the saved content' }).click();
  await expect(page.getByText(/^Published “/)).toBeVisible({ timeout: 200_000 });
}

/** Makes a new article from the New screen; the editor opens it. Returns its address. */
async function newArticle(page: Page, title: string): Promise<string> {
  await contentNav(page).getByRole('link', { name: 'New page or article' }).click();
  await page.getByLabel('A blog article').check();
  await page.getByLabel('The article’s title').fill(title);
  await page.getByRole('button', { name: 'Create the article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return `/blog/${slugify(title)}`;
}

/** Makes a new page at `route` from the New screen; the editor opens it. */
async function newPage(page: Page, route: string) {
  await contentNav(page).getByRole('link', { name: 'New page or article' }).click();
  await page.getByLabel('The page’s address').fill(route);
  await page.getByRole('button', { name: 'Create the page' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/edit\?/);
  await expect(draftBox(page)).toBeVisible();
}

const draftBox = (page: Page) => page.getByRole('checkbox', { name: /^Draft/ });

/** Unticks Draft in the open file and saves it. */
async function markReady(page: Page) {
  await expect(draftBox(page)).toBeChecked();
  await draftBox(page).uncheck();
  await save(page);
  await expect(page.getByText('Saved. The lines that changed in the file:')).toBeVisible();
}

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInToContent(page, email);
  return page;
}

test('drafts stay off the site until ready, deleted pages redirect or answer 404, and a rolled-back article stays away', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(900_000);
  await signInToContent(page, writer);
  const title = `Fair use notes ${uniqueWord('d')}`;
  const redirected = `/guides/${uniqueWord('moved')}`;
  const removed = `/guides/${uniqueWord('gone')}`;
  let address = '';

  await test.step('a new article is a draft: another writer’s publish lists it and leaves it off the site', async () => {
    address = await newArticle(page, title);
    await expect(draftBox(page)).toBeChecked();
    // The Publish list names the draft and who made it, and the publish leaves it out.
    const other = await signedInPage(browser, baseURL, colleague);
    await openPublish(other);
    const row = other.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(writer);
    await expect(row).toContainText('Draft, not published');
    await row.getByRole('button', { name: `Show the changes to ${title}` }).click();
    await expect(other.getByLabel(`Lines changed in ${title}`)).toContainText(`+title: "${title}"`);
    await expectNoAxeViolations(other, 'the Publish screen with its list of changes and a diff open');
    await publish(other);
    expect((await request.get(address)).status()).toBe(404);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(address);
    await other.context().close();
  });

  await test.step('marked ready, the article goes live, with two new pages in the same publish; History names it by its titles and writer', async () => {
    await markReady(page);
    for (const route of [redirected, removed]) {
      await newPage(page, route);
      await markReady(page);
    }
    await openPublish(page);
    await expect(page.getByRole('row').filter({ hasText: title })).not.toContainText('Draft, not published');
    await expect(page.getByLabel('What this publish changes')).toHaveValue(new RegExp(`${title} \\(new\\)`));
    await publish(page);
    const live = await request.get(address);
    expect(live.status()).toBe(200);
    expect(await live.text()).toContain(title);
    for (const route of [redirected, removed]) expect((await request.get(route)).status()).toBe(200);

    // History names the release by its titles and its writer, not by an id.
    await contentNav(page).getByRole('link', { name: 'History' }).click();
    const newest = page.locator('table.admin-table tbody tr').first();
    await expect(newest).toContainText('Live now');
    await expect(newest).toContainText(title);
    await expect(newest.locator('td').nth(3)).toHaveText(writer);
    await expect(newest).not.toContainText(/\d{8}T\d{6}Z-[0-9a-f]{6}/);
  });

  const rolledTitle = `Rolled back notes ${uniqueWord('r')}`;
  let rolledAddress = '';
  await test.step('a rollback takes an article away, and says so first', async () => {
    rolledAddress = await newArticle(page, rolledTitle);
    await markReady(page);
    await publish(page);
    expect((await request.get(rolledAddress)).status()).toBe(200);

    await contentNav(page).getByRole('link', { name: 'History' }).click();
    const rows = page.locator('table.admin-table tbody tr');
    await expect(rows.first()).toContainText(rolledTitle);
    await rows
      .nth(1)
      .getByRole('button', { name: /Roll back to this/ })
      .click();
    // Before anything happens, the screen says the article is taken away.
    const question = page.getByRole('region', { name: /^Roll back to/ });
    await expect(question.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(question.getByRole('listitem').filter({ hasText: rolledTitle })).toBeVisible();
    await expectNoAxeViolations(page, 'History with a rollback to confirm');
    await question.getByRole('button', { name: 'Yes, roll back' }).click();
    await expect(question).toHaveCount(0);
    await expect(rows.nth(1)).toContainText('Live now');
    expect((await request.get(rolledAddress)).status()).toBe(404);
    await expectNoAxeViolations(page, 'History after a rollback');
  });

  /** Deletes the page at `route` from the Files list, sending its visitors to `to` when given. */
  async function deletePage(route: string, to?: string) {
    await contentNav(page).getByRole('link', { name: 'Files' }).click();
    await page.getByLabel('Search pages and files').fill(route);
    await page
      .getByRole('row')
      .filter({ hasText: route })
      .getByRole('link', { name: /^Delete/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Delete/ })).toBeVisible();
    if (to) await page.getByLabel('The page to send them to').fill(to);
    else await page.getByLabel('see “page not found”').check();
    await expectNoAxeViolations(page, 'the Delete screen');
    await page.getByRole('button', { name: 'Delete the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Deleted/ })).toBeVisible({ timeout: 30_000 });
    // Nothing links to it, so nothing stands in the way of publishing.
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  await test.step('the next publish, of two deleted pages and another page’s edit: one redirects, one answers 404, the link check passes, and the rolled-back article stays away', async () => {
    await deletePage(redirected, '/pricing');
    await deletePage(removed);
    // Someone changes another page: the publish is unrelated to the rolled-back article.
    const TERMS = 'site/pages/terms.yaml';
    const marker = `Terms, revised ${uniqueWord('t')}`;
    const before = servedFile(TERMS);
    // The hero's title line, as the suite's site/ words it.
    const revised = before.replace(`    title: ${routeAt('/terms').h1}\n`, `    title: ${marker}\n`);
    expect(revised, 'the terms page’s hero title is found in its file').not.toBe(before);
    writeServedFile(TERMS, revised);

    await openPublish(page);
    for (const route of [redirected, removed]) {
      const file = `site/pages${route}.yaml`;
      await expect(page.getByRole('row').filter({ hasText: file })).toContainText('Deleted');
    }
    await expect(page.getByRole('row').filter({ hasText: rolledTitle })).toHaveCount(0);
    await publish(page);
    const moved = await request.get(redirected, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()['location']).toBe('/pricing');
    expect((await request.get(removed)).status()).toBe(404);
    expect(await (await request.get('/terms')).text()).toContain(marker);
    expect((await request.get(rolledAddress)).status()).toBe(404);
  });
});
