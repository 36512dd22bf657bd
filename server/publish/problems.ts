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

/**
 * A message from the build or the switch as a content user may see it: each server folder named by
 * what it is to them (`folders`: absolute folder → its name, '' for the project or content root),
 * and any other absolute path left as its file name only.
 */
export function projectRelative(message: string, folders: Record<string, string>): string {
  let out = message;
  for (const [folder, name] of Object.entries(folders).sort(([a], [b]) => b.length - a.length)) {
    if (!folder || folder === '/') continue;
    out = out.replaceAll(`${folder}/`, name ? `${name}/` : '').replaceAll(folder, name || '.');
  }
  // file:///srv/app/x.ts and /srv/app/x.ts alike: the name, not where it lives on the server.
  return out.replace(/(?:file:\/\/)?(?<![\w.~-])\/(?:[^\s'"`()<>:,/]+\/)+([^\s'"`()<>:,/]+)/g, '$1');
}
