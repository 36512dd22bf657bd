import { STATUS_LABELS, type LeadChange, type LeadFilter } from '../../contracts/inbox-contract';
import type { InboxLead, LeadPosition } from './inbox-types';
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

/** The first instant after a day (YYYY-MM-DD): "to" includes the whole day. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** How one store spells the parts of the list query. */
export interface InboxDialect {
  /** The placeholder for the n-th parameter (1-based). */
  param(n: number): string;
  spam(value: boolean): unknown;
  /** A condition true when the lead holds every term. */
  matches(terms: readonly string[], param: string): { sql: string; value: unknown };
  /** The list's position, as a comparable row value. */
  position(createdAtParam: string, idParam: string): string;
}

/** WHERE and ORDER BY for a page of the inbox, with its parameters in order. */
export function leadListSql(filter: LeadFilter, after: LeadPosition | undefined, d: InboxDialect): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return d.param(params.length);
  };
  if (filter.spam !== 'include') conditions.push(`spam = ${add(d.spam(filter.spam === 'only'))}`);
  if (filter.status) conditions.push(`status = ${add(filter.status)}`);
  if (filter.form) conditions.push(`form_id = ${add(filter.form)}`);
  if (filter.from) conditions.push(`created_at >= ${add(`${filter.from}T00:00:00.000Z`)}`);
  if (filter.to) conditions.push(`created_at < ${add(dayAfter(filter.to))}`);
  const terms = searchTerms(filter.q);
  if (terms.length) {
    const placeholder = d.param(params.length + 1);
    const match = d.matches(terms, placeholder);
    params.push(match.value);
    conditions.push(match.sql);
  }
  if (after) {
    const createdAt = add(after.createdAt);
    conditions.push(`(created_at, id) < ${d.position(createdAt, add(after.id))}`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** The audit entries a change makes: "status: New → Done", "marked as spam". None when nothing changed. */
export function describeChange(before: InboxLead, change: LeadChange): Array<{ action: 'status' | 'spam'; detail: string }> {
  const said: Array<{ action: 'status' | 'spam'; detail: string }> = [];
  if (change.status !== undefined && change.status !== before.status)
    said.push({ action: 'status', detail: `status: ${STATUS_LABELS[before.status]} → ${STATUS_LABELS[change.status]}` });
  if (change.spam !== undefined && change.spam !== before.spam)
    said.push({ action: 'spam', detail: change.spam ? 'marked as spam' : 'marked as not spam' });
  return said;
}
