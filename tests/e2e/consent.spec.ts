// The consent notice of every lead form (site/site.yaml `consent`, or the form's own): shown in the
// prerendered HTML just above the submit button, with real links to the privacy policy and terms.
// Where each form shows it with JavaScript off is checked by no-javascript.spec.ts, on the same
// load as the form's fields.
import { expect, test } from '@playwright/test';
import type { ResolvedFormSection } from '../../engine/content/model';
import { siteModel } from './site';

/** A notice's links (privacy policy, terms…), each with its label and address as site/ has them. */
const linksOf = (consent: ResolvedFormSection['consent']) => Object.values(consent?.links ?? {}).flatMap((l) => (l ? [l] : []));

/** Every page with a lead form, and the notice each form shows. */
const FORM_PAGES = siteModel().pages.flatMap((p) =>
  p.sections
    .filter((s): s is ResolvedFormSection => s.type === 'form')
    .map((s) => ({ path: p.path!, form: s.definition.id, consent: s.consent })),
);

test('every lead form declares a consent notice', () => {
  expect(FORM_PAGES.length).toBeGreaterThan(10);
  for (const { path, form, consent } of FORM_PAGES) expect(consent, `${path} (${form})`).toBeDefined();
});

test('the notice links open the privacy policy and the terms', async ({ page, request }) => {
  for (const href of ['/privacy', '/terms']) expect((await request.get(href)).status(), href).toBe(200);
  await page.goto('/contact-us');
  const contactForm = FORM_PAGES.find((f) => f.path === '/contact-us' && f.form === 'contact-us')!;
  const privacy = linksOf(contactForm.consent).find((l) => l.href === '/privacy')!;
  await page.locator('#contact-us-form-consent').getByRole('link', { name: privacy.label }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
