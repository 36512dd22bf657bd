import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';

const schemas = readSchemas();

/** What `npm run validate` prints for the minimal site with these files changed. */
function problemLines(changes: Record<string, string | null>): string[] {
  return loadSite(minimalSite(changes), schemas).problems.map(formatProblem);
}

const KNOWN_TYPES =
  'article, article-list, badge-builder, breadcrumb, card-grid, comparison, contact-details, cta, document, external-links, faq, form, gallery, hero, link-list, plans, pricing-table, rich-text, search-results, stats, steps, tag-list, team, testimonials';

describe('the minimal site', () => {
  it('loads with no problems into a model with its page, FAQ set and not-found page', () => {
    const { model, problems } = loadSite(minimalSite(), schemas);
    expect(problems).toEqual([]);
    expect(model?.pages.map((p) => p.path)).toEqual(['/']);
    expect(Object.keys(model?.faqSets ?? {})).toEqual(['general']);
    expect(model?.notFound.path).toBeNull();
    // The faq section receives the questions of the set it names.
    expect(model?.pages[0].sections[1]).toMatchObject({ type: 'faq', questions: [{ id: 'cost' }] });
  });
});

// Each case: one broken site/pages/bad.yaml next to the valid minimal site, and the exact lines a
// person sees. Line 1 is the first line of the inline YAML; columns count from 1.
interface Case {
  name: string;
  page: string;
  expected: string[];
}

/** Runs each case with its full name as the test name. */
const casesOf = (cases: Case[]) => cases.map((c) => [c.name, c] as [string, Case]);

