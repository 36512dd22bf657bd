// The bar above the list that changes the checked leads together: take them, give them to a member,
// set their status, mark them as spam, or release them from quarantine. Each lead goes through its
// own audited change.
import { useEffect, useRef, useState } from 'react';
import { LEAD_STATUSES, STATUS_LABELS, type LeadChange, type LeadStatus, type LeadSummary } from '../../contracts/inbox-contract';
import { ErrorBox, useInbox } from './inbox-context';
import { changeDone, changeLeads, count, leadName, releaseLeads, type ChangeOutcome } from './lead-changes';

/** Rows the server has changed, as it now holds them. */
export type LeadsChanged = (changed: LeadSummary[]) => void;

export function BulkActions({
  leads,
  selected,
  onSelected,
  onChanged,
}: {
  leads: readonly LeadSummary[];
  selected: ReadonlySet<string>;
  onSelected: (next: ReadonlySet<string>) => void;
  onChanged: LeadsChanged;
}) {
  const { session, announce } = useInbox();
  const me = session.user.email;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Array<{ name: string; message: string }>>([]);
  const [status, setStatus] = useState<LeadStatus>('done');
  const [owner, setOwner] = useState(me);
  const allRef = useRef<HTMLInputElement>(null);
  const pickable = leads.filter((l) => !l.erased);
  const picked = pickable.filter((l) => selected.has(l.id));
  const all = picked.length > 0 && picked.length === pickable.length;

  useEffect(() => {
    // Some checked, not all: the box shows it is part-way.
    if (allRef.current) allRef.current.indeterminate = picked.length > 0 && !all;
  });

  /** Runs `work` on the checked leads; `said` is what the status line says of those it changed. */
  async function run(work: (leads: readonly LeadSummary[]) => Promise<ChangeOutcome>, said: (n: number) => string) {
    if (busy || picked.length === 0) return;
    setBusy(true);
    setFailed([]);
    const outcome = await work(picked);
    setBusy(false);
    onChanged(outcome.changed);
    // What was changed is done with; what was refused stays checked, to try again.
    onSelected(new Set(outcome.failed.map((f) => f.lead.id)));
    setFailed(outcome.failed.map((f) => ({ name: leadName(f.lead), message: f.message })));
    const done = outcome.changed.length ? said(outcome.changed.length) : '';
    announce(outcome.failed.length ? `${done} ${outcome.failed.length} could not be changed.`.trim() : done);
  }

  const apply = (change: LeadChange) =>
    run(
      (leads) => changeLeads(leads, change),
      (n) => changeDone(n, change, me, (s) => STATUS_LABELS[s]),
    );
  // In the Quarantine view: the checked leads go out of quarantine, each sending what was held for it.
  const held = picked.filter((l) => l.quarantine);
  const none = picked.length === 0;
  /** One of the bar's buttons: applies `change` to every checked lead (a plain element, so a re-render keeps its focus). */
  const changeButton = (change: LeadChange, label: string) => (
    <button
      type="button"
      className="button button--secondary admin-button--small"
      aria-disabled={none || busy}
      onClick={() => void apply(change)}
    >
      {label}
    </button>
  );
  return (
    <section className="admin-bulk" aria-label="Change the checked leads">
      <label className="admin-bulk__all">
        <input
          ref={allRef}
          type="checkbox"
          checked={all}
          onChange={(event) => onSelected(new Set(event.currentTarget.checked ? pickable.map((l) => l.id) : []))}
        />
        All shown
      </label>
      <p className="admin-bulk__count" aria-live="polite">
        {picked.length === 0 ? '' : `${picked.length} checked`}
      </p>
      {changeButton({ assignee: me }, 'Assign to me')}
      <span className="admin-bulk__group">
        <label htmlFor="bulk-owner">Assign to</label>
        <select id="bulk-owner" className="input admin-input--small" value={owner} onChange={(e) => setOwner(e.currentTarget.value)}>
          {session.team.map((member) => (
            <option key={member} value={member}>
              {member === me ? `${member} (you)` : member}
            </option>
          ))}
        </select>
        {changeButton({ assignee: owner }, 'Assign')}
      </span>
      <span className="admin-bulk__group">
        <label htmlFor="bulk-status">New status</label>
        <select
          id="bulk-status"
          className="input admin-input--small"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as LeadStatus)}
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {changeButton({ status }, 'Set status')}
      </span>
      {changeButton({ spam: true }, 'Mark as spam')}
      {leads.some((l) => l.quarantine && !l.erased) && (
        <button
          type="button"
          className="button button--secondary admin-button--small"
          aria-disabled={held.length === 0 || busy}
          onClick={() =>
            void run(
              () => releaseLeads(held),
              (n) => `${count(n)} released: their notifications are on their way.`,
            )
          }
        >
          Release
        </button>
      )}
      {failed.length > 0 && (
        <ErrorBox message="These leads were not changed:">
          <ul>
            {failed.map((f, i) => (
              <li key={i}>
                <span className="admin-text">{f.name}</span>: {f.message}
              </li>
            ))}
          </ul>
        </ErrorBox>
      )}
    </section>
  );
}
