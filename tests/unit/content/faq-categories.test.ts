// FAQ categories that look like a typo of another are a warning: the site still loads.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';

const schemas = readSchemas();

/** A FAQ set whose questions have these categories, in order. */
function setWith(...categories: string[]) {
  const items = categories.map(
    (c, i) =>
      `  - id: q${i}\n    question: What is question number ${i}?\n    answer: This is the answer to question ${i}.\n    category: ${c}\n`,
  );
  return `id: general\ntitle: General\nitems:\n${items.join('')}`;
}

describe('near-duplicate FAQ categories', () => {
  it.each([
    [
      ['DMCA Basics', 'DMCA Basics', 'DMCA Basix'],
      ['site/faq/general.yaml:15:15 warning: category "DMCA Basix" is used only here; did you mean "DMCA Basics"?'],
    ],
    [['Legal', 'Legal', 'legal'], ['site/faq/general.yaml:15:15 warning: category "legal" is used only here; did you mean "Legal"?']],
    [['DMCA Basics', 'DMCA Basics', 'Refunds'], []],
    [['Pricing', 'Pricing'], []],
  ])('%j warns %j', (categories, expected) => {
    const { model, problems, warnings } = loadSite(minimalSite({ 'site/faq/general.yaml': setWith(...categories) }), schemas);
    expect(problems).toEqual([]);
    expect(model).toBeDefined();
    expect(warnings.map(formatProblem)).toEqual(expected);
  });

  it('compares categories across every FAQ set', () => {
    const other = yaml`
      id: other
      title: Other
      items:
        - id: a
          question: Is this a question?
          answer: It is, and it has an answer.
          category: Timeline & Proces
    `;
    const { warnings } = loadSite(
      minimalSite({ 'site/faq/general.yaml': setWith('Timeline & Process', 'Timeline & Process'), 'site/faq/other.yaml': other }),
      schemas,
    );
    expect(warnings.map(formatProblem)).toEqual([
      'site/faq/other.yaml:7:15 warning: category "Timeline & Proces" is used only here; did you mean "Timeline & Process"?',
    ]);
  });
});
