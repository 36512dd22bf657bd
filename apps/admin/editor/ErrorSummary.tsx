// Every problem of the draft in one list above the form, each a link that opens the way to its field
// and puts focus in it (GOV.UK's error summary); problems that belong to no field are listed as text.
import { useEffect, useRef } from 'react';
import type { Problem } from '../../../contracts/editor-contract';
import { revealField } from './form-templates';
import { pointerParts, problemText } from './problems';

/** The form field a problem's pointer names: rjsf's id for it under the form's prefix (`file_meta_title`). */
export const fieldIdOf = (prefix: string, parts: string[]) => [prefix, ...parts].join('_');

/**
 * Puts focus in the field with `id`, once it is drawn (a section's form loads on opening): the
 * field itself, or the first field inside a group (a list, an item), opening folded items on the way.
 */
export function focusField(id: string, tries = 60): void {
  const element = document.getElementById(id);
  if (!element) {
    if (tries > 0) setTimeout(() => focusField(id, tries - 1), 50);
    return;
  }
  revealField(element);
  requestAnimationFrame(() => {
    const target = element.matches('input, textarea, select, button')
      ? element
      : (element.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select') ?? element);
    if (target === element && !element.matches('input, textarea, select, button')) element.tabIndex = -1;
    target.focus();
    target.scrollIntoView({ block: 'center' });
  });
}

export interface SummaryEntry {
  problem: Problem;
  /** Goes to the field; absent for a problem no field shows. */
  go?: () => void;
}

export function ErrorSummary({ entries, refused }: { entries: SummaryEntry[]; refused: { count: number; serial: number } | null }) {
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A refused save moves focus here, so the list is read and each link is a Tab away.
    if (refused) boxRef.current?.focus();
  }, [refused]);
  if (entries.length === 0) return null;
  const count = entries.length;
  return (
    <div
      className="editor-error-summary"
      tabIndex={-1}
      ref={boxRef}
      aria-labelledby="error-summary-title"
      role={refused ? 'alert' : undefined}
    >
      <h2 id="error-summary-title">
        {refused ? `Not saved: ${count} problem${count === 1 ? '' : 's'} to fix first` : `${count} problem${count === 1 ? '' : 's'} to fix`}
      </h2>
      <ul>
        {entries.map(({ problem, go }, i) => (
          <li key={`${problem.path}${problem.pointer}${i}`} className="admin-text">
            {go ? (
              <a
                href={`#${problem.pointer}`}
                onClick={(event) => {
                  event.preventDefault();
                  go();
                }}
              >
                {labelOf(problem)}
              </a>
            ) : (
              problemText(problem)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "meta › title: must be at most 70 characters", the field's place in words and the message. */
function labelOf(problem: Problem): string {
  const parts = pointerParts(problem.pointer).map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part));
  return parts.length ? `${parts.join(' › ')}: ${problem.message}` : problem.message;
}
