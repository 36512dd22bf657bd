// The full content of the home, takedown, contact, solution and audience pages, as a crawler gets
// it: the raw prerendered HTML, before any script runs. Each page is checked for its h1, its
// canonical address, every heading, label, name and figure its sections hold in site/ (read from
// the site model, so a writer's new words pass), and the anchors and link targets the spec names.
import { expect, test } from '@playwright/test';
import { all, textOf } from '../support/html-text';
import { htmlOf } from './fetch-once';
import { actionsOn, routeAt, shownTexts, siteUrl } from './site';

interface Expected {
  path: string;
  /** The canonical path when it differs from the route. */
  canonical?: string;
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
    hrefs: ['/takedowns', '/protectionpro', '/contact-us', '/pricing'],
  },
  {
    path: '/takedowns',
    hrefs: ['/takedowns/commercial', '/takedowns/personal', '/takedowns/diy'],
  },
  {
    path: '/takedowns/commercial',
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
    hrefs: ['#templates', '#free-template', '/contact-us'],
    ids: ['templates', 'free-template'],
    form: { section: 'free-template', id: 'diy-free-template', fields: ['name', 'email'] },
  },
  {
    path: '/contact-us',
    hrefs: ['/faq/dmca-process', '/pricing', '/lawyers', '/faq/response-times', '/protection', '/solutions', '/contact-us'],
    form: { section: 'message-form', id: 'contact-us', fields: ['name', 'email', 'company', 'inquiryType', 'subject', 'message'] },
  },
  {
    path: '/contact',
    hrefs: ['/contact-us', '/faq/general', '/faq/takedowns', '/faq/pricing', '/faq', '#contact-form'],
    ids: ['contact-form'],
    form: { section: 'contact-form', id: 'contact', fields: ['name', 'email', 'company', 'inquiryType', 'urgency', 'subject', 'message'] },
  },
  {
    path: '/compliant',
    hrefs: ['/contact-us', '/solutions'],
  },
  {
    path: '/protectionpro',
    hrefs: ['/contact-us'],
  },
  {
    path: '/support',
    hrefs: ['/contact-us', '/questions'],
  },
  {
    path: '/brand-protection',
    hrefs: ['/contact-us', '/takedowns/commercial'],
  },
  {
    path: '/protection-for-content-creators',
    hrefs: ['/contact-us', '/protection/video', '/protection/photography', '/protection/music', '/protection/content-writing'],
  },
  {
    path: '/protect-your-music-online',
    hrefs: ['/contact-us', '/protection/music'],
  },
  {
    path: '/dmca-protection-authors-publishers',
    hrefs: ['/contact-us', '/protection/content-writing'],
  },
  {
    path: '/protect-games-from-online-theft',
    hrefs: ['/contact-us', '/protection/gaming'],
  },
  {
    path: '/software-and-app-protection',
    hrefs: ['/contact-us'],
  },
  {
    path: '/youtube-content-protection',
    hrefs: ['/contact-us'],
  },
  {
    path: '/solutions',
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
  test(`${page.path} shows its content: its h1, canonical, headings, labels, figures and links`, async ({ request }) => {
    const html = await htmlOf(request, page.path);

    const h1s = all(html, /<h1[\s>][\s\S]*?<\/h1>/g).map((m) => textOf(m[0]).trim());
    expect(h1s, 'exactly one <h1>').toEqual([routeAt(page.path).h1]);

    const canonicals = all(html, /<link\b[^>]*\brel="canonical"[^>]*>/g).map((m) => /\bhref="([^"]*)"/.exec(m[0])?.[1]);
    expect(canonicals, 'the canonical link').toEqual([siteUrl() + (page.canonical ?? page.path)]);

    const main = mainOf(html);
    const text = textOf(main);
    const texts = shownTexts(page.path);
    expect(texts.length, `${page.path} has sections with texts in site/`).toBeGreaterThan(0);
    for (const t of texts) expect(text, `${page.path} shows "${t}"`).toContain(t);

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
  const main = mainOf(await htmlOf(request, '/takedowns/diy'));
  const templates = /<section\b[^>]*\bid="templates"[\s\S]*?<\/section>/.exec(main)?.[0] ?? '';
  const buttons = all(templates, /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g).map((m) => ({
    href: m[1],
    label: textOf(m[2]!).trim(),
  }));
  // The labels as the templates section has them in site/; where they lead is the spec's.
  const declared = actionsOn('/takedowns/diy', 'templates');
  const free = declared.find((a) => a.href === '#free-template')!;
  const paid = declared.find((a) => a.href === '/contact-us')!;
  expect(buttons).toEqual([
    { href: '#free-template', label: free.label },
    ...Array.from({ length: 5 }, () => ({ href: '/contact-us', label: paid.label })),
  ]);
});

test('the Contact Us page: chat and consultation lead back to /contact-us, with an emergency button', async ({ request }) => {
  const main = mainOf(await htmlOf(request, '/contact-us'));
  const links = all(main, /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g).map((m) => `${textOf(m[2]!).trim()} → ${m[1]}`);
  // Every button the page's sections declare back to /contact-us (chat, consultation, emergency), with its words from site/.
  const back = actionsOn('/contact-us').filter((a) => a.href === '/contact-us');
  expect(back.length).toBeGreaterThanOrEqual(3);
  expect(links).toEqual(expect.arrayContaining(back.map((a) => `${a.label} → ${a.href}`)));
});

test('the home page keeps its structured data with the site address filled in', async ({ request }) => {
  const html = await htmlOf(request, '/');
  const blocks = all(html, /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g).map((m) => JSON.parse(m[1]!));
  const flat = blocks.flat();
  const website = flat.find((b: { '@type': string }) => b['@type'] === 'WebSite');
  expect(website?.potentialAction?.target).toBe(`${siteUrl()}/search?q={search_term_string}`);
  expect(JSON.stringify(flat)).not.toContain('{siteUrl}');
});
