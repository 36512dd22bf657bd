// Synthetic sites for the scaling benchmark: the real site/ (its site.yaml, FAQ sets, forms, badges,
// links and not-found page) with its page files repeated under new paths until there are N pages.
// Every section type and FAQ set the real pages use appears in the same proportions.
import type { SourceFile } from '../../engine/content/yaml-source';

const PATH_LINE = /^path:[ \t]*(\S+)[ \t]*$/m;

export function isPageFile(f: SourceFile): boolean {
  return f.path.startsWith('site/pages/');
}

export function syntheticSite(real: readonly SourceFile[], pageCount: number): SourceFile[] {
  const shared = real.filter((f) => !isPageFile(f));
  const templates = real.filter(isPageFile);
  if (templates.length === 0) throw new Error('The real site has no pages to repeat.');
  const pages: SourceFile[] = [];
  for (let i = 0; i < pageCount; i++) {
    const t = templates[i % templates.length]!;
    const m = PATH_LINE.exec(t.text);
    if (!m) throw new Error(`${t.path} has no top-level path line.`);
    const copy = String(Math.floor(i / templates.length)).padStart(4, '0');
    const original = m[1] === '/' ? '/home' : m[1]!;
    const path = `/copies/${copy}${original}`;
    pages.push({ path: t.path.replace('site/pages/', `site/pages/copies/${copy}/`), text: t.text.replace(PATH_LINE, `path: ${path}`) });
  }
  return [...shared, ...pages];
}
