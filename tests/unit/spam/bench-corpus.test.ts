// The spam benchmark's corpus (bench/spam-corpus/): the file in the repository is what its generator
// writes, every item is one the site's forms accept (so a genuine lead refused in the benchmark is
// a refusal, never a corpus typo), and no two genuine visitors sent the same words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCorpus, CORPUS_FILE, type Corpus } from '../../../bench/spam-corpus/generate';
import { loadSite } from '../../../engine/content/load-site';
import { buildPayload } from '../../../engine/forms/payload';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { checkSubmission } from '../../../server/api/form-validation';
import { formValidatorsSource, loadFormValidators } from '../../../server/api/form-validators-code';
import { wordsOf } from '../../../server/spam/signals';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');
const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as Corpus;

describe('the spam benchmark corpus', () => {
  it('is exactly what bench/spam-corpus/generate.ts writes from its fragments', () => {
    expect(corpus).toEqual(buildCorpus());
  });

  it('has a few hundred of each label, both splits, and every behaviour a bot shows', () => {
    const genuine = corpus.items.filter((i) => i.label === 'genuine');
    const spam = corpus.items.filter((i) => i.label === 'spam');
    expect(genuine.length).toBeGreaterThanOrEqual(300);
    expect(spam.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.items.map((i) => i.split))).toEqual(new Set(['train', 'test']));
    expect(new Set(spam.map((i) => i.behaviour))).toEqual(new Set(['person', 'honeypot', 'no-page', 'fast']));
    expect(genuine.every((i) => i.behaviour === 'person')).toBe(true);
    // The benchmark finds each item's lead by its address.
    expect(new Set(corpus.items.map((i) => i.values.email)).size).toBe(corpus.items.length);
  });

  it('holds only submissions the site’s forms and API accept', () => {
    const checked = { forms: model.forms, apiPayloads: model.apiPayloads };
    const { forms, apiPayloads } = loadFormValidators(formValidatorsSource(checked), checked);
    const refused: string[] = [];
    for (const item of corpus.items) {
      const target = item.form ? forms.get(item.form) : [...apiPayloads.values()].find((c) => c.form.submit.endpoint === item.endpoint);
      expect(target, `${item.id}: its form`).toBeDefined();
      const body = item.form ? buildPayload(model.forms[item.form]!, item.values) : item.values;
      const outcome = checkSubmission(target!, body);
      if (!outcome.ok) refused.push(`${item.id}: ${Object.keys(outcome.fields).join(', ')}`);
    }
    expect(refused).toEqual([]);
  });

  it('has no two genuine visitors sending the same message', () => {
    const seen = new Map<string, string>();
    for (const item of corpus.items.filter((i) => i.label === 'genuine')) {
      const text = item.values.message ?? item.values.description;
      if (!text || text.length < 40) continue;
      const words = wordsOf(text).join(' ');
      expect(seen.get(words), `${item.id} repeats ${seen.get(words)}`).toBeUndefined();
      seen.set(words, item.id);
    }
    expect(seen.size).toBeGreaterThan(100);
  });
});
