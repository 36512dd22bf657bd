import { randomBytes } from 'node:crypto';
import type { LeadChange } from '../../contracts/inbox-contract';
import { describeChange } from './inbox-queries';
import type {
  InboxLead,
  LeadChangeResult,
  AnswerResult,
  NewAnswer,
  NewAuditEntry,
  NewReply,
  ReplyResult,
  StoredAuditEntry,
  StoredMessage,
  StoredNote,
} from './inbox-types';
import { trainLead } from './classifier';
import { inboxLead } from './leads';
import { dropFromDigests, enqueueJobs } from './outbox';
import { eraseEvidenceIn } from './evidence';
import type { PlannedNotification } from './types';
import { auditFromRow, isoTime, isUuid, messageFromRow, noteFromRow, rowNumber } from './rows';
import type { Db, Schema, StoreDialect } from './schema';
import type { Kysely } from 'kysely';

/** Whether a change takes a lead the team keeps out of New: not spam, not in quarantine, given a working status. */
function workedOn(before: InboxLead, wanted: LeadChange): boolean {
  const spam = wanted.spam ?? before.spam;
  return !spam && before.quarantine === null && wanted.status !== undefined && wanted.status !== 'new' && wanted.status !== before.status;
}

/** Every audit entry is written here, in the transaction of the change it records. */
export async function audit(db: Db, at: Date, e: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ at: at.toISOString(), actor: e.actor, action: e.action, lead_id: e.leadId, detail: e.detail })
    .execute();
}

