// The list of leads, newest first (or soonest due first). The filter lives in the address (the contract's readFilter and
// filterParams), so a copied link opens the same view; "Older leads" adds the next page below.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { exportHref, fetchLeads, InboxError } from './inbox-client';
import { ErrorBox, useInbox, useTitle } from './inbox-context';
import {
  filterParams,
  MAX_SEARCH_LENGTH,
  readFilter,
  STATUS_LABELS,
  type DueFilter,
  type OwnerFilter,
  type LeadFilter,
  type LeadStatus,
  type LeadSummary,
  type SpamFilter,
} from '../../contracts/inbox-contract';
import type { FromList } from './LeadDetail';
import { DueCell } from './due';
import { Age } from './times';

const SPAM_LABELS: Record<SpamFilter, string> = { exclude: 'Hide spam', include: 'Include spam', only: 'Only spam' };
const DUE_LABELS: Record<DueFilter, string> = { overdue: 'Overdue', soon: 'Due soon (30 min)' };
const OWNER_LABELS: Record<OwnerFilter, string> = { mine: 'Mine', unassigned: 'Unassigned' };
const SORT_LABELS: Record<'due', string> = { due: 'Reply due first (New leads)' };

type Listing =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; leads: LeadSummary[]; nextCursor: string | null; more: 'idle' | 'loading' | { failed: string } };

export function LeadList() {
  useTitle('Inbox');
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const { filter, problems } = readFilter(new URLSearchParams(query));
  // The filter the server is asked for: only what readFilter accepted, in the contract's words.
  const asked = filterParams(filter).toString();
  const [listing, setListing] = useState<{ for: string; listing: Listing }>({ for: asked, listing: { kind: 'loading' } });
  const firstNewRow = useRef<number | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const current: Listing = listing.for === asked ? listing.listing : { kind: 'loading' };

  useEffect(() => {
    let live = true;
    fetchLeads(readFilter(new URLSearchParams(asked)).filter).then(
      (page) =>
        live && setListing({ for: asked, listing: { kind: 'loaded', leads: page.leads, nextCursor: page.nextCursor, more: 'idle' } }),
      (err: unknown) => live && setListing({ for: asked, listing: { kind: 'failed', message: messageOf(err) } }),
    );
    return () => {
      live = false;
    };
  }, [asked]);

  useEffect(() => {
    // After "Older leads", focus the first of the rows it added, so the keyboard carries on there.
    const index = firstNewRow.current;
    if (index === null || current.kind !== 'loaded' || current.leads.length <= index) return;
    firstNewRow.current = null;
    tableRef.current?.querySelectorAll<HTMLElement>('tbody tr')[index]?.querySelector<HTMLElement>('a')?.focus();
  });

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const next: LeadFilter = {
      form: text('form'),
      status: text('status') as LeadStatus | undefined,
      spam: (text('spam') ?? 'exclude') as SpamFilter,
      from: text('from'),
      to: text('to'),
      q: text('q'),
      due: text('due') as DueFilter | undefined,
      owner: text('owner') as OwnerFilter | undefined,
      sort: text('sort') as 'due' | undefined,
      page: text('page'),
      campaign: text('campaign'),
      referrer: text('referrer'),
    };
    setParams(filterParams(next));
  }

  async function onOlder() {
    if (current.kind !== 'loaded' || !current.nextCursor) return;
    const shown = current.leads;
    setListing({ for: asked, listing: { ...current, more: 'loading' } });
    try {
      const page = await fetchLeads(filter, current.nextCursor);
      firstNewRow.current = shown.length;
      setListing({ for: asked, listing: { kind: 'loaded', leads: [...shown, ...page.leads], nextCursor: page.nextCursor, more: 'idle' } });
    } catch (err) {
      setListing({ for: asked, listing: { ...current, more: { failed: messageOf(err) } } });
    }
  }

  const filtered = asked !== '';

  return (
    <>
      <div className="admin-title-row">
        <h1 tabIndex={-1}>Leads</h1>
        <a className="button button--secondary" href={exportHref(filter)} download>
          Export CSV<span className="visually-hidden"> of {filtered ? 'the filtered leads' : 'all leads but spam'}</span>
        </a>
      </div>
      {/* Keyed by the address, so Back and a shared link show the filter the list is showing. */}
      <FilterForm key={query} filter={filter} onSubmit={onFilter} />
      {problems.length > 0 && (
        <ErrorBox message="Part of this address's filter was not understood and is ignored:">
          <ul className="admin-problems">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </ErrorBox>
      )}
      <LeadTable listing={current} filtered={filtered} tableRef={tableRef} listSearch={query} byDue={filter.sort === 'due'} />
      {current.kind === 'loaded' && current.nextCursor && (
        <div className="admin-more">
          <button type="button" className="button button--secondary" onClick={() => void onOlder()} disabled={current.more === 'loading'}>
            {current.more === 'loading' ? 'Loading older leads…' : 'Older leads'}
          </button>
          {typeof current.more === 'object' && <ErrorBox message={current.more.failed} />}
        </div>
      )}
    </>
  );
}

