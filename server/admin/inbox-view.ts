import type { LeadDetail, LeadSummary, ReplyState, SavedReplyView } from '../../contracts/inbox-contract';
import type { Form } from '../../engine/content/model';
import type { SubmissionRules } from '../../engine/forms/payload';
import { leadFields } from '../notify/messages';
import { optionTitle, type Described } from '../notify/plan';
import { oneLine, visibleLines } from '../notify/text';
import type { InboxLead, StoredAuditEntry, StoredMessage, StoredNote } from '../store/inbox-types';
import type { OutboxJob } from '../store/types';

/** Longest a value may be in a row of the list; the detail shows it whole. */
const CELL_LENGTH = 120;

/** The forms (and API payloads) by the id leads record, to label and title what a lead holds. */
export type FormsById = Readonly<Record<string, Described>>;

/** The site's forms and the API's documented payloads (keyed by endpoint), all by the id a lead records. */
export function formsById(forms: Readonly<Record<string, Form>>, apiPayloads: Readonly<Record<string, SubmissionRules>> = {}): FormsById {
  return { ...forms, ...Object.fromEntries(Object.values(apiPayloads).map((p) => [p.id, p])) };
}

/** The text of a field as a list cell: one line, invisible characters shown, shortened; null when not text. */
function cell(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? oneLine(value, CELL_LENGTH) : null;
}

/**
 * The field that names the person: the one the form fills from the browser's "name" (a contact
 * person, not their company), else `name`, else the first field whose name ends in "Name"
 * (artistName, studioName…) in the form's order.
 */
function nameField(lead: InboxLead, form: Described | undefined): string | undefined {
  const order = [...Object.keys(form?.fields.properties ?? {}), ...Object.keys(lead.payload)];
  const ui = (form?.ui ?? {}) as Record<string, { 'ui:autocomplete'?: string } | undefined>;
  const isText = (key: string) => typeof lead.payload[key] === 'string';
  return (
    order.find((key) => ui[key]?.['ui:autocomplete'] === 'name' && isText(key)) ??
    order.find((key) => (key === 'name' || /^[a-z]+Name$/.test(key)) && isText(key))
  );
}

export function leadSummary(lead: InboxLead, forms: FormsById): LeadSummary {
  const form = lead.formId ? forms[lead.formId] : undefined;
  const name = nameField(lead, form);
  const urgency = lead.payload.urgency;
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    formId: lead.formId,
    formTitle: form?.title ?? lead.formId ?? lead.formType,
    name: name ? cell(lead.payload[name]) : null,
    email: cell(lead.payload.email),
    urgency: typeof urgency === 'string' ? cell(optionTitle(form, 'urgency', urgency)) : null,
    status: lead.status,
    spam: lead.spam,
    erased: lead.erasedAt ? { at: lead.erasedAt, by: lead.erasedBy ?? '' } : null,
    dueAt: lead.dueAt,
    firstAnsweredAt: lead.firstAnsweredAt,
    assignee: lead.assignee,
    quarantine: lead.quarantine,
    spamChecks: lead.spamChecks,
  };
}

/** The lead's replies and answers, and what replying to it takes. */
export interface Conversation {
  messages: readonly StoredMessage[];
  /** The lead's audit entries, oldest first. */
  history: readonly StoredAuditEntry[];
  reply: ReplyState;
  savedReplies: SavedReplyView[];
}

export function leadDetail(
  lead: InboxLead,
  forms: FormsById,
  notes: readonly StoredNote[],
  jobs: readonly OutboxJob[],
  conversation: Conversation,
): LeadDetail {
  const form = lead.formId ? forms[lead.formId] : undefined;
  return {
    lead: leadSummary(lead, forms),
    fields: leadFields(lead, form),
    source: lead.source,
    meta: {
      endpoint: lead.endpoint,
      idempotencyKey: lead.idempotencyKey,
      userAgent: lead.userAgent === null ? null : oneLine(lead.userAgent, 500),
    },
    // A note can quote a visitor's text, direction overrides and all: shown the way the lead's own fields are.
    notes: notes.map(({ id, author, body, createdAt }) => ({ id, author, body: visibleLines(body), createdAt })),
    notifications: jobs.map((j) => ({
      channel: j.channel,
      rule: j.rule,
      status: j.status,
      attempts: j.attempts,
      lastError: j.lastError,
      createdAt: j.createdAt,
      finishedAt: j.finishedAt,
    })),
    // An answer is what a stranger's mail program sent: shown as text, like the lead's own fields.
    messages: conversation.messages.map(({ id, direction, author, subject, body, createdAt }) => ({
      id,
      direction,
      author: oneLine(author, 254),
      subject: oneLine(subject, 250),
      body: visibleLines(body),
      createdAt,
    })),
    reply: conversation.reply,
    savedReplies: conversation.savedReplies,
    timeline: [
      { at: lead.createdAt, kind: 'received' as const, actor: null, detail: `received through ${form?.title ?? lead.endpoint}` },
      // Views are in the audit log, not the story of the lead.
      ...conversation.history
        .filter((e) => e.action !== 'view')
        .map((e) => ({ at: e.at, kind: e.action, actor: e.actor, detail: e.detail })),
    ],
  };
}
