// Helpers for the content editor's end-to-end tests: an account with the content role, the copy of
// site/ the server under test edits (CONTENT_ROOT, made by tests/e2e/content-copy.ts), and the
// editor's parts as a person finds them.
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_ROOT as SITE_SOURCE } from '../../scripts/read-project';
import { createAccount, PASSWORD, signIn, uniqueWord } from './admin';
import { e2eContentRoot } from './content-root';

/** The editor's server's copy of site/ (playwright.config.ts points its CONTENT_ROOT at it). */
const CONTENT_ROOT = e2eContentRoot(process.env.E2E_OUTPUT ?? 'test-results', true);

/** The accounts this worker made, by name: the command line that makes one runs once per worker, not once per spec. */
const accounts = new Map<string, string>();

async function accountOnce(name: string, roles: readonly string[]): Promise<string> {
  let email = accounts.get(name);
  if (!email) {
    email = `${uniqueWord(name)}@takedownshield.test`;
    await createAccount(email, PASSWORD, undefined, roles);
    accounts.set(name, email);
  }
  return email;
}

/**
 * An account that may edit and publish the site (and nothing else), one per name and worker: the
 * specs need two writers at most (`writer` and `colleague`), and tell them apart by address.
 */
export const editorAccount = (name: 'writer' | 'colleague'): Promise<string> => accountOnce(name, ['content']);

/** An account of this worker that handles leads and may not edit the site. */
export const leadsAccount = (): Promise<string> => accountOnce('leads', []);

/**
 * A file as the server under test has it now, and as the copy started (the project's site/, or the
 * CONTENT_ROOT the suite was given, as `npm run test:reworded` gives its reworded copy).
 */
export const servedFile = (path: string) => readFileSync(join(CONTENT_ROOT, path), 'utf8');
export const originalFile = (path: string) => readFileSync(join(SITE_SOURCE, path), 'utf8');
/** Changes the server's copy of a file as someone editing the files (not the editor) would. */
export const writeServedFile = (path: string, text: string) => writeFileSync(join(CONTENT_ROOT, path), text);

/** The lines of `after` that differ from `before`, as [before, after] pairs (same line count assumed). */
export function changedLines(before: string, after: string): Array<[string, string]> {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length, 'the file keeps its number of lines').toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

/** Each account's session as its first sign-in in this worker left it, to be carried into later browser contexts. */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['cookies']>>>();

/**
 * Signs in at the Content list and waits for it. An account signs in with its password once per
 * worker, through the form; after that, a new page takes that session's cookie and opens the list.
 * `throughForm` signs in with the password every time, for a test of what the sign-in itself does.
 */
export async function signInToContent(page: Page, email: string, { throughForm = false } = {}): Promise<void> {
  const kept = throughForm ? undefined : sessions.get(email);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto('/admin/content');
  } else {
    await signIn(page, email, PASSWORD, '/admin/content');
    sessions.set(email, await page.context().cookies());
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Pages' })).toBeVisible({ timeout: 15_000 });
}

/** Opens a file from the Content list by searching for it, as a writer does (signing in first when `email` is given). */
export async function openFile(page: Page, email: string | null, search: string, title: string): Promise<void> {
  if (email) await signInToContent(page, email);
  else {
    await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Files' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Pages' })).toBeVisible({ timeout: 15_000 });
  }
  await page.getByLabel('Search pages and files').fill(search);
  await page.getByRole('link', { name: title, exact: true }).click();
  // A file that makes no page loads the whole site to find its preview's page: slow on a server's first call.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
}

/** Section `n` (0-based) of the open page: its panel. */
export const section = (page: Page, n: number): Locator => page.locator('li.editor-section').nth(n);

/** One of section `n`'s own buttons (Move up, Move down, Duplicate, Remove), not a list's inside its form. */
export const sectionButton = (page: Page, n: number, action: string): Locator =>
  page.getByRole('button', { name: `${action} section ${n + 1}`, exact: true });

/** Opens section `n`'s form (unless open) and returns its panel. */
export async function openSection(page: Page, n: number): Promise<Locator> {
  const panel = section(page, n);
  const toggle = panel.locator('.editor-section__toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return panel;
}

/**
 * A text field by its label (rjsf labels a field by its name; a required one ends in *): the form's
 * own, before any nested one's. A field offering choices (an FAQ set, a form) is a combobox.
 */
export const field = (scope: Locator | Page, name: string): Locator => {
  const label = new RegExp(`^${name}\\*?$`);
  return scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first();
};

/** The preview's document. */
export const preview = (page: Page) => page.frameLocator('iframe.editor-preview__frame');

export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** The list items of the open file's form (questions, plans…), folded to their summary until opened. */
export const items = (page: Page) => page.locator('.editor-forms .editor-item[data-fold]');
const toggleOf = (item: Locator) => item.locator('.editor-item__toggle');

/** Opens list item `n` (0-based) of the form, if folded, and gives it back. */
export async function openItem(page: Page, n: number): Promise<Locator> {
  const item = items(page).nth(n);
  if ((await toggleOf(item).getAttribute('aria-expanded')) !== 'true') await toggleOf(item).click();
  await expect(toggleOf(item)).toHaveAttribute('aria-expanded', 'true');
  return item;
}
