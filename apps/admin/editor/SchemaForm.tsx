// One rjsf form drawn from a schema: the server's problems shown at their fields, no submit button
// (the editor saves the whole file), defaults never written into the draft unasked.
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType, WidgetProps } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { useEffect, useState } from 'react';
import { loadEditorValidator } from './load-validator';
import { withProseWidget } from './ProseWidget';
import type { ErrorTree } from './problems';

const BaseText = getDefaultRegistry().widgets.TextWidget;

/** Long or multi-line text gets a box that shows it whole; short text stays a one-line input. */
function TextWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const long = value.length > 80 || value.includes('\n');
  if (!long || props.schema.format || props.schema.pattern) return <BaseText {...props} />;
  return (
    <textarea
      id={props.id}
      name={props.name}
      className="form-control"
      value={value}
      required={props.required}
      disabled={props.disabled || props.readonly}
      rows={Math.min(10, Math.ceil(value.length / 80) + value.split('\n').length)}
      aria-describedby={`${props.id}__description ${props.id}__error`}
      onChange={(event) => props.onChange(event.target.value === '' ? props.options.emptyValue : event.target.value)}
      onBlur={(event) => props.onBlur(props.id, event.target.value)}
      onFocus={(event) => props.onFocus(props.id, event.target.value)}
    />
  );
}

const WIDGETS = withProseWidget({ TextWidget });

/** Fields a writer never changes here: the schema comment's twin and a section's type. */
const HIDDEN: UiSchema = {
  $schema: { 'ui:widget': 'hidden' },
  type: { 'ui:widget': 'hidden' },
  'ui:submitButtonOptions': { norender: true },
};

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
}

export function SchemaForm({ schema, data, idPrefix, errors, onChange, onBlur }: SchemaFormProps) {
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
      uiSchema={HIDDEN}
      widgets={WIDGETS}
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
