import type { FieldErrors } from './check-values';
import type { FormValues } from './payload';

export type Outcome = { kind: 'success' | 'failure'; text: string } | null;

/** Everything a lead form shows that changes while a visitor uses it. */
export interface FormState {
  values: FormValues;
  /** The messages shown, by field. */
  errors: FieldErrors;
  /** A submit was tried since the last reset: the error summary shows, and live checks run on every field. */
  attempted: boolean;
  sending: boolean;
  /** The inline success or failure message. */
  outcome: Outcome;
  /** The file offered after a successful submit. */
  download: string | null;
  /** Fields the visitor has left at least once. */
  touched: ReadonlySet<string>;
}

/**
 * What happens to a form. `message` on `edit` and `blur` is the field's live check (null: it
 * passes); without one, editing a field clears its message until the next attempt.
 */
export type FormAction =
  | { type: 'edit'; values: FormValues; field?: string; message?: string | null }
  | { type: 'blur'; field: string; message?: string | null }
  | { type: 'submit' }
  | { type: 'checked'; errors: FieldErrors }
  | { type: 'sending' }
  | { type: 'sent'; reset?: FormValues; download?: string }
  | { type: 'refused'; errors?: FieldErrors }
  | { type: 'outcome'; outcome: Outcome };

export function initialFormState(values: FormValues): FormState {
  return { values, errors: {}, attempted: false, sending: false, outcome: null, download: null, touched: new Set() };
}

function withMessage(errors: FieldErrors, field: string, message: string | null | undefined): FieldErrors {
  const { [field]: _old, ...rest } = errors;
  return message ? { ...rest, [field]: message } : rest;
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'edit': {
      const next = { ...state, values: action.values, outcome: null };
      if (action.field === undefined) return next;
      if (action.message !== undefined) return { ...next, errors: withMessage(state.errors, action.field, action.message) };
      return Object.hasOwn(state.errors, action.field) ? { ...next, errors: withMessage(state.errors, action.field, null) } : next;
    }
    case 'blur': {
      const touched = new Set(state.touched).add(action.field);
      if (action.message === undefined) return { ...state, touched };
      return { ...state, touched, errors: withMessage(state.errors, action.field, action.message) };
    }
    case 'submit':
      return { ...state, attempted: true, outcome: null, download: null };
    case 'checked':
      return { ...state, errors: action.errors };
    case 'sending':
      return { ...state, sending: true };
    case 'sent': {
      const reset = action.reset ? { values: action.reset, touched: new Set<string>(), attempted: false } : {};
      return { ...state, ...reset, sending: false, errors: {}, download: action.download ?? state.download };
    }
    case 'refused':
      return { ...state, sending: false, errors: action.errors ?? state.errors };
    case 'outcome':
      return { ...state, outcome: action.outcome };
  }
}
