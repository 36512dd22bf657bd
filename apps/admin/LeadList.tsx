// The list of leads: reply due first, then newest (or another order). The filter lives in the address (the contract's
// readFilter and filterParams), so a copied link opens the same view; "Older leads" adds the next page below. Saved
// views with their counts sit on top, the rarer filters fold away, and rows can be changed a few at a time or by keys.
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { exportHref, fetchLeads, fetchViewCounts, InboxError } from './inbox-client';
import { ErrorBox, useInbox, useTitle } from './inbox-context';
import {
  filterParams,
  INBOX_VIEWS,
  MAX_SEARCH_LENGTH,
  readFilter,
  STATUS_FILTER_LABELS,
  STATUS_LABELS,
  type DueFilter,
  type LeadSort,
  type OwnerFilter,
  type LeadFilter,
  type LeadSummary,
  type SpamFilter,
  type SpamFilterMarks,
  type StatusFilter,
  type ViewCounts,
} from '../../contracts/inbox-contract';
import type { FromList } from './LeadDetail';
import { DueCell } from './due';
import { Age } from './times';
import { BulkActions, type LeadsChanged } from './BulkActions';
import { KeyHelp, useListKeys } from './list-keys';
import { progressText } from './NoticeSection';
import { AdminTable } from './AdminTable';

const SPAM_LABELS: Record<SpamFilter, string> = { exclude: 'Hide spam', include: 'Include spam', only: 'Only spam' };
const DUE_LABELS: Record<DueFilter, string> = { overdue: 'Overdue', soon: 'Due soon (30 min)' };
const OWNER_LABELS: Record<OwnerFilter, string> = { mine: 'Mine', unassigned: 'Unassigned' };
const SORT_LABELS: Record<LeadSort, string> = { due: 'Only New leads, reply due first', newest: 'Newest first' };
/** What each order is called in the list's summary line. */
const ORDER_WORDS: Record<LeadSort | 'default', string> = {
  default: 'reply due first, then newest',
  due: 'reply due first',
  newest: 'newest first',
};

/** Where the list remembers the lead last opened from it, so coming back puts the keyboard there again. */
const LAST_OPENED_KEY = 'inbox:last-opened-lead';

type Listing =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded'; leads: LeadSummary[]; nextCursor: string | null; more: 'idle' | 'loading' | { failed: string } };

/** The filter the panel's fields hold (search aside): open when one is in use that no saved view stands for. */
function panelInUse(filter: LeadFilter): boolean {
  const rest = filterParams({ ...filter, q: undefined });
  return rest.size > 0 && activeView(rest) === undefined;
}

/** The saved view whose filter the address holds exactly (search aside), if any. */
function activeView(params: URLSearchParams): (typeof INBOX_VIEWS)[number] | undefined {
  const asked = [...params]
    .filter(([k]) => k !== 'q')
    .sort()
    .join('&');
  return INBOX_VIEWS.find((v) => [...new URLSearchParams(v.params)].sort().join('&') === asked);
}

