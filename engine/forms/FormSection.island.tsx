import Form from '@rjsf/core';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import type { ResolvedFormSection } from '../content/model';
import type { Form as FormDefinition } from '../generated/content';
import { SectionFrame, type SectionProps } from '../sections/SectionFrame';
import { Icon } from '../ui/Icon';
import { showToast } from '../ui/toast';
import { checkValues, toErrorSchema, type FieldErrors } from './check-values';
import { ConsentNotice } from './ConsentNotice';
import { formReducer, initialFormState } from './form-state';
import { buildPayload, HONEYPOT_FIELD, type FormValues } from './payload';
import { formCardId, FORM_ID_FIELD, type PostedForm } from './form-post';
import { API_MESSAGES, ERROR_CODES } from '../../contracts/api-contract';
import { pageSource, submitForm, type SubmitResult } from './submit-client';
import { loadsValidator } from './validation-mode';
import { templates, uiSchemaOf, widgets } from './widgets';
import { TickList } from '../ui/lists';
import { addressesOf, isNoticeForm } from '../notices/notice-form';
import { HostCounts } from './AddressList';
import { FilePicker } from './FilePicker';
import { chosenFilesProblem } from '../../contracts/evidence-contract';

export interface FormSectionProps extends SectionProps<ResolvedFormSection> {
  /** Values typed into the prerendered fields before the form hydrated. */
  typed?: FormValues;
  /** Where the form posts without script: its page (see form-post.ts). */
  action?: string;
  /** The server's answer to this form's post, rendered into the page it answers with. */
  posted?: PostedForm;
}

/** The state a form starts in: as prerendered, or as the server answered its post (refused, or sent). */
function startingState(form: FormDefinition, values: FormValues, posted: PostedForm | undefined) {
  const state = initialFormState(values);
  if (!posted) return state;
  if ('sent' in posted) {
    const text = form.result.success.text ?? API_MESSAGES.success;
    return { ...state, outcome: { kind: 'success' as const, text }, download: form.submit.download ?? null };
  }
  const outcome = posted.failure ? { kind: 'failure' as const, text: posted.failure } : null;
  return { ...state, errors: posted.errors, attempted: true, outcome };
}

/**
 * The form hydrates once a visitor comes near it, so they may already have typed: the entry passes
 * the prerendered fields' current values in as `typed`.
 */
