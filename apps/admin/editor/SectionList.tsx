// A page's sections as folding panels, each with its form; a panel holding a problem says so while
// folded. Sections are added from a picker that shows each type's example, and moved, copied and
// removed with buttons, so all of it works from the keyboard.
import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import type { Problem } from '../../../contracts/editor-contract';
import { useInbox } from '../inbox-context';
import { errorTreeFor } from './problems';
import { fieldIdOf, focusField } from './ErrorSummary';
import type { EditorFormContext } from './form-templates';
import { SchemaForm } from './SchemaForm';
import { duplicateSection, insertSection, moveSection, removeSection, sectionLabel } from './sections';
import { SectionPicker } from './SectionPicker';

/** A request (from a click in the preview) to open a section's form; `serial` repeats a request for the same one. */
export interface OpenRequest {
  index: number;
  serial: number;
  /** A field inside the section to put focus in (pointer parts below the section), instead of its heading. */
  field?: string[];
}

let nextKey = 0;
const newKey = () => `sec${++nextKey}`;

export function SectionList({
  sections,
  schemas,
  examples,
  problems,
  opened,
  onChange,
  onBlur,
  context,
  problemsIn,
}: {
  sections: unknown[];
  schemas: Record<string, RJSFSchema>;
  examples: Record<string, unknown>;
  problems: Problem[];
  opened: OpenRequest | null;
  onChange: (sections: unknown[]) => void;
  onBlur: () => void;
  context: EditorFormContext;
  problemsIn: (index: number) => number;
}) {
  const { announce } = useInbox();
  // Stable keys beside the sections, so a moved section keeps its form (and focus) with it.
  const [keys, setKeys] = useState<string[]>(() => sections.map(newKey));
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // The sections may also change from outside (a conflict's "load the saved file"): keep one key each.
  const shownKeys = keys.length === sections.length ? keys : sections.map((_, i) => keys[i] ?? newKey());

  useEffect(() => {
    if (!opened) return;
    const key = shownKeys[opened.index];
    if (!key) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a click in the preview asks for this panel
    setOpen((previous) => new Set(previous).add(key));
    // A link from the problem summary goes on to the field, once the section's form is drawn.
    if (opened.field?.length) focusField(fieldIdOf(key, opened.field));
    else setFocusAfter(`${key}-toggle`);
    // Only a new request opens a panel; the keys changing alone does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  useEffect(() => {
    if (!focusAfter) return;
    const element = document.getElementById(focusAfter);
    element?.focus();
    element?.scrollIntoView({ block: 'nearest' });
  }, [focusAfter, sections]);

  function apply(next: unknown[], nextKeys: string[], focus: string | null, message: string) {
    setKeys(nextKeys);
    onChange(next);
    setFocusAfter(focus);
    announce(message);
  }

  /** Moves a section one place; focus stays with it, on the same button unless that one is now disabled (at the top or the bottom). */
  function move(from: number, to: number) {
    const key = shownKeys[from]!;
    const up = to < from;
    const edge = to === 0 || to === sections.length - 1;
    const button = up !== edge ? 'up' : 'down';
    apply(moveSection(sections, from, to), moveSection(shownKeys, from, to), `${key}-${button}`, `Moved to position ${to + 1}.`);
  }

  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section className="editor-sections" aria-labelledby="sections-heading">
      <h2 id="sections-heading">Sections</h2>
      <p className="admin-hint">Top to bottom, as on the page. Open a section to edit it, or click it in the preview.</p>
      <ol className="editor-section-list" ref={listRef}>
        {sections.map((section, i) => {
          const key = shownKeys[i]!;
          const type = (section as { type?: string }).type ?? '';
          const schema = schemas[type];
          const count = problemsIn(i);
          const label = sectionLabel(section, i);
          const isOpen = open.has(key);
          return (
            <li key={key} className={count ? 'editor-section editor-section--problem' : 'editor-section'}>
              <div className="editor-section__head">
                <h3>
                  <button
                    type="button"
                    id={`${key}-toggle`}
                    className="editor-section__toggle"
                    aria-expanded={isOpen}
                    aria-controls={`${key}-form`}
                    onClick={() => toggle(key)}
                  >
                    <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span> <span className="admin-text">{label}</span>
                  </button>
                </h3>
                {count > 0 && (
                  <span className="editor-problem-mark">
                    <span aria-hidden="true">!</span> {count} problem{count === 1 ? '' : 's'}
                  </span>
                )}
                <div className="editor-section__tools" role="group" aria-label={`Section ${i + 1}`}>
                  <button
                    type="button"
                    id={`${key}-up`}
                    className="button button--secondary admin-button--small"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    Move up<span className="visually-hidden"> section {i + 1}</span>
                  </button>
                  <button
                    type="button"
                    id={`${key}-down`}
                    className="button button--secondary admin-button--small"
                    disabled={i === sections.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    Move down<span className="visually-hidden"> section {i + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary admin-button--small"
                    onClick={() => {
                      const copy = newKey();
                      apply(
                        duplicateSection(sections, i),
                        insertSection(shownKeys, i + 1, copy),
                        `${copy}-toggle`,
                        `Copied; the copy is section ${i + 2}.`,
                      );
                    }}
                  >
                    Duplicate<span className="visually-hidden"> section {i + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary admin-button--small"
                    disabled={sections.length === 1}
                    onClick={() => {
                      const neighbour = shownKeys[i + 1] ?? shownKeys[i - 1] ?? null;
                      apply(
                        removeSection(sections, i),
                        removeSection(shownKeys, i),
                        neighbour && `${neighbour}-toggle`,
                        `Removed section ${i + 1}.`,
                      );
                    }}
                  >
                    Remove<span className="visually-hidden"> section {i + 1}</span>
                  </button>
                </div>
              </div>
              <div id={`${key}-form`} hidden={!isOpen} className="editor-section__body">
                {isOpen &&
                  (schema ? (
                    <SchemaForm
                      schema={schema}
                      data={section}
                      idPrefix={key}
                      errors={errorTreeFor(problems, ['sections', String(i)])}
                      onChange={(next) => onChange(sections.map((s, j) => (j === i ? { ...(next as object), type } : s)))}
                      onBlur={onBlur}
                      context={context}
                    />
                  ) : (
                    <p className="admin-alert">
                      There is no section type “{type}”. Remove this section, or pick a type from the list below.
                    </p>
                  ))}
              </div>
            </li>
          );
        })}
      </ol>
      <SectionPicker
        types={Object.keys(schemas).sort()}
        schemas={schemas}
        examples={examples}
        onAdd={(type, at) => {
          const example = examples[type];
          const section = example && typeof example === 'object' ? structuredClone(example) : { type };
          const key = newKey();
          setOpen((previous) => new Set(previous).add(key));
          apply(
            insertSection(sections, at, section),
            insertSection(shownKeys, at, key),
            `${key}-toggle`,
            `Added a ${type} section at position ${Math.min(at, sections.length) + 1}.`,
          );
        }}
        count={sections.length}
      />
    </section>
  );
}
