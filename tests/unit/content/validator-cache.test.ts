import { describe, expect, it } from 'vitest';
import { createContentValidator } from '../../../engine/content/validate';
import { readSchemas } from '../../../scripts/read-project';

describe('the content validator is compiled once per set of schemas', () => {
  it('is reused when the schemas are read again unchanged', () => {
    expect(createContentValidator(readSchemas())).toBe(createContentValidator(readSchemas()));
  });

  it('is compiled again when a schema changes, and then checks by the new schema', () => {
    const before = readSchemas();
    const changed = structuredClone(before);
    const faqSet = changed['faq-set.schema.json'] as { properties: Record<string, Record<string, unknown>> };
    faqSet.properties.title = { ...faqSet.properties.title, maxLength: 3 };
    const set = { id: 'general', title: 'General questions', items: [{ id: 'cost', question: 'What does it cost?', answer: 'Nothing until a copy is removed.', category: 'Pricing' }] };

    expect(createContentValidator(before).validate('faq-set.schema.json', set)).toEqual([]);
    const strict = createContentValidator(changed);
    expect(strict).not.toBe(createContentValidator(before));
    expect(createContentValidator(changed).validate('faq-set.schema.json', set).map((i) => i.path)).toEqual([['title']]);
  });
});
