import type { Kysely } from 'kysely';
import { accountsSlice } from './accounts';
import { marksSeen, tokenCounts } from './classifier';
import { audit, inboxChanges, listAudit, listLeadAudit, listMessages, listNotes, listUnmatchedMail } from './inbox';
import { countLeads, countSameMessage, findLeads, importLeads, inboxLead, listLeads } from './leads';
import { claimJobs, finishJobs, listJobs, queueDigest, queueReminders, requeueJob } from './outbox';
import { limitsSlice } from './rate-limits';
import { tokensSlice } from './spent-challenges';
import { releasesSlice } from './releases';
import { addViewCounts, conversionReport } from './page-views';
import { isUuid } from './rows';
import { evidenceSlice } from './evidence';
import { noticesSlice } from './notices';
import { retryAborted } from './aborted';
import type { Schema, StoreDialect } from './schema';
import type { LeadStore, LeadsSlice } from './types';

/** Every slice but opening, closing and storing a submission, which each backend does its own way. */
export type SharedStore = Omit<LeadStore, 'init' | 'close' | 'leads'> & { leads: Omit<LeadsSlice, 'insertLead'> };

/**
 * The store's queries, written once against Kysely, one slice per thing the store keeps; `db()` is
 * the open database (it throws when the store is not open) and `d` what its backend does its own way.
 * A new slice is an interface in types.ts's LeadStore and one line here: its factory (a file of its
 * own under server/store/, `fooSlice(db, d, now)`), or its queries inline.
 */
export function sharedStore(db: () => Kysely<Schema>, d: StoreDialect, now: () => Date): SharedStore {
  return {
    leads: {
      listLeads: async (opts) => listLeads(db(), d, opts),
      importLeads: async (leads) =>
        db()
          .transaction()
          .execute((trx) => importLeads(trx, leads, now)),
    },
    inbox: {
      findLeads: async (query) => findLeads(db(), d, { ...query, now: query.now ?? now() }),
      countLeads: async (query) => countLeads(db(), d, { ...query, now: query.now ?? now() }),
      getLead: async (id) => inboxLead(db(), d, id),
      ...inboxChanges(db, d, now),
      listNotes: async (leadId) => listNotes(db(), leadId),
      listMessages: async (leadId) => listMessages(db(), leadId),
      listUnmatchedMail: async (limit) => listUnmatchedMail(db(), limit),
    },
    audit: {
      add: async (entry) => audit(db(), now(), entry),
      list: async (opts) => listAudit(db(), opts),
      listLead: async (leadId) => listLeadAudit(db(), leadId),
    },
    spam: {
      countSameMessage: async (query) => countSameMessage(db(), query),
      classifierCounts: async (keys) => tokenCounts(db(), d, keys),
      classifierMarks: async () => marksSeen(db(), d),
    },
    tokens: tokensSlice(db),
    outbox: {
      claimJobs: async (opts) => claimJobs(db(), d, now(), opts),
      queueReminders: async ({ now: at, limit, plan }) => queueReminders(db(), at, limit, plan),
      queueDigest: async ({ now: at, key, limit, plan }) => queueDigest(db(), at, key, limit, plan),
      finishJobs: async (outcomes) => finishJobs(db(), now(), outcomes),
      listJobs: async (opts = {}) => listJobs(db(), { statuses: opts.status ?? ['pending', 'dead'] }),
      requeueJob: async (id) => requeueJob(db(), now(), id),
      listLeadJobs: async (leadId) => (isUuid(leadId) ? listJobs(db(), { leadId }) : []),
    },
    accounts: accountsSlice(db, d, now),
    releases: releasesSlice(db),
    views: {
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
    },
    limits: limitsSlice(db, now),
    evidence: evidenceSlice(db, d, now),
    notices: noticesSlice(db, d, now),
    ping: async () => {
      await db()
        .selectNoFrom((eb) => eb.lit(1).as('one'))
        .execute();
    },
  };
}
