import { describe, expect, it } from 'vitest';
import {
  couldStartFormula,
  displaySafe,
  escapeInvisible,
  hasInvisible,
  jsonSafe,
  neutraliseFormulas,
  safeLinkTarget,
  spreadsheetSafe,
} from '../../../server/leads/display-safe';

/** Every piece a spreadsheet could make of the text, splitting on , ; tab or a line break, without leading spaces or quotes. */
function cellStarts(text: string): string[] {
  return text.split(/[,;\t\r\n]/).map((piece) => piece.replace(/^[ \u00A0"]*/, ''));
}

const FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

describe('escapeInvisible', () => {
  it.each([
    ['right-to-left override', 'invoice\u202Egpj.exe', 'invoice\\u202Egpj.exe'],
    ['zero-width space', 'pay\u200Bpal', 'pay\\u200Bpal'],
    ['C1 control sequence introducer', 'a\u009B31mred', 'a\\u009B31mred'],
    ['ESC (a terminal escape)', '\u001B[2J', '\\u001B[2J'],
    ['DEL and NUL', 'a\u007Fb\u0000c', 'a\\u007Fb\\u0000c'],
    ['tab', 'a\tb', 'a\\u0009b'],
    ['bidi isolates and marks', '\u2066\u2067\u2068\u2069\u200E\u200F\u061C', '\\u2066\\u2067\\u2068\\u2069\\u200E\\u200F\\u061C'],
    ['joiners, word joiner, BOM, soft hyphen', '\u200C\u200D\u2060\uFEFF\u00AD', '\\u200C\\u200D\\u2060\\uFEFF\\u00AD'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['a Hangul filler used as a blank name', '\u3164', '\\u3164'],
    ['a tag character outside the BMP, as its surrogate pair', 'x\u{E0041}', 'x\\uDB40\\uDC41'],
    ['a lone surrogate', 'x\uD800y', 'x\\uD800y'],
  ])('%s is shown as \\uXXXX', (_label, input, shown) => {
    expect(escapeInvisible(input)).toBe(shown);
    expect(hasInvisible(input)).toBe(true);
  });

  it('keeps line breaks, letters of every script, emoji and accents', () => {
    const text = 'Zoë Ærø, 東京, مرحبا, 🙂\nsecond line\r\nthird';
    expect(escapeInvisible(text)).toBe(text);
    expect(hasInvisible(text)).toBe(false);
    expect(displaySafe(text)).toBe(text);
  });

  it('can escape line breaks too', () => {
    expect(escapeInvisible('a\r\nb', false)).toBe('a\\u000D\\u000Ab');
  });
});

describe('neutraliseFormulas', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Mozilla/5.0;=HYPERLINK("http://evil.example","x");', `'Mozilla/5.0;'=HYPERLINK("http://evil.example","x");`],
    ['a,=1', "'a,'=1"],
    ['a\t=1', "'a\t'=1"],
    ['line\n=1', "'line\n'=1"],
    ['line\r\n@x', "'line\r\n'@x"],
    ['a; =1', "'a; '=1"],
    ['a,"=1', `'a,"'=1`],
    ['ｘ;＝1', "'ｘ;'＝1"],
  ])('%j becomes %j', (input, output) => {
    expect(couldStartFormula(input)).toBe(true);
    expect(neutraliseFormulas(input)).toBe(output);
    // However the text is split, no piece starts a formula.
    for (const piece of cellStarts(neutraliseFormulas(input))) expect(piece).not.toMatch(FORMULA);
  });

  it.each(['plain text', 'a=b', 'x - y', 'user@example.com', '5+5', "it's fine", ''])('%j is left alone', (input) => {
    expect(couldStartFormula(input)).toBe(false);
    expect(neutraliseFormulas(input)).toBe(input);
  });
});

describe('spreadsheetSafe', () => {
  it('shows invisible characters and neutralises formulas together', () => {
    expect(spreadsheetSafe('\u202E=cmd')).toBe('\\u202E=cmd');
    expect(spreadsheetSafe('=cmd\u200B')).toBe("'=cmd\\u200B");
  });

  it('a tab before = is escaped away and the whole text still marked', () => {
    expect(spreadsheetSafe('a\t=1')).toBe("'a\\u0009=1");
    expect(spreadsheetSafe('\t=1')).toBe("'\\u0009=1");
  });
});

describe('jsonSafe', () => {
  it('writes invisible characters as JSON escapes, and parses back to the same values', () => {
    const value = { name: 'a\u202Eb', note: 'c\u200Bd\u009Be\u007F', 'key\u2066': 'line\nbreak' };
    const text = jsonSafe(JSON.stringify(value, null, 2));
    expect(text).toContain('a\\u202Eb');
    expect(text).toContain('c\\u200Bd\\u009Be\\u007F');
    expect(text).toContain('"key\\u2066"');
    expect(text).not.toMatch(/[\u202E\u200B\u009B\u007F\u2066]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('safeLinkTarget', () => {
  it.each(['https://example.com/a?b#c', 'http://example.com'])('%s is a link', (url) => {
    expect(safeLinkTarget(url)).toBe(new URL(url).href);
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'example.com',
    '',
  ])('%j is not', (url) => {
    expect(safeLinkTarget(url)).toBeNull();
  });
});
