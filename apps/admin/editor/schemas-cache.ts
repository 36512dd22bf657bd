import type { RJSFSchema } from '@rjsf/utils';
import type { SchemaBundle } from '../../../contracts/editor-contract';
import { fetchSchemas } from './editor-client';
import { inlineSchema, sectionSchemas, sectionUnionOf, withoutSections } from './schema-forms';

let bundle: Promise<SchemaBundle> | null = null;

/** The schemas, fetched once per visit (they change only with a new build). */
export function loadSchemas(): Promise<SchemaBundle> {
  bundle ??= fetchSchemas().catch((err: unknown) => {
    bundle = null;
    throw err;
  });
  return bundle;
}

export interface FileForms {
  /** The form for the file's data (a page's without its sections). */
  top: RJSFSchema;
  /** A page's section types, each with its form's schema; empty for other files. */
  sections: Record<string, RJSFSchema>;
}

/** The forms a file is edited with, from its schema's key. */
export function formsFor(schemas: SchemaBundle['schemas'], key: string): FileForms {
  const inlined = inlineSchema(schemas, key);
  if (!sectionUnionOf(inlined)) return { top: inlined as RJSFSchema, sections: {} };
  return { top: withoutSections(inlined) as RJSFSchema, sections: sectionSchemas(inlined) as Record<string, RJSFSchema> };
}
