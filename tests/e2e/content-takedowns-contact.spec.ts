// The full content of the home, takedown, contact, solution and audience pages, as a crawler gets
// it: the raw prerendered HTML, before any script runs. Each page is checked for its h1, its
// canonical address, and a sample of the figures, labels, anchors and link targets the spec names.
import { expect, test } from '@playwright/test';
import { all, textOf } from '../support/html-text';
import { priceText } from '../../engine/content/placeholders';
import { siteModel, siteUrl } from './site';

// Prices as the catalogue (site/data/pricing.yaml) shows them; its figures are checked against the
// spec in tests/unit/content/price-catalogue.test.ts.
const price = (key: string) => priceText(siteModel().pricing, key);

interface Expected {
  path: string;
  h1: string;
  /** The canonical path when it differs from the route. */
  canonical?: string;
  /** Texts the reader sees somewhere on the page. */
  texts?: string[];
  /** Link and button targets (href attributes) on the page, outside the shared header and footer. */
  hrefs?: string[];
  /** Elements with these ids (in-page anchors). */
  ids?: string[];
  /** The lead form: the section (by id) it sits in, its form id and the fields it shows. */
  form?: { section: string; id: string; fields: string[] };
}

const PAGES: Expected[] = [
  {
    path: '/',
    h1: 'Get Stolen Content Removed Fast',
    texts: [
      'Start Takedown Now',
      'Get Protection',
      '98%',
      '24-48h',
      '50K+',
      '10K+',
      `${price('takedowns.personal')} per successful takedown`,
    ],
    hrefs: ['/takedowns', '/protectionpro', '/contact-us', '/pricing'],
  },
  {
    path: '/takedowns',
    h1: 'DMCA Takedown Services',
    texts: [
      'Submit evidence',
      'Legal review',
      'File notice',
      'Monitor and report',
      `From ${price('takedowns.commercial-starter')} per takedown`,
      `${price('takedowns.personal')} per successful takedown`,
    ],
    hrefs: ['/takedowns/commercial', '/takedowns/personal', '/takedowns/diy'],
  },
  {
    path: '/takedowns/commercial',
    h1: 'Commercial Takedown Services',
    texts: [
      price('takedowns.commercial-starter'),
      price('takedowns.commercial-bundle'),
      'Most Popular',
      'Starter',
      'Professional',
      'Enterprise',
      'Custom',
      'Dedicated account manager',
      '12-24 hour priority processing',
      'Bulk discounts',
      'Legal escalation',
      'Progress tracking',
      'Success guarantee',
      'Legal team access',
      'commercial@takedownshield.com',
      'Available 24/7',
    ],
    hrefs: ['#contact-form', '#plans', '/contact-us', 'mailto:commercial@takedownshield.com'],
    ids: ['plans', 'contact-form'],
    form: {
      section: 'contact-form',
      id: 'commercial-takedown',
      fields: ['companyName', 'contactName', 'email', 'website', 'contentType', 'infringementUrls', 'description', 'urgency'],
    },
  },
  {
    path: '/takedowns/personal',
    h1: 'Personal Takedown Services',
    texts: [
      'Photography',
      'Artwork',
      'Videos',
      'Writing',
      'Submit your case',
      'We handle everything',
      'Content removed',
      '3-7 business days',
      price('takedowns.personal'),
      'per successful takedown',
      'No upfront payment',
      'Money-back guarantee',
    ],
    hrefs: ['#contact-form', '#process'],
    ids: ['process', 'contact-form'],
    form: {
      section: 'contact-form',
      id: 'personal-takedown',
      fields: ['contactName', 'email', 'contentType', 'infringementUrl', 'originalContentUrl', 'description', 'relationship'],
    },
  },
  {
    path: '/takedowns/diy',
    h1: 'DIY Takedown Toolkit',
    texts: [
      'Download Free',
      'Purchase & Download',
      'Basic DMCA Notice Template',
      'Complete DIY Bundle',
      price('diy.image-theft'),
      price('diy.video-piracy'),
      price('diy.social-media'),
      price('diy.complete-bundle'),
      '80%',
      'Choose Template',
      'Fill & Customize',
      'Send Notice',
      'Track & Follow Up',
    ],
    hrefs: ['#templates', '#free-template', '/contact-us'],
    ids: ['templates', 'free-template'],
    form: { section: 'free-template', id: 'diy-free-template', fields: ['name', 'email'] },
  },
  {
    path: '/contact-us',
    h1: 'Contact Us',
    texts: ['San Francisco', 'United States', 'Live chat', 'Email support', 'Consultation', 'within 2 hours', '24/7', 'Emergency Contact'],
    hrefs: ['/faq/dmca-process', '/pricing', '/lawyers', '/faq/response-times', '/protection', '/solutions', '/contact-us'],
    form: { section: 'message-form', id: 'contact-us', fields: ['name', 'email', 'company', 'inquiryType', 'subject', 'message'] },
  },
  {
    path: '/contact',
    h1: 'Contact Our Team',
    texts: ['24-48 hours', '12-24 hours', '2-6 hours', 'Immediate', 'within 24 hours'],
    hrefs: ['/contact-us', '/faq/general', '/faq/takedowns', '/faq/pricing', '/faq', '#contact-form'],
    ids: ['contact-form'],
    form: { section: 'contact-form', id: 'contact', fields: ['name', 'email', 'company', 'inquiryType', 'urgency', 'subject', 'message'] },
  },
  {
    path: '/compliant',
    h1: 'DMCA Compliance Tools',
    texts: ['Identification of the copyrighted work', 'under penalty of perjury', '10-14 business days'],
    hrefs: ['/contact-us', '/solutions'],
  },
  {
    path: '/protectionpro',
    h1: 'ProtectionPro',
    texts: [
      '99%',
      'Pro Starter',
      price('protection-pro.starter'),
      'Pro Business',
      price('protection-pro.business'),
      'Pro Enterprise',
      '50 takedowns a month',
      'Unlimited takedowns',
      'Start Pro Trial',
      'Contact Sales',
    ],
    hrefs: ['/contact-us'],
  },
  {
    path: '/support',
    h1: 'Support Center',
    texts: ['Pacific time', '6:00-22:00', '8:00-18:00', '10:00-16:00', 'under 2 hours', '24/7'],
    hrefs: ['/contact-us', '/questions'],
  },
  {
    path: '/brand-protection',
    h1: 'Brand Protection',
    texts: ['98%+', 'Counterfeit listings', 'Start Protecting Now'],
    hrefs: ['/contact-us', '/takedowns/commercial'],
  },
  {
    path: '/protection-for-content-creators',
    h1: 'Protection for Content Creators',
    texts: ['Start Protecting Now', 'Get Free Badge', 'Upload content', 'Continuous scan', 'Detect and alert', 'Auto enforce'],
    hrefs: ['/contact-us', '/protection/video', '/protection/photography', '/protection/music', '/protection/content-writing'],
  },
  {
    path: '/protect-your-music-online',
    h1: 'Protect Your Music Online',
    texts: [
      'Royalty recovery',
      'Solo Artist',
      price('industry.music.solo-artist'),
      price('industry.music.professional'),
      price('industry.music.label'),
      '30-day money-back guarantee',
      'under 5 minutes',
    ],
    hrefs: ['/contact-us', '/protection/music'],
  },
  {
    path: '/dmca-protection-authors-publishers',
    h1: 'DMCA Protection for Authors and Publishers',
    texts: ['Pirated e-books', 'Start Protecting Now'],
    hrefs: ['/contact-us', '/protection/content-writing'],
  },
  {
    path: '/protect-games-from-online-theft',
    h1: 'Protect Your Games from Online Theft',
    texts: ['Game assets', 'Digital distribution', 'Platforms we monitor', 'Success stories', 'Free Game Audit'],
    hrefs: ['/contact-us', '/protection/gaming'],
  },
  {
    path: '/software-and-app-protection',
    h1: 'Software and App Protection',
    texts: [
      'Desktop software',
      'SaaS and web apps',
      'Mobile apps',
      'Enterprise software',
      'Sites we monitor',
      'Success stories',
      'Protect My Software',
      'Free Piracy Scan',
    ],
    hrefs: ['/contact-us'],
  },
  {
    path: '/youtube-content-protection',
    h1: 'YouTube Content Protection',
    texts: ['Educational videos', 'Live streams', 'Platforms we monitor', 'Success stories', 'Protect My Channel', 'Free Channel Scan'],
    hrefs: ['/contact-us'],
  },
  {
    path: '/solutions',
    h1: 'Copyright Protection Solutions',
    texts: ['99.2%', '24/7', '50K+', '$100M+', 'Learn More', 'Schedule Consultation'],
    hrefs: ['/contact-us', '/compliant', '/badges', '/wordpress-dmca', '/lawyers'],
  },
];

