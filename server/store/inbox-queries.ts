import { STATUS_LABELS, type LeadChange } from '../../contracts/inbox-contract';
import type { InboxLead } from './inbox-types';
import type { LeadPayload } from './types';

// Letters and digits of every script are words; anything else (punctuation, @, spaces, controls) separates them.
const SEPARATORS = /[^\p{L}\p{N}]+/u;
/** Words a search looks for; more are ignored rather than making one query arbitrarily expensive. */
const MAX_SEARCH_WORDS = 8;

/** Lower-case words of a text, as both stores index and search them. */
export function words(text: string): string[] {
  return text.toLowerCase().split(SEPARATORS).filter(Boolean);
}

/** Every text and number the visitor sent, as words separated by spaces: what the inbox's search looks in. */
export function searchText(payload: LeadPayload): string {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string' || typeof value === 'number') found.push(...words(String(value)));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(payload);
  return found.join(' ');
}

/** The search's words, each matched as the start of a word: "ali" finds "alice". */
export function searchTerms(q: string | undefined): string[] {
  return q ? [...new Set(words(q))].slice(0, MAX_SEARCH_WORDS) : [];
}

/** The audit entries a change makes: "status: New → Done", "marked as spam". None when nothing changed. */
export function describeChange(before: InboxLead, change: LeadChange): Array<{ action: 'status' | 'spam' | 'assign'; detail: string }> {
  const said: Array<{ action: 'status' | 'spam' | 'assign'; detail: string }> = [];
  if (change.status !== undefined && change.status !== before.status)
    said.push({ action: 'status', detail: `status: ${STATUS_LABELS[before.status]} → ${STATUS_LABELS[change.status]}` });
  if (change.spam !== undefined && change.spam !== before.spam)
    said.push({ action: 'spam', detail: change.spam ? 'marked as spam' : 'marked as not spam' });
  if (change.assignee !== undefined && change.assignee !== before.assignee)
    said.push({
      action: 'assign',
      detail:
        change.assignee === null
          ? `unassigned (was ${before.assignee})`
          : `assigned to ${change.assignee}${before.assignee ? ` (was ${before.assignee})` : ''}`,
    });
  return said;
}
