import { useState } from 'react';
import type { ResolvedFaqSection } from '../content/model';
import { SectionFrame, type SectionProps } from './SectionFrame';

/** WAI-ARIA accordion: one question open at a time; activating the open one closes it. */
export default function FaqAccordion({ section, index }: SectionProps<ResolvedFaqSection>) {
  const [open, setOpen] = useState<string | null>(null);
  const prefix = section.id ?? `faq-${index}`;
  const questions = section.limit ? section.questions.slice(0, section.limit) : section.questions;
  return (
    <SectionFrame kind="faq" index={index} id={section.id} background={section.background} title={section.title} intro={section.intro}>
      <div className="accordion">
        {questions.map((q) => {
          const expanded = open === q.id;
          const buttonId = `${prefix}-${q.id}-q`;
          const panelId = `${prefix}-${q.id}-a`;
          return (
            <div className="accordion__item" key={q.id} id={q.id}>
              <h3 className="accordion__heading">
                <button
                  type="button"
                  id={buttonId}
                  className="accordion__trigger"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : q.id)}
                >
                  {q.question}
                  <span className="accordion__chevron" aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
                <p>{q.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </SectionFrame>
  );
}
