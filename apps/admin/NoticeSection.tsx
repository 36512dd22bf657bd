// A takedown notice request's notices, per host: the text to copy, download or send by e-mail (only
// when someone presses the button), the recipient from the directory, and where the host stands,
// from "to send" to removed. Every notice is shown as text, never as markup.
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  NOTICE_STATUS_LABELS,
  NOTICE_STATUSES,
  type NoticeBoard,
  type NoticeHostView,
  type NoticePart,
  type NoticeStatus,
} from '../../contracts/notice-contract';
import { InboxError } from './inbox-client';
import { ErrorBox, useInbox } from './inbox-context';
import { changeNoticeHost, fetchNotices, noticeTextHref, sendNotice } from './notice-client';
import { Age, FullDate } from './times';

type Loading = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; board: NoticeBoard };

const messageOf = (err: unknown) => (err instanceof InboxError ? err.message : String(err));
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "2 of 4 hosts done, 3 sent": how far a request has got, in the lead and the list alike. */
export function progressText(p: { hosts: number; sent: number; done: number }): string {
  return `${p.done} of ${plural(p.hosts, 'host', 'hosts')} done, ${p.sent} sent`;
}

export function NoticeSection({ leadId }: { leadId: string }) {
  const { announce } = useInbox();
  const [state, setState] = useState<Loading>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchNotices(leadId).then(
      (board) => live && setState({ kind: 'loaded', board }),
      (err: unknown) => live && setState({ kind: 'failed', message: messageOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [leadId]);

  /** Runs one change; the answer is the board as it now is. A second press while one is out is ignored. */
  async function run(action: () => Promise<NoticeBoard>, done: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      setState({ kind: 'loaded', board: await action() });
      announce(done);
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="notices-heading" className="admin-panel admin-notices">
      <h2 id="notices-heading">Takedown notices</h2>
      {state.kind === 'loading' && (
        <p className="admin-loading" role="status">
          Loading the notices…
        </p>
      )}
      {state.kind === 'failed' && <ErrorBox message={state.message} />}
      {error && <ErrorBox message={error} />}
      {state.kind === 'loaded' && (
        <>
          <p className="admin-notices__progress">{progressText(state.board.progress)}.</p>
          {state.board.hosts.map((host) => (
            <NoticeHost
              key={host.host}
              host={host}
              leadId={leadId}
              busy={busy}
              onStatus={(change) =>
                run(() => changeNoticeHost(leadId, host.host, change), `${host.displayHost}: ${NOTICE_STATUS_LABELS[change.status]}.`)
              }
              onSend={() => run(() => sendNotice(leadId, host.host), `${host.displayHost}: notice on its way by e-mail.`)}
              onCopied={(what) => announce(what)}
            />
          ))}
        </>
      )}
    </section>
  );
}

function NoticeHost({
  host,
  leadId,
  busy,
  onStatus,
  onSend,
  onCopied,
}: {
  host: NoticeHostView;
  leadId: string;
  busy: boolean;
  onStatus: (change: { status: NoticeStatus; counterNoticeOn?: string }) => Promise<boolean>;
  onSend: () => Promise<boolean>;
  onCopied: (said: string) => void;
}) {
  const id = useId();
  const { recipient } = host;
  return (
    <article aria-labelledby={`${id}-host`} className="admin-notice-host">
      <h3 id={`${id}-host`} className="admin-text">
        <bdi>{host.displayHost}</bdi>
      </h3>
      <dl className="admin-dl">
        {host.displayHost !== host.host && (
          <div className="admin-dl__row">
            <dt>Host as the notice names it</dt>
            <dd className="admin-text">{host.host}</dd>
          </div>
        )}
        <div className="admin-dl__row">
          <dt>Recipient</dt>
          <dd>
            {recipient ? (
              <>
                {recipient.name}
                {recipient.email && (
                  <>
                    {' '}
                    (<span className="admin-text">{recipient.email}</span>)
                  </>
                )}
                {recipient.webForm && (
                  <>
                    {' '}
                    <a href={recipient.webForm} target="_blank" rel="noopener noreferrer">
                      Open its web form<span className="visually-hidden"> for {recipient.name}</span>
                    </a>
                  </>
                )}
                {recipient.note && <p className="admin-muted">{recipient.note}</p>}
              </>
            ) : (
              <>Unknown host: no entry of the recipient directory takes it. Find the site’s copyright agent or its hosting provider.</>
            )}
          </dd>
        </div>
        <div className="admin-dl__row">
          <dt>Addresses</dt>
          <dd>
            {plural(host.urls, 'address', 'addresses')} in {plural(host.notices.length, 'notice', 'notices')}
          </dd>
        </div>
        <div className="admin-dl__row">
          <dt>Status</dt>
          <dd>
            <span className={`admin-badge admin-badge--notice-${host.status}`}>{NOTICE_STATUS_LABELS[host.status]}</span>
            <StatusDetail host={host} />
          </dd>
        </div>
      </dl>
      <NoticeStatusForm host={host} busy={busy} onSave={onStatus} />
      {host.sendBlocked === null ? (
        <p>
          <button type="button" className="button button--primary" aria-disabled={busy} onClick={() => void onSend()}>
            Send by e-mail to {recipient?.email}
          </button>
        </p>
      ) : (
        <p className="admin-muted">{host.sendBlocked}</p>
      )}
      {host.notices.map((notice) => (
        <NoticeText key={notice.part} leadId={leadId} host={host} notice={notice} onCopied={onCopied} />
      ))}
    </article>
  );
}

function StatusDetail({ host }: { host: NoticeHostView }) {
  return (
    <>
      {host.sentAt && (
        <>
          {' '}
          Sent <Age iso={host.sentAt} />
          {host.sentTo ? (
            <>
              {' '}
              by e-mail to <span className="admin-text">{host.sentTo}</span>
            </>
          ) : (
            ' outside the inbox'
          )}
          .
        </>
      )}
      {host.statusAt && host.changedBy && (
        <>
          {' '}
          Last changed by <span className="admin-text">{host.changedBy}</span> on <FullDate iso={host.statusAt} />.
        </>
      )}
      {host.counterNoticeOn && host.restoreWindow && (
        <p>
          Counter-notice received on {host.counterNoticeOn}. The host may put the material back between {host.restoreWindow.earliest} and{' '}
          {host.restoreWindow.latest} (10 to 14 business days later, weekends skipped, public holidays not counted), unless it hears that a
          court action was filed.
        </p>
      )}
    </>
  );
}

function NoticeStatusForm({
  host,
  busy,
  onSave,
}: {
  host: NoticeHostView;
  busy: boolean;
  onSave: (change: { status: NoticeStatus; counterNoticeOn?: string }) => Promise<boolean>;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<NoticeStatus>(host.status);
  const [day, setDay] = useState(host.counterNoticeOn ?? '');
  // A saved status becomes the choice shown; not by remounting, which would drop the focus on Save.
  const [shown, setShown] = useState(host.status);
  if (host.status !== shown) {
    setShown(host.status);
    setChosen(host.status);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSave(chosen === 'counter_notice' ? { status: chosen, counterNoticeOn: day } : { status: chosen });
  }
  return (
    <form className="admin-inline-form" onSubmit={onSubmit} aria-label={`Status of ${host.displayHost}`}>
      <div className="admin-field">
        <label htmlFor={`${id}-status`}>New status</label>
        <select className="input" id={`${id}-status`} value={chosen} onChange={(e) => setChosen(e.currentTarget.value as NoticeStatus)}>
          {NOTICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {NOTICE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {chosen === 'counter_notice' && (
        <div className="admin-field">
          <label htmlFor={`${id}-day`}>Counter-notice received on</label>
          <input className="input" id={`${id}-day`} type="date" required value={day} onChange={(e) => setDay(e.currentTarget.value)} />
        </div>
      )}
      <button type="submit" className="button button--secondary" aria-disabled={busy}>
        Save status<span className="visually-hidden"> of {host.displayHost}</span>
      </button>
    </form>
  );
}

function NoticeText({
  leadId,
  host,
  notice,
  onCopied,
}: {
  leadId: string;
  host: NoticeHostView;
  notice: NoticePart;
  onCopied: (said: string) => void;
}) {
  const id = useId();
  const [copyFailed, setCopyFailed] = useState(false);
  const name = notice.parts > 1 ? `Part ${notice.part} of ${notice.parts}` : 'Notice';
  const which = `${name.toLowerCase()} for ${host.displayHost}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(notice.body);
      setCopyFailed(false);
      onCopied(`Copied the ${which}.`);
    } catch {
      setCopyFailed(true);
    }
  }
  return (
    <div className="admin-notice">
      <h4 id={`${id}-name`}>
        {name}, {plural(notice.count, 'address', 'addresses')}
      </h4>
      <p>
        Subject: <span className="admin-text">{notice.subject}</span>
      </p>
      <pre className="admin-notice__text" tabIndex={0} aria-labelledby={`${id}-name`} data-notice-part={notice.part}>
        {notice.body}
      </pre>
      <p className="admin-notice__actions">
        <button type="button" className="button button--secondary admin-button--small" onClick={() => void copy()}>
          Copy<span className="visually-hidden"> the {which}</span>
        </button>{' '}
        <a className="button button--secondary admin-button--small" href={noticeTextHref(leadId, host.host, notice.part)} download>
          Download as text<span className="visually-hidden"> the {which}</span>
        </a>
      </p>
      {copyFailed && <p role="alert">The browser did not allow copying: select the text above and copy it, or download it.</p>}
    </div>
  );
}
