import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
// The precompiled path only: the full ajv compiler never reaches the browser.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import loaders from 'virtual:editor-validators';

/** The option as declared: without the entries rjsf adds for the data at hand (stub `properties` for extra keys, an `anyOf` of `required`). */
function declaredForms(option: RJSFSchema): RJSFSchema[] {
  const { properties, anyOf, ...rest } = option;
  const added = Array.isArray(anyOf) && anyOf.every((a) => typeof a === 'object' && Object.keys(a).join() === 'required');
  const declared: RJSFSchema = added || anyOf === undefined ? rest : { ...rest, anyOf };
  return properties ? [option, declared, { ...declared, properties }] : [option, declared];
}

/**
 * A form's validator, compiled at build time from the same schema; found by the schema's hash. The
 * build compiles every option of every choice as declared (tooling/vite-plugin-validators.ts).
 * Where rjsf fits an option to the data first (the price catalogue's groups, whose keys are the
 * data's own), the data is checked against the option as declared; an option the build never saw
 * counts as not matching, and rjsf then scores the options by the data.
 */
export async function loadEditorValidator(schema: RJSFSchema): Promise<ValidatorType> {
  const load = loaders[hashForSchema(schema)];
  if (!load)
    throw new Error(
      'This form’s schema is not the one the editor was built with (the schemas changed since the last build). Build and restart the site, then reload this page.',
    );
  const fns = (await load()) as Record<string, unknown>;
  const validator = createPrecompiledValidator(fns as never, schema);
  const isValid = validator.isValid.bind(validator);
  validator.isValid = (option, data, root) => {
    const known = declaredForms(option).find((form) => (form.$id ?? hashForSchema(form)) in fns);
    return known !== undefined && isValid(known, data, root);
  };
  return validator;
}
