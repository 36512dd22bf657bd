// What the YAML edit tests read from a file and from an edit: the lines a change touched, the
// comments kept, and every string value with its path (tests/unit/content/yaml-edit*.test.ts).
import { structuredPatch } from 'diff';
import { isScalar, parseDocument, visit, type Scalar } from 'yaml';

/** The lines a change removed and added, as a diff shows them. */
export function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const patch = structuredPatch('a', 'b', before, after, '', '', { context: 0 });
  const lines = patch.hunks.flatMap((h) => h.lines);
  return {
    removed: lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1)),
    added: lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
  };
}

export const comments = (text: string) => text.split('\n').filter((l) => /^\s*#/.test(l) || / #\s/.test(l));

export type Path = Array<string | number>;
export function setIn(data: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

/** Every string value of a file with its path and how many lines it is written on. */
export function stringValues(text: string): Array<{ path: Path; value: string; lines: number }> {
  const doc = parseDocument(text);
  const found: Array<{ path: Path; value: string; lines: number }> = [];
  visit(doc, {
    Scalar(key, node: Scalar, ancestry) {
      if (key === 'key' || typeof node.value !== 'string' || !node.range) return;
      const path: Path = [];
      for (const [i, a] of ancestry.entries()) {
        const next = ancestry[i + 1] ?? node;
        if (a && typeof a === 'object' && 'items' in a && Array.isArray(a.items)) {
          const index = a.items.indexOf(next as never);
          if (index >= 0 && !('key' in (a.items[index] as object) && 'value' in (a.items[index] as object))) path.push(index);
        }
        if (a && typeof a === 'object' && 'key' in a && 'value' in a && isScalar(a.key)) path.push(String(a.key.value));
      }
      found.push({ path, value: node.value, lines: text.slice(node.range[0], node.range[1]).replace(/\n$/, '').split('\n').length });
    },
  });
  return found;
}
