/**
 * Section fields that name something declared in another file. Adding a collection that
 * sections can point at (forms, pricing tables) is one line here.
 */
export interface ReferenceRule {
  field: string;
  collection: 'faqSets';
  /** What a person calls the thing, for messages. */
  noun: string;
  folder: string;
}

export const REFERENCE_RULES: readonly ReferenceRule[] = [
  { field: 'faqSet', collection: 'faqSets', noun: 'FAQ set', folder: 'site/faq/' },
];
