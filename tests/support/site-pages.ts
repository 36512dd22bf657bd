/** The real site/ folder, loaded once, and the questions content tests ask of its pages. */
import { expect } from 'vitest';
import { loadSite } from '../../engine/content/load-site';
import type { ResolvedPage, ResolvedSection } from '../../engine/content/model';
import { readSchemas, readSiteFiles } from '../../scripts/read-project';

export const { model, problems } = loadSite(readSiteFiles(), readSchemas());

export function page(path: string): ResolvedPage {
  const found = model?.pages.find((p) => p.path === path);
  if (!found) throw new Error(`no page at ${path}`);
  return found;
}

export type SectionOf<T extends ResolvedSection['type']> = Extract<ResolvedSection, { type: T }>;

export function sectionsOf<T extends ResolvedSection['type']>(path: string, type: T): SectionOf<T>[] {
  return page(path).sections.filter((s): s is SectionOf<T> => s.type === type);
}

/** The page's one section of a type; a test fails if there are none or several. */
export function only<T extends ResolvedSection['type']>(path: string, type: T): SectionOf<T> {
  const sections = sectionsOf(path, type);
  expect(sections, `${path} has one ${type} section`).toHaveLength(1);
  return sections[0]!;
}

/** Every label and href of a page's buttons and links, as written in YAML. */
export function actionsOf(path: string): Array<{ label: string; href: string }> {
  const out: Array<{ label: string; href: string }> = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.label === 'string' && typeof o.href === 'string') out.push({ label: o.label, href: o.href });
      Object.values(o).forEach(walk);
    }
  };
  walk(page(path).sections);
  return out;
}
