import type { ComponentType } from 'react';
import type { SharedContent } from '../content/load-site';
import type { ResolvedSection } from '../content/model';
import type { DataPath } from '../content/yaml-source';
import type { Section } from '../generated/content';
import type { IslandMark } from '../render/island';
import type { SectionProps } from './SectionFrame';

export type SectionType = Section['type'];
/** A section of one type as written in a page (the generated schema type). */
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;
/** The same section as its component receives it, with what the loader added. */
export type ResolvedSectionOf<T extends SectionType> = Extract<ResolvedSection, { type: T }>;

/** What a section's resolver may draw on while the site loads. */
export interface ResolveContext {
  shared: SharedContent;
  /** What the section's `x-ref` fields named, already looked up, under their `as` names. */
  referenced: Readonly<Record<string, unknown>>;
  /** A problem at a path inside the section. */
  report(at: DataPath, message: string): void;
}

/** The schema file of a section type, as imported from schemas/sections/<type>.schema.json. */
export interface SectionSchema {
  title?: string;
  description?: string;
  readOnly?: boolean;
  examples?: readonly unknown[];
}

/** Everything about one section type, declared once in engine/sections/<type>/index.ts. */
export interface SectionEntry<T extends SectionType> {
  type: T;
  /** schemas/sections/<type>.schema.json, shared by validation, type generation and the editors. */
  schema: SectionSchema;
  component: ComponentType<SectionProps<ResolvedSectionOf<T>>>;
  /** The fields the site adds to a section beyond what its `x-ref` fields name (model.ts declares them). */
  resolve?: (section: SectionOf<T>, context: ResolveContext) => Record<string, unknown>;
  /** The catalogue's example: the schema's first `examples` entry (a unit test checks it validates); none for read-only types. */
  example?: SectionOf<T>;
  /**
   * The island (a component made by `island()`, which gives its name and when it hydrates) when the
   * section runs code in the browser and its component is not that island itself but renders it.
   */
  island?: IslandMark;
  /** When only some sections of the type run code (the others are plain HTML): which ones. */
  interactive?: (section: ResolvedSectionOf<T>) => boolean;
  /** Whether a section can show a message in the page's toast area, which is then rendered. */
  toasts?: (section: ResolvedSectionOf<T>) => boolean;
  /**
   * Keys of this type's sections (as resolved) that site search leaves out, at any depth: values that
   * are no words a visitor reads here, or that are indexed on their own (engine/search/search-documents.ts).
   */
  unsearched?: ReadonlyArray<keyof ResolvedSectionOf<T> & string>;
  /** Marks sections that capture leads: such pages get the form budgets. */
  form?: true;
}

/** A section type's entry, with its example taken from its schema. */
export function defineSection<T extends SectionType>(entry: Omit<SectionEntry<T>, 'example'>): SectionEntry<T> {
  const example = entry.schema.examples?.[0] as SectionOf<T> | undefined;
  return example ? { ...entry, example } : entry;
}
