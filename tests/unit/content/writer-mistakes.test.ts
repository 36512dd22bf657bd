// The mistakes writers made in site/ (issue cases 1-6), each with the exact message and place it gets.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const files = readSiteFiles();
const schemas = readSchemas();

/** The site's problems after replacing `from` by `to` in one file (the text must be there). */
function problemsAfter(path: string, edit: (text: string) => string): string[] {
  const edited = files.map((f) => {
    if (f.path !== path) return f;
    const text = edit(f.text);
    expect(text, `the edit changes ${path}`).not.toBe(f.text);
    return { path, text };
  });
  const { model, problems } = loadSite(edited, schemas);
  expect(model).toBeUndefined();
  return problems.map(formatProblem);
}

const replace = (from: string | RegExp, to: string) => (text: string) => text.replace(from, to);
/** The first section's title line of a page file, whatever its words (the writer's mistakes below replace it). */
const HERO_TITLE = /^ {4}title: .*$/m;
const lineOf = (path: string, needle: string | RegExp) =>
  files
    .find((f) => f.path === path)!
    .text.split('\n')
    .findIndex((l) => (typeof needle === 'string' ? l.includes(needle) : needle.test(l))) + 1;

describe('1. a value YAML reads as an alias', () => {
  it('says "title: *New*" needs quotes, at the value, and nothing else', () => {
    const line = lineOf('site/pages/support.yaml', HERO_TITLE);
    expect(problemsAfter('site/pages/support.yaml', replace(HERO_TITLE, '    title: *New*'))).toEqual([
      `site/pages/support.yaml:${line}:12 a value starting with * needs quotes: write "*New*" (YAML reads *New* as a reference to another value, which this site does not use)`,
    ]);
  });

  it('refuses an alias bomb at its first anchor without expanding it', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefghij'.split('').map(
        (n, i) =>
          `${n}: &${n} [${Array(9)
            .fill('*' + 'abcdefghij'[i])
            .join(', ')}]`,
      ),
    ];
    const lines = files.find((f) => f.path === 'site/data/badges.yaml')!.text.split('\n').length;
    expect(problemsAfter('site/data/badges.yaml', (t) => `${t}\n${bomb.join('\n')}\n`)).toEqual([
      `site/data/badges.yaml:${lines + 1}:4 a value starting with & needs quotes: put the value in quotes (YAML reads &a as a name for a value to repeat, which this site does not use)`,
    ]);
  });
});

