// The conversion view: for a period, which pages, campaigns and referring sites bring leads, and
// how each form's leads stand. The period lives in the address (?from&to), so a copied link shows the same.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { conversionCsvHref, fetchConversion, InboxError } from './inbox-client';
import { ErrorBox, useInbox, useTitle } from './inbox-context';
import {
  CONVERSION_DEFAULT_DAYS,
  filterParams,
  OTHER_SOURCES,
  type ConversionReport,
  type LeadFilter,
} from '../../contracts/inbox-contract';
import { REMOVAL_BANDS } from '../../contracts/notice-contract';
import { AdminTable } from './AdminTable';

type Loading = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; report: ConversionReport };

/** Most bars the chart draws; the table lists every row. */
const CHART_ROWS = 8;

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);
const count = (n: number) => n.toLocaleString('en-GB');

export function Conversion() {
  useTitle('Conversion');
  const [params, setParams] = useSearchParams();
  const period = new URLSearchParams();
  for (const key of ['from', 'to']) {
    const value = params.get(key);
    if (value) period.set(key, value);
  }
  const asked = period.toString();
  const [state, setState] = useState<{ for: string; loading: Loading }>({ for: asked, loading: { kind: 'loading' } });
  const current: Loading = state.for === asked ? state.loading : { kind: 'loading' };

  useEffect(() => {
    let live = true;
    fetchConversion(new URLSearchParams(asked)).then(
      (report) => live && setState({ for: asked, loading: { kind: 'loaded', report } }),
      (err: unknown) =>
        live && setState({ for: asked, loading: { kind: 'failed', message: err instanceof InboxError ? err.message : String(err) } }),
    );
    return () => {
      live = false;
    };
  }, [asked]);

  function onPeriod(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['from', 'to']) {
      const value = String(data.get(key) ?? '');
      if (value) next.set(key, value);
    }
    setParams(next);
  }

  const report = current.kind === 'loaded' ? current.report : null;
  return (
    <>
      <div className="admin-title-row">
        <h1 tabIndex={-1}>Conversion</h1>
        {report && (
          <a
            className="button button--secondary"
            href={conversionCsvHref(new URLSearchParams({ from: report.from, to: report.to }))}
            download
          >
            Download CSV<span className="visually-hidden"> of the conversion tables</span>
          </a>
        )}
      </div>
      <p>
        Which pages, campaigns and sites bring leads. Views are counted by the server as it answers each page, without cookies and without
        robots; a lead counts on the page its form was on. The last {CONVERSION_DEFAULT_DAYS} days unless you choose. Days are UTC.
      </p>
      <form className="admin-filters" aria-label="Period" onSubmit={onPeriod} key={asked}>
        <div className="admin-field">
          <label htmlFor="period-from">From</label>
          <input className="input" id="period-from" name="from" type="date" defaultValue={report?.from ?? params.get('from') ?? ''} />
        </div>
        <div className="admin-field">
          <label htmlFor="period-to">Until</label>
          <input className="input" id="period-to" name="to" type="date" defaultValue={report?.to ?? params.get('to') ?? ''} />
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="button button--primary">
            Show period
          </button>
        </div>
      </form>
      {current.kind === 'loading' && (
        <p className="admin-loading" role="status">
          Loading the figures…
        </p>
      )}
      {current.kind === 'failed' && <ErrorBox message={current.message} />}
      {report && <Report report={report} />}
    </>
  );
}

