import type { AttemptVerdict, FailureRule } from './inbox-types';

/** A counter as both stores keep it, times in milliseconds. */
export interface AttemptRow {
  failures: number;
  firstAt: number;
  lockedUntil: number | null;
}

/**
 * What one sign-in attempt does to its counters, decided from the rows as they stand under the
 * store's lock: refused (nothing written) while any key is locked, else counted against every key.
 * The stores only read and write; both decide with this one function.
 */
export function judgeAttempt(
  rules: readonly FailureRule[],
  rows: ReadonlyMap<string, AttemptRow>,
  at: number,
): { verdict: AttemptVerdict; writes: Array<{ key: string; row: AttemptRow }> } {
  let until = 0;
  for (const rule of rules) {
    const locked = rows.get(rule.key)?.lockedUntil ?? 0;
    if (locked > at && locked > until) until = locked;
  }
  if (until) return { verdict: { admitted: false, until: new Date(until) }, writes: [] };
  const writes: Array<{ key: string; row: AttemptRow }> = [];
  const locked: string[] = [];
  for (const rule of rules) {
    const row = rows.get(rule.key);
    const fresh = !row || row.firstAt + rule.windowMs <= at;
    const failures = fresh ? 1 : row.failures + 1;
    const over = failures - rule.max;
    let lockedUntil: number | null = null;
    if (over >= 0) {
      // A growing wait doubles from stepMs with each attempt past the limit; a plain lock is lockMs at once.
      lockedUntil = at + (rule.stepMs ? Math.min(rule.lockMs, rule.stepMs * 2 ** Math.min(over, 30)) : rule.lockMs);
      if (!rule.stepMs && over === 0) locked.push(rule.key);
    }
    writes.push({ key: rule.key, row: { failures, firstAt: fresh ? at : row.firstAt, lockedUntil } });
  }
  return { verdict: { admitted: true, locked }, writes };
}