function messageOf(err: unknown): string {
  return err instanceof InboxError ? err.message : String(err);
}

function FilterForm({ filter, onSubmit }: { filter: LeadFilter; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  const { session } = useInbox();
  const formKnown = !filter.form || session.forms.some((f) => f.id === filter.form);
  return (
    <form className="admin-filters" role="search" aria-label="Filter leads" onSubmit={onSubmit}>
      <div className="admin-field admin-field--wide">
        <label htmlFor="filter-q">Search</label>
        <input
          className="input"
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filter.q ?? ''}
          maxLength={MAX_SEARCH_LENGTH}
          aria-describedby="filter-q-hint"
        />
        <p className="admin-hint" id="filter-q-hint">
          Leads holding every word, as the start of a word.
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor="filter-form">Form</label>
        <select className="input" id="filter-form" name="form" defaultValue={filter.form ?? ''}>
          <option value="">All forms</option>
          {session.forms.map((f) => (
            <option key={f.id} value={f.id}>
              {f.title}
            </option>
          ))}
          {!formKnown && <option value={filter.form}>{filter.form}</option>}
        </select>
      </div>
      <ChoiceFilter name="status" label="Status" any="Any status" labels={STATUS_LABELS} value={filter.status} />
      <ChoiceFilter name="owner" label="Owner" any="Anyone" labels={OWNER_LABELS} value={filter.owner} />
      <ChoiceFilter name="due" label="Reply due" any="Any time" labels={DUE_LABELS} value={filter.due} />
      <ChoiceFilter name="spam" label="Spam" labels={SPAM_LABELS} value={filter.spam} />
      <ChoiceFilter name="sort" label="Order" any="Newest first" labels={SORT_LABELS} value={filter.sort} />
      <div className="admin-field">
        <label htmlFor="filter-from">Received from</label>
        <input className="input" id="filter-from" name="from" type="date" defaultValue={filter.from ?? ''} />
      </div>
      <div className="admin-field">
        <label htmlFor="filter-to">Received until</label>
        <input className="input" id="filter-to" name="to" type="date" defaultValue={filter.to ?? ''} />
      </div>
      <TextFilter name="page" label="Page" value={filter.page} hint="The form's page, such as /contact-us." />
      <TextFilter name="campaign" label="Campaign" value={filter.campaign} hint="Its utm_campaign, such as november." />
      <TextFilter name="referrer" label="Referring site" value={filter.referrer} hint="A host, such as news.example.com." />
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary">
          Show leads
        </button>
        <Link className="admin-reset" to="/">
          Clear filters
        </Link>
      </div>
    </form>
  );
}

