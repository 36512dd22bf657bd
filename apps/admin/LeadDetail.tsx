// One lead: its fields under the form's labels, where it came from, what was sent about it, and
// what the team does with it (status, spam, notes, erasure). Every value is shown as text.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { addNote, changeLead, eraseLead, fetchLead, InboxError, releaseLead, sendReply } from './inbox-client';
import { ErrorBox, useInbox, useTitle } from './inbox-context';
import { EvidenceFiles } from './EvidenceFiles';
import {
  LEAD_STATUSES,
  MAX_NOTE_LENGTH,
  MAX_REPLY_LENGTH,
  MAX_REPLY_SUBJECT_LENGTH,
  STATUS_LABELS,
  type LeadDetail,
  type LeadMessage,
  type LeadNotification,
  type ReplyRequest,
  type TimelineEvent,
  type LeadStatus,
  type Quarantine,
  type QuarantineReason,
  type SpamChecks,
} from '../../contracts/inbox-contract';
import { DueSummary } from './due';
import { LinkedText } from './linked-text';
import { ACTION_LABELS } from './AuditLog';
import { formatTeamTime } from '../../engine/content/reply-promise';
import { Age, FullDate } from './times';
import { NoticeSection } from './NoticeSection';
import { NOTICE_RULE_PREFIX } from '../../contracts/notice-contract';
import { AdminTable } from './AdminTable';

type Loading = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; detail: LeadDetail };

/** Where the list's links come from, so "Back to the leads" returns to the same filter. */
export interface FromList {
  listSearch?: string;
}

