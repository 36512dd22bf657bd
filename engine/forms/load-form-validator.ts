import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
// The precompiled path only: the full ajv compiler never reaches the browser.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import loaders from 'virtual:form-validators';
import type { Form } from '../generated/content';

export async function loadValidator(form: Form): Promise<ValidatorType> {
  const load = loaders[form.id];
  if (!load) throw new Error(`No precompiled validator for the form "${form.id}"`);
  const fns = await load();
  return createPrecompiledValidator(fns as never, form.fields as RJSFSchema);
}
