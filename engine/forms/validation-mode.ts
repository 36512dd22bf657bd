import type { Form } from '../generated/content';

/**
 * Whether a form checks its fields with its precompiled validator, which its island then loads as
 * its own chunk; a form left to the browser's own checks loads none. The size budgets count the
 * chunk by the same rule.
 */
export function loadsValidator(form: Form): boolean {
  return form.errors.show !== 'browser';
}