function Report({ report }: { report: ConversionReport }) {
  const { session } = useInbox();
  const inPeriod: LeadFilter = { spam: 'exclude', from: report.from, to: report.to };
  const leadsHref = (more: Partial<LeadFilter>) => `/?${filterParams({ ...inPeriod, ...more }).toString()}`;
  const formTitle = (id: string) => session.forms.find((f) => f.id === id)?.title ?? id;
  return (
    <>
      <section aria-labelledby="pages-heading" className="admin-panel">
        <h2 id="pages-heading">Pages</h2>
        {report.pages.length === 0 ? (
          <p className="admin-empty">No page views or leads in this period.</p>
        ) : (
          <>
            <RateChart
              title="Leads per 100 views, by page"
              rows={report.pages
                .filter((p) => p.rate !== null)
                .map((p) => ({ name: p.path, rate: p.rate!, leads: p.leads, views: p.views }))}
            />
            <FiguresTable
              caption="Views and leads by page"
              nameHeading="Page"
              viewsHeading="Views"
              rows={report.pages.map((p) => ({ key: p.path, name: p.path, href: p.leads > 0 ? leadsHref({ page: p.path }) : null, ...p }))}
            />
            <Omitted count={report.omitted.pages} what="pages" />
          </>
        )}
      </section>

      <section aria-labelledby="campaigns-heading" className="admin-panel">
        <h2 id="campaigns-heading">Campaigns</h2>
        <p>
          Arrivals on an address carrying campaign parameters (utm_source, utm_medium, utm_campaign), and the leads sent from such a page.
        </p>
        {report.campaigns.length === 0 ? (
          <p className="admin-empty">No campaign arrivals or leads in this period.</p>
        ) : (
          <>
            <RateChart
              title="Leads per 100 arrivals, by campaign"
              rows={report.campaigns
                .filter((c) => c.rate !== null)
                .map((c) => ({ name: campaignLabel(c), rate: c.rate!, leads: c.leads, views: c.views }))}
            />
            <FiguresTable
              caption="Arrivals and leads by campaign (source / medium / campaign)"
              nameHeading="Campaign (source / medium / campaign)"
              viewsHeading="Arrivals"
              rows={report.campaigns.map((c) => ({
                key: campaignLabel(c),
                name: campaignLabel(c),
                href: c.utmCampaign && c.leads > 0 ? leadsHref({ campaign: c.utmCampaign }) : null,
                ...c,
              }))}
            />
            <Omitted count={report.omitted.campaigns} what="campaigns" />
          </>
        )}
      </section>

      <section aria-labelledby="referrers-heading" className="admin-panel">
        <h2 id="referrers-heading">Referring sites</h2>
        <p>
          Arrivals from a link on another site, by its host. A lead names its referring site when it was sent with JavaScript; a form sent
          without it records its page and campaign only.
        </p>
        {report.referrers.length === 0 ? (
          <p className="admin-empty">No arrivals from other sites in this period.</p>
        ) : (
          <>
            <FiguresTable
              caption="Arrivals and leads by referring site"
              nameHeading="Site"
              viewsHeading="Arrivals"
              rows={report.referrers.map((r) => ({
                key: r.host,
                name: r.host === OTHER_SOURCES ? OTHER_SITES : r.host,
                href: r.leads > 0 ? leadsHref({ referrer: r.host }) : null,
                ...r,
              }))}
            />
            <Omitted count={report.omitted.referrers} what="referring sites" />
          </>
        )}
      </section>

      <section aria-labelledby="forms-heading" className="admin-panel">
        <h2 id="forms-heading">Forms</h2>
        {report.forms.length === 0 ? (
          <p className="admin-empty">No leads in this period.</p>
        ) : (
          <AdminTable
            caption="Leads by form and status"
            columns={['Form', 'New', 'In progress', 'Done', 'Spam', 'Answered within the promise']}
          >
            {report.forms.map((f) => (
              <tr key={f.formId}>
                <th scope="row" className="admin-text">
                  <Link to={leadsHref({ form: f.formId })}>{formTitle(f.formId)}</Link>
                </th>
                <td>{count(f.new)}</td>
                <td>{count(f.inProgress)}</td>
                <td>{count(f.done)}</td>
                <td>{count(f.spam)}</td>
                <td>
                  {f.promised === 0
                    ? 'None due yet'
                    : `${percent(f.answeredInTime / f.promised)} (${count(f.answeredInTime)} of ${count(f.promised)})`}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      <NoticeFigures notices={report.notices} />
    </>
  );
}

/** Takedown notice requests of the period: how many of their hosts are done, and how long removals took. */
function NoticeFigures({ notices }: { notices: ConversionReport['notices'] }) {
  return (
    <section aria-labelledby="notices-heading" className="admin-panel">
      <h2 id="notices-heading">Takedown notices</h2>
      {notices.requests === 0 ? (
        <p className="admin-empty">No takedown notice requests in this period.</p>
      ) : (
        <>
          <p>
            {count(notices.requests)} notice requests received in this period. A host is done once it removed the material or refused to.
          </p>
          <AdminTable caption="Requests by how many of their hosts are done" captionShown columns={['Hosts done', 'Requests']}>
            <tr>
              <th scope="row">None yet</th>
              <td>{count(notices.completeness.none)}</td>
            </tr>
            <tr>
              <th scope="row">Some</th>
              <td>{count(notices.completeness.some)}</td>
            </tr>
            <tr>
              <th scope="row">All</th>
              <td>{count(notices.completeness.all)}</td>
            </tr>
          </AdminTable>
          <AdminTable
            caption="Days to removal"
            captionShown
            columns={['Days', 'Hosts removed (from the notice sent)', 'Requests with every host removed (from the request received)']}
          >
            {REMOVAL_BANDS.map((band, i) => (
              <tr key={band.label}>
                <th scope="row">{band.label}</th>
                <td>{count(notices.removals[i] ?? 0)}</td>
                <td>{count(notices.requestsRemoved[i] ?? 0)}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </section>
  );
}

const OTHER_CAMPAIGNS = "Other campaigns (past the day's limit)";
const OTHER_SITES = "Other sites (past the day's limit)";
const campaignLabel = (c: ConversionReport['campaigns'][number]) =>
  c.utmSource === OTHER_SOURCES && !c.utmMedium && !c.utmCampaign
    ? OTHER_CAMPAIGNS
    : [c.utmSource, c.utmMedium, c.utmCampaign].map((p) => p ?? '–').join(' / ');

/** Said under a table cut at CONVERSION_MAX_ROWS: what is left out, and how to see it. */
function Omitted({ count, what }: { count: number; what: string }) {
  if (count === 0) return null;
  return (
    <p>
      {count.toLocaleString('en')} more {what}, with fewer leads and views, are not shown; choose a shorter period to see them.
    </p>
  );
}

interface FigureRow {
  key: string;
  name: string;
  /** The inbox filtered to these leads; null when there are none to show. */
  href: string | null;
  views: number;
  leads: number;
  rate: number | null;
}

function FiguresTable({
  caption,
  nameHeading,
  viewsHeading,
  rows,
}: {
  caption: string;
  nameHeading: string;
  viewsHeading: string;
  rows: FigureRow[];
}) {
  return (
    <AdminTable caption={caption} columns={[nameHeading, viewsHeading, 'Leads', 'Rate']}>
      {rows.map((r) => (
        <tr key={r.key}>
          <th scope="row" className="admin-text">
            {r.href ? (
              <Link to={r.href}>
                {r.name}
                <span className="visually-hidden">: show its leads</span>
              </Link>
            ) : (
              r.name
            )}
          </th>
          <td>{count(r.views)}</td>
          <td>{count(r.leads)}</td>
          <td>{percent(r.rate)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * Horizontal bars of each row's rate, the highest first, scaled to the highest shown. The table
 * below holds the same figures, so the drawing is one image with a description, not a second table.
 */
function RateChart({ title, rows }: { title: string; rows: Array<{ name: string; rate: number; leads: number; views: number }> }) {
  const shown = [...rows].sort((a, b) => b.rate - a.rate).slice(0, CHART_ROWS);
  if (shown.length === 0) return null;
  const top = Math.max(...shown.map((r) => r.rate)) || 1;
  const rowHeight = 28;
  const labelWidth = 260;
  const barWidth = 300;
  const height = shown.length * rowHeight + 4;
  const description = shown.map((r) => `${r.name}: ${percent(r.rate)}`).join('; ');
  return (
    <figure className="admin-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${labelWidth + barWidth + 80} ${height}`} role="img" aria-label={`${title}. ${description}`} width="100%">
        {shown.map((r, i) => {
          const y = i * rowHeight + 2;
          const width = Math.max(1, (r.rate / top) * barWidth);
          return (
            <g key={r.name}>
              <text x={labelWidth - 8} y={y + 18} textAnchor="end" className="admin-chart__label">
                {r.name.length > 34 ? `${r.name.slice(0, 33)}…` : r.name}
              </text>
              <rect x={labelWidth} y={y + 4} width={width} height={rowHeight - 10} rx="3" className="admin-chart__bar" />
              <text x={labelWidth + width + 6} y={y + 18} className="admin-chart__value">
                {percent(r.rate)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
