// How the inbox shows a moment: its age ("3 min ago") with the full date, in UTC, on hover and in
// the markup's datetime.
import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "3 min ago", "5 h ago", "2 days ago"; a date once it is a month old. */
export function ageText(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const age = now - then;
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  if (age < 30 * DAY) {
    const days = Math.floor(age / DAY);
    return days === 1 ? '1 day ago' : `${days} days ago`;
  }
  return iso.slice(0, 10);
}

const FULL = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** "23 Nov 2026, 13:40:05 UTC". */
export function fullDate(iso: string): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? iso : `${FULL.format(then)} UTC`;
}

// One clock for every age on the page, read during render without calling Date.now() there.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 30_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, updated every 30 seconds while something on the page shows an age. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/** An age with the full date as its title, e.g. "3 min ago". */
export function Age({ iso }: { iso: string }) {
  const current = useNow();
  return (
    <time dateTime={iso} title={fullDate(iso)}>
      {ageText(iso, current)}
    </time>
  );
}

/** The full date, for places with room for it. */
export function FullDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{fullDate(iso)}</time>;
}
