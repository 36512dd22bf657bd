// Who did what in the inbox, newest first; "Older entries" adds the next page below.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchAudit, InboxError } from './inbox-client';
import { ErrorBox, useTitle } from './inbox-context';
import type { AuditAction, AuditEntry } from '../../contracts/inbox-contract';
import { Age } from './times';
import { AdminTable } from './AdminTable';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed to sign in',
  lock: 'Sign-ins locked',
  'sign-out': 'Signed out',
  'two-step': 'Changed two-step sign-in',
  view: 'Viewed a lead',
  status: 'Changed a status',
  spam: 'Changed the spam flag',
  assign: 'Changed who owns a lead',
  note: 'Added a note',
  reply: 'Replied to a visitor',
  answer: 'A visitor answered',
  export: 'Exported leads',
  erase: 'Erased a lead',
  release: 'Released a lead from quarantine',
  account: 'Changed an account',
  publish: 'Published the site',
  rollback: 'Rolled the site back',
  save: 'Saved a content file',
  create: 'Made a content file',
  delete: 'Deleted a page or article',
  notice: 'Tracked a takedown notice',
};

type Listing =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; entries: AuditEntry[]; nextCursor: string | null; more: 'idle' | 'loading' | { failed: string } };

const messageOf = (err: unknown) => (err instanceof InboxError ? err.message : String(err));

export function AuditLog() {
  useTitle('Audit log');
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const firstNewRow = useRef<number | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  useEffect(() => {
    let live = true;
    fetchAudit().then(
      (page) => live && setListing({ kind: 'loaded', entries: page.entries, nextCursor: page.nextCursor, more: 'idle' }),
      (err: unknown) => live && setListing({ kind: 'failed', message: messageOf(err) }),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // After "Older entries", the first added row takes focus, so the keyboard carries on there.
    const index = firstNewRow.current;
    if (index === null || listing.kind !== 'loaded' || listing.entries.length <= index) return;
    firstNewRow.current = null;
    tableRef.current?.querySelectorAll<HTMLElement>('tbody tr')[index]?.focus();
  });

  async function onOlder() {
    if (listing.kind !== 'loaded' || !listing.nextCursor) return;
    setListing({ ...listing, more: 'loading' });
    try {
      const page = await fetchAudit(listing.nextCursor);
      firstNewRow.current = listing.entries.length;
      setListing({ kind: 'loaded', entries: [...listing.entries, ...page.entries], nextCursor: page.nextCursor, more: 'idle' });
    } catch (err) {
      setListing({ ...listing, more: { failed: messageOf(err) } });
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Audit log</h1>
      <p>Every sign-in, view, change, export and erasure in the inbox, newest first.</p>
      {listing.kind === 'loading' && (
        <p className="admin-loading" role="status">
          Loading the audit log…
        </p>
      )}
      {listing.kind === 'failed' && <ErrorBox message={listing.message} />}
      {listing.kind === 'loaded' && listing.entries.length === 0 && <p className="admin-empty">Nothing has been done in the inbox yet.</p>}
      {listing.kind === 'loaded' && listing.entries.length > 0 && (
        <AdminTable caption="Audit log, newest first" tableRef={tableRef} columns={['When', 'Who', 'Action', 'Lead', 'Detail']}>
          {listing.entries.map((entry) => (
            <tr key={entry.id} tabIndex={-1}>
              <td>
                <Age iso={entry.at} />
              </td>
              <td className="admin-text">{entry.actor}</td>
              <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td>
                {entry.leadId ? (
                  <Link to={`/leads/${encodeURIComponent(entry.leadId)}`}>
                    Open<span className="visually-hidden"> lead {entry.leadId}</span>
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td className="admin-text">{entry.detail}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {listing.kind === 'loaded' && listing.nextCursor && (
        <div className="admin-more">
          <button type="button" className="button button--secondary" onClick={() => void onOlder()} disabled={listing.more === 'loading'}>
            {listing.more === 'loading' ? 'Loading older entries…' : 'Older entries'}
          </button>
          {typeof listing.more === 'object' && <ErrorBox message={listing.more.failed} />}
        </div>
      )}
    </>
  );
}