export function LeadDetailView() {
  const { id = '' } = useParams();
  const location = useLocation();
  const listSearch = (location.state as FromList | null)?.listSearch ?? '';
  const [loaded, setLoaded] = useState<{ for: string; state: Loading }>({ for: id, state: { kind: 'loading' } });
  const state: Loading = loaded.for === id ? loaded.state : { kind: 'loading' };

  useEffect(() => {
    let live = true;
    fetchLead(id).then(
      (detail) => live && setLoaded({ for: id, state: { kind: 'loaded', detail } }),
      (err: unknown) =>
        live && setLoaded({ for: id, state: { kind: 'failed', message: err instanceof InboxError ? err.message : String(err) } }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const detail = state.kind === 'loaded' ? state.detail : null;
  const sender = detail && !detail.lead.erased ? detail.lead.name || detail.lead.email || 'an unnamed sender' : null;
  const heading = !detail ? 'Lead' : detail.lead.erased ? 'Erased lead' : `Lead from ${sender}`;
  useTitle(heading);

  return (
    <>
      <p className="admin-back">
        <Link to={listSearch ? `/?${listSearch}` : '/'} state={{ returnedFrom: id }}>
          Back to the leads
        </Link>
      </p>
      <h1 tabIndex={-1} className="admin-text">
        {/* bdi: a sender's right-to-left override cannot turn the words around it. */}
        {sender === null ? (
          heading
        ) : (
          <>
            Lead from <bdi>{sender}</bdi>
          </>
        )}
      </h1>
      {state.kind === 'loading' && (
        <p className="admin-loading" role="status">
          Loading the lead…
        </p>
      )}
      {state.kind === 'failed' && <ErrorBox message={state.message} />}
      {detail && <LeadBody detail={detail} onChange={(next) => setLoaded({ for: id, state: { kind: 'loaded', detail: next } })} />}
    </>
  );
}

function LeadBody({ detail, onChange }: { detail: LeadDetail; onChange: (detail: LeadDetail) => void }) {
  const { announce } = useInbox();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { lead } = detail;

  /** Runs one change; the answer is the lead as it now is. */
  async function run(action: () => Promise<LeadDetail>, done: (next: LeadDetail) => string): Promise<boolean> {
    // The buttons stay enabled while a change is out (a disabled button drops the keyboard's focus), so a second press is ignored here.
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      const next = await action();
      onChange(next);
      announce(done(next));
      return true;
    } catch (err) {
      setError(err instanceof InboxError ? err.message : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** A change made through one of the lead's forms: what it sends for this lead with the form's value, and what is announced once made. */
  const change =
    <T,>(send: (id: string, value: T) => Promise<LeadDetail>, done: (next: LeadDetail) => string) =>
    (value: T) =>
      run(() => send(lead.id, value), done);

  return (
    <div className="admin-detail">
      {error && <ErrorBox message={error} />}
      {lead.spamChecks && !lead.erased && <SpamChecksSection checks={lead.spamChecks} />}
      {lead.quarantine && !lead.erased && (
        <QuarantineSection
          quarantine={lead.quarantine}
          busy={busy}
          onRelease={() =>
            void run(
              () => releaseLead(lead.id),
              () => 'Released: the team’s notifications are on their way.',
            )
          }
        />
      )}
      {lead.erased ? (
        <section aria-labelledby="tombstone-heading" className="admin-panel admin-tombstone">
          <h2 id="tombstone-heading">Erased</h2>
          <p>
            This lead’s fields were erased by <span className="admin-text">{lead.erased.by}</span> on <FullDate iso={lead.erased.at} />.
            Only this record remains.
          </p>
        </section>
      ) : (
        <section aria-labelledby="fields-heading" className="admin-panel">
          <h2 id="fields-heading">What they sent</h2>
          {detail.fields.length === 0 ? (
            <p>No fields were stored with this lead.</p>
          ) : (
            <dl className="admin-dl">
              {detail.fields.map((field) => (
                <div key={field.name} className="admin-dl__row">
                  <dt className="admin-text">{field.label}</dt>
                  <dd className="admin-text">
                    <LinkedText text={field.value} />
                    {field.name === 'email' && detail.reply.to === field.value && !detail.reply.blocked && (
                      <>
                        {' '}
                        <a href="#reply-body" className="admin-reply-link">
                          Reply in the inbox
                        </a>
                      </>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      )}

      {lead.notice && !lead.erased && <NoticeSection leadId={lead.id} />}
      <EvidenceFiles leadId={lead.id} erased={lead.erased !== null} />

      <section aria-labelledby="conversation-heading" className="admin-panel">
        <h2 id="conversation-heading">Conversation</h2>
        <Messages messages={detail.messages} />
        {!lead.erased && <ReplyForm detail={detail} busy={busy} onSend={change(sendReply, () => 'Reply on its way to the visitor.')} />}
      </section>

      {!lead.erased && (
        <section aria-labelledby="triage-heading" className="admin-panel">
          <h2 id="triage-heading">Triage</h2>
          <DueSummary lead={lead} />
          <StatusForm
            status={lead.status}
            busy={busy}
            onSave={change(
              (id, status: LeadStatus) => changeLead(id, { status }),
              (next) => `Status set to ${STATUS_LABELS[next.lead.status]}.`,
            )}
          />
          <OwnerForm
            assignee={lead.assignee}
            busy={busy}
            onSave={change(
              (id, assignee: string | null) => changeLead(id, { assignee }),
              (next) => (next.lead.assignee ? `Owner set to ${next.lead.assignee}.` : 'The lead has no owner now.'),
            )}
          />
          <div className="admin-spam">
            <p>{lead.spam ? 'This lead is marked as spam, so the inbox hides it unless asked.' : 'This lead is not marked as spam.'}</p>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy}
              onClick={() =>
                void run(
                  () => changeLead(lead.id, { spam: !lead.spam }),
                  (next) => (next.lead.spam ? 'Marked as spam.' : 'Marked as not spam.'),
                )
              }
            >
              {lead.spam ? 'Not spam' : 'Mark as spam'}
            </button>
          </div>
        </section>
      )}

      <section aria-labelledby="notes-heading" className="admin-panel">
        <h2 id="notes-heading">Notes</h2>
        {detail.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <ul className="admin-notes">
            {detail.notes.map((note) => (
              <li key={note.id} className="admin-note">
                <p className="admin-note__meta">
                  <span className="admin-text">{note.author}</span>, <Age iso={note.createdAt} />
                </p>
                <p className="admin-text">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
        {!lead.erased && <NoteForm busy={busy} onAdd={change(addNote, () => 'Note added.')} />}
      </section>

      <section aria-labelledby="timeline-heading" className="admin-panel">
        <h2 id="timeline-heading">Timeline</h2>
        <Timeline events={detail.timeline} />
      </section>

      <section aria-labelledby="meta-heading" className="admin-panel">
        <h2 id="meta-heading">Where it came from</h2>
        <dl className="admin-dl">
          <Row label="Received">
            <FullDate iso={lead.createdAt} /> (<Age iso={lead.createdAt} />)
          </Row>
          <Row label="Form">
            {lead.formTitle}
            {lead.formId && lead.formId !== lead.formTitle ? ` (${lead.formId})` : ''}
          </Row>
          <Row label="Page">{detail.source?.page ?? 'Not recorded'}</Row>
          <Row label="Campaign">{campaignText(detail.source)}</Row>
          <Row label="Referring site">{detail.source?.referrerHost ?? 'None known'}</Row>
          <Row label="Status">{STATUS_LABELS[lead.status]}</Row>
          <Row label="Owner">{lead.assignee ?? 'Nobody'}</Row>
          <Row label="Spam">{lead.spam ? 'Yes' : 'No'}</Row>
          <Row label="Endpoint">{detail.meta.endpoint}</Row>
          <Row label="Idempotency key">{detail.meta.idempotencyKey ?? 'None'}</Row>
          <Row label="User agent">{detail.meta.userAgent ?? 'Not recorded'}</Row>
        </dl>
      </section>

      <section aria-labelledby="notifications-heading" className="admin-panel">
        <h2 id="notifications-heading">Notifications</h2>
        <Notifications notifications={detail.notifications} />
      </section>

      {!lead.erased && (
        <EraseSection
          busy={busy}
          onErase={() =>
            run(
              () => eraseLead(lead.id),
              () => 'The lead was erased.',
            )
          }
        />
      )}
    </div>
  );
}

/** The campaign's three parameters as one line: "newsletter / email / november"; the missing ones are said so. */
function campaignText(source: LeadDetail['source']): string {
  if (!source || (source.utmSource ?? source.utmMedium ?? source.utmCampaign) === null) return 'None';
  const parts = [source.utmSource, source.utmMedium, source.utmCampaign];
  return `${parts.map((p) => p ?? '–').join(' / ')} (source / medium / campaign)`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-dl__row">
      <dt>{label}</dt>
      <dd className="admin-text">{children}</dd>
    </div>
  );
}

function StatusForm({ status, busy, onSave }: { status: LeadStatus; busy: boolean; onSave: (status: LeadStatus) => Promise<boolean> }) {
  const [chosen, setChosen] = useState<LeadStatus>(status);
  // A saved status becomes the choice shown; not by remounting, which would drop the focus on Save.
  const [shown, setShown] = useState<LeadStatus>(status);
  if (status !== shown) {
    setShown(status);
    setChosen(status);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen !== status) void onSave(chosen);
  }
  return (
    <form className="admin-status-form" onSubmit={onSubmit}>
      <fieldset>
        <legend>Status</legend>
        <div className="admin-radios">
          {LEAD_STATUSES.map((s) => (
            <label key={s} className="admin-radio">
              <input type="radio" name="status" value={s} checked={chosen === s} onChange={() => setChosen(s)} />
              {STATUS_LABELS[s]}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--primary" aria-disabled={busy}>
        Save status
      </button>
    </form>
  );
}

/** Who owns the lead: "Take it" for oneself, or any team member (or nobody) from the list. */
function OwnerForm({
  assignee,
  busy,
  onSave,
}: {
  assignee: string | null;
  busy: boolean;
  onSave: (assignee: string | null) => Promise<boolean>;
}) {
  const { session } = useInbox();
  const me = session.user.email;
  const [chosen, setChosen] = useState(assignee ?? '');
  const [shown, setShown] = useState(assignee);
  if (assignee !== shown) {
    setShown(assignee);
    setChosen(assignee ?? '');
  }
  // A departed colleague still shows as the owner until someone changes it.
  const team = assignee && !session.team.includes(assignee) ? [...session.team, assignee] : session.team;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen !== (assignee ?? '')) void onSave(chosen || null);
  }
  return (
    <form className="admin-owner-form" onSubmit={onSubmit}>
      <p>
        Owner:{' '}
        {assignee ? (
          <span className="admin-text">
            {assignee}
            {assignee === me ? ' (you)' : ''}
          </span>
        ) : (
          'nobody yet'
        )}
      </p>
      {assignee !== me && (
        <button type="button" className="button button--primary" aria-disabled={busy} onClick={() => void onSave(me)}>
          Take it
        </button>
      )}
      <div className="admin-field">
        <label htmlFor="owner-select">Give to</label>
        <select className="input" id="owner-select" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Nobody</option>
          {team.map((email) => (
            <option key={email} value={email}>
              {email === me ? `${email} (you)` : email}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary" aria-disabled={busy}>
        Save owner
      </button>
    </form>
  );
}

const EVENT_LABELS: Record<TimelineEvent['kind'], string> = { received: 'Received', ...ACTION_LABELS };

/** Oldest first, each moment in the team's time zone with the zone named. */
function Timeline({ events }: { events: TimelineEvent[] }) {
  const { session } = useInbox();
  return (
    <ol className="admin-timeline">
      {events.map((e, i) => (
        <li key={i}>
          <time dateTime={e.at}>{formatTeamTime(new Date(e.at), session.timeZone)}</time>: {EVENT_LABELS[e.kind] ?? e.kind}
          {e.actor ? (
            <>
              {' '}
              by <span className="admin-text">{e.actor}</span>
            </>
          ) : null}{' '}
          (<span className="admin-text">{e.detail}</span>)
        </li>
      ))}
    </ol>
  );
}

function Messages({ messages }: { messages: LeadMessage[] }) {
  if (messages.length === 0) return <p>No reply has been sent from the inbox yet.</p>;
  return (
    <ol className="admin-notes admin-messages">
      {messages.map((m) => (
        <li key={m.id} className={`admin-note admin-message admin-message--${m.direction}`}>
          <p className="admin-note__meta">
            {m.direction === 'out' ? 'Reply from ' : 'Answer from '}
            <span className="admin-text">{m.author}</span>, <FullDate iso={m.createdAt} /> (<Age iso={m.createdAt} />)
          </p>
          <p className="admin-text admin-message__subject">
            Subject: <bdi>{m.subject}</bdi>
          </p>
          <p className="admin-text">
            <LinkedText text={m.body} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Plain text to the visitor, from the team's address; a saved reply fills the subject and text, which stay editable. */
function ReplyForm({ detail, busy, onSend }: { detail: LeadDetail; busy: boolean; onSend: (reply: ReplyRequest) => Promise<boolean> }) {
  const { reply, savedReplies } = detail;
  const [chosen, setChosen] = useState('');
  const [subject, setSubject] = useState(reply.subject);
  const [body, setBody] = useState('');
  if (reply.blocked) return <p className="admin-reply-blocked">{reply.blocked}</p>;
  function applySaved() {
    const saved = savedReplies.find((r) => r.id === chosen);
    if (!saved) return;
    setSubject(saved.subject);
    setBody(saved.body);
    document.getElementById('reply-body')?.focus();
  }
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body.trim() || !subject.trim()) return;
    if (await onSend({ subject, body })) {
      setBody('');
      setChosen('');
    }
  }
  return (
    <form className="admin-form admin-reply-form" onSubmit={(event) => void onSubmit(event)}>
      <h3>Reply to the visitor</h3>
      <p>
        To: <span className="admin-text">{reply.to}</span>
      </p>
      {savedReplies.length > 0 && (
        <div className="admin-saved-reply">
          <div className="admin-field">
            <label htmlFor="saved-reply">Saved reply</label>
            <select className="input" id="saved-reply" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose a saved reply</option>
              {savedReplies.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button button--secondary" onClick={applySaved}>
            Use this reply
          </button>
        </div>
      )}
      <div className="admin-field">
        <label htmlFor="reply-subject">Subject</label>
        <input
          className="input"
          id="reply-subject"
          name="subject"
          required
          maxLength={MAX_REPLY_SUBJECT_LENGTH}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </div>
      <BodyField id="reply-body" label="Your reply" rows={10} maxLength={MAX_REPLY_LENGTH} value={body} onChange={setBody}>
        Plain text, sent from the team’s address. The visitor’s answer comes back to this lead. Sending the first reply stops the reply
        clock.
      </BodyField>
      <button type="submit" className="button button--primary" aria-disabled={busy}>
        Send reply
      </button>
    </form>
  );
}

/** The text a reply or a note sends as its body, with the hint under it that says where it goes. */
function BodyField({
  id,
  label,
  rows,
  maxLength,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  rows: number;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        className="input"
        id={id}
        name="body"
        rows={rows}
        required
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p className="admin-hint" id={`${id}-hint`}>
        {children}
      </p>
    </div>
  );
}

function NoteForm({ busy, onAdd }: { busy: boolean; onAdd: (body: string) => Promise<boolean> }) {
  const [body, setBody] = useState('');
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body.trim()) return;
    if (await onAdd(body)) setBody('');
  }
  return (
    <form className="admin-form admin-note-form" onSubmit={(event) => void onSubmit(event)}>
      <BodyField id="note-body" label="Add a note" rows={4} maxLength={MAX_NOTE_LENGTH} value={body} onChange={setBody}>
        Seen by everyone with an inbox account. Up to {MAX_NOTE_LENGTH.toLocaleString('en')} characters.
      </BodyField>
      <button type="submit" className="button button--primary" aria-disabled={busy}>
        Add note
      </button>
    </form>
  );
}

const CHANNEL_LABELS: Record<LeadNotification['channel'], string> = {
  email: 'E-mail to the team',
  'auto-reply': 'Auto-reply',
  webhook: 'Webhook',
  reply: 'Reply to the visitor',
};
const DELIVERY_LABELS: Record<LeadNotification['status'], string> = {
  pending: 'Waiting to be sent',
  done: 'Sent',
  dead: 'Gave up',
};

function Notifications({ notifications }: { notifications: LeadNotification[] }) {
  if (notifications.length === 0) return <p>Nothing was sent about this lead.</p>;
  return (
    <AdminTable caption="Notifications about this lead" columns={['Channel', 'Rule', 'Status', 'Attempts', 'Last error', 'Finished']}>
      {notifications.map((n, index) => (
        <tr key={index}>
          <td>
            {n.channel === 'reply' && n.rule.startsWith(NOTICE_RULE_PREFIX) ? 'Takedown notice' : (CHANNEL_LABELS[n.channel] ?? n.channel)}
          </td>
          <td className="admin-text">{n.rule}</td>
          <td>
            <span className={`admin-badge admin-badge--delivery-${n.status}`}>{DELIVERY_LABELS[n.status] ?? n.status}</span>
          </td>
          <td>{n.attempts}</td>
          <td className="admin-text">{n.lastError ?? '—'}</td>
          <td>{n.finishedAt ? <Age iso={n.finishedAt} /> : '—'}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Each spam signal a lead was found to hold, with the points it added. */
function SpamReasons({ reasons, caption }: { reasons: readonly QuarantineReason[]; caption: string }) {
  return (
    <table className="admin-table admin-quarantine__reasons">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Reason</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {reasons.map((reason) => (
          <tr key={reason.code}>
            <td className="admin-text">{reason.detail}</td>
            {/* The spam filter's reason is advice until it has seen enough marks: its 0 says so. */}
            <td>{reason.code === 'classifier' && reason.weight === 0 ? '0 (advice)' : reason.weight}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A lead whose score was doubtful but which was let through (its browser did the proof-of-work step): what was found. */
function SpamChecksSection({ checks }: { checks: SpamChecks }) {
  return (
    <section aria-labelledby="spam-checks-heading" className="admin-panel admin-quarantine">
      <h2 id="spam-checks-heading">Spam checks</h2>
      <p>
        This lead scored {checks.score}: doubtful, but below the quarantine threshold, and the visitor’s browser completed the anti-spam
        step, so the team was notified as usual. Mark it as spam if it is.
      </p>
      <SpamReasons reasons={checks.reasons} caption="What the spam checks found" />
    </section>
  );
}

/** Why the lead is held, each reason with its points, and the one button that lets it through. */
function QuarantineSection({ quarantine, busy, onRelease }: { quarantine: Quarantine; busy: boolean; onRelease: () => void }) {
  return (
    <section aria-labelledby="quarantine-heading" className="admin-panel admin-quarantine">
      <h2 id="quarantine-heading">In quarantine</h2>
      <p>
        Held as likely spam since <FullDate iso={quarantine.at} />, with a score of {quarantine.score}. Nobody was notified: release it to
        send the team’s e-mail and webhook (and the visitor’s auto-reply) now.
      </p>
      <SpamReasons reasons={quarantine.reasons} caption="Why it was held" />
      <button type="button" className="button button--primary" aria-disabled={busy} onClick={onRelease}>
        Release
      </button>
    </section>
  );
}

function EraseSection({ busy, onErase }: { busy: boolean; onErase: () => Promise<boolean> }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  function open() {
    dialogRef.current?.showModal();
    // The safe choice first: Enter or Space right after opening must not erase.
    cancelRef.current?.focus();
  }

  async function confirm() {
    if (await onErase()) {
      dialogRef.current?.close();
      document.querySelector<HTMLElement>('main h1')?.focus();
    } else dialogRef.current?.close();
  }

  return (
    <section aria-labelledby="erase-heading" className="admin-panel admin-panel--danger">
      <h2 id="erase-heading">Erase</h2>
      <p>Erasing deletes what the visitor sent and this lead’s notes, for good: for example when the visitor asks to be forgotten.</p>
      <button type="button" className="button admin-button--danger" onClick={open}>
        Erase this lead…
      </button>
      <dialog ref={dialogRef} className="admin-dialog" aria-labelledby="erase-dialog-title" aria-describedby="erase-dialog-text">
        <h2 id="erase-dialog-title">Erase this lead?</h2>
        <p id="erase-dialog-text">
          Everything the visitor sent (every field, and what could be searched for) and this lead’s notes are deleted. Only a record that it
          was received, on which form, and who erased it and when, remains. This cannot be undone.
        </p>
        <div className="admin-dialog__actions">
          <button type="button" className="button admin-button--danger" aria-disabled={busy} onClick={() => void confirm()}>
            Erase for good
          </button>
          <button type="button" className="button button--secondary" ref={cancelRef} onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </section>
  );
}
