import type { ReplyPromise } from '../generated/content';

export type { ReplyPromise };

/** `{promise:key}`'s words for each key of the site's reply promise, e.g. `reply` → "2 hours". */
export function promiseTexts(promise: ReplyPromise | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!promise) return out;
  out.set('reply', hours(promise.replyWithinHours));
  out.set('zone', promise.timeZoneName);
  const entries = promise.supportHours.map((h) => `${h.label} ${h.opens}-${h.closes}`);
  out.set('hours', entries.length > 1 ? `${entries.slice(0, -1).join(', ')} and ${entries.at(-1)}` : entries[0]);
  for (const h of promise.supportHours) out.set(`hours.${h.id}`, `${h.opens}-${h.closes}`);
  if (promise.urgent) out.set('urgent-reply', hours(promise.urgent.replyWithinHours));
  return out;
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/** What is wrong with a promise that its schema cannot tell: an unknown zone, hours that close before they open, a day twice. */
export function promiseProblems(promise: ReplyPromise): Array<{ path: Array<string | number>; message: string }> {
  const problems: Array<{ path: Array<string | number>; message: string }> = [];
  if (!isTimeZone(promise.timeZone))
    problems.push({
      path: ['replyPromise', 'timeZone'],
      message: `"${promise.timeZone}" is not a time zone this server knows; write an IANA name such as America/Los_Angeles`,
    });
  const seenDays = new Map<string, string>();
  const seenIds = new Set<string>();
  promise.supportHours.forEach((h, i) => {
    if (seenIds.has(h.id))
      problems.push({
        path: ['replyPromise', 'supportHours', i, 'id'],
        message: `"${h.id}" is used by another entry; give each its own id`,
      });
    seenIds.add(h.id);
    if (minutesOf(h.closes) <= minutesOf(h.opens))
      problems.push({
        path: ['replyPromise', 'supportHours', i, 'closes'],
        message: `closes at ${h.closes}, not later than it opens (${h.opens})`,
      });
    for (const day of h.days) {
      const other = seenDays.get(day);
      if (other)
        problems.push({
          path: ['replyPromise', 'supportHours', i, 'days'],
          message: `${day} is already in "${other}"; a day has one entry`,
        });
      seenDays.set(day, h.id);
    }
  });
  return problems;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "6:00" → 360. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The parts of a moment in a zone (en-US, 24-hour clock), by type; each formatter made once, as they are slow to make. */
export function zonedParts(at: Date | number, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone, hourCycle: 'h23' });
    FORMATS.set(key, format);
  }
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

const TEAM_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A moment as the team reads it, in its zone with the zone named: "Tue 24 Nov 2026, 03:15 PST". */
export function formatTeamTime(at: Date, timeZone: string): string {
  const part = zonedParts(at, timeZone, TEAM_TIME);
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.timeZoneName}`;
}

/** The team's zone: the promise's, or UTC for a site that states none. */
export const teamTimeZone = (promise: ReplyPromise | undefined): string => promise?.timeZone ?? 'UTC';
