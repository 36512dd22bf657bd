import { describe, expect, it } from 'vitest';
import { ECHO_LENGTH, echo } from '../../../server/error-echo';
import { trimTrailing } from '../../../engine/trim';

describe('echo: client text as an error message shows it', () => {
  it.each([
    ['plain text stays as it is', '/api/badge/standard', '/api/badge/standard'],
    ['right-to-left override', 'gpj\u202Eexe', 'gpj\\u202Eexe'],
    ['CR LF, NUL and tab', 'a\r\nb\u0000c\td', 'a\\u000D\\u000Ab\\u0000c\\u0009d'],
    ['zero-width space and bidi isolate', 'pay\u200Bpal\u2066', 'pay\\u200Bpal\\u2066'],
    ['markup and quotes', '<script>"x"&\'y\'</script>', '\\u003Cscript\\u003E\\u0022x\\u0022\\u0026\\u0027y\\u0027\\u003C/script\\u003E'],
    ['a backslash, so an escape the client typed is not mistaken for ours', '\\u202E', '\\u005Cu202E'],
    ['letters of every script and emoji stay', 'Zoë 東京 مرحبا 🙂', 'Zoë 東京 مرحبا 🙂'],
  ])('%s', (_label, input, shown) => {
    expect(echo(input)).toBe(shown);
  });

  it(`cuts after ${ECHO_LENGTH} characters and marks the cut with …`, () => {
    expect(echo('x'.repeat(8_000))).toBe(`${'x'.repeat(ECHO_LENGTH)}…`);
    expect(echo('x'.repeat(ECHO_LENGTH))).toBe('x'.repeat(ECHO_LENGTH));
  });

  it('never splits a character outside the BMP at the cut', () => {
    const shown = echo(`${'x'.repeat(ECHO_LENGTH - 1)}🙂🙂`);
    expect(shown).toBe(`${'x'.repeat(ECHO_LENGTH - 1)}…`);
  });

  it('an 8,000-character value of control characters stays bounded: at most 6 characters shown for each one kept', () => {
    const shown = echo('\u202E'.repeat(8_000));
    expect(shown).toBe(`${'\\u202E'.repeat(ECHO_LENGTH)}…`);
  });
});

describe('trimTrailing', () => {
  it.each([
    ['/about///', '/about'],
    ['/', ''],
    ['/about', '/about'],
    ['', ''],
  ])('%s → %s', (input, trimmed) => expect(trimTrailing(input, '/')).toBe(trimmed));

  it('takes time linear in the length: 1 MB of slashes then a letter in well under a second', () => {
    const started = performance.now();
    expect(trimTrailing(`${'/'.repeat(1 << 20)}x/`, '/')).toBe(`${'/'.repeat(1 << 20)}x`);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
