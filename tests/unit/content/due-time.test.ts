// When a lead's answer is due: support hours only, in the team's zone, across weekends and the
// daylight-saving changes of America/Los_Angeles; times in e-mails name the zone.
import { describe, expect, it } from 'vitest';
import { dueAt } from '../../../server/leads/due-time';
import { formatTeamTime, type ReplyPromise } from '../../../engine/content/reply-promise';

const PROMISE: ReplyPromise = {
  replyWithinHours: 2,
  timeZone: 'America/Los_Angeles',
  timeZoneName: 'Pacific time',
  supportHours: [
    { id: 'weekdays', label: 'Monday to Friday', days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '6:00', closes: '22:00' },
    { id: 'saturday', label: 'Saturday', days: ['sat'], opens: '8:00', closes: '18:00' },
    { id: 'sunday', label: 'Sunday', days: ['sun'], opens: '10:00', closes: '16:00' },
  ],
  urgent: { field: 'urgency', values: ['urgent', 'emergency'], replyWithinHours: 2, allHours: true },
};
const WEEKDAYS_ONLY: ReplyPromise = { ...PROMISE, supportHours: [PROMISE.supportHours[0]!], urgent: undefined };
const ALWAYS: ReplyPromise = {
  ...WEEKDAYS_ONLY,
  supportHours: [
    { id: 'always', label: 'Every day', days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], opens: '0:00', closes: '24:00' },
  ],
};
const PROMISES = { site: PROMISE, weekdays: WEEKDAYS_ONLY, always: ALWAYS };

describe('dueAt', () => {
  it.each([
    // why                                                              received (UTC)          promise      payload                    due (UTC)
    ['Tue 11:00 PST, within hours: two hours on', '2026-11-24T19:00:00Z', 'site', {}, '2026-11-24T21:00:00Z'],
    ['Tue 21:30 PST: half an hour, then 1.5 h from Wed 6:00', '2026-11-25T05:30:00Z', 'site', {}, '2026-11-25T15:30:00Z'],
    ['Wed 0:00 PST, outside hours: 6:00 + 2 h', '2026-11-25T08:00:00Z', 'site', {}, '2026-11-25T16:00:00Z'],
    ['Fri 17:00 PST, weekdays only: Fri 19:00', '2026-11-28T01:00:00Z', 'weekdays', {}, '2026-11-28T03:00:00Z'],
    ['Fri 23:00 PST, weekdays only: across the weekend to Mon 8:00', '2026-11-28T07:00:00Z', 'weekdays', {}, '2026-11-30T16:00:00Z'],
    ['Fri 21:00 PST: 1 h Friday, 1 h Monday from 6:00', '2026-11-28T05:00:00Z', 'weekdays', {}, '2026-11-30T15:00:00Z'],
    ['Sat 17:00 PST: 1 h Saturday, Sun 10:00 + 1 h', '2026-11-29T01:00:00Z', 'site', {}, '2026-11-29T19:00:00Z'],
    ['urgent, around the clock', '2026-11-24T19:00:00Z', 'site', { urgency: 'emergency' }, '2026-11-24T21:00:00Z'],
    ['urgent at midnight: no waiting for hours', '2026-11-25T08:00:00Z', 'site', { urgency: 'urgent' }, '2026-11-25T10:00:00Z'],
    ['not an urgent value: support hours', '2026-11-25T08:00:00Z', 'site', { urgency: 'normal' }, '2026-11-25T16:00:00Z'],
    // Daylight saving starts Sun 8 Mar 2026 (2:00 PST → 3:00 PDT) and ends Sun 1 Nov 2026 (2:00 PDT → 1:00 PST).
    ['Sun 8 Mar 1:00 PST: Sunday opens 10:00 PDT, + 2 h', '2026-03-08T09:00:00Z', 'site', {}, '2026-03-08T19:00:00Z'],
    [
      'Fri 6 Mar 23:00 PST → Mon 9 Mar 8:00 PDT, the weekend spanning the change',
      '2026-03-07T07:00:00Z',
      'weekdays',
      {},
      '2026-03-09T15:00:00Z',
    ],
    ['Fri 6 Mar 21:00 PST: 1 h Friday, Mon 6:00 PDT + 1 h', '2026-03-07T05:00:00Z', 'weekdays', {}, '2026-03-09T14:00:00Z'],
    [
      'Sat 7 Mar 23:00 PST, every hour open: the night of the change is an hour short',
      '2026-03-08T07:00:00Z',
      'always',
      {},
      '2026-03-08T09:00:00Z',
    ],
    ['Sat 31 Oct 17:00 PDT: 1 h Saturday, Sun 1 Nov 10:00 PST + 1 h', '2026-11-01T00:00:00Z', 'site', {}, '2026-11-01T19:00:00Z'],
    ['Sun 1 Nov 1:30 PDT, before the change: Sun 10:00 PST + 2 h', '2026-11-01T08:30:00Z', 'site', {}, '2026-11-01T20:00:00Z'],
    ['Fri 30 Oct 21:30 PDT: 0.5 h Friday, Mon 6:00 PST + 1.5 h', '2026-10-31T04:30:00Z', 'weekdays', {}, '2026-11-02T15:30:00Z'],
    [
      'Sat 31 Oct 23:00 PDT, every hour open: the night of the change is an hour long',
      '2026-11-01T06:00:00Z',
      'always',
      {},
      '2026-11-01T08:00:00Z',
    ],
  ] as const)('%s', (_why, received, promise, payload, due) => {
    expect(dueAt(new Date(received), PROMISES[promise], payload).toISOString()).toBe(new Date(due).toISOString());
  });

  it('a promise of hours longer than a day carries on over the next support days', () => {
    const tenHours = { ...WEEKDAYS_ONLY, replyWithinHours: 20 };
    // Mon 6:00 PST: 16 h on Monday, 4 h on Tuesday.
    expect(dueAt(new Date('2026-11-30T14:00:00Z'), tenHours).toISOString()).toBe('2026-12-01T18:00:00.000Z');
  });
});

describe('formatTeamTime', () => {
  it.each([
    ['2026-11-24T11:15:08.516Z', 'America/Los_Angeles', 'Tue 24 Nov 2026, 03:15 PST'],
    ['2026-07-04T18:05:00Z', 'America/Los_Angeles', 'Sat 4 Jul 2026, 11:05 PDT'],
    ['2026-11-24T11:15:00Z', 'UTC', 'Tue 24 Nov 2026, 11:15 UTC'],
  ])('%s in %s is %s', (at, zone, text) => {
    expect(formatTeamTime(new Date(at), zone)).toBe(text);
  });
});
