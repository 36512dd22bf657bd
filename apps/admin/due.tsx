// How the inbox shows the reply promise for a lead: when its answer is due, in the team's zone, how
// far off that is or how long ago it passed (in words and with an icon, never by colour alone), and
// how long the first answer took.
import { formatTeamTime } from '../../engine/content/reply-promise';
import { DUE_SOON_MS, type LeadSummary } from '../../contracts/inbox-contract';
import { useInbox } from './inbox-context';
import { useNow } from './times';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "45 min", "2 h", "1 h 5 min", "3 days 4 h". */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  if (ms < DAY) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const days = Math.floor(ms / DAY);
  const h = Math.floor((ms % DAY) / HOUR);
  return `${days === 1 ? '1 day' : `${days} days`}${h ? ` ${h} h` : ''}`;
}

export type DueState =
  { kind: 'none' } | { kind: 'answered'; after: number } | { kind: 'overdue' | 'soon' | 'due'; dueAt: string; left: number };

/** Where a lead stands against its promise at `now`. */
export function dueState(
  lead: Pick<LeadSummary, 'dueAt' | 'firstAnsweredAt' | 'createdAt' | 'status' | 'spam' | 'erased'>,
  now: number,
): DueState {
  if (lead.firstAnsweredAt) return { kind: 'answered', after: Date.parse(lead.firstAnsweredAt) - Date.parse(lead.createdAt) };
  if (!lead.dueAt || lead.status !== 'new' || lead.spam || lead.erased) return { kind: 'none' };
  const left = Date.parse(lead.dueAt) - now;
  return { kind: left < 0 ? 'overdue' : left <= DUE_SOON_MS ? 'soon' : 'due', dueAt: lead.dueAt, left };
}

/** The list's cell: "Overdue by 15 min", "Due soon, in 20 min", "Due in 2 h", or a dash. */
export function DueCell({ lead }: { lead: LeadSummary }) {
  const now = useNow();
  const { session } = useInbox();
  const state = dueState(lead, now);
  if (state.kind === 'none' || state.kind === 'answered') return <span className="admin-muted">—</span>;
  const title = formatTeamTime(new Date(state.dueAt), session.timeZone);
  return (
    <time dateTime={state.dueAt} title={title} className={`admin-due admin-due--${state.kind}`}>
      {state.kind === 'overdue' && (
        <span className="admin-due__icon" aria-hidden="true">
          !
        </span>
      )}
      {state.kind === 'overdue'
        ? `Overdue by ${durationText(-state.left)}`
        : state.kind === 'soon'
          ? `Due soon, in ${durationText(state.left)}`
          : `Due in ${durationText(state.left)}`}
    </time>
  );
}

/** The detail's lines: the due time in the team's zone and how it stands, or how long the first answer took. */
export function DueSummary({ lead }: { lead: LeadSummary }) {
  const now = useNow();
  const { session } = useInbox();
  const state = dueState(lead, now);
  if (state.kind === 'none') return null;
  if (state.kind === 'answered')
    return (
      <p className="admin-due-line">
        First answered after {durationText(state.after)}, on{' '}
        <time dateTime={lead.firstAnsweredAt!}>{formatTeamTime(new Date(lead.firstAnsweredAt!), session.timeZone)}</time>
        {lead.dueAt && Date.parse(lead.firstAnsweredAt!) > Date.parse(lead.dueAt) ? ', later than promised.' : ', within the promise.'}
      </p>
    );
  return (
    <p className="admin-due-line">
      Reply due <time dateTime={state.dueAt}>{formatTeamTime(new Date(state.dueAt), session.timeZone)}</time>: <DueCell lead={lead} />
    </p>
  );
}
