/**
 * Section fields that name something declared in another file. Adding a collection that
 * sections can point at (forms, pricing tables) is one line here.
 */
export interface ReferenceRule {
  field: string;
  collection: 'faqSets' | 'forms';
  /** What a person calls the thing, for messages. */
  noun: string;
  folder: string;
}

export const REFERENCE_RULES: readonly ReferenceRule[] = [
  { field: 'faqSet', collection: 'faqSets', noun: 'FAQ set', folder: 'site/faq/' },
  { field: 'form', collection: 'forms', noun: 'form', folder: 'site/forms/' },
];
