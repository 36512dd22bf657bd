// The about pages and the legal pages in a real browser (spec 001 §2 About, Legal pages): the
// leadership team and figures, and the privacy policy and terms with a table of contents whose
// links land on their anchored sections.
import { expect, test, type Page } from '@playwright/test';

interface LegalPage {
  path: string;
  h1: string;
  parts: Array<[id: string, title: string]>;
}

const LEGAL: LegalPage[] = [
  {
    path: '/privacy',
    h1: 'Privacy Policy',
    parts: [
      ['information-collection', 'Information Collection'],
      ['information-use', 'Use of Information'],
      ['information-sharing', 'Information Sharing'],
      ['data-security', 'Data Security'],
      ['data-retention', 'Data Retention'],
      ['your-rights', 'Your Rights'],
      ['cookies', 'Cookies'],
      ['international-transfers', 'International Transfers'],
      ['childrens-privacy', "Children's Privacy"],
      ['policy-changes', 'Changes to This Policy'],
      ['privacy-contact', 'Contact Us'],
    ],
  },
  {
    path: '/terms',
    h1: 'Terms of Service',
    parts: [
      ['acceptance', 'Acceptance of Terms'],
      ['services', 'Our Services'],
      ['eligibility', 'Eligibility'],
      ['user-obligations', 'User Obligations'],
      ['prohibited-uses', 'Prohibited Uses'],
      ['dmca-compliance', 'DMCA Compliance'],
      ['payment-terms', 'Payment Terms'],
      ['service-availability', 'Service Availability'],
      ['intellectual-property', 'Intellectual Property'],
      ['limitation-of-liability', 'Limitation of Liability'],
      ['indemnification', 'Indemnification'],
      ['termination', 'Termination'],
      ['governing-law', 'Governing Law'],
      ['terms-changes', 'Changes to Terms'],
      ['terms-contact', 'Contact Information'],
    ],
  },
];

const toc = (page: Page) => page.getByRole('navigation', { name: 'Contents' });

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

for (const legal of LEGAL) {
  test.describe(legal.path, () => {
    test.use({ reducedMotion: 'reduce' });

    test(`shows "Last updated January 15, 2024" and ${legal.parts.length} numbered sections in order`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.h1);
      await expect(page.locator('.document__updated')).toHaveText('Last updated January 15, 2024');
      await expect(page.locator('.document__updated time')).toHaveAttribute('datetime', '2024-01-15');
      const expected = legal.parts.map(([, title], i) => `${i + 1}. ${title}`);
      await expect(page.locator('.document__part > h2')).toHaveText(expected);
      await expect(toc(page).getByRole('link')).toHaveText(expected);
      await expect(page.locator('.document__part')).toHaveCount(legal.parts.length);
    });

    test(`each of the ${legal.parts.length} table-of-contents links lands on its section`, async ({ page }) => {
      await page.goto(legal.path);
      const links = toc(page).getByRole('link');
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

    test('an address with an anchor opens at that section', async ({ page }) => {
      const [id] = legal.parts[Math.floor(legal.parts.length / 2)]!;
      await page.goto(`${legal.path}#${id}`);
      await expectLandedOn(page, id);
    });
  });
}

test('/terms lists the six elements of a valid notice, the refund terms and California law', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('#dmca-compliance > .document__list li')).toHaveText([
    'Identification of the copyrighted work',
    'The location of the infringing material',
    "The owner's contact information",
    'A statement of good faith that the use is not authorised',
    'A statement, under penalty of perjury, that the information is accurate',
    'A physical or electronic signature of the owner or authorised agent',
  ]);
  await expect(page.locator('#payment-terms')).toContainText('full refund within 14 days of your order if no work has been done');
  await expect(page.locator('#payment-terms')).toContainText('30-day money-back guarantee');
  await expect(page.locator('#limitation-of-liability')).toContainText('the amount you paid us in the 12 months before the claim');
  await expect(page.locator('#governing-law')).toContainText('binding arbitration in San Francisco');
  await expect(page.locator('#terms-contact').getByRole('link', { name: 'legal@takedownshield.com' })).toHaveAttribute(
    'href',
    'mailto:legal@takedownshield.com',
  );
});

test('/privacy explains retention, residency and the age limit, and how to reach the privacy team', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.locator('#data-retention')).toContainText('kept for 7 years');
  await expect(page.locator('#international-transfers')).toContainText('data residency in the EU, the UK, Canada or Australia');
  await expect(page.locator('#childrens-privacy')).toContainText('children under 13');
  await expect(page.locator('#your-rights')).toContainText('within 30 days');
  await expect(page.locator('#privacy-contact').getByRole('link', { name: 'Contact form' })).toHaveAttribute('href', '/contact-us');
});

test('/about-us shows mission, vision, story, four values, a six-person team, achievements and awards', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  await expect(page.locator('#mission h3')).toHaveText(['Our mission', 'Our vision']);
  await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
  await expect(page.locator('#values h3')).toHaveText(['Integrity', 'Innovation', 'Client-focused', 'Global impact']);
  const team = page.locator('#team .team__member');
  await expect(team).toHaveCount(6);
  await expect(team.first().locator('.team__name')).toHaveText('Elena Vasquez');
  await expect(team.first().locator('.team__role')).toHaveText('Chief Executive Officer and Co-Founder');
  await expect(team.first().locator('.team__portrait')).toHaveText('EV');
  await expect(page.locator('#achievements dd')).toHaveText(['100,000+', '2M+', '99.2%', '24/7']);
  await expect(page.locator('#awards h3')).toHaveCount(3);
  for (const name of ['Get Started Today', 'Contact Our Team']) {
    const links = page.getByRole('main').getByRole('link', { name });
    await expect(links).toHaveCount(2);
    for (const href of await links.evaluateAll((els) => els.map((a) => a.getAttribute('href')))) expect(href).toBe('/contact-us');
  }
});

test('/about shows its figures and links to /contact and /takedown/commercial', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('.stats dd')).toHaveText(['98.5%', '50,000+', '15,000+', '150+', '1000+']);
  await expect(page.locator('#how-we-work h3')).toHaveText(['Submit evidence', 'Legal review', 'File notice', 'Monitor and report']);
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((els) => els.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs)).toEqual(new Set(['/contact', '/takedown/commercial']));
});
