// The notice form's declaration: what `npm run validate` tells a writer who changes it, and the
// words its checkboxes show, which come from the notice template alone.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { isNoticeForm, STATEMENT_FIELDS } from '../../../engine/notices/notice-form';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const schemas = readSchemas();
const FORM = 'site/forms/takedown-notice.yaml';
const TEMPLATE = 'site/data/notice-template.yaml';
const files = readSiteFiles();
const formText = files.find((f) => f.path === FORM)!.text;

const load = (changes: Record<string, string | null>) =>
  loadSite(
    files.flatMap((f) => (f.path in changes ? (changes[f.path] === null ? [] : [{ ...f, text: changes[f.path]! }]) : [f])),
    schemas,
  );
const problemsWith = (text: string) => load({ [FORM]: text }).problems.map(formatProblem);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

// The whole site is loaded for each case: slow on a busy machine.
describe('the notice form', { timeout: 60_000 }, () => {
  it("shows the template's words beside its checkboxes", () => {
    const { model } = load({});
    const form = Object.values(model!.forms).find(isNoticeForm)!;
    const properties = form.fields.properties as Record<string, { title?: string }>;
    for (const [field, key] of Object.entries(STATEMENT_FIELDS))
      expect(properties[field]!.title).toBe(model!.noticeTemplate!.checkboxes[key]);
  });

  it('refuses words of its own beside a checkbox, at their line', () => {
    const text = formText.replace(/( {4}goodFaith:\n)/, '$1      title: I promise\n');
    const line = lineOf(text, 'title: I promise');
    expect(problemsWith(text)).toEqual([
      `${FORM}:${line}:14 fields.properties.goodFaith.title: the words beside "goodFaith" are those of site/data/notice-template.yaml (checkboxes): leave title out here`,
    ]);
  });

  it('names a missing element, an optional one made required and capacities out of order', () => {
    const text = formText
      .replace(/ {4}telephone:\n(?: {6}.*\n)+/, '')
      .replace(/telephone, /g, '')
      .replace(/(\n {2}telephone:.*)/, '')
      .replace('required:\n    [', 'required:\n    [registration, ')
      // The two capacities swapped.
      .replace('const: owner,', 'const: swapped,')
      .replace('const: authorised,', 'const: owner,')
      .replace('const: swapped,', 'const: authorised,');
    const problems = problemsWith(text);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/fields\.properties: a notice form needs the field "telephone" \(type: string\)$/),
        expect.stringMatching(/fields\.required: "registration" is optional in a notice: leave it out of required$/),
        expect.stringMatching(/fields\.properties\.capacity: the capacity's choices are owner and authorised, in this order \(oneOf\)$/),
      ]),
    );
  });

  it('needs the notice template for its words', () => {
    expect(load({ [TEMPLATE]: null }).problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${FORM}:\\d+:\\d+ submit\\.payload: a notice form shows the words of site/data/notice-template\\.yaml: add that file$`,
        ),
      ),
    ]);
  });
});
