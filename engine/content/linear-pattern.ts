/**
 * A form field's `pattern` run in time linear in the answer's length (RE2's algorithm, in
 * JavaScript): the server checks every posted answer with it, so no rule a writer saves can hold a
 * request, whatever its backtracking would cost in the browser's own engine.
 */
import type { Options } from 'ajv';
import { RE2JS } from 're2js';

/** The rule compiled for the linear engine; throws (with RE2's reason) for what it cannot run: look-arounds and back-references. */
export function linearPattern(pattern: string): { test(text: string): boolean; toString(): string } {
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  // ajv keeps one compiled rule per distinct toString(): it must name the rule, as a RegExp's does.
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/u` };
}

/** Why the server could not run this rule, or null when it can. */
export function linearPatternProblem(pattern: string): string | null {
  try {
    linearPattern(pattern);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The name ajv's standalone code loads `linearPattern` by; the server's loader hands it over (server/api/form-validators-code.ts). */
export const LINEAR_PATTERN_MODULE = 'engine/content/linear-pattern';

/** ajv's `code.regExp`: every `pattern` a compiled schema holds runs on the linear engine, in standalone code too. */
export const linearRegExp: NonNullable<NonNullable<Options['code']>['regExp']> = Object.assign(
  (pattern: string) => linearPattern(pattern),
  { code: `require(${JSON.stringify(LINEAR_PATTERN_MODULE)}).linearPattern` },
);
