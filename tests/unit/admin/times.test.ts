import { describe, expect, it } from 'vitest';
import { ageText, fullDate } from '../../../apps/admin/times';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('ageText', () => {
  it.each([
    ['2026-11-23T12:00:00Z', 'just now'],
    ['2026-11-23T11:59:30Z', 'just now'],
    ['2026-11-23T12:05:00Z', 'just now'],
    ['2026-11-23T11:57:00Z', '3 min ago'],
    ['2026-11-23T11:00:01Z', '59 min ago'],
    ['2026-11-23T07:00:00Z', '5 h ago'],
    ['2026-11-22T11:00:00Z', '1 day ago'],
    ['2026-11-01T12:00:00Z', '22 days ago'],
    ['2026-09-01T08:30:00Z', '2026-09-01'],
    ['not a date', 'not a date'],
  ])('shows %s as "%s"', (iso, expected) => {
    expect(ageText(iso, NOW)).toBe(expected);
  });
});

describe('fullDate', () => {
  it('writes the moment in UTC with its seconds', () => {
    expect(fullDate('2026-11-23T13:40:05.123Z')).toBe('23 Nov 2026, 13:40:05 UTC');
  });
});
