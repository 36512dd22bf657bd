/**
 * Prose texts (FAQ answers, cards' texts): links, bold and italic rendered with the articles' rules,
 * everything else escaped; a heading, a picture, HTML or an unsafe address refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { proseParagraphs, prosePlainText } from '../../../engine/content/inline-markdown';
import { loadSite } from '../../../engine/content/load-site';
import { isProseAt } from '../../../engine/content/prose-fields';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';

const schemas = readSchemas();
const files = readSiteFiles();
const FILE = 'site/faq/general.yaml';

/** An FAQ set of the fixture site whose one answer has `line` as its second line. */
function faqSet(line: string, question = 'How do I request a refund?') {
  return yaml`
    id: general
    title: General questions
    items:
      - id: refunds
        question: ${question}
        answer: |-
          Write to the support team with the order number.
          ${line}
        category: Pricing
  `;
}

/** The fixture site with its FAQ answer's second line replaced, loaded; and the line the new text is on. */
function withAnswerLine(replacement: string) {
  const text = faqSet(replacement);
  const line = text.split('\n').indexOf(`      ${replacement}`) + 1;
  const result = loadSite(minimalSite({ [FILE]: text }), schemas);
  return { problems: result.problems.filter((p) => p.file === FILE), line };
}

describe('rendering prose', { timeout: 30_000 }, () => {
  it('makes links, bold and italic, and escapes everything else', () => {
    expect(proseParagraphs('Money is **refunded in full**, see [our policy](/terms#payment-terms) and *why*.')).toEqual([
      'Money is <strong>refunded in full</strong>, see <a href="/terms#payment-terms">our policy</a> and <em>why</em>.',
    ]);
    expect(proseParagraphs('A <script>alert(1)</script> & `code`')).toEqual(['A &lt;script&gt;alert(1)&lt;/script&gt; &amp; `code`']);
    expect(proseParagraphs('[click](javascript:alert(1))')).toEqual(['click']);
    expect(proseParagraphs('One.\n\nTwo [a](https://example.org "Title").')).toEqual([
      'One.',
      'Two <a href="https://example.org" title="Title">a</a>.',
    ]);
  });

  it('gives the words alone for search', () => {
    expect(prosePlainText('Money is **refunded**, see [our policy](/terms).\n\nThen *more*.')).toBe(
      'Money is refunded, see our policy.\nThen more.',
    );
  });

  it('leaves every text of the site that has no Markdown exactly as written', () => {
    const result = loadSite(files, schemas);
    const answers = Object.values(result.model!.faqSets).flatMap((set) => set.items.map((i) => i.answer));
    const plain = answers.filter((a) => !/\*\*|\]\(/.test(a));
    expect(plain.length).toBeGreaterThan(50);
    const escape = (t: string) =>
      t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    for (const answer of plain)
      expect(proseParagraphs(answer)).toEqual(
        answer
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean)
          .map(escape),
      );
  });
});

describe('which texts are prose', () => {
  it('follows x-prose in the schemas: FAQ answers and cards’ texts, not questions or titles', () => {
    expect(isProseAt(schemas, 'faq-set.schema.json', {}, ['items', 3, 'answer'])).toBe(true);
    expect(isProseAt(schemas, 'faq-set.schema.json', {}, ['items', 3, 'question'])).toBe(false);
    const page = { sections: [{ type: 'hero' }, { type: 'card-grid' }] };
    expect(isProseAt(schemas, 'page.schema.json', page, ['sections', 1, 'cards', 0, 'text'])).toBe(true);
    expect(isProseAt(schemas, 'page.schema.json', page, ['sections', 1, 'cards', 0, 'title'])).toBe(false);
    expect(isProseAt(schemas, 'page.schema.json', page, ['sections', 0, 'cards', 0, 'text'])).toBe(false);
  });
});

describe('refused in an FAQ answer, at its line', { timeout: 30_000 }, () => {
  it.each([
    ['## Refunds', 'a heading'],
    ['See ![the form](/images/refund.png) for how.', 'a picture'],
    ['Write to us <a href="/contact">here</a> with the order.', 'HTML'],
    ['Write to us <script>alert(1)</script> with the order.', 'HTML'],
    ['[Write to us](javascript:alert(1)) with the order.', 'is not an address a link can have here'],
  ])('%s', (replacement, what) => {
    const { problems, line } = withAnswerLine(replacement);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ line, path: expect.stringMatching(/^items\[\d+\]\.answer$/) });
    expect(problems[0]!.message).toContain(what);
  });

  it('a link, bold and italic pass', () => {
    const { problems, line } = withAnswerLine('**Write** to *us* via [the form](/contact): we answer within a day.');
    expect(line).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('Markdown in a plain text (a question) is still refused with what works where', () => {
    const { problems } = loadSite(minimalSite({ [FILE]: faqSet('Thank you.', 'How do I **request** a refund?') }), schemas);
    expect(problems.find((p) => p.file === FILE)?.message).toContain('Links, bold and italic work in FAQ answers');
  });
});
