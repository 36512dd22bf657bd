import type { ReplyPromise } from '../../engine/generated/content';
import { minutesOf, zonedParts } from '../../engine/content/reply-promise';

const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const MINUTE = 60_000;
/** Enough calendar days to find any promise's hours: a year of support time at one hour a week. */
const MAX_DAYS = 8 * 366;

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** The wall-clock date and time of an instant in a zone. */
function wallClock(at: number, timeZone: string) {
  const p = zonedParts(at, timeZone, WALL_CLOCK);
  return { year: +p.year, month: +p.month, day: +p.day, hour: +p.hour, minute: +p.minute, second: +p.second };
}

/** The instant a wall-clock time in the zone names (in a daylight-saving gap, the instant an hour on). */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  const offsetAt = (at: number) => {
    const w = wallClock(at, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
  };
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}

/** Whether a lead is answered within the urgent promise. */
export function isUrgent(promise: ReplyPromise, payload: Readonly<Record<string, unknown>>): boolean {
  const value = promise.urgent ? payload[promise.urgent.field] : undefined;
  return typeof value === 'string' && promise.urgent!.values.includes(value);
}

/**
 * When the answer to a lead received at `receivedAt` is due: the promised hours counted in support
 * hours only, day by day in the team's zone (so a day that changes to or from daylight saving time
 * has its real length), or around the clock for an urgent lead whose promise says so.
 */
export function dueAt(receivedAt: Date, promise: ReplyPromise, payload: Readonly<Record<string, unknown>> = {}): Date {
  const urgent = isUrgent(promise, payload) ? promise.urgent! : undefined;
  let remaining = (urgent?.replyWithinHours ?? promise.replyWithinHours) * 60 * MINUTE;
  const start = receivedAt.getTime();
  if (urgent?.allHours) return new Date(start + remaining);
  const hoursByDay = new Map(promise.supportHours.flatMap((h) => h.days.map((d) => [d, h] as const)));
  const today = wallClock(start, promise.timeZone);
  for (let i = 0; i < MAX_DAYS; i++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    const hours = hoursByDay.get(DAY_KEYS[date.getUTCDay()]);
    if (!hours) continue;
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const opens = zonedInstant(y, m, d, minutesOf(hours.opens), promise.timeZone);
    const closes = zonedInstant(y, m, d, minutesOf(hours.closes), promise.timeZone);
    const from = Math.max(opens, start);
    if (from >= closes) continue;
    if (remaining <= closes - from) return new Date(from + remaining);
    remaining -= closes - from;
  }
  throw new Error('the reply promise has no support hours to count');
}
