/**
 * GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`), so a content check run
 * in a pull request marks the very line a writer changed. Escaping follows the runner's rules:
 * `%`, CR and LF in every part, and `:` and `,` in property values, which delimit them.
 */
export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface Annotation {
  level: AnnotationLevel;
  file?: string;
  line?: number;
  column?: number;
  /** Shown as the annotation's heading. */
  title?: string;
  message: string;
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatAnnotation(a: Annotation): string {
  const properties: string[] = [];
  if (a.file) properties.push(`file=${escapeProperty(a.file)}`);
  if (a.line) properties.push(`line=${a.line}`);
  if (a.column) properties.push(`col=${a.column}`);
  if (a.title) properties.push(`title=${escapeProperty(a.title)}`);
  return `::${a.level}${properties.length ? ' ' + properties.join(',') : ''}::${escapeData(a.message)}`;
}

/** `site/pages/about.yaml:12:9` → its parts; anything else is a message without a place. */
export function parsePlace(place: string): { file: string; line: number; column: number } | null {
  const m = /^(.+):(\d+):(\d+)$/.exec(place);
  return m ? { file: m[1]!, line: Number(m[2]), column: Number(m[3]) } : null;
}

/** How a content command prints its findings: for people (the default) or for GitHub Actions. */
export type OutputFormat = 'text' | 'github';

/** Reads `--format text|github` (or `--format=github`) from a command's arguments. */
export function outputFormatOf(argv: readonly string[]): OutputFormat {
  const i = argv.findIndex((a) => a === '--format' || a.startsWith('--format='));
  if (i < 0) return 'text';
  const value = argv[i]!.includes('=') ? argv[i]!.slice('--format='.length) : argv[i + 1];
  if (value === 'text' || value === 'github') return value;
  throw new Error(`--format must be "text" or "github", not ${value === undefined ? 'nothing' : JSON.stringify(value)}.`);
}
