import type { Problem } from '../../contracts/editor-contract';
import type { Problem as ContentProblem } from '../../engine/content/problem';

/** `sections[3].plans[1].price` → `/sections/3/plans/1/price`, the JSON Pointer the editor's forms address fields by. */
export function pointerOf(dataPath: string): string {
  if (dataPath === '') return '';
  const segments = dataPath.match(/[^.[\]]+/g) ?? [];
  return segments.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** A content problem as the editor's API gives it, in the words `npm run validate` prints after the place. */
export function editorProblem(p: ContentProblem): Problem {
  return {
    path: p.file,
    pointer: pointerOf(p.path),
    line: p.line,
    column: p.column,
    message: p.path ? `${p.path}: ${p.message}` : p.message,
  };
}