/** A filter typed as text, matched exactly. */
function TextFilter({ name, label, value, hint }: { name: string; label: string; value: string | undefined; hint: string }) {
  return (
    <div className="admin-field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        className="input"
        id={`filter-${name}`}
        name={name}
        type="text"
        defaultValue={value ?? ''}
        aria-describedby={`filter-${name}-hint`}
      />
      <p className="admin-hint" id={`filter-${name}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** A filter chosen from a few words: a select of their labels, with an "any" choice first when given. */
function ChoiceFilter<T extends string>({
  name,
  label,
  any,
  labels,
  value,
}: {
  name: string;
  label: string;
  any?: string;
  labels: Record<T, string>;
  value: T | undefined;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select className="input" id={`filter-${name}`} name={name} defaultValue={value ?? ''}>
        {any !== undefined && <option value="">{any}</option>}
        {(Object.keys(labels) as T[]).map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

function LeadTable({
  listing,
  filtered,
  tableRef,
  listSearch,
  byDue,
}: {
  listing: Listing;
  filtered: boolean;
  listSearch: string;
  tableRef: RefObject<HTMLTableElement | null>;
  byDue: boolean;
}) {
  const order = byDue ? 'reply due first' : 'newest first';
  // One live line for what the list holds, so a new filter's result is heard as well as seen.
  const summary =
    listing.kind === 'loading'
      ? 'Loading leads…'
      : listing.kind === 'failed'
        ? ''
        : listing.leads.length === 0
          ? filtered
            ? 'No leads match this filter.'
            : 'No leads yet. New ones appear here as they arrive.'
          : `Showing ${listing.leads.length === 1 ? '1 lead' : `${listing.leads.length} leads`}, ${order}${listing.nextCursor ? `; ${byDue ? 'later' : 'older'} ones follow` : ''}.`;
  return (
    <>
      <p className="admin-summary" role="status">
        {summary}
      </p>
      {listing.kind === 'failed' && <ErrorBox message={listing.message} />}
      {listing.kind === 'loaded' && listing.leads.length > 0 && (
        <Table leads={listing.leads} tableRef={tableRef} listSearch={listSearch} order={order} />
      )}
    </>
  );
}

function Table({
  leads,
  tableRef,
  listSearch,
  order,
}: {
  leads: LeadSummary[];
  tableRef: RefObject<HTMLTableElement | null>;
  listSearch: string;
  order: string;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" ref={tableRef}>
        <caption className="visually-hidden">Leads, {order}</caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Form</th>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Urgency</th>
            <th scope="col">Status</th>
            <th scope="col">Reply due</th>
            <th scope="col">Owner</th>
            <th scope="col">Spam</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <LeadRow key={lead.id} lead={lead} listSearch={listSearch} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadRow({ lead, listSearch }: { lead: LeadSummary; listSearch: string }) {
  const state: FromList = { listSearch };
  const to = `/leads/${encodeURIComponent(lead.id)}`;
  if (lead.erased)
    return (
      <tr className="admin-row--erased">
        <td>
          <Age iso={lead.createdAt} />
        </td>
        <td className="admin-text">{lead.formTitle}</td>
        <td>
          <Link to={to} state={state}>
            Erased
          </Link>
        </td>
        <td colSpan={6}>
          <span className="admin-muted">
            Erased by <span className="admin-text">{lead.erased.by}</span> <Age iso={lead.erased.at} />
          </span>
        </td>
      </tr>
    );
  return (
    <tr className={lead.spam ? 'admin-row--spam' : undefined}>
      <td>
        <Age iso={lead.createdAt} />
      </td>
      <td className="admin-text">{lead.formTitle}</td>
      <td className="admin-text">
        <Link to={to} state={state}>
          {lead.name || lead.email || 'No name given'}
        </Link>
      </td>
      <td className="admin-text">{lead.email ?? '—'}</td>
      <td className="admin-text">{lead.urgency ?? '—'}</td>
      <td>
        <span className={`admin-badge admin-badge--${lead.status}`}>{STATUS_LABELS[lead.status]}</span>
      </td>
      <td>
        <DueCell lead={lead} />
      </td>
      <td className="admin-text">{lead.assignee ?? <span className="admin-muted">Unassigned</span>}</td>
      <td>{lead.spam ? <span className="admin-badge admin-badge--spam">Spam</span> : <span className="visually-hidden">Not spam</span>}</td>
    </tr>
  );
}