/** The page's own content: the <main> element, without the shared header and footer. */
function mainOf(html: string): string {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0];
  expect(main, 'the page has a <main> element').toBeTruthy();
  return main!;
}

for (const page of PAGES) {
  test(`${page.path} shows its content: h1 "${page.h1}", canonical, figures and links`, async ({ request }) => {
    const response = await request.get(page.path);
    expect(response.status(), `GET ${page.path}`).toBe(200);
    const html = await response.text();

    const h1s = all(html, /<h1[\s>][\s\S]*?<\/h1>/g).map((m) => textOf(m[0]).trim());
    expect(h1s, 'exactly one <h1>').toEqual([page.h1]);

    const canonicals = all(html, /<link\b[^>]*\brel="canonical"[^>]*>/g).map((m) => /\bhref="([^"]*)"/.exec(m[0])?.[1]);
    expect(canonicals, 'the canonical link').toEqual([siteUrl() + (page.canonical ?? page.path)]);

    const main = mainOf(html);
    const text = textOf(main);
    for (const t of page.texts ?? []) expect(text, `${page.path} shows "${t}"`).toContain(t);

    const hrefs = new Set(all(main, /\bhref="([^"]*)"/g).map((m) => textOf(m[1]!).trim()));
    for (const href of page.hrefs ?? []) expect([...hrefs], `${page.path} links to ${href}`).toContain(href);

    for (const id of page.ids ?? []) expect(main, `${page.path} has an element with id="${id}"`).toContain(`id="${id}"`);

    // The lead form, where the page has one, sits in its section with its fields; no other form fields on the page.
    let rest = main;
    if (page.form) {
      const { section: sectionId, id, fields } = page.form;
      const section = new RegExp(`<section\\b[^>]*\\bid="${sectionId}"[\\s\\S]*?</section>`).exec(main)?.[0] ?? '';
      expect(section, `${page.path} has its form in the section with id="${sectionId}"`).toMatch(/<form\b/);
      for (const field of fields)
        expect(section, `${page.path} shows the ${field} field`).toMatch(
          new RegExp(`<(input|textarea|select)\\b[^>]*\\bid="${id}-form_${field}"`),
        );
      rest = main.replace(section, '');
    }
    expect(rest).not.toMatch(/<(input|textarea|select)\b/);
  });
}

