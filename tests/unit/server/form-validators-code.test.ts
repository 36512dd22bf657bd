// The server's form validators as the build writes them: loaded only for the forms they were made
// from, refused when stale, and a build folder with stale ones is served with forms compiled afresh.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { SiteModel } from '../../../engine/content/model';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { checkSubmission } from '../../../server/api/form-validation';
import {
  FORM_VALIDATORS_FILE,
  formValidatorsHash,
  formValidatorsSource,
  hashInSource,
  loadFormValidators,
  StaleFormValidators,
  type CheckedForms,
} from '../../../server/api/form-validators-code';
import { readSiteModel } from '../../../server/create-server';
import type { Logger } from '../../../server/logging';

let model: SiteModel;
let checked: CheckedForms;
let source: string;

beforeAll(() => {
  const loaded = loadSite(readSiteFiles(), readSchemas());
  if (!loaded.model) throw new Error('site/ does not load; run npm run validate');
  model = loaded.model;
  checked = { forms: model.forms, apiPayloads: model.apiPayloads };
  source = formValidatorsSource(checked);
}, 60_000);

/** The site's forms with one field's limit changed, as a later edit of site/forms/ would leave them. */
function editedForms(): CheckedForms {
  const forms = structuredClone(model.forms);
  const form = Object.values(forms)[0]!;
  const [field, schema] = Object.entries(form.fields.properties as Record<string, Record<string, unknown>>)[0]!;
  (form.fields.properties as Record<string, Record<string, unknown>>)[field] = { ...schema, maxLength: 7 };
  return { forms, apiPayloads: model.apiPayloads };
}

describe('the server form validators made by the build', () => {
  it('give every form and every API payload its two validators, checking posts without compiling', () => {
    const loaded = loadFormValidators(source, checked);
    expect([...loaded.forms.keys()].sort()).toEqual(
      Object.values(model.forms)
        .map((f) => f.id)
        .sort(),
    );
    expect([...loaded.apiPayloads.keys()].sort()).toEqual(
      Object.values(model.apiPayloads)
        .map((f) => f.id)
        .sort(),
    );
    for (const compiled of [...loaded.forms.values(), ...loaded.apiPayloads.values()]) {
      const outcome = checkSubmission(compiled, {});
      const required = (compiled.form.fields as { required?: string[] }).required ?? [];
      // An empty post breaks every required field's rule, in the form's own words.
      if (required.length) expect(outcome.ok, compiled.form.id).toBe(false);
    }
  });

  it('carry on their first line the hash of the forms they were made from', () => {
    expect(hashInSource(source)).toBe(formValidatorsHash(checked));
    expect(formValidatorsHash(editedForms())).not.toBe(formValidatorsHash(checked));
  });

  it('are refused once a form has changed since they were made: stale code never checks a post', () => {
    expect(() => loadFormValidators(source, editedForms())).toThrow(StaleFormValidators);
    expect(() => loadFormValidators(source, editedForms())).toThrow(/made from other forms/);
  });

  it('are refused when they name no forms they were made from', () => {
    const withoutHash = source.split('\n').slice(1).join('\n');
    expect(() => loadFormValidators(withoutHash, checked)).toThrow(/names no forms/);
  });

  it('may load only ajv runtime helpers, the formats and the linear pattern engine', () => {
    const [hashLine] = source.split('\n');
    const reaching = `${hashLine}\n"use strict";require("node:fs");`;
    expect(() => loadFormValidators(reaching, checked)).toThrow(/"node:fs", which is not part of ajv's runtime/);
  });
});

describe('a build folder read at start', () => {
  let dir: string;
  const warnings: string[] = [];
  const log = { warn: (message: string) => warnings.push(message) } as unknown as Logger;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'form-validators-'));
    mkdirSync(join(dir, 'client'));
    writeFileSync(join(dir, 'client', 'index.html'), '<!doctype html><title>Home</title>');
    writeFileSync(join(dir, 'site-model.json'), JSON.stringify({ forms: model.forms, apiPayloads: model.apiPayloads, notifications: {} }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hands over the validators the build wrote for its own forms, with no warning', () => {
    writeFileSync(join(dir, FORM_VALIDATORS_FILE), source);
    warnings.length = 0;
    const served = readSiteModel(dir, log);
    expect(served.formValidators).toBe(source);
    expect(warnings.filter((w) => w.includes(FORM_VALIDATORS_FILE))).toEqual([]);
  });

  it('leaves stale validators out and says to build again, so the forms are compiled at start', () => {
    writeFileSync(join(dir, FORM_VALIDATORS_FILE), formValidatorsSource(editedForms()));
    warnings.length = 0;
    expect(readSiteModel(dir, log).formValidators).toBeUndefined();
    expect(warnings.find((w) => w.includes(FORM_VALIDATORS_FILE))).toMatch(/made from other forms.*Run `npm run build` again/);
  });

  it('says so when the validators are missing', () => {
    rmSync(join(dir, FORM_VALIDATORS_FILE));
    warnings.length = 0;
    expect(readSiteModel(dir, log).formValidators).toBeUndefined();
    expect(warnings.find((w) => w.includes(FORM_VALIDATORS_FILE))).toMatch(/is missing/);
  });
});
