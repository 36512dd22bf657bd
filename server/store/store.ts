import type { Kysely } from 'kysely';
import { accountStore } from './accounts';
import { audit, inboxChanges, listAudit, listLeadAudit, listMessages, listNotes, listUnmatchedMail } from './inbox';
import { countLeads, findLeads, importLeads, inboxLead, listLeads, pruneSpentFormTokens } from './leads';
import { claimJobs, finishJobs, listJobs, queueDigest, queueReminders, requeueJob } from './outbox';
import { noticeStore } from './notices';
import { rateLimitStore } from './rate-limits';
import { spentChallengeStore } from './spent-challenges';
import { releaseStore } from './releases';
import { addViewCounts, conversionReport } from './page-views';
import { isUuid } from './rows';
import { evidenceStore } from './evidence';
import { retryAborted } from './aborted';
import type { Schema, StoreDialect } from './schema';
import type { LeadStore } from './types';

/** Everything but opening, closing and storing a submission, which each backend does its own way. */
export type SharedStore = Omit<LeadStore, 'init' | 'close' | 'insertLead'>;

/**
 * The store's queries, written once against Kysely; `db()` is the open database (it throws when
 * the store is not open) and `d` what its backend does its own way.
 */
export function sharedStore(db: () => Kysely<Schema>, d: StoreDialect, now: () => Date): SharedStore {
  const changes = inboxChanges(db, d, now);
  return {
    findLeads: async (query) => findLeads(db(), d, { ...query, now: query.now ?? now() }),
    countLeads: async (query) => countLeads(db(), d, { ...query, now: query.now ?? now() }),
    getLead: async (id) => inboxLead(db(), d, id),
    ...changes,
    listNotes: async (leadId) => listNotes(db(), leadId),
    listMessages: async (leadId) => listMessages(db(), leadId),
    listUnmatchedMail: async (limit) => listUnmatchedMail(db(), limit),
    listLeadJobs: async (leadId) => (isUuid(leadId) ? listJobs(db(), { leadId }) : []),
    audit: async (entry) => audit(db(), now(), entry),
    listAudit: async (opts) => listAudit(db(), opts),
    listLeadAudit: async (leadId) => listLeadAudit(db(), leadId),
    ...accountStore(db, d, now),
    ...releaseStore(db),
    ...rateLimitStore(db, now),
    ...spentChallengeStore(db, now),
    ...evidenceStore(db, d, now),
    ...noticeStore(db, d, now),
    listLeads: async (opts) => listLeads(db(), d, opts),
    importLeads: async (leads) =>
      db()
        .transaction()
        .execute((trx) => importLeads(trx, leads, now)),
    claimJobs: async (opts) => claimJobs(db(), d, now(), opts),
    queueReminders: async ({ now: at, limit, plan }) => queueReminders(db(), at, limit, plan),
    queueDigest: async ({ now: at, key, limit, plan }) => queueDigest(db(), at, key, limit, plan),
    finishJobs: async (outcomes) => finishJobs(db(), now(), outcomes),
    listJobs: async (opts = {}) => listJobs(db(), { statuses: opts.status ?? ['pending', 'dead'] }),
    requeueJob: async (id) => requeueJob(db(), now(), id),
    addViewCounts: async (counts) =>
      retryAborted(() =>
        db()
          .transaction()
          .execute(async (trx) => {
            await d.holdLock(trx, 'page-views');
            await addViewCounts(trx, counts);
          }),
      ),
    conversionReport: async (range) => conversionReport(db(), range),
    pruneSpentFormTokens: async (before) => pruneSpentFormTokens(db(), before),
    ping: async () => {
      await db()
        .selectNoFrom((eb) => eb.lit(1).as('one'))
        .execute();
    },
  };
}
