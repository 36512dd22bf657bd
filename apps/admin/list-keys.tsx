// The list's keys: j and k move between rows, Enter or o opens one, t takes it, d marks it done, s
// marks it spam, and ? lists them. None fires while a field is being typed in.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { STATUS_LABELS, type LeadChange, type LeadSummary } from '../../contracts/inbox-contract';
import { useInbox } from './inbox-context';
import { changeDone, changeLeads, leadName } from './lead-changes';
import type { LeadsChanged } from './BulkActions';

/** Each key and what it does, as the help dialog lists them. */
export const LIST_KEYS: ReadonlyArray<{ keys: string[]; does: string }> = [
  { keys: ['j'], does: 'Next lead' },
  { keys: ['k'], does: 'Previous lead' },
  { keys: ['Enter', 'o'], does: 'Open the lead' },
  { keys: ['t'], does: 'Take the lead (assign it to you)' },
  { keys: ['d'], does: 'Mark the lead done' },
  { keys: ['s'], does: 'Mark the lead as spam' },
  { keys: ['?'], does: 'Show these keys' },
];

/** Where a typed letter is text, not a command. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

export function useListKeys({
  leads,
  tableRef,
  onChanged,
  onOpen,
}: {
  leads: readonly LeadSummary[];
  tableRef: RefObject<HTMLTableElement | null>;
  onChanged: LeadsChanged;
  onOpen: (lead: LeadSummary) => void;
}) {
  const { session, announce } = useInbox();
  const helpRef = useRef<HTMLDialogElement>(null);
  const showHelp = useCallback(() => helpRef.current?.showModal(), []);

  useEffect(() => {
    const rows = () => [...(tableRef.current?.querySelectorAll<HTMLTableRowElement>('tbody tr') ?? [])];
    const focusRow = (index: number) => rows()[index]?.querySelector<HTMLElement>('a')?.focus();
    const at = () => rows().findIndex((row) => row.contains(document.activeElement));

    async function change(lead: LeadSummary, change: LeadChange) {
      const outcome = await changeLeads([lead], change);
      onChanged(outcome.changed);
      const refused = outcome.failed[0];
      announce(
        refused
          ? `${leadName(lead)}: ${refused.message}`
          : `${leadName(lead)}: ${changeDone(1, change, session.user.email, (s) => STATUS_LABELS[s]).replace(/^1 lead /, '')}`,
      );
    }

    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (helpRef.current?.open) return;
      if (event.key === '?') {
        event.preventDefault();
        showHelp();
        return;
      }
      const index = at();
      const lead = index >= 0 ? leads[index] : undefined;
      switch (event.key) {
        case 'j':
          event.preventDefault();
          focusRow(Math.min(index + 1, leads.length - 1));
          return;
        case 'k':
          event.preventDefault();
          focusRow(Math.max(index - 1, 0));
          return;
        case 'o':
        case 'Enter':
          // Enter on the row's link or a button already does its own thing.
          if (!lead || (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('a, button'))) return;
          event.preventDefault();
          onOpen(lead);
          return;
      }
      const wanted: Record<string, LeadChange> = { t: { assignee: session.user.email }, d: { status: 'done' }, s: { spam: true } };
      const asked = wanted[event.key];
      if (!asked || !lead) return;
      event.preventDefault();
      if (lead.erased) return announce('This lead was erased; it can no longer be changed.');
      void change(lead, asked);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [leads, tableRef, onChanged, onOpen, announce, session.user.email, showHelp]);

  return { helpRef, showHelp };
}

export function KeyHelp({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  return (
    <dialog ref={dialogRef} className="admin-dialog" aria-labelledby="keys-dialog-title">
      <h2 id="keys-dialog-title">Keyboard shortcuts</h2>
      <p>On the list of leads, when no field has the cursor:</p>
      <dl className="admin-keys">
        {LIST_KEYS.map((k) => (
          <div key={k.does} className="admin-keys__row">
            <dt>
              {k.keys.map((key, i) => (
                <span key={key}>
                  {i > 0 && ' or '}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{k.does}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="admin-dialog__actions">
        <button type="submit" className="button button--primary">
          Close
        </button>
      </form>
    </dialog>
  );
}
