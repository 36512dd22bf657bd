// The server's problems (each with a JSON Pointer into the file's data) placed at their fields:
// rjsf shows an ErrorSchema's `__errors` under the field it sits on.
import type { Problem } from '../../../contracts/editor-contract';

export interface ErrorTree {
  __errors?: string[];
  [field: string]: ErrorTree | string[] | undefined;
}

/** The pointer's parts, unescaped (`~1` is `/`, `~0` is `~`). */
export function pointerParts(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The problems under `prefix` (parts of a pointer: `['sections', '2']`) as an ErrorSchema for the
 * form drawn from that part of the data. A problem on the part itself lands on the form's root.
 */
export function errorTreeFor(problems: Problem[], prefix: string[] = [], skip: (parts: string[]) => boolean = () => false): ErrorTree {
  const tree: ErrorTree = {};
  for (const problem of problems) {
    const parts = pointerParts(problem.pointer);
    if (parts.length < prefix.length || prefix.some((part, i) => parts[i] !== part)) continue;
    const rest = parts.slice(prefix.length);
    if (skip(rest)) continue;
    let node = tree;
    for (const part of rest) node = (node[part] ??= {}) as ErrorTree;
    (node.__errors ??= []).push(problem.message);
  }
  return tree;
}

/** How many problems lie in section `index` of a page (so a folded section can say it holds some). */
export function problemsInSection(problems: Problem[], index: number): number {
  return problems.filter((p) => {
    const parts = pointerParts(p.pointer);
    return parts[0] === 'sections' && parts[1] === String(index);
  }).length;
}

/** The problems no form shows at a field: in another file, or on the whole file. */
export function unplacedProblems(problems: Problem[], path: string): Problem[] {
  return problems.filter((p) => p.path !== path || p.pointer === '');
}

/** `site/pages/privacy.yaml:14:5 /sections/0/title: …`, as `npm run validate` prints a problem. */
export function problemText(problem: Problem): string {
  const place = problem.line ? `${problem.path}:${problem.line}:${problem.column ?? 1}` : problem.path;
  return problem.pointer ? `${place} ${problem.pointer}: ${problem.message}` : `${place}: ${problem.message}`;
}