test('the DIY template buttons: free ones go to the free template, paid ones to purchase', async ({ request }) => {
  const main = mainOf(await (await request.get('/takedowns/diy')).text());
  const templates = /<section\b[^>]*\bid="templates"[\s\S]*?<\/section>/.exec(main)?.[0] ?? '';
  const buttons = all(templates, /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g).map((m) => ({
    href: m[1],
    label: textOf(m[2]!).trim(),
  }));
  expect(buttons).toEqual([
    { href: '#free-template', label: 'Download Free' },
    ...Array.from({ length: 5 }, () => ({ href: '/contact-us', label: 'Purchase & Download' })),
  ]);
});

test('the Contact Us page: chat and consultation lead back to /contact-us, with an emergency button', async ({ request }) => {
  const main = mainOf(await (await request.get('/contact-us')).text());
  const links = all(main, /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g).map((m) => `${textOf(m[2]!).trim()} → ${m[1]}`);
  expect(links).toEqual(
    expect.arrayContaining(['Start Chat → /contact-us', 'Book Consultation → /contact-us', 'Emergency Contact → /contact-us']),
  );
});

test('the home page keeps its structured data with the site address filled in', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const blocks = all(html, /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g).map((m) => JSON.parse(m[1]!));
  const flat = blocks.flat();
  const website = flat.find((b: { '@type': string }) => b['@type'] === 'WebSite');
  expect(website?.potentialAction?.target).toBe(`${siteUrl()}/search?q={search_term_string}`);
  expect(JSON.stringify(flat)).not.toContain('{siteUrl}');
});
