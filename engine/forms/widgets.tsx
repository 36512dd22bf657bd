import { getDefaultRegistry } from '@rjsf/core';
import {
  ariaDescribedByIds,
  errorId,
  getInputProps,
  type BaseInputTemplateProps,
  type FieldErrorProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent } from 'react';

// Our own inputs, so each one says when it is invalid (aria-invalid) and which message explains it.
const invalid = (rawErrors?: string[]) => (rawErrors && rawErrors.length > 0 ? true : undefined);

/** The form's own words for a field's rule, passed down as the form context (`{ messages }`). */
function messageOf(registry: BaseInputTemplateProps['registry'], field: string, rule: string): string | undefined {
  const messages = (registry.formContext as { messages?: Record<string, Record<string, string> | undefined> } | undefined)?.messages;
  return messages?.[field]?.[rule];
}

function BaseInput(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    name,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    onChange,
    onBlur,
    onFocus,
    options,
    schema,
    type,
    rawErrors,
    placeholder,
    registry,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  // The schema's pattern is also the browser's own check, so a form left to the browser refuses what the server refuses.
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const patternMessage = pattern ? messageOf(registry, name, 'pattern') : undefined;
  return (
    <input
      id={id}
      name={htmlName || id}
      className={invalid(rawErrors) ? 'input input--invalid' : 'input'}
      {...inputProps}
      pattern={pattern}
      value={value ?? ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      aria-invalid={invalid(rawErrors)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        if (patternMessage) e.target.setCustomValidity('');
        onChange(e.target.value === '' ? options.emptyValue : e.target.value);
      }}
      onInvalid={(e) => {
        if (patternMessage && e.currentTarget.validity.patternMismatch) e.currentTarget.setCustomValidity(patternMessage);
      }}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

// Textareas and selects open with the same attributes and close with the same state and events,
// in this order (the prerendered HTML keeps it).
function opening({ id, htmlName, value, rawErrors }: WidgetProps) {
  return { id, name: htmlName || id, className: invalid(rawErrors) ? 'input input--invalid' : 'input', value: value ?? '' };
}

function closing({ id, required, disabled, readonly, rawErrors, options, onChange, onBlur, onFocus }: WidgetProps) {
  return {
    required,
    disabled: disabled || readonly,
    'aria-invalid': invalid(rawErrors),
    'aria-describedby': ariaDescribedByIds(id),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value === '' ? options.emptyValue : e.target.value),
    onBlur: (e: { target: { value: string } }) => onBlur(id, e.target.value),
    onFocus: (e: { target: { value: string } }) => onFocus(id, e.target.value),
  };
}

function Textarea(props: WidgetProps) {
  const { options, placeholder } = props;
  return (
    <textarea
      {...opening(props)}
      rows={typeof options.rows === 'number' ? options.rows : 5}
      placeholder={placeholder}
      {...closing(props)}
    />
  );
}

function Select(props: WidgetProps) {
  const { options, placeholder } = props;
  const enumOptions = options.enumOptions ?? [];
  return (
    <select {...opening(props)} {...closing(props)}>
      <option value="">{placeholder || 'Select an option'}</option>
      {enumOptions.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function FieldError({ errors, fieldPathId }: FieldErrorProps) {
  const id = errorId(fieldPathId);
  const list = (errors ?? []).filter((e): e is string => typeof e === 'string');
  if (list.length === 0) return <p id={id} className="field-error" hidden />;
  return (
    <p id={id} className="field-error">
      {list[0]}
    </p>
  );
}

const DefaultObjectField = getDefaultRegistry().templates.ObjectFieldTemplate;

/** The fields' fieldset, named `<prefix>-fields`: the bare prefix (`contact-form`) is free for a page's section anchor. */
function ObjectField(props: ObjectFieldTemplateProps) {
  return <DefaultObjectField {...props} fieldPathId={{ ...props.fieldPathId, $id: `${props.fieldPathId.$id}-fields` }} />;
}

export const widgets: RegistryWidgetsType = { TextareaWidget: Textarea, SelectWidget: Select };
export const templates: Partial<TemplatesType> = {
  BaseInputTemplate: BaseInput,
  FieldErrorTemplate: FieldError,
  ObjectFieldTemplate: ObjectField,
};
