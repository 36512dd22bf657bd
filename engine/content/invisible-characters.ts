import type { Problem } from './problem';

// Control characters (tab, line feed and carriage return are part of writing) and the characters
// that reorder text without showing: a reader cannot see them, so the file must not hold them.
// eslint-disable-next-line no-control-regex -- these characters are what is looked for
const INVISIBLE = /[\u0000-\u0008\v\f\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

const NAMES: Record<number, string> = {
  0x00: 'NULL',
  0x07: 'BELL',
  0x08: 'BACKSPACE',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE`: a character named so a message can show it without printing it. */
export function characterName(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  return `U+${hex} ${NAMES[code] ?? 'CONTROL CHARACTER'}`;
}

/** Every invisible character in a file (one problem per line), at its line and column. */
export function invisibleCharacters(path: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const seenLines = new Set<number>();
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const match of text.matchAll(INVISIBLE)) {
    for (let i = text.indexOf('\n', scanned); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    scanned = match.index;
    if (seenLines.has(line)) continue;
    seenLines.add(line);
    problems.push({
      file: path,
      line,
      column: match.index - lineStart + 1,
      path: '',
      message: `${characterName(match[0])} is not allowed: it does not show, yet changes or hides the text around it. Delete it here (retype the words around it if unsure)`,
    });
  }
  return problems;
}