describe('2. invisible characters', () => {
  it.each([
    ['\u202E', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
    ['\u0000', 'U+0000 NULL'],
    ['\u2066', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
  ])('refuses %j by its name and position, never printing it', (char, name) => {
    const line = lineOf('site/pages/support.yaml', HERO_TITLE);
    const problems = problemsAfter('site/pages/support.yaml', replace(HERO_TITLE, `    title: Support ${char}Center`));
    expect(problems).toEqual([
      `site/pages/support.yaml:${line}:20 ${name} is not allowed: it does not show, yet changes or hides the text around it. Delete it here (retype the words around it if unsure)`,
    ]);
    expect(problems.join('')).not.toContain(char);
  });
});

describe("3. form definitions in the engine's words, at their own line", () => {
  const form = 'site/forms/commercial-takedown.yaml';
  it.each([
    [
      'a misspelled field type',
      replace(/(companyName:\n\s+)type: string/, '$1type: strnig'),
      'type: strnig',
      '13 fields.properties.companyName.type: "strnig" is not a field type. Did you mean "string"?',
    ],
    [
      'a misspelled field key',
      replace(/(companyName:\n\s+)type: string/, '$1typpe: string'),
      'typpe: string',
      '7 fields.properties.companyName.typpe: a field cannot declare "typpe". Did you mean "type"?',
    ],
    [
      'a widget the renderer does not have',
      replace('"ui:widget": textarea', '"ui:widget": textaera'),
      '"ui:widget": textaera',
      '18 ui.infringementUrls.ui:widget: the form has no widget "textaera". Did you mean "textarea"?',
    ],
    [
      'a misspelled ui: setting',
      replace('"ui:placeholder": Select urgency', '"ui:placehholder": Select urgency'),
      'ui:placehholder',
      '14 ui.urgency.ui:placehholder: "ui:placehholder" is not a field setting. Did you mean "ui:placeholder"?',
    ],
    [
      'a default that is not one of the choices',
      replace('urgency: standard', 'urgency: 42'),
      'urgency: 42',
      '12 defaults.urgency: 42 is not one of the choices of "urgency". Allowed: standard, priority, urgent',
    ],
  ])('%s', (_name, edit, needle, expected) => {
    const edited = edit(files.find((f) => f.path === form)!.text);
    const line = edited.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const [column, message] = [expected.split(' ')[0], expected.slice(expected.indexOf(' ') + 1)];
    // Only the form is reported: the notifications naming it and the pages showing it are not blamed.
    expect(problemsAfter(form, edit)).toEqual([`${form}:${line}:${column} ${message}`]);
  });
});

describe('3b. an API payload field left empty', () => {
  it('is one problem at the field, with its ui: settings and the notification rules that name the payload left alone', () => {
    const file = 'site/forms/api/takedown-request.yaml';
    const line = lineOf(file, '    infringementUrls: {');
    expect(problemsAfter(file, replace(/^ {4}infringementUrls: \{.*\}$/m, '    infringementUrls: null'))).toEqual([
      `${file}:${line}:23 fields.properties.infringementUrls: a field is a group of keys: type, title and its rules`,
    ]);
  });
});

describe('4. one mistake, one problem', () => {
  it('a price typed with its $ is one problem at the price, not one at every use', () => {
    const line = lineOf('site/data/pricing.yaml', 'monthly: 149');
    expect(problemsAfter('site/data/pricing.yaml', replace('monthly: 149', 'monthly: $149'))).toEqual([
      `site/data/pricing.yaml:${line}:16 prices.commercial.professional.monthly: must be a number or a group of fields (key: value lines); as text: A discount or saving as a percentage, written with its % sign, e.g. "25%"; {price:key} shows it as written.`,
    ]);
  });

  it('a removed key line, whose list joins the one above, is one problem at the first stray line', () => {
    const file = 'site/pages/protection/content-writing.yaml';
    const line = lineOf(file, '    highlights:');
    expect(problemsAfter(file, replace('    highlights:\n', ''))).toEqual([
      `${file}:${line}:9 sections[0].actions[2]: must be a group of fields (key: value lines), and so do the 3 items after it; if these lines belong to another field, the line naming it (such as "items:") is missing above them`,
    ]);
  });

  it('an extra ] is one problem at the ], inside its line', () => {
    expect(problemsAfter('site/faq/pricing-questions.yaml', replace(/^title: .*$/m, 'title: [Pricing questions]]'))).toEqual([
      'site/faq/pricing-questions.yaml:3:27 this ] closes nothing: remove it, or put the whole value in quotes',
    ]);
  });
});

describe('5. mistakes reported where they are', () => {
  it('a misspelled price key is reported at its definition, not at each text that uses it', () => {
    const uses = files.filter((f) => f.text.includes('{price:commercial.professional.monthly}')).length;
    expect(uses).toBeGreaterThan(1);
    const line = lineOf('site/data/pricing.yaml', 'monthly: 149');
    const problems = problemsAfter('site/data/pricing.yaml', replace('monthly: 149', 'montly: 149'));
    // The /pricing plan card names the group, so it is the one use still reported (see the report's open items).
    expect(problems).toHaveLength(2);
    expect(problems[1]).toMatch(/^site\/pages\/pricing\.yaml:\d+:\d+ .*no plan price "commercial\.professional"/);
    expect(problems[0]).toMatch(
      new RegExp(
        `^site/data/pricing\\.yaml:${line}:7 prices\\.commercial\\.professional\\.montly: no text uses "commercial\\.professional\\.montly", while "commercial\\.professional\\.monthly" is named \\d+ times \\(first at site/[^)]+\\) and is not in the catalogue: did you mean to call this entry "commercial\\.professional\\.monthly"\\?$`,
      ),
    );
  });

  it('an unclosed quote is reported at its opening quote', () => {
    const line = lineOf('site/pages/support.yaml', HERO_TITLE);
    expect(problemsAfter('site/pages/support.yaml', replace(HERO_TITLE, '    title: "Support Center'))).toEqual([
      `site/pages/support.yaml:${line}:12 this " opens a quoted text that is never closed: add the closing " at the end of the value (a " inside the text is written \\")`,
    ]);
  });

  it('an empty key is reported at its colon', () => {
    const line = lineOf('site/pages/support.yaml', HERO_TITLE) + 1;
    expect(problemsAfter('site/pages/support.yaml', replace(/^( {4}title: .*\n)/m, '$1    : oops\n'))).toEqual([
      `site/pages/support.yaml:${line}:5 this colon has no key before it: write the key, e.g. "title: …", or remove the colon`,
    ]);
  });

  it('a stray --- in an article\'s front matter is one problem at that line, not "title is missing"', () => {
    expect(problemsAfter('site/blog/fair-use-explained.md', replace('\ndate: 2024-01-08', '\n---\ndate: 2024-01-08'))).toEqual([
      'site/blog/fair-use-explained.md:4:1 this --- ends the front matter early, so the fields below it (date: …) are read as text: remove this line',
    ]);
  });

  it('a misspelled FAQ set with errors of its own offers the set it meant, and the set is reported at its own line', () => {
    const problems = [...problemsAfter('site/pages/faq/pricing.yaml', replace('faqSet: pricing-questions', 'faqSet: pricing-question'))];
    expect(problems).toEqual([
      `site/pages/faq/pricing.yaml:53:13 sections[3].faqSet: no FAQ set with id "pricing-question" in site/faq/. Did you mean "pricing-questions" (site/faq/pricing-questions.yaml)?`,
    ]);
  });
});

describe("6. from the writer's walkthrough", () => {
  it('a picture in an FAQ answer is refused at the picture: answers take links, bold and italic only', () => {
    const file = 'site/faq/pricing-questions.yaml';
    const text = files.find((f) => f.path === file)!.text;
    const answer = /^( {4}answer: )(.*)$/m.exec(text)!;
    const line = text.slice(0, answer.index).split('\n').length;
    const problems = problemsAfter(file, replace(answer[0], `${answer[1]}See ![the refund form](/refund.png).`));
    expect(problems).toEqual([
      `${file}:${line}:17 items[0].answer: a picture ("![the refund form](/refund.png)") cannot go in this text. Here a text may have links [words](/address), **bold** and *italic*, and nothing else of Markdown`,
    ]);
  });
});