export function LeadList() {
  useTitle('Inbox');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = params.toString();
  const { filter, problems } = readFilter(new URLSearchParams(query));
  // The filter the server is asked for: only what readFilter accepted, in the contract's words.
  const asked = filterParams(filter).toString();
  const [listing, setListing] = useState<{ for: string; listing: Listing }>({ for: asked, listing: { kind: 'loading' } });
  const [counts, setCounts] = useState<ViewCounts['counts'] | null>(null);
  const [spamFilter, setSpamFilter] = useState<SpamFilterMarks | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const firstNewRow = useRef<number | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const current: Listing = listing.for === asked ? listing.listing : { kind: 'loading' };

  const refreshCounts = useCallback(() => {
    // The counts help, the list is what matters: a failed count leaves the links without numbers.
    fetchViewCounts().then(
      (answer) => {
        setCounts(answer.counts);
        setSpamFilter(answer.spamFilter);
      },
      () => setCounts(null),
    );
  }, []);

  useEffect(() => {
    let live = true;
    fetchLeads(readFilter(new URLSearchParams(asked)).filter).then(
      (page) =>
        live && setListing({ for: asked, listing: { kind: 'loaded', leads: page.leads, nextCursor: page.nextCursor, more: 'idle' } }),
      (err: unknown) => live && setListing({ for: asked, listing: { kind: 'failed', message: messageOf(err) } }),
    );
    refreshCounts();
    return () => {
      live = false;
    };
  }, [asked, refreshCounts]);

  useEffect(() => {
    // After "Older leads", focus the first of the rows it added, so the keyboard carries on there.
    const index = firstNewRow.current;
    if (index === null || current.kind !== 'loaded' || current.leads.length <= index) return;
    firstNewRow.current = null;
    rowLink(tableRef.current, index)?.focus();
  });

  const cameBack = (location.state as { returnedFrom?: string } | null)?.returnedFrom;
  useEffect(() => {
    // Back from a lead: the keyboard (and the screen) return to the row it was opened from.
    if (current.kind !== 'loaded') return;
    // The lead last opened from the list wins: the browser's Back can bring an older entry's state.
    const id = sessionStorage.getItem(LAST_OPENED_KEY) ?? cameBack;
    sessionStorage.removeItem(LAST_OPENED_KEY);
    const index = current.leads.findIndex((l) => l.id === id);
    if (index < 0) return;
    const link = rowLink(tableRef.current, index);
    link?.focus();
    link?.closest('tr')?.scrollIntoView({ block: 'center' });
  }, [current.kind, cameBack]); // eslint-disable-line react-hooks/exhaustive-deps -- once per loaded list, not per change of its rows

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const next: LeadFilter = {
      form: text('form'),
      status: text('status') as StatusFilter | undefined,
      urgency: text('urgency'),
      spam: (text('spam') ?? 'exclude') as SpamFilter,
      from: text('from'),
      to: text('to'),
      q: text('q'),
      due: text('due') as DueFilter | undefined,
      owner: text('owner') as OwnerFilter | undefined,
      sort: text('sort') as LeadSort | undefined,
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

  /** Rows the server changed (a bulk action or a key): shown as they now are; the counts follow. */
  const onChanged: LeadsChanged = useCallback(
    (changed) => {
      const byId = new Map(changed.map((l) => [l.id, l]));
      setListing((prev) =>
        prev.listing.kind === 'loaded'
          ? { ...prev, listing: { ...prev.listing, leads: prev.listing.leads.map((l) => byId.get(l.id) ?? l) } }
          : prev,
      );
      refreshCounts();
    },
    [refreshCounts],
  );

  const leads = current.kind === 'loaded' ? current.leads : [];
  const shownIds = new Set(leads.map((l) => l.id));
  const selectedShown = new Set([...selected].filter((id) => shownIds.has(id)));
  const openLead = (lead: LeadSummary) => {
    sessionStorage.setItem(LAST_OPENED_KEY, lead.id);
    const state: FromList = { listSearch: query };
    void navigate(`/leads/${encodeURIComponent(lead.id)}`, { state });
  };
  const keys = useListKeys({ leads, tableRef, onChanged, onOpen: openLead });

  const filtered = asked !== '';
  const order = ORDER_WORDS[filter.sort ?? 'default'];

  return (
    <>
      <div className="admin-title-row">
        <h1 tabIndex={-1}>Leads</h1>
        <ViewLinks counts={counts} current={activeView(filterParams(filter))?.id} />
        <div className="admin-title-row__actions">
          <button type="button" className="button button--secondary admin-button--small" onClick={keys.showHelp}>
            Keys <kbd aria-hidden="true">?</kbd>
          </button>
          <a className="button button--secondary admin-button--small" href={exportHref(filter)} download>
            Export CSV<span className="visually-hidden"> of {filtered ? 'the filtered leads' : 'all leads but spam'}</span>
          </a>
        </div>
      </div>
      {filter.quarantine === 'only' && spamFilter && <SpamFilterLine marks={spamFilter} />}
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
      {leads.length > 0 && <BulkActions leads={leads} selected={selectedShown} onSelected={setSelected} onChanged={onChanged} />}
      <LeadTable
        listing={current}
        filtered={filtered}
        tableRef={tableRef}
        listSearch={query}
        order={order}
        byDue={filter.sort === 'due'}
        selected={selectedShown}
        onSelected={setSelected}
        onOpen={(lead) => sessionStorage.setItem(LAST_OPENED_KEY, lead.id)}
      />
      {current.kind === 'loaded' && current.nextCursor && (
        <div className="admin-more">
          <button type="button" className="button button--secondary" onClick={() => void onOlder()} disabled={current.more === 'loading'}>
            {current.more === 'loading' ? 'Loading older leads…' : 'Older leads'}
          </button>
          {typeof current.more === 'object' && <ErrorBox message={current.more.failed} />}
        </div>
      )}
      <KeyHelp dialogRef={keys.helpRef} />
    </>
  );
}

/** The link of the index-th row (its name), which is where the keyboard stands on a row. */
export function rowLink(table: HTMLTableElement | null, index: number): HTMLAnchorElement | null {
  return table?.querySelectorAll<HTMLElement>('tbody tr')[index]?.querySelector<HTMLAnchorElement>('a') ?? null;
}

function messageOf(err: unknown): string {
  return err instanceof InboxError ? err.message : String(err);
}

function ViewLinks({ counts, current }: { counts: ViewCounts['counts'] | null; current: string | undefined }) {
  return (
    <nav className="admin-views" aria-label="Saved views">
      <ul>
        {INBOX_VIEWS.map((view) => (
          <li key={view.id}>
            <Link to={`/?${view.params}`} aria-current={current === view.id ? 'page' : undefined}>
              {view.label}
              {counts && (
                <span className="admin-views__count">
                  <span className="visually-hidden">: </span>
                  {counts[view.id]}
                  <span className="visually-hidden"> {counts[view.id] === 1 ? 'lead' : 'leads'}</span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FilterForm({ filter, onSubmit }: { filter: LeadFilter; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  const { session } = useInbox();
  const formKnown = !filter.form || session.forms.some((f) => f.id === filter.form);
  const urgencyKnown = !filter.urgency || session.urgencies.some((u) => u.value === filter.urgency);
  const inUse = filterParams({ ...filter, q: undefined }).size;
  return (
    <form className="admin-filters" role="search" aria-label="Filter leads" onSubmit={onSubmit}>
      <div className="admin-filters__search">
        <div className="admin-field">
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
          {/* Read with the box; the box's label says enough to the eye. */}
          <p className="visually-hidden" id="filter-q-hint">
            Leads holding every word, as the start of a word.
          </p>
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="button button--primary">
            Show leads
          </button>
          <Link className="admin-reset" to="/">
            Clear filters
          </Link>
        </div>
      </div>
      <details className="admin-filters__more" open={panelInUse(filter)}>
        <summary>More filters{inUse > 0 && ` (${inUse} in use)`}</summary>
        <div className="admin-filters__grid">
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
          <ChoiceFilter name="status" label="Status" any="Any status" labels={STATUS_FILTER_LABELS} value={filter.status} />
          <div className="admin-field">
            <label htmlFor="filter-urgency">Urgency</label>
            <select className="input" id="filter-urgency" name="urgency" defaultValue={filter.urgency ?? ''}>
              <option value="">Any urgency</option>
              {session.urgencies.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.title}
                </option>
              ))}
              {!urgencyKnown && <option value={filter.urgency}>{filter.urgency}</option>}
            </select>
          </div>
          <ChoiceFilter name="owner" label="Owner" any="Anyone" labels={OWNER_LABELS} value={filter.owner} />
          <ChoiceFilter name="due" label="Reply due" any="Any time" labels={DUE_LABELS} value={filter.due} />
          <ChoiceFilter name="spam" label="Spam" labels={SPAM_LABELS} value={filter.spam} />
          <ChoiceFilter name="sort" label="Order" any="Reply due first, then newest" labels={SORT_LABELS} value={filter.sort} />
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
        </div>
      </details>
    </form>
  );
}

/** How much the spam filter has learned from the team's marks, and whether its reasons count yet. */
function SpamFilterLine({ marks }: { marks: SpamFilterMarks }) {
  const votes = marks.spam >= marks.votesAfter && marks.notSpam >= marks.votesAfter;
  return (
    <p className="admin-hint admin-spam-filter" data-testid="spam-filter-marks">
      Spam filter: {marks.spam} spam / {marks.notSpam} not spam marks seen.{' '}
      {votes
        ? 'It adds points to the score of new leads.'
        : `Its reasons are advice worth 0 points until it has seen ${marks.votesAfter} of each.`}
    </p>
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

interface Selection {
  selected: ReadonlySet<string>;
  onSelected: (next: ReadonlySet<string>) => void;
}

function LeadTable({
  listing,
  filtered,
  tableRef,
  listSearch,
  order,
  byDue,
  selected,
  onSelected,
  onOpen,
}: {
  listing: Listing;
  filtered: boolean;
  listSearch: string;
  tableRef: RefObject<HTMLTableElement | null>;
  order: string;
  byDue: boolean;
  onOpen: (lead: LeadSummary) => void;
} & Selection) {
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
          : `Showing ${listing.leads.length === 1 ? '1 lead' : `${listing.leads.length} leads`}, ${order}${listing.nextCursor ? `; ${byDue ? 'later ones' : 'more'} follow` : ''}.`;
  return (
    <>
      <p className="admin-summary" role="status">
        {summary}
      </p>
      {listing.kind === 'failed' && <ErrorBox message={listing.message} />}
      {listing.kind === 'loaded' && listing.leads.length > 0 && (
        <Table
          leads={listing.leads}
          tableRef={tableRef}
          listSearch={listSearch}
          order={order}
          selected={selected}
          onSelected={onSelected}
          onOpen={onOpen}
        />
      )}
    </>
  );
}

function Table({
  leads,
  tableRef,
  listSearch,
  order,
  selected,
  onSelected,
  onOpen,
}: {
  leads: LeadSummary[];
  tableRef: RefObject<HTMLTableElement | null>;
  listSearch: string;
  order: string;
  onOpen: (lead: LeadSummary) => void;
} & Selection) {
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelected(next);
  };
  return (
    <AdminTable
      caption={`Leads, ${order}`}
      className="admin-table--leads"
      tableRef={tableRef}
      columns={[
        { label: 'Selected', hidden: true, className: 'admin-table__pick' },
        'Received',
        'Form',
        'Name',
        'E-mail',
        'Urgency',
        'Status',
        'Reply due',
        'Owner',
        'Spam',
      ]}
    >
      {leads.map((lead) => (
        <LeadRow
          key={lead.id}
          lead={lead}
          listSearch={listSearch}
          picked={selected.has(lead.id)}
          onPick={(on) => toggle(lead.id, on)}
          onOpen={() => onOpen(lead)}
        />
      ))}
    </AdminTable>
  );
}

function LeadRow({
  lead,
  listSearch,
  picked,
  onPick,
  onOpen,
}: {
  lead: LeadSummary;
  listSearch: string;
  picked: boolean;
  onPick: (on: boolean) => void;
  onOpen: () => void;
}) {
  const state: FromList = { listSearch };
  const to = `/leads/${encodeURIComponent(lead.id)}`;
  const shownName = lead.erased ? 'Erased' : lead.name || lead.email || 'No name given';
  const pick = (
    <td className="admin-table__pick">
      {!lead.erased && (
        <input
          type="checkbox"
          className="admin-pick"
          checked={picked}
          onChange={(event) => onPick(event.currentTarget.checked)}
          aria-label={`Select the lead from ${shownName}`}
        />
      )}
    </td>
  );
  if (lead.erased)
    return (
      <tr className="admin-row--erased">
        {pick}
        <td>
          <Age iso={lead.createdAt} />
        </td>
        <td className="admin-text">{lead.formTitle}</td>
        <td>
          <Link to={to} state={state} onClick={onOpen}>
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
    <tr className={[lead.spam && 'admin-row--spam', picked && 'admin-row--picked'].filter(Boolean).join(' ') || undefined}>
      {pick}
      <td>
        <Age iso={lead.createdAt} />
      </td>
      <td className="admin-text">
        {lead.formTitle}
        {lead.notice && <span className="admin-muted admin-notice-progress"> ({progressText(lead.notice)})</span>}
      </td>
      <td className="admin-text">
        <Link to={to} state={state} onClick={onOpen}>
          {shownName}
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
