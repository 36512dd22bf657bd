import { useContext } from 'react';
import type { ResolvedFormSection } from '../content/model';
import { island } from '../render/island';
import type { SectionProps } from '../sections/SectionFrame';
import FormSection from './FormSection.island';
import { formAction, FormPostContext } from './form-post';

export const FormIsland = island('FormSection', FormSection, 'intent');

/** A form section as its page renders it: posting to that page, and showing the server's answer if it is for this form. */
export function FormOnPage({ section, index }: SectionProps<ResolvedFormSection>) {
  const { action, posted } = useContext(FormPostContext);
  const id = section.definition.id;
  return (
    <FormIsland
      section={section}
      index={index}
      action={action === null ? undefined : formAction(action, id)}
      posted={posted?.formId === id ? posted : undefined}
    />
  );
}
