import { randomUUID } from 'node:crypto';
import type { ReplyState, SavedReplyView } from '../../contracts/inbox-contract';
import type { SavedReplies } from '../../engine/generated/content';
import { isPlainAddress } from '../notify/config';
import { oneLine } from '../notify/text';
import { visitorLinks } from '../leads/visitor-links';
import type { InboxLead } from '../store/inbox-types';

/** What replying from the inbox needs of the server: set only when e-mail is (SMTP_URL and MAIL_FROM). */
export interface ReplySettings {
  /** MAIL_FROM: every reply is sent from the team's address. */
  from: string;
  /** The domain of the Reply-To address `reply+<token>@domain` (REPLY_DOMAIN, else MAIL_FROM's). */
  domain: string;
  /** site/replies.yaml; null when the site has none. */
  saved: SavedReplies | null;
  siteName: string;
  /** Asks the outbox worker to send soon. */
  queued: () => void;
}

/** The local part's prefix of every reply address; the inbound listener reads the token after it. */
export const REPLY_PREFIX = 'reply+';

export const replyAddress = (domain: string) => (token: string) => `${REPLY_PREFIX}${token}@${domain}`;

/** A Message-ID no one can guess or derive from the lead: an answer's In-Reply-To names it. */
export const newMessageId = (from: string) => `<${randomUUID()}@${from.split('@')[1]}>`;

/** What a reply to this lead is filled with: the visitor's name, the form's title, the addresses they sent, the site's name. */
export interface ReplyFacts {
  name: string | null;
  form: string;
  site: string;
  payload: Record<string, unknown>;
}

/** `{{name}}`, `{{form}}`, `{{links}}` and `{{site}}` filled in; `npm run validate` refuses any other placeholder. */
export function fillReply(template: string, facts: ReplyFacts): string {
  return template.replace(/\{\{\s*(name|form|links|site)\s*\}\}/g, (_m, key: string) => {
    if (key === 'name') return facts.name ?? 'there';
    if (key === 'form') return facts.form;
    if (key === 'site') return facts.site;
    const links = visitorLinks(facts.payload);
    return links.length ? links.join('\n') : '(no web addresses were sent)';
  });
}

/** Whether the team can reply, to whom, and the subject a reply starts with. */
export function replyState(lead: InboxLead, facts: ReplyFacts, settings: ReplySettings | undefined): ReplyState {
  const to = isPlainAddress(lead.payload.email) ? lead.payload.email : null;
  const subject = oneLine(fillReply(settings?.saved?.subject ?? 'Re: {{form}}', facts), 200);
  let blocked: string | null = null;
  if (lead.erasedAt) blocked = 'This lead was erased: there is nobody to reply to.';
  else if (!to) blocked = 'The visitor left no e-mail address, so no reply can be sent from the inbox.';
  else if (!settings) blocked = 'Replies cannot be sent: e-mail is not set up on this server (SMTP_URL and MAIL_FROM).';
  return { to: blocked && lead.erasedAt ? null : to, blocked, subject };
}

/** The site's saved replies, filled for this lead. */
export function savedRepliesFor(facts: ReplyFacts, settings: ReplySettings | undefined): SavedReplyView[] {
  const saved = settings?.saved;
  if (!saved) return [];
  return saved.replies.map((r) => ({
    id: r.id,
    title: r.title,
    subject: oneLine(fillReply(r.subject ?? saved.subject, facts), 200),
    body: fillReply(r.body, facts),
  }));
}