/** Newest first, entries older than `before` (an entry id) when given. */
export async function listAudit(db: Db, { before, limit }: { before?: string; limit: number }): Promise<StoredAuditEntry[]> {
  const number = rowNumber(before);
  if (before !== undefined && number === null) return [];
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .$if(number !== null, (qb) => qb.where('id', '<', number!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(auditFromRow);
}

/** Erases a lead in the caller's transaction (which holds its row): its tombstone stays, as InboxStore.eraseLead says. */
async function eraseIn(trx: Db, id: string, actor: string, at: Date, detail: string): Promise<void> {
  await trx
    .updateTable('leads')
    .set({
      payload: '{}',
      search_text: '',
      ip_hash: null,
      user_agent: null,
      idempotency_key: null,
      idempotency_fingerprint: null,
      // The page and campaign name the site's own pages and campaigns and keep counting in the conversion view; the other site goes.
      referrer_host: null,
      // Answers to the replies sent before the erasure find no lead any more: they are kept aside.
      reply_token: null,
      // What was held for a quarantined lead names the visitor's address; its hashes could match a later message.
      held_notifications: null,
      message_hash: null,
      sender_hash: null,
      erased_at: at.toISOString(),
      erased_by: actor,
    })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('lead_notes').where('lead_id', '=', id).execute();
  await trx.deleteFrom('lead_messages').where('lead_id', '=', id).execute();
  await trx.deleteFrom('outbox').where('lead_id', '=', id).execute();
  await dropFromDigests(trx, id);
  await trx.deleteFrom('notification_throttle').where('lead_id', '=', id).execute();
  await trx.deleteFrom('notice_hosts').where('lead_id', '=', id).execute();
  // A takedown request's evidence files go with it: the bytes, their names and hashes.
  const files = await eraseEvidenceIn(trx, id);
  await audit(trx, at, {
    actor,
    action: 'erase',
    leadId: id,
    detail: files ? `${detail}; ${files} evidence file${files === 1 ? '' : 's'} deleted` : detail,
  });
}

/**
 * The inbox's changes to a lead. Each reads the lead under its row lock (PostgreSQL) or the
 * database's write lock (SQLite), so two people changing one lead at once each audit what they
 * really changed, and writes the change with its audit entry in one transaction.
 */
export function inboxChanges(db: () => Kysely<Schema>, d: StoreDialect, now: () => Date) {
  const transact = <T>(work: (trx: Db) => Promise<T>) => db().transaction().execute(work);
  return {
    async changeLead(id: string, wanted: LeadChange, actor: string): Promise<LeadChangeResult | null> {
      if (!isUuid(id)) return null;
      return transact(async (trx) => {
        const before = await inboxLead(trx, d, id, true);
        if (!before) return null;
        const said = describeChange(before, wanted);
        if (said.length === 0) return { lead: before, changed: false };
        await trx
          .updateTable('leads')
          .set({
            ...(wanted.status !== undefined && { status: wanted.status }),
            ...(wanted.spam !== undefined && { spam: wanted.spam }),
            ...(wanted.assignee !== undefined && { assignee: wanted.assignee }),
            // A status alone answers nobody: only a reply sent (replyToLead) stops the lead's clock.
          })
          .where('id', '=', id)
          .execute();
        // "Spam" and "Not spam" teach the filter, in the mark's transaction: both or neither happen.
        if (wanted.spam !== undefined && wanted.spam !== before.spam) await trainLead(trx, d, id, wanted.spam ? 'spam' : 'ham');
        // A lead the team takes up (In progress, Done) and does not call spam is one it keeps: it teaches
        // "not spam" as SpamAssassin learns from the mail a person keeps. Once only (trainLead), and a
        // later "Spam" mark undoes it.
        else if (workedOn(before, wanted)) await trainLead(trx, d, id, 'ham');
        for (const s of said) await audit(trx, now(), { actor, action: s.action, leadId: id, detail: s.detail });
        return { lead: (await inboxLead(trx, d, id))!, changed: true };
      });
    },

    async addNote(leadId: string, author: string, body: string): Promise<StoredNote | null> {
      if (!isUuid(leadId)) return null;
      return transact(async (trx) => {
        const lead = await inboxLead(trx, d, leadId, true);
        if (!lead || lead.erasedAt) return null;
        const row = await trx
          .insertInto('lead_notes')
          .values({ lead_id: leadId, author, body, created_at: now().toISOString() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, now(), { actor: author, action: 'note', leadId, detail: `note added (${body.length} characters)` });
        return noteFromRow(row);
      });
    },

    async replyToLead(leadId: string, reply: NewReply): Promise<ReplyResult> {
      if (!isUuid(leadId)) return { kind: 'missing' };
      return transact(async (trx) => {
        const lead = await inboxLead(trx, d, leadId, true);
        if (!lead) return { kind: 'missing' };
        if (lead.erasedAt) return { kind: 'erased' };
        const at = now().toISOString();
        const { reply_token: kept } = await trx
          .selectFrom('leads')
          .select('reply_token')
          .where('id', '=', leadId)
          .executeTakeFirstOrThrow();
        // 128 random bits in lower-case hex: nothing about the lead can be read from it, and mail servers that fold case keep it.
        const token = kept ?? randomBytes(16).toString('hex');
        await trx
          .updateTable('leads')
          .set({ reply_token: token, ...(lead.firstAnsweredAt === null && { first_answered_at: at }) })
          .where('id', '=', leadId)
          .execute();
        const row = await trx
          .insertInto('lead_messages')
          .values({
            lead_id: leadId,
            direction: 'out',
            author: reply.author,
            subject: reply.subject,
            body: reply.body,
            message_id: reply.messageId,
            created_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const message = messageFromRow(row);
        await trx
          .insertInto('outbox')
          .values({
            lead_id: leadId,
            channel: 'reply',
            rule: `reply-${message.id}`,
            data: JSON.stringify({
              to: [reply.to],
              subject: reply.subject,
              text: reply.body,
              replyTo: reply.replyAddress(token),
              messageId: reply.messageId,
            }),
            created_at: at,
            next_attempt_at: at,
          })
          .execute();
        await audit(trx, now(), {
          actor: reply.author,
          action: 'reply',
          leadId,
          detail: `reply sent (${reply.body.length} characters)${lead.firstAnsweredAt === null ? ', the first: the clock stopped' : ''}`,
        });
        return { kind: 'sent', lead: (await inboxLead(trx, d, leadId))!, message };
      });
    },

    async receiveAnswer(answer: NewAnswer): Promise<AnswerResult> {
      return transact(async (trx) => {
        const at = now().toISOString();
        const byToken =
          answer.token === null
            ? undefined
            : await trx
                .selectFrom('leads')
                .select('id')
                .where('reply_token', '=', answer.token)
                .where('erased_at', 'is', null)
                .executeTakeFirst();
        const byThread =
          byToken || answer.inReplyTo.length === 0
            ? undefined
            : await trx
                .selectFrom('lead_messages')
                .innerJoin('leads', 'leads.id', 'lead_messages.lead_id')
                .select('lead_messages.lead_id as id')
                .where('lead_messages.direction', '=', 'out')
                .where('lead_messages.message_id', 'in', [...answer.inReplyTo])
                .where('leads.erased_at', 'is', null)
                .executeTakeFirst();
        const leadId = byToken?.id ?? byThread?.id;
        if (!leadId) {
          await trx
            .insertInto('unmatched_mail')
            .values({ received_at: at, recipient: answer.recipient, sender: answer.from, subject: answer.subject, body: answer.body })
            .execute();
          return { kind: 'unmatched' };
        }
        const lead = (await inboxLead(trx, d, leadId, true))!;
        const inserted = await trx
          .insertInto('lead_messages')
          .values({
            lead_id: leadId,
            direction: 'in',
            author: answer.from,
            subject: answer.subject,
            body: answer.body,
            message_id: answer.messageId,
            created_at: at,
          })
          .onConflict((oc) => oc.column('message_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        // A relay that delivers the same answer twice adds it once.
        if (!inserted) return { kind: 'matched', leadId, repeated: true };
        await trx.updateTable('leads').set({ status: 'new' }).where('id', '=', leadId).execute();
        await audit(trx, now(), {
          actor: 'visitor',
          action: 'answer',
          leadId,
          detail: `answer received (${answer.body.length} characters)${lead.status === 'new' ? '' : `, status: ${lead.status} → new`}`,
        });
        const tell = answer.tell({ ...lead, status: 'new' });
        if (tell && tell.to.length > 0)
          await trx
            .insertInto('outbox')
            .values({
              lead_id: leadId,
              channel: 'email',
              rule: `answer-${String(inserted.id)}`,
              data: JSON.stringify({ to: tell.to, subject: tell.subject, answer: true }),
              created_at: at,
              next_attempt_at: at,
            })
            .execute();
        return { kind: 'matched', leadId, repeated: false };
      });
    },

    async eraseLead(id: string, actor: string): Promise<InboxLead | null> {
      if (!isUuid(id)) return null;
      let erasedNow = false;
      const lead = await transact(async (trx) => {
        const before = await inboxLead(trx, d, id, true);
        if (!before || before.erasedAt) return before;
        await eraseIn(trx, id, actor, now(), 'fields, notes, replies and notifications deleted');
        erasedNow = true;
        return inboxLead(trx, d, id);
      });
      if (erasedNow) await d.afterErase();
      return lead;
    },

    async releaseLead(id: string, actor: string): Promise<LeadChangeResult | null> {
      if (!isUuid(id)) return null;
      return transact(async (trx) => {
        const before = await inboxLead(trx, d, id, true);
        if (!before) return null;
        if (!before.quarantine || before.erasedAt) return { lead: before, changed: false };
        const { held_notifications: held } = await trx
          .selectFrom('leads')
          .select('held_notifications')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const notifications = held === null ? [] : (JSON.parse(held) as PlannedNotification[]);
        await trx
          .updateTable('leads')
          .set({ quarantined_at: null, quarantine: null, held_notifications: null })
          .where('id', '=', id)
          .execute();
        // In the transaction that clears the quarantine: a second release finds nothing held, a crash leaves both undone.
        await enqueueJobs(trx, id, now().toISOString(), notifications);
        // Letting it through says "not spam": the filter learns it as such.
        await trainLead(trx, d, id, 'ham');
        const reasons = before.quarantine.reasons.map((r) => r.code).join(', ');
        await audit(trx, now(), {
          actor,
          action: 'release',
          leadId: id,
          detail: `released from quarantine (score ${before.quarantine.score}: ${reasons || 'no reasons'}); ${notifications.length} held notification${notifications.length === 1 ? '' : 's'} queued`,
        });
        return { lead: (await inboxLead(trx, d, id))!, changed: true };
      });
    },

    async eraseQuarantined({ before, limit, actor }: { before: Date; limit: number; actor: string }): Promise<number> {
      const erased = await transact(async (trx) => {
        const rows = await d
          .lockRows(
            trx
              .selectFrom('leads')
              .select('id')
              .where('quarantined_at', '<', before.toISOString())
              .where('erased_at', 'is', null)
              .orderBy('quarantined_at')
              .limit(limit),
          )
          .execute();
        const days = Math.round((now().getTime() - before.getTime()) / 86_400_000);
        for (const { id } of rows) await eraseIn(trx, id, actor, now(), `in quarantine for ${days} days, never released: erased`);
        return rows.length;
      });
      if (erased > 0) await d.afterErase();
      return erased;
    },
  };
}

export async function listNotes(db: Db, leadId: string): Promise<StoredNote[]> {
  if (!isUuid(leadId)) return [];
  const rows = await db.selectFrom('lead_notes').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
  return rows.map(noteFromRow);
}

/** The lead's replies and answers, oldest first. */
export async function listMessages(db: Db, leadId: string): Promise<StoredMessage[]> {
  if (!isUuid(leadId)) return [];
  const rows = await db.selectFrom('lead_messages').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
  return rows.map(messageFromRow);
}

export async function listUnmatchedMail(db: Db, limit: number) {
  const rows = await db
    .selectFrom('unmatched_mail')
    .select(['id', 'received_at', 'recipient', 'sender', 'subject'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    receivedAt: isoTime(r.received_at),
    recipient: r.recipient,
    sender: r.sender,
    subject: r.subject,
  }));
}

/** The lead's own audit entries, oldest first: its timeline after it was received. */
export async function listLeadAudit(db: Db, leadId: string): Promise<StoredAuditEntry[]> {
  if (!isUuid(leadId)) return [];
  const rows = await db.selectFrom('audit_log').selectAll().where('lead_id', '=', leadId).orderBy('id').limit(500).execute();
  return rows.map(auditFromRow);
}
