import { compile } from 'json-schema-to-typescript';
import type { SchemaSet } from '../engine/content/schema-set';
import { buildSectionUnionSchema } from '../engine/content/schema-set';

export const GENERATED_BANNER =
  '/* Generated from schemas/ by `npm run gen:types`. Do not edit by hand: edit the schema and regenerate. */';

/** The top-level content schemas whose types the engine reads. */
const ROOTS: Record<string, string> = {
  site: 'site.schema.json',
  page: 'page.schema.json',
  faqSet: 'faq-set.schema.json',
  knownLinks: 'links.schema.json',
  form: 'form.schema.json',
  apiPayload: 'api-payload.schema.json',
  badges: 'badges.schema.json',
  pricing: 'pricing.schema.json',
  notifications: 'notifications.schema.json',
  savedReplies: 'replies.schema.json',
  spamWords: 'spam-words.schema.json',
  noticeRecipients: 'notice-recipients.schema.json',
  noticeTemplate: 'notice-template.schema.json',
  article: 'article.schema.json',
};

/**
 * All content types in one module, so a shared definition (a link, an action) is declared once.
 * `schemaDir` is where the schema files live, for resolving their relative $refs.
 */
export async function generateContentTypes(schemas: SchemaSet, schemaDir: string): Promise<string> {
  const root = {
    title: 'Content',
    type: 'object',
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(Object.entries(ROOTS).map(([k, file]) => [k, { $ref: file }])),
      section: { $ref: 'section.schema.json' },
    },
  };
  const ts = await compile(root as never, 'Content', {
    cwd: schemaDir,
    bannerComment: GENERATED_BANNER,
    declareExternallyReferenced: true,
    additionalProperties: false,
    unreachableDefinitions: false,
    strictIndexSignatures: true,
    // A list's maximum stays a rule of the schema; as a type it would spell out every allowed length.
    maxItems: -1,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
    $refOptions: {
      resolve: {
        // Resolve the section union from the schema files themselves, never a stale copy on disk.
        sectionUnion: {
          order: 1,
          canRead: /section\.schema\.json$/,
          read: () => JSON.stringify(buildSectionUnionSchema(schemas, { forEditors: true })),
        },
      },
    } as never,
  });
  return ts;
}

export function sectionUnionFileText(schemas: SchemaSet): string {
  return JSON.stringify(buildSectionUnionSchema(schemas, { forEditors: true }), null, 2) + '\n';
}
