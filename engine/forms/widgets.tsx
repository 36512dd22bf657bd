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
  type UiSchema,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { AddressSummary } from './AddressList';

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

/**
 * A takedown notice's address box: a textarea, and under it the addresses counted per website and
 * the lines that cannot be taken down, at their line numbers, as the visitor types. The requester's
 * own copy (the form's authorisedCopy, passed in the form context) is refused like the server refuses it.
 */
function AddressListWidget(props: WidgetProps) {
  const ownCopy = (props.registry.formContext as { ownCopy?: unknown } | undefined)?.ownCopy;
  return (
    <>
      <Textarea {...props} />
      <AddressSummary id={`${props.id}-summary`} text={typeof props.value === 'string' ? props.value : ''} ownCopy={ownCopy} />
    </>
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

/**
 * Choices as radio buttons whose values are the choices themselves, so a form posted without script
 * sends them. The group is a fieldset named by its own legend (uiSchemaOf turns the library's label
 * off for it), since an HTML label can only name one control.
 */
function Radio(props: WidgetProps) {
  const { id, label, hideLabel, required } = props;
  if (hideLabel)
    return (
      <fieldset className="field-radio-group" id={id} aria-describedby={ariaDescribedByIds(id)}>
        <legend className="control-label">
          {label}
          {required && <span className="required">*</span>}
        </legend>
        <RadioChoices {...props} />
      </fieldset>
    );
  return (
    <div className="field-radio-group" id={id} role="radiogroup" aria-label={label} aria-describedby={ariaDescribedByIds(id)}>
      <RadioChoices {...props} />
    </div>
  );
}

function RadioChoices(props: WidgetProps) {
  const { id, htmlName, value, options, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus } = props;
  return (
    <>
      {(options.enumOptions ?? []).map((o, i) => (
        <label key={String(o.value)} className="radio">
          <input
            type="radio"
            id={`${id}-${i}`}
            name={htmlName || id}
            value={String(o.value)}
            checked={value === o.value}
            required={required}
            disabled={disabled || readonly}
            aria-invalid={invalid(rawErrors)}
            onChange={() => onChange(o.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </>
  );
}

/** A box to tick, its words beside it; it says when it is invalid, as the other inputs do. */
function Checkbox(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, rawErrors, label, onChange, onBlur, onFocus } = props;
  return (
    <div className="checkbox">
      <label>
        <input
          type="checkbox"
          id={id}
          name={htmlName || id}
          checked={value === true}
          required={required}
          disabled={disabled || readonly}
          aria-invalid={invalid(rawErrors)}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={(e) => onBlur(id, e.target.checked)}
          onFocus={(e) => onFocus(id, e.target.checked)}
        />
        <span>{label}</span>
      </label>
    </div>
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

export const widgets: RegistryWidgetsType = {
  TextareaWidget: Textarea,
  SelectWidget: Select,
  RadioWidget: Radio,
  CheckboxWidget: Checkbox,
  addresses: AddressListWidget,
};
export const templates: Partial<TemplatesType> = {
  BaseInputTemplate: BaseInput,
  FieldErrorTemplate: FieldError,
  ObjectFieldTemplate: ObjectField,
};

/**
 * A form's ui settings as the form library reads them. A group of radio buttons is named by its own
 * legend (Radio), so the library draws no label for it.
 */
export function uiSchemaOf(ui: Record<string, unknown> = {}): UiSchema {
  return Object.fromEntries(
    Object.entries(ui).map(([key, value]) => {
      const field = value as Record<string, unknown> | null;
      return field && typeof field === 'object' && field['ui:widget'] === 'radio'
        ? [key, { ...field, 'ui:options': { ...(field['ui:options'] as object | undefined), label: false } }]
        : [key, value];
    }),
  ) as UiSchema;
}
