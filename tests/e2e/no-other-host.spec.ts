// Every form page, with JavaScript on, makes its requests to the site's own origin only: the page,
// its scripts and styles, its images, and the submission with whatever the spam defences add to it.
// No third-party script, font, captcha or check is asked anything about a visitor.
import { expect, test, type Page } from '@playwright/test';
import type { Form, ResolvedFormSection } from '../../engine/content/model';
import { siteModel, waitForIslands } from './site';
import { fillNotice, isNoticeForm, noticeAnswers } from './notice';

type Property = { type?: string; format?: string; pattern?: string; minLength?: number; oneOf?: Array<{ const?: unknown }> };

const formPages = siteModel().pages.flatMap((p) =>
  p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
);
/** The badge page draws its preview from the server as the visitor chooses. */
const badgePages = siteModel()
  .pages.filter((p) => p.sections.some((s) => s.type === 'badge-builder'))
  .map((p) => p.path!);

/** A value each field accepts, from its schema: an address, a link, a choice, or words long enough. */
function valueFor(name: string, p: Property, email: string): string {
  if (name === 'email' || p.format === 'email') return email;
  if (p.format === 'uri' || p.pattern?.includes('https?') || p.pattern?.includes('[hH][tT]'))
    return 'https://copies.example.org/listing/4821';
  return `Checking where this page sends what a visitor types, field ${name}, long enough for every rule.`.slice(
    0,
    Math.max(p.minLength ?? 0, 60),
  );
}

async function fillRequired(page: Page, form: Form, email: string): Promise<void> {
  // A takedown notice has checkboxes to tick and an address list: filled as a visitor signs one.
  if (isNoticeForm(form)) return fillNotice(page, form, noticeAnswers(form, email));
  const properties = (form.fields.properties ?? {}) as Record<string, Property>;
  const hidden = (name: string) => (form.ui as Record<string, { 'ui:widget'?: string }> | undefined)?.[name]?.['ui:widget'] === 'hidden';
  const required = new Set([...((form.fields as { required?: string[] }).required ?? []), 'email']);
  for (const [name, p] of Object.entries(properties)) {
    if (!required.has(name) || hidden(name)) continue;
    const input = page.locator(`[id="${form.id}-form_${name}"]`);
    if (p.oneOf) await input.selectOption(String(p.oneOf[0]!.const));
    else await input.fill(valueFor(name, p, email));
  }
}

/** Every request the page makes from now on, by address. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(r.url()));
  return seen;
}

/** The requests that left for somewhere other than the site's own origin (data: and blob: addresses never leave the page). */
function elsewhere(seen: readonly string[], origin: string): string[] {
  return seen.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
}

test.describe('a form page asks no other host', () => {
  for (const { path, form } of formPages) {
    test(`${path}: loading it and sending its ${form.id} form`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const seen = recordRequests(page);
      await page.goto(path);
      await waitForIslands(page);
      await fillRequired(page, form, `no-other-host.${form.id}.${Date.now().toString(36)}@example.org`);
      const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(form.submit.endpoint));
      await page.locator(`form:has([id="${form.id}-form_email"]) button[type="submit"]`).click();
      const answer = await posted;
      expect(answer.status(), 'the submission was accepted, so the whole journey was watched').toBe(201);
      // Anything the answer sets off (a download, a follow-up request) has had its chance to start.
      await page.waitForLoadState('networkidle');
      expect(seen.filter((url) => url.endsWith(form.submit.endpoint)).length).toBeGreaterThan(0);
      expect(seen.length).toBeGreaterThan(1);
      expect(elsewhere(seen, origin)).toEqual([]);
    });
  }

  for (const path of badgePages) {
    test(`${path}: loading it and choosing a badge`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const seen = recordRequests(page);
      await page.goto(path);
      await waitForIslands(page);
      // The last choice of each group (type, size, colour): a badge other than the one the page first shows.
      const names = await page
        .locator('input[type="radio"]')
        .evaluateAll((list) => [...new Set(list.map((r) => (r as HTMLInputElement).name))]);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) await page.locator(`input[type="radio"][name="${name}"]`).last().check();
      await page.waitForLoadState('networkidle');
      expect(seen.length).toBeGreaterThan(1);
      expect(elsewhere(seen, origin)).toEqual([]);
    });
  }
});
