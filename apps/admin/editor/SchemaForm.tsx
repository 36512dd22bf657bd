// One rjsf form drawn from a schema: the server's problems shown at their fields, no submit button
// (the editor saves the whole file), defaults never written into the draft unasked.
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { loadEditorValidator } from './load-editor-validator';
import { EDITOR_TEMPLATES, TextWidget, type EditorFormContext } from './form-templates';
import { PriceTableField } from './PriceTable';
import { withProseWidget } from './ProseWidget';
import type { ErrorTree } from './problems';

// Text, text areas and numbers all go through one widget, so a field's box is chosen from its schema
// alone; a prose field (x-prose) gets the Bold, Italic and Link toolbar over its box.
const WIDGETS = withProseWidget({ TextWidget, TextareaWidget: TextWidget });
const FIELDS = { PriceTable: PriceTableField };

/** Fields a writer never changes here: the schema comment's twin and a section's type. */
const HIDDEN: UiSchema = {
  $schema: { 'ui:widget': 'hidden' },
  type: { 'ui:widget': 'hidden' },
  'ui:submitButtonOptions': { norender: true },
};

/** The price catalogue's prices as tables of plans and periods, not a form of nested groups. */
const PRICE_CATALOGUE: UiSchema = { ...HIDDEN, prices: { 'ui:field': 'PriceTable' } };

const validators = new Map<string, Promise<ValidatorType>>();

function useValidator(schema: RJSFSchema): ValidatorType | Error | null {
  const [state, setState] = useState<{ schema: RJSFSchema; value: ValidatorType | Error } | null>(null);
  useEffect(() => {
    let live = true;
    const key = JSON.stringify(schema);
    let pending = validators.get(key);
    if (!pending) validators.set(key, (pending = loadEditorValidator(schema)));
    pending.then(
      (value) => live && setState({ schema, value }),
      (err: unknown) => live && setState({ schema, value: err instanceof Error ? err : new Error(String(err)) }),
    );
    return () => {
      live = false;
    };
  }, [schema]);
  return state && state.schema === schema ? state.value : null;
}

export interface SchemaFormProps {
  schema: RJSFSchema;
  data: unknown;
  /** Unique on the screen: the prefix of every field's id. */
  idPrefix: string;
  errors: ErrorTree;
  onChange: (data: unknown) => void;
  onBlur: () => void;
  /** Reference choices and the file's kind, for the fields that name something elsewhere. */
  context: EditorFormContext;
}

export function SchemaForm({ schema, data, idPrefix, errors, onChange, onBlur, context }: SchemaFormProps) {
  const validator = useValidator(schema);
  if (validator === null) return <p className="admin-loading">Loading the form…</p>;
  if (validator instanceof Error)
    return (
      <div className="admin-alert" role="alert">
        <p>{validator.message}</p>
      </div>
    );
  return (
    <Form
      schema={schema}
      uiSchema={context.fileKind === 'prices' ? PRICE_CATALOGUE : HIDDEN}
      fields={FIELDS}
      widgets={WIDGETS}
      templates={EDITOR_TEMPLATES}
      formContext={context}
      validator={validator}
      formData={data}
      idPrefix={idPrefix}
      // The server checks with the words `npm run validate` prints; its answer arrives as extraErrors.
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={errors as never}
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
        constAsDefaults: 'never',
      }}
      onChange={(event: IChangeEvent) => onChange(event.formData)}
      onBlur={onBlur}
      onSubmit={() => undefined}
    />
  );
}
