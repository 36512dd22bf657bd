// Every message a form's YAML declares is what a visitor actually reads when that rule fails: in
// the browser (through the precompiled validator the build ships) and from the server (for forms
// that post their fields as they are, so the same field names come back).
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { Form } from '../../../engine/content/model';
import { checkValues } from '../../../engine/forms/check-values';
import { buildPayload } from '../../../engine/forms/payload';
import { CAPACITIES, isNoticeForm } from '../../../engine/notices/notice-form';
import { compileFormValidators } from '../../../tooling/vite-plugin-validators';
import { checkSubmission, compileForms } from '../../../server/api/form-validation';
import { ROOT, readSchemas, readSiteFiles } from '../../../scripts/read-project';

const { model, problems } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error(problems.map((p) => p.message).join('\n'));
const forms = Object.values(model.forms);
type Field = {
  type?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  oneOf?: unknown[];
  enum?: unknown[];
};

// Inside the project, so the compiled modules' bare imports (ajv's runtime helpers) resolve.
const OUT = join(ROOT, 'node_modules', '.cache', 'form-messages-test');
const validators = new Map<string, ValidatorType>();

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  for (const form of forms) {
    const file = join(OUT, `${form.id}.mjs`);
    // Node, unlike the bundler, wants the file extension on a package's inner module.
    const code = compileFormValidators(form.fields as RJSFSchema).replace(/from "([^"]+?)(\.js)?"/g, 'from "$1.js"');
    writeFileSync(file, code);
    const fns = (await import(pathToFileURL(file).href)).default;
    validators.set(form.id, createPrecompiledValidator(fns, form.fields as RJSFSchema));
  }
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** Values that pass every rule of the form, built from its schema. */
function validValues(form: Form): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const props = (form.fields.properties ?? {}) as Record<string, Field>;
  for (const [name, f] of Object.entries(props)) {
    if (f.oneOf) values[name] = (f.oneOf[0] as { const: unknown }).const;
    else if (f.enum) values[name] = f.enum[0];
    else if (f.type === 'boolean') values[name] = true;
    else if (name === 'telephone') values[name] = '+1 503 555 0100';
    else if (f.pattern?.includes('https?') || f.pattern?.includes('[hH][tT]') || name.toLowerCase().includes('url') || name === 'website')
      values[name] = `https://example.com/${name}`;
    else if (f.pattern?.includes('@') || f.format === 'email' || name === 'email') values[name] = 'someone@example.com';
    else values[name] = 'x'.repeat(Math.max(f.minLength ?? 0, 24));
  }
  return values;
}

/** A value that breaks exactly this rule of the field (undefined: the field is left out). */
function breaking(f: Field, rule: string): unknown {
  switch (rule) {
    case 'required':
      return undefined;
    case 'minLength':
      return 'x'.repeat((f.minLength ?? 1) - 1) || undefined;
    case 'maxLength':
      // One character too many, still in the field's shape so only the length rule breaks.
      if (f.pattern?.includes('https?')) return `https://example.com/${'p'.repeat(f.maxLength!)}`;
      if (f.pattern?.includes('@') || f.format === 'email') return `someone@example.com${'m'.repeat(f.maxLength!)}`;
      return 'm'.repeat(f.maxLength! + 1);
    case 'pattern':
    case 'format':
      return 'not valid at all';
    case 'enum':
      // A box left unticked, for a box that must be ticked.
      return f.type === 'boolean' ? false : 'not-an-option';
    default:
      throw new Error(`no breaking value for rule ${rule}`);
  }
}

const cases = forms.flatMap((form) =>
  Object.entries((form.messages ?? {}) as Record<string, Record<string, string>>).flatMap(([field, rules]) =>
    Object.entries(rules).map(([rule, message]) => ({ form, field, rule, message })),
  ),
);

describe('form messages', () => {
  it("covers every form on the site and the spec's personal and contact-us messages", () => {
    expect(forms.length).toBeGreaterThanOrEqual(12);
    const texts = cases.map((c) => c.message);
    for (const m of [
      'Contact name is required',
      'Name must be at least 2 characters long',
      'Email address is required',
      'Please enter a valid email address',
      'Please select a content type',
      'Infringement URL is required',
      'Please enter a valid URL',
      'Description is required',
      'Description must be at least 20 characters long',
      'Name is required',
      'Email is required',
      'Please select an inquiry type',
      'Subject is required',
      'Message is required',
      'Message must be at least 10 characters long',
    ])
      expect(texts).toContain(m);
  });

  it.each(cases.map((c) => [`${c.form.id}: ${c.field} ${c.rule} → "${c.message}"`, c] as const))(
    '%s',
    (_name, { form, field, rule, message }) => {
      const props = form.fields.properties as Record<string, Field>;
      const values = validValues(form);
      expect(checkValues(form, validators.get(form.id)!, values), 'the valid values pass').toEqual({});
      const bad = breaking(props[field]!, rule);
      if (bad === undefined) delete values[field];
      else values[field] = bad;
      // A notice asks for an authority only of a signer who acts for the owner.
      if (isNoticeForm(form) && field === 'authority') values.capacity = CAPACITIES[1];
      // In the browser: the precompiled validator and the form's own words.
      expect(checkValues(form, validators.get(form.id)!, values)[field]).toBe(message);
      // On the server, for fields posted under their own names.
      if ((form.submit.payload === 'as-is' || isNoticeForm(form)) && !(form.submit.omit ?? []).includes(field)) {
        const compiled = compileForms({ [form.id]: form }).get(form.id)!;
        const outcome = checkSubmission(compiled, buildPayload(form, values));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.fields[field]).toBe(message);
      }
    },
  );
});
