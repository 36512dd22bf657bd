/** One thing wrong with the content, pinned to the place a person has to edit. */
export interface Problem {
  file: string;
  line: number;
  column: number;
  /** Where in the file's data, e.g. `sections[3].plans[1].price`; empty for the whole file. */
  path: string;
  message: string;
  /** A warning is worth a look but does not fail the check; anything else is an error. */
  severity?: 'error' | 'warning';
}

export function formatProblem(p: Problem): string {
  const where = `${p.file}:${p.line}:${p.column}${p.severity === 'warning' ? ' warning:' : ''}`;
  return p.path ? `${where} ${p.path}: ${p.message}` : `${where} ${p.message}`;
}

export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** `['sections', 3, 'title']` → `sections[3].title` */
export function formatDataPath(segments: ReadonlyArray<string | number>): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${s}` : s;
  }
  return out;
}
