import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
// The precompiled path only: the full ajv compiler never reaches the browser.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import loaders from 'virtual:editor-validators';

/** A form's validator, compiled at build time from the same schema; found by the schema's hash. */
export async function loadEditorValidator(schema: RJSFSchema): Promise<ValidatorType> {
  const load = loaders[hashForSchema(schema)];
  if (!load)
    throw new Error(
      'This form’s schema is not the one the editor was built with (the schemas changed since the last build). Build and restart the site, then reload this page.',
    );
  return createPrecompiledValidator((await load()) as never, schema);
}
