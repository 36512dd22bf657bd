// Changing several leads at once, one call each to the lead's own endpoint, so every change is
// checked and audited exactly as when it is made on the lead's page.
import { changeLead, InboxError, releaseLead } from './inbox-client';
import type { LeadChange, LeadDetail, LeadSummary } from '../../contracts/inbox-contract';

export interface ChangeOutcome {
  changed: LeadSummary[];
  /** The leads the server refused, each with its words. */
  failed: Array<{ lead: LeadSummary; message: string }>;
}

/** Applies the change to each lead in turn; a refusal does not stop the others. */
export function changeLeads(leads: readonly LeadSummary[], change: LeadChange): Promise<ChangeOutcome> {
  return eachLead(leads, (id) => changeLead(id, change));
}

/** Releases each lead from quarantine in turn, each sending what was held for it. */
export function releaseLeads(leads: readonly LeadSummary[]): Promise<ChangeOutcome> {
  return eachLead(leads, releaseLead);
}

async function eachLead(leads: readonly LeadSummary[], call: (id: string) => Promise<LeadDetail>): Promise<ChangeOutcome> {
  const outcome: ChangeOutcome = { changed: [], failed: [] };
  for (const lead of leads) {
    try {
      outcome.changed.push((await call(lead.id)).lead);
    } catch (err) {
      outcome.failed.push({ lead, message: err instanceof InboxError ? err.message : String(err) });
    }
  }
  return outcome;
}

/** The name a lead goes by in a message: its sender, else its address. */
export function leadName(lead: LeadSummary): string {
  return lead.erased ? 'an erased lead' : lead.name || lead.email || 'an unnamed sender';
}

export const count = (n: number) => (n === 1 ? '1 lead' : `${n} leads`);

/** What the status line says once a change is made, in the words of the change. */
export function changeDone(
  n: number,
  change: LeadChange,
  me: string,
  statusLabel: (s: NonNullable<LeadChange['status']>) => string,
): string {
  if (change.status) return `${count(n)} set to ${statusLabel(change.status)}.`;
  if (change.spam !== undefined) return `${count(n)} ${change.spam ? 'marked as spam' : 'marked as not spam'}.`;
  if (change.assignee === me) return `${count(n)} assigned to you.`;
  if (change.assignee) return `${count(n)} assigned to ${change.assignee}.`;
  return `${count(n)} left without an owner.`;
}
