// How the inbox words a lead's standing against the reply promise.
import { describe, expect, it } from 'vitest';
import { dueState, durationText } from '../../../apps/admin/due';

const base = {
  createdAt: '2026-11-24T19:00:00.000Z',
  dueAt: '2026-11-24T21:00:00.000Z',
  firstAnsweredAt: null,
  status: 'new' as const,
  spam: false,
  erased: null,
};
const at = (iso: string) => Date.parse(iso);

describe('durationText', () => {
  it.each([
    [0, '0 min'],
    [45 * 60_000, '45 min'],
    [2 * 3_600_000, '2 h'],
    [65 * 60_000, '1 h 5 min'],
    [26 * 3_600_000, '1 day 2 h'],
    [72 * 3_600_000, '3 days'],
  ])('%i ms is "%s"', (ms, text) => expect(durationText(ms)).toBe(text));
});

describe('dueState', () => {
  it.each([
    ['2026-11-24T19:00:00Z', 'due', 2 * 3_600_000],
    ['2026-11-24T20:40:00Z', 'soon', 20 * 60_000],
    ['2026-11-24T21:15:00Z', 'overdue', -15 * 60_000],
  ])('at %s a New lead is %s', (now, kind, left) => {
    expect(dueState(base, at(now))).toEqual({ kind, dueAt: base.dueAt, left });
  });

  it('an answered lead says how long the first answer took, whatever the clock says', () => {
    expect(dueState({ ...base, status: 'done', firstAnsweredAt: '2026-11-24T20:12:00.000Z' }, at('2026-11-30T00:00:00Z'))).toEqual({
      kind: 'answered',
      after: 72 * 60_000,
    });
  });

  it.each([
    ['spam', { spam: true }],
    ['no due time', { dueAt: null }],
    ['in progress without a recorded answer', { status: 'in_progress' as const }],
    ['erased', { erased: { at: '2026-11-24T20:00:00.000Z', by: 'ann@example.com' } }],
  ])('a lead that is %s has no due time to show', (_what, change) => {
    expect(dueState({ ...base, ...change }, at('2026-11-24T22:00:00Z'))).toEqual({ kind: 'none' });
  });
});
