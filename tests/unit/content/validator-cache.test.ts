import { describe, expect, it } from 'vitest';
import { CONTENT_KINDS } from '../../../engine/content/content-kinds';
import { createContentValidator, schemaSetHash, validatorSchemaSet } from '../../../engine/content/validate';
import * as precompiled from '../../../engine/generated/content-validators.js';
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
    const set = {
      id: 'general',
      title: 'General questions',
      items: [{ id: 'cost', question: 'What does it cost?', answer: 'Nothing until a copy is removed.', category: 'Pricing' }],
    };

    expect(createContentValidator(before).validate('faq-set.schema.json', set)).toEqual([]);
    const strict = createContentValidator(changed);
    expect(strict).not.toBe(createContentValidator(before));
    expect(
      createContentValidator(changed)
        .validate('faq-set.schema.json', set)
        .map((i) => i.path),
    ).toEqual([['title']]);
  });
});

describe('the precompiled content validator (engine/generated/content-validators.js)', () => {
  const schemas = validatorSchemaSet(readSchemas());
  // The same rules under another hash: a `$comment` changes no answer, so this set is compiled here.
  const compiledHere = { ...schemas, 'page.schema.json': { ...schemas['page.schema.json'], $comment: 'compiled at run time' } };

  it('was made from the schemas on disk, so a fresh process does not compile them', () => {
    expect(precompiled.SCHEMA_SET_HASH).toBe(schemaSetHash(schemas));
    expect(Object.keys(precompiled.validators).sort()).toEqual([...new Set(CONTENT_KINDS.map((k) => k.schema))].sort());
  });

  const broken: Array<[string, string, unknown]> = [
    [
      'a page with a wrong type, an unknown field and an unknown section type',
      'page.schema.json',
      {
        path: '/Bad Path',
        meta: { title: 7, description: 'Short', keywords: [], canonicl: '/x' },
        sections: [{ type: 'heroo', title: 'Hi' }, { type: 'hero' }, { type: 'stats', items: [{ value: 98, label: 'Success' }] }],
      },
    ],
    ['a site file missing its footer', 'site.schema.json', { name: 'X', url: 'not a url', language: 'en', header: {} }],
    [
      'an FAQ set with an item missing its answer',
      'faq-set.schema.json',
      { id: 'Bad Id', title: '', items: [{ id: 'a', question: 'Q?', category: 'General' }] },
    ],
    ['a form with an unknown error mode', 'form.schema.json', { id: 'f', title: 'F', errors: { show: 'sometimes' } }],
    ['a known-links file with a link that is not a path', 'links.schema.json', { known: [{ href: 'faq', reason: 1 }] }],
    ['a badges file that is a list', 'badges.schema.json', []],
  ];

  it.each(broken)('words %s exactly as the validator compiled at run time does', (_what, schemaKey, data) => {
    const fromFile = createContentValidator(schemas).validate(schemaKey, data);
    const fromCompiler = createContentValidator(compiledHere).validate(schemaKey, data);
    expect(fromFile.length).toBeGreaterThan(0);
    expect(fromFile).toEqual(fromCompiler);
  });
});
