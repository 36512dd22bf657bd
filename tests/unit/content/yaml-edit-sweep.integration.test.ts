/**
 * The editor's save on a sample of every string value of every file of site/: each edit changes
 * only its own lines and reads back as the new data, and a value that changes shape reads back as
 * written, comments kept. Thousands of edits, so part of `npm test`, not of the fast loop
 * (yaml-edit.test.ts keeps the examples of each kind of edit).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyMinimalEdit } from '../../../server/content/yaml-edit';
import { readSiteFiles } from '../../../scripts/read-project';
import { changedLines, comments, setIn, stringValues } from '../../support/yaml-edits';

const files = readSiteFiles().filter((f) => f.path.endsWith('.yaml'));

describe('saving a YAML file from the editor', () => {
  it.each(files.map((f) => [f.path, f]))(
    'changes in %s only the lines of each string edited, and reads back as the new data',
    (_path, file) => {
      const data = parse(file.text) as unknown;
      const values = stringValues(file.text);
      // Every fifth value, so each kind of scalar in each file is edited without the test taking minutes.
      for (const { path, value, lines } of values.filter((_v, i) => i % 5 === 0)) {
        const next = setIn(data, path, `${value} (edited)`);
        const after = applyMinimalEdit(file.text, next);
        expect(parse(after), `${file.path} ${path.join('.')}`).toEqual(next);
        const { removed, added } = changedLines(file.text, after);
        if (lines === 1) expect([removed.length, added.length], `${file.path} ${path.join('.')}`).toEqual([1, 1]);
        else expect(removed.length, `${file.path} ${path.join('.')}`).toBeLessThanOrEqual(lines);
        expect(comments(after)).toEqual(comments(file.text));
      }
    },
  );
});

describe('sample edits from the editor', () => {
  it.each(files.map((f) => [f.path, f]))(
    'in %s, a value that changes shape (to two lines, a number, a list) reads back as written, comments kept',
    (_path, file) => {
      const data = parse(file.text) as unknown;
      const values = stringValues(file.text).filter((_v, i) => i % 7 === 3);
      for (const [i, { path }] of values.entries()) {
        const shape = [`first line\nsecond line: with a colon`, 42, ['one', 'two']][i % 3];
        const next = setIn(data, path, shape);
        const after = applyMinimalEdit(file.text, next);
        expect(parse(after), `${file.path} ${path.join('.')}`).toEqual(next);
        expect(comments(after).length, `${file.path} ${path.join('.')}`).toBeGreaterThanOrEqual(comments(file.text).length - 1);
      }
    },
  );
});
