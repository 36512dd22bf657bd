import schema from '../../../schemas/sections/form.schema.json' with { type: 'json' };
import type { ConsentNotice } from '../../generated/content';
import { FormIsland, FormOnPage } from '../../forms/FormOnPage';
import { defineSection } from '../section-entry';

// The form's fields, checks and client live in engine/forms/, which the server shares to answer a post without script.
export default defineSection({
  type: 'form',
  schema,
  component: FormOnPage,
  // A form shows its own consent notice, else the site's.
  resolve: (_section, { shared, referenced }) => {
    const consent = (Reflect.get(Object(referenced.definition), 'consent') as ConsentNotice | undefined) ?? shared.consent;
    return consent ? { consent } : {};
  },
  island: FormIsland,
  unsearched: ['form', 'definition', 'consent'],
  toasts: (s) => s.definition.result.success.show === 'toast' || s.definition.result.failure.show === 'toast',
  form: true,
});