export function propsFromPage(el: Element, props: FormSectionProps): FormSectionProps {
  const form = props.section.definition;
  const typed: FormValues = {};
  for (const field of Object.keys(form.fields.properties as object)) {
    const input = el.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[id="${form.id}-form_${field}"]`);
    if (input?.value) typed[field] = input.value;
  }
  return { ...props, typed };
}

// Rendering on the server needs no checks; the real validator arrives with the form's own chunk.
const noChecks: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: () => true,
  rawValidation: () => ({}),
  reset: () => undefined,
} as unknown as ValidatorType;

let validatorModule: Promise<typeof import('./load-form-validator')> | null = null;
const loadValidator = (form: FormDefinition) => {
  validatorModule ??= import('./load-form-validator');
  return validatorModule.then((m) => m.loadValidator(form));
};

/**
 * A lead form declared in site/forms/: fields, messages, when errors show, button texts and what
 * success and failure look like all come from its YAML. Failed submits list the problems in a
 * summary that takes focus (GOV.UK's pattern); each message is tied to its field.
 */
export default function FormSection({ section, index, typed, action, posted }: FormSectionProps) {
  const form = section.definition;
  const mode = form.errors.show;
  const initial = (form.defaults ?? {}) as FormValues;
  // What the visitor typed into the prerendered fields before the code arrived is kept.
  // A refused post shows exactly what was sent (a cleared default stays cleared).
  const shown = posted && 'values' in posted ? posted.values : initial;
  const [state, dispatch] = useReducer(formReducer, { ...shown, ...typed }, (values) => startingState(form, values, posted));
  const { values, errors, attempted, sending, outcome, download } = state;
  const [validator, setValidator] = useState<ValidatorType>(noChecks);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Bumped when a submit finds problems; the summary takes focus once it is on screen.
  const [summaryFocus, setSummaryFocus] = useState(0);
  useEffect(() => {
    if (summaryFocus > 0) summaryRef.current?.focus();
  }, [summaryFocus]);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // A takedown notice's confirmation shows what was sent: its addresses by website.
  const notice = isNoticeForm(form);
  const [sentValues, setSentValues] = useState<FormValues | null>(posted && 'sent' in posted ? (posted.values ?? null) : null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  // The files chosen, for a form that declares them: sent beside the values, never kept in its state's values.
  const [chosen, setChosen] = useState<File[]>([]);
  const fileField = form.files?.name;
  const chooseFiles = (files: File[]) => {
    setChosen(files);
    dispatch({ type: 'blur', field: fileField!, message: chosenFilesProblem(files) });
  };
  const idPrefix = `${form.id}-form`;

  const validatorReady = useRef<Promise<ValidatorType> | null>(null);
  useEffect(() => {
    if (!loadsValidator(form)) return;
    validatorReady.current = loadValidator(form);
    validatorReady.current.then(
      (v) => setValidator(() => v),
      // A validator that cannot load is met again at submit, which then leaves the checks to the server.
      () => undefined,
    );
  }, [form, mode]);

  const fieldOf = (id: string) => (id.startsWith(`${idPrefix}_`) ? id.slice(idPrefix.length + 1) : undefined);
  const liveCheck = (field: string, of: FormValues) => checkValues(form, validator, of)[field] ?? null;

  const onChange = (next: FormValues, changedId?: string) => {
    const field = changedId === undefined ? undefined : fieldOf(changedId);
    const live = field !== undefined && mode === 'submit-and-live' && (attempted || state.touched.has(field));
    dispatch({ type: 'edit', values: next, field, message: live ? liveCheck(field, next) : undefined });
  };

  const onBlur = (id: string) => {
    const field = fieldOf(id) ?? id;
    dispatch({ type: 'blur', field, message: mode === 'submit-and-live' ? liveCheck(field, values) : undefined });
  };

  const show = (kind: 'success' | 'failure', text: string) => {
    const how = form.result[kind].show;
    if (how === 'alert') window.alert(text);
    else if (how === 'toast') showToast({ kind: kind === 'success' ? 'success' : 'error', message: text });
    else {
      dispatch({ type: 'outcome', outcome: { kind, text } });
      requestAnimationFrame(() => outcomeRef.current?.focus());
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    dispatch({ type: 'submit' });
    if (mode !== 'browser') {
      // A visitor can press send before the checks have loaded; wait for them rather than skip them.
      const ready = await (validatorReady.current ?? loadValidator(form)).catch(() => undefined);
      // Without its checks (their chunk failed to load) the form is sent, and the server checks every field.
      if (ready) {
        const found = checkValues(form, ready, values);
        const fileProblem = fileField ? chosenFilesProblem(chosen) : null;
        if (fileProblem) found[fileField!] = fileProblem;
        dispatch({ type: 'checked', errors: found });
        if (Object.keys(found).length > 0) {
          setSummaryFocus((n) => n + 1);
          return;
        }
      }
    }
    dispatch({ type: 'sending' });
    let result: SubmitResult;
    try {
      const payload = buildPayload(form, values);
      const trap = honeypotRef.current?.value;
      if (trap) payload[HONEYPOT_FIELD] = trap;
      result = await submitForm(form.submit.endpoint, payload, {
        formId: form.id,
        formType: form.submit.formType,
        source: pageSource(window.location, document.referrer),
        mock: typeof __FORM_MOCK__ !== 'undefined' && __FORM_MOCK__ === true,
        files: fileField ? { field: fileField, files: chosen } : undefined,
      });
    } catch {
      result = { success: false, message: 'An unexpected error occurred. Please try again.', error: 'UNEXPECTED' };
    }
    if (result.success) {
      if (notice) setSentValues(values);
      if (fileField && form.result.resetOnSuccess) setChosen([]);
      dispatch({ type: 'sent', reset: form.result.resetOnSuccess ? initial : undefined, download: form.submit.download });
      show('success', form.result.success.text ?? result.message);
    } else {
      console.error(`${form.id}: submission failed (${result.error ?? 'unknown'})`);
      let serverErrors: FieldErrors | undefined;
      if (result.fields) {
        serverErrors = {};
        for (const [k, v] of Object.entries(result.fields))
          if (k in (form.fields.properties as object) || k === fileField) serverErrors[k] = v;
      }
      dispatch({ type: 'refused', errors: serverErrors });
      // An expired form is no failure of the site's: the visitor is told what to do, in the same place.
      show('failure', result.error === ERROR_CODES.formExpired ? result.message : (form.result.failure.text ?? result.message));
    }
  };

  // The summary lists problems in the order the fields appear.
  const order = [
    ...(((form.ui as Record<string, unknown> | undefined)?.['ui:order'] as string[] | undefined) ??
      Object.keys(form.fields.properties as object)),
    // The files come after every field.
    ...(fileField ? [fileField] : []),
  ];
  const summary = Object.entries(errors).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  return (
    <SectionFrame
      kind="form"
      index={index}
      section={{ id: section.id, background: section.background, title: form.title, intro: form.intro }}
    >
      <div className={section.aside ? 'form-layout form-layout--aside' : 'form-layout'}>
        <div className="form-card card" id={formCardId(form.id)}>
          {summary.length > 0 && attempted && (
            <div className="error-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby={`${idPrefix}-summary-title`}>
              <h3 id={`${idPrefix}-summary-title`}>There is a problem</h3>
              <ul>
                {summary.map(([field, message]) => (
                  <li key={field}>
                    <a href={`#${idPrefix}_${field}`}>{message}</a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {outcome && (
            <div
              ref={outcomeRef}
              tabIndex={-1}
              className={`form-outcome form-outcome--${outcome.kind}`}
              role={outcome.kind === 'success' ? 'status' : 'alert'}
            >
              <Icon name={outcome.kind === 'success' ? 'check' : 'alert'} size={20} />
              <p>{outcome.text}</p>
              {notice && outcome.kind === 'success' && sentValues && (
                <div className="notice-receipt">
                  <HostCounts groups={addressesOf(sentValues).groups} />
                </div>
              )}
              {download && outcome.kind === 'success' && (
                <a className="button button--secondary" href={download} download>
                  <Icon name="download" size={18} />
                  Download your template
                </a>
              )}
            </div>
          )}
          <Form
            schema={form.fields as RJSFSchema}
            uiSchema={uiSchemaOf(form.ui as Record<string, unknown> | undefined)}
            formData={values}
            // A real HTML form: without script (or before it) the browser posts it to the page, which the server answers.
            method="post"
            action={action}
            // A form with files posts them without script too: only multipart/form-data carries a file.
            enctype={form.files ? 'multipart/form-data' : undefined}
            nameGenerator={(path) => path.join('.')}
            validator={validator}
            idPrefix={idPrefix}
            idSeparator="_"
            widgets={widgets}
            templates={templates}
            showErrorList={false}
            noValidate={mode !== 'browser'}
            noHtml5Validate={mode !== 'browser'}
            formContext={{ messages: form.messages, ownCopy: notice ? values.authorisedCopy : undefined }}
            extraErrors={toErrorSchema(errors)}
            // Choice lists start empty: the visitor picks, nothing is preselected for them.
            experimental_defaultFormStateBehavior={{ constAsDefaults: 'never', emptyObjectFields: 'skipDefaults' }}
            onChange={(e, id) => onChange(e.formData as FormValues, id)}
            onBlur={(id) => onBlur(id)}
            onSubmit={() => void submit()}
            disabled={sending}
            className="lead-form"
          >
            {/* Hidden from people and assistive technology; only bots fill it in. */}
            <div className="trap" aria-hidden="true">
              <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
              <input
                ref={honeypotRef}
                id={`${idPrefix}-${HONEYPOT_FIELD}`}
                name={HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
            <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
            {form.files && (
              <FilePicker
                files={form.files}
                idPrefix={idPrefix}
                chosen={chosen}
                error={errors[form.files.name]}
                disabled={sending}
                onChoose={chooseFiles}
              />
            )}
            {section.consent && <ConsentNotice consent={section.consent} id={`${idPrefix}-consent`} />}
            <button type="submit" className="button button--primary lead-form__submit" disabled={sending} aria-disabled={sending}>
              {sending ? form.buttons.sending : form.buttons.idle}
            </button>
            <p className="visually-hidden" role="status" aria-live="polite">
              {sending ? form.buttons.sending : ''}
            </p>
          </Form>
        </div>
        {section.aside && (
          <aside className="card form-aside" aria-label={section.aside.title}>
            <h3>{section.aside.title}</h3>
            <TickList items={section.aside.items} />
          </aside>
        )}
      </div>
    </SectionFrame>
  );
}