describe('schema problems in a page are reported at file:line:column with a plain message', () => {
  it.each(
    casesOf([
      {
        name: 'reports a number where text is expected at the list item',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page with a bad keyword list.
          keywords: [ok, 404]
        sections:
          - type: hero
            title: Welcome
      `,
        // `  keywords: [ok, ` is 17 characters, so 404 starts at column 18.
        expected: ['site/pages/bad.yaml:5:18 meta.keywords[1]: must be text'],
      },
      {
        name: 'reports a misspelled field at its key, suggests the near field and lists the allowed ones',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page with a misspelled field.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
            subtitel: We remove copies.
      `,
        expected: [
          'site/pages/bad.yaml:9:5 sections[0].subtitel: unknown field "subtitel". Did you mean "subtitle"? ' +
            'Allowed fields: type, id, background, eyebrow, title, subtitle, actions, highlights, icon',
        ],
      },
      {
        name: 'reports an unknown section type at its value, suggests the near type and lists the known ones',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page with an unknown section type.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
          - type: stepz
            title: How it works
      `,
        expected: [
          `site/pages/bad.yaml:9:11 sections[1].type: unknown section type "stepz". Did you mean "steps"? Known types: ${KNOWN_TYPES}`,
        ],
      },
      {
        name: 'reports an unknown section type with no suggestion when nothing is near',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page with an unknown section type.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
          - type: carousel
            title: Slides
      `,
        expected: [`site/pages/bad.yaml:9:11 sections[1].type: unknown section type "carousel". Known types: ${KNOWN_TYPES}`],
      },
      {
        name: 'reports a missing required field at the section that lacks it',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page whose hero has no title.
          keywords: [ok]
        sections:
          - type: hero
            subtitle: No heading here
      `,
        // The section's fields start after `  - `, at column 5.
        expected: ['site/pages/bad.yaml:7:5 sections[0]: the required field "title" is missing'],
      },
      {
        name: 'reports a missing required meta field at the first line of meta',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page without keywords.
        sections:
          - type: hero
            title: Welcome
      `,
        expected: ['site/pages/bad.yaml:3:3 meta: the required field "keywords" is missing'],
      },
      {
        name: 'reports a value outside the allowed list and names the allowed values',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page with an unknown background.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
            background: blue
      `,
        expected: ['site/pages/bad.yaml:9:17 sections[0].background: must be one of: "plain", "muted", "brand"'],
      },
      {
        name: 'reports a relative link as the wrong format and explains what a link target is',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page with a relative link.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
            actions:
              - label: See prices
                href: pricing
      `,
        expected: [
          'site/pages/bad.yaml:11:15 sections[0].actions[0].href: has the wrong format. A link target: a site path such as /pricing, ' +
            'an in-page anchor such as #contact-form, a path with an anchor such as /takedowns/commercial#contact-form, ' +
            'or a full https:// or mailto: address.',
        ],
      },
      {
        name: 'reports a page path with capitals as the wrong format and explains the route rules',
        page: yaml`
        path: /Bad
        meta:
          title: Bad page
          description: A page with capitals in its path.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
      `,
        expected: [
          'site/pages/bad.yaml:1:7 path: has the wrong format. The route, e.g. /pricing. Lowercase letters, digits and hyphens; ' +
            'no trailing slash. Leave it out only on the not-found page.',
        ],
      },
      {
        name: 'reports a too-short description with the minimum length',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: Too short.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
      `,
        expected: ['site/pages/bad.yaml:4:16 meta.description: must be at least 20 characters long'],
      },
      {
        name: 'reports a hero title longer than a heading should be with the maximum length',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: A page whose heading is a whole paragraph.
          keywords: [ok]
        sections:
          - type: hero
            title: ${'A heading that goes on '.repeat(9)}
      `,
        // `    title: ` is 11 characters: the value starts at column 12.
        expected: ['site/pages/bad.yaml:8:12 sections[0].title: must be at most 100 characters long'],
      },
      {
        name: 'reports an empty value as not text, just after its key',
        page: yaml`
        path: /bad
        meta:
          title:
          description: A page with an empty title.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
      `,
        expected: ['site/pages/bad.yaml:3:9 meta.title: must be text'],
      },
      {
        name: 'reports several problems in one file, top to bottom',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          description: Too short.
          keywords: []
          ogType: blog
        sections:
          - type: hero
            title: Hi
      `,
        expected: [
          'site/pages/bad.yaml:4:16 meta.description: must be at least 20 characters long',
          'site/pages/bad.yaml:5:13 meta.keywords: must have at least 1 item',
          'site/pages/bad.yaml:6:11 meta.ogType: must be one of: "website", "article"',
          'site/pages/bad.yaml:9:12 sections[0].title: must be at least 3 characters long',
        ],
      },
      {
        name: 'counts lines from the top of the file, including the editor schema comment',
        page: yaml`
        # yaml-language-server: $schema=../../schemas/page.schema.json
        path: /bad
        meta:
          title: Bad page
          description: A page with a bad keyword list.
          keywords: [ok, 404]
        sections:
          - type: hero
            title: Welcome
      `,
        expected: ['site/pages/bad.yaml:6:18 meta.keywords[1]: must be text'],
      },
    ]),
  )('%s', (_name, { page, expected }) => {
    expect(problemLines({ 'site/pages/bad.yaml': page })).toEqual(expected);
  });
});

describe('YAML syntax errors are reported at the place the parser stopped', () => {
  it.each(
    casesOf([
      {
        name: 'reports a colon inside an unquoted value at the value',
        page: yaml`
        path: /bad
        meta:
          title: Bad: page
          description: A page with a colon in its title.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
      `,
        // `  title: ` is 9 characters: the value starts at column 10.
        expected: [
          'site/pages/bad.yaml:3:10 this value holds ": ", which YAML reads as a new key: put the whole value in quotes, e.g. title: "Bad: page"',
        ],
      },
      {
        name: 'reports a field given twice at the second one',
        page: yaml`
        path: /bad
        meta:
          title: Bad page
          title: Bad page again
          description: A page with its title twice.
          keywords: [ok]
        sections:
          - type: hero
            title: Welcome
      `,
        expected: [
          'site/pages/bad.yaml:4:3 the key "title" is written twice in the same group: keep one of them (each key says one thing once)',
        ],
      },
      {
        name: 'reports an unclosed quote at its opening quote, not where the file ends',
        page: yaml`
        path: /bad
        meta:
          title: "Bad page
      `,
        expected: [
          'site/pages/bad.yaml:3:10 this " opens a quoted text that is never closed: add the closing " at the end of the value (a " inside the text is written \\")',
        ],
      },
    ]),
  )('%s', (_name, { page, expected }) => {
    expect(problemLines({ 'site/pages/bad.yaml': page })).toEqual(expected);
  });
});

describe('problems across files are reported with the places a person has to edit', () => {
  const page = (title: string, path = '/offer') => yaml`
    # yaml-language-server: $schema=../../schemas/page.schema.json
    path: ${path}
    meta:
      title: ${title}
      description: One of two pages that claim the same path.
      keywords: [offer]
    sections:
      - type: hero
        title: ${title}
  `;

  it('reports two pages with the same path at the second, naming the first file and its line:column', () => {
    expect(problemLines({ 'site/pages/a.yaml': page('First offer'), 'site/pages/b.yaml': page('Second offer') })).toEqual([
      'site/pages/b.yaml:2:7 path: "/offer" is already the path of site/pages/a.yaml:2:7. Each page needs its own path',
    ]);
  });

  it('reports a page without a path at the top of the file', () => {
    const noPath = yaml`
      meta:
        title: Lost page
        description: A page under site/pages/ without a route.
        keywords: [lost]
      sections:
        - type: hero
          title: Lost page
    `;
    expect(problemLines({ 'site/pages/lost.yaml': noPath })).toEqual([
      'site/pages/lost.yaml:1:1 the required field "path" is missing: every page under site/pages/ needs its route, e.g. path: /pricing',
    ]);
  });

  it('reports a not-found page with a path at the path key', () => {
    const notFound = yaml`
      meta:
        title: Page not found
        description: The page you were looking for does not exist.
        keywords: [not found]
      path: /404
      sections:
        - type: hero
          title: Page not found
    `;
    expect(problemLines({ 'site/not-found.yaml': notFound })).toEqual([
      'site/not-found.yaml:5:1 path: the not-found page has no path: it is shown for every unknown address',
    ]);
  });

  it('reports a faqSet id that does not exist at the line that names it and lists the known ids', () => {
    const home = yaml`
      path: /
      meta:
        title: Home page
        description: The home page of the smallest possible site.
        keywords: [takedowns]
      sections:
        - type: hero
          title: Welcome
        - type: faq
          title: Questions
          faqSet: pricing
    `;
    expect(problemLines({ 'site/pages/home.yaml': home })).toEqual([
      'site/pages/home.yaml:11:13 sections[1].faqSet: no FAQ set with id "pricing" in site/faq/. Known ids: general',
    ]);
  });

  it('reports a section anchor id used twice on a page at the second use', () => {
    const home = yaml`
      path: /
      meta:
        title: Home page
        description: The home page of the smallest possible site.
        keywords: [takedowns]
      sections:
        - type: hero
          title: Welcome
        - type: faq
          id: faq
          title: Questions
          faqSet: general
        - type: cta
          id: faq
          title: Ready to start?
          actions:
            - label: Start
              href: /
    `;
    expect(problemLines({ 'site/pages/home.yaml': home })).toEqual([
      'site/pages/home.yaml:14:9 sections[2].id: the anchor "faq" is already used by sections[1] on this page',
    ]);
  });

  it("reports a page whose first section is not a hero at that section's type", () => {
    const home = yaml`
      path: /
      meta:
        title: Home page
        description: The home page of the smallest possible site.
        keywords: [takedowns]
      sections:
        - type: faq
          title: Questions
          faqSet: general
        - type: hero
          title: Welcome
    `;
    expect(problemLines({ 'site/pages/home.yaml': home })).toEqual([
      "site/pages/home.yaml:7:11 sections[0].type: the first section must be a hero: it holds the page's main heading (h1)",
    ]);
  });

  it('reports a second hero on a page at its type', () => {
    const home = yaml`
      path: /
      meta:
        title: Home page
        description: The home page of the smallest possible site.
        keywords: [takedowns]
      sections:
        - type: hero
          title: Welcome
        - type: hero
          title: Welcome again
    `;
    expect(problemLines({ 'site/pages/home.yaml': home })).toEqual([
      'site/pages/home.yaml:9:11 sections[1].type: a page has one hero only (one main heading); use a cta or card-grid section here',
    ]);
  });

  it('reports two FAQ sets with the same id, and a question id used twice in a set', () => {
    const other = yaml`
      id: general
      title: Other questions
      items:
        - id: speed
          question: How fast is it?
          answer: Most copies are gone within two days.
          category: Speed
        - id: speed
          question: How fast is it really?
          answer: Most copies are gone within two days.
          category: Speed
    `;
    expect(problemLines({ 'site/faq/other.yaml': other })).toEqual([
      'site/faq/other.yaml:1:5 id: the FAQ set id "general" is already used by site/faq/general.yaml',
      'site/faq/other.yaml:8:9 items[1].id: the question id "speed" is already used by items[0]',
    ]);
  });

  it('reports a YAML file in an unknown folder and says where content files go', () => {
    expect(problemLines({ 'site/blog/first-post.yaml': 'title: First post\n' })).toEqual([
      'site/blog/first-post.yaml:1:1 this file is not read by the site. Content files go in ' +
        'site/site.yaml, site/links.yaml, site/not-found.yaml, site/pages/*.yaml, site/faq/*.yaml, site/data/badges.yaml, site/data/spam-words.yaml, site/data/notice-recipients.yaml, site/data/notice-template.yaml, site/data/pricing.yaml, site/forms/*.yaml, site/forms/api/*.yaml, site/notifications.yaml, site/replies.yaml, site/blog/*.md',
    ]);
  });

  it.each([
    ['site/site.yaml', 'site/site.yaml:1:1 file is missing: it declares the site name, header and footer'],
    ['site/not-found.yaml', 'site/not-found.yaml:1:1 file is missing: it declares the not-found page'],
    ['site/links.yaml', 'site/links.yaml:1:1 file is missing: it declares the known broken links'],
  ])('reports a missing %s and what it declares', (file, line) => {
    const { model, problems } = loadSite(minimalSite({ [file]: null }), schemas);
    expect(model).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([line]);
  });

  it('reports an empty page file as needing fields, at its first line', () => {
    expect(problemLines({ 'site/pages/empty.yaml': '' })).toEqual([
      'site/pages/empty.yaml:1:1 must be a group of fields (key: value lines)',
    ]);
  });
});

describe('every problem is reported at once', () => {
  it('lists the problems of two files together, sorted by file and then by line', () => {
    // home.yaml is read before the FAQ set, and its sections come before its meta.
    const home = yaml`
      sections:
        - type: hero
          title: Welcome
          background: blue
      path: /
      meta:
        title: Home page
        description: The home page of the smallest possible site.
        keywords: [takedowns, 7]
    `;
    const faq = yaml`
      id: general
      title: General questions
      items:
        - id: cost
          question: Cost
          answer: Nothing until a copy is removed.
          category: Pricing
    `;
    const { model, problems } = loadSite(minimalSite({ 'site/pages/home.yaml': home, 'site/faq/general.yaml': faq }), schemas);
    expect(model).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([
      'site/faq/general.yaml:5:15 items[0].question: must be at least 5 characters long',
      'site/pages/home.yaml:4:17 sections[0].background: must be one of: "plain", "muted", "brand"',
      'site/pages/home.yaml:9:25 meta.keywords[1]: must be text',
    ]);
  });

  it('reports a syntax error in one file next to a schema problem in another', () => {
    const broken = yaml`
      path: /broken
      meta:
        title: Broken page
      \tdescription: indented with a tab
    `;
    const wrong = yaml`
      path: /wrong
      meta:
        title: Wrong page
        description: A page with a number for a keyword.
        keywords: [7]
      sections:
        - type: hero
          title: Wrong page
    `;
    expect(problemLines({ 'site/pages/wrong.yaml': wrong, 'site/pages/broken.yaml': broken })).toEqual([
      'site/pages/broken.yaml:4:1 this line is indented with a tab: YAML needs spaces. Replace the tab with spaces (two per level)',
      'site/pages/wrong.yaml:5:14 meta.keywords[0]: must be text',
    ]);
  });
});

describe('a broken FAQ set', () => {
  // The set exists; only its own file needs editing. Today the page that uses it also gets
  // "site/pages/home.yaml:12:13 sections[1].faqSet: no FAQ set with id "general" in site/faq/.
  // Known ids: (none yet)", which sends the person to a file that is fine.
  it('is reported in the FAQ file only, not again as a missing set on the page that uses it', () => {
    const faq = yaml`
      id: general
      title: General questions
      items:
        - id: cost
          question: Cost
          answer: Nothing until a copy is removed.
          category: Pricing
    `;
    expect(problemLines({ 'site/faq/general.yaml': faq })).toEqual([
      'site/faq/general.yaml:5:15 items[0].question: must be at least 5 characters long',
    ]);
  });
});

describe('a section without a usable type', () => {
  // One mistake should be one line: the describer promises "one per real problem".
  it('reports a section with no type once, not twice', () => {
    const home = yaml`
      path: /
      meta:
        title: Home page
        description: The home page of the smallest possible site.
        keywords: [takedowns]
      sections:
        - type: hero
          title: Welcome
        - title: Questions
          faqSet: general
    `;
    // Today it prints two lines at 9:5 for this one mistake:
    //   sections[1]: the required field "type" is missing
    //   sections[1].type: every section needs a type (text)
    const lines = problemLines({ 'site/pages/home.yaml': home });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^site\/pages\/home\.yaml:9:5 sections\[1\]/);
  });

  it('says every section needs a type (text) when the type is a number', () => {
    const home = yaml`
      path: /
      meta:
        title: Home page
        description: The home page of the smallest possible site.
        keywords: [takedowns]
      sections:
        - type: 5
          title: Welcome
    `;
    expect(problemLines({ 'site/pages/home.yaml': home })).toContain(
      'site/pages/home.yaml:7:11 sections[0].type: every section needs a type (text)',
    );
  });
});
