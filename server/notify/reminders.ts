import type { InboxLead } from '../store/inbox-types';
import type { OutboxSlice } from '../store/types';
import type { Described } from './plan';
import { renderSubject } from './plan';

/** How often the server looks for leads past their due time (REMINDER_SWEEP_MS). */
export const REMINDER_SWEEP_MS = 60_000;
/** The reminder's subject when site/notifications.yaml names none (its schema's default). */
export const DEFAULT_REMINDER_SUBJECT = 'Reply overdue: {{form}}';
/** Most reminders one sweep queues; the next sweep takes the rest. */
const SWEEP_LIMIT = 100;

export interface ReminderSweepOptions {
  outbox: Pick<OutboxSlice, 'queueReminders'>;
  /** Forms by id, for the subject's form title and urgency. */
  forms: Readonly<Record<string, Described>>;
  /** LEADS_EMAIL_TO: who is reminded of a lead nobody owns. */
  teamAddresses: readonly string[];
  /** site/notifications.yaml's reminderSubject. */
  subject?: string;
  now?: () => Date;
  everyMs?: number;
  onQueued?: (count: number) => void;
  onError?: (err: unknown) => void;
}

/** Who is reminded of an overdue lead and with which subject: its owner, else the team. */
export function reminderFor(
  lead: InboxLead,
  forms: ReminderSweepOptions['forms'],
  teamAddresses: readonly string[],
  subject = DEFAULT_REMINDER_SUBJECT,
) {
  const form = lead.formId ? forms[lead.formId] : undefined;
  return { to: lead.assignee ? [lead.assignee] : teamAddresses, subject: renderSubject(subject, lead, form) };
}

export interface SweepOptions {
  everyMs: number;
  /** Told when jobs were queued, so the outbox worker sends them now. */
  onQueued?: (count: number) => void;
  onError?: (err: unknown) => void;
}

/** Runs `run` every `everyMs`, one run at a time in a process (a run asked for meanwhile shares it). */
export function createSweep(run: () => Promise<number>, { everyMs, onQueued, onError }: SweepOptions) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;

  async function runOnce(): Promise<number> {
    running ??= run().finally(() => (running = null));
    const queued = await running;
    if (queued > 0) onQueued?.(queued);
    return queued;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => void runOnce().catch((err: unknown) => onError?.(err)), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}

export type Sweep = ReturnType<typeof createSweep>;

/**
 * Queues a reminder e-mail, through the outbox, for each New lead past its due time: once per lead
 * and due time (the store's job key), so restarts and several processes sweeping change nothing.
 */
export function createReminderSweep(options: ReminderSweepOptions): Sweep {
  const { outbox, forms, teamAddresses, subject, now = () => new Date(), everyMs = REMINDER_SWEEP_MS, onQueued, onError } = options;
  // Other processes are kept out by the job key.
  const run = () =>
    outbox.queueReminders({ now: now(), limit: SWEEP_LIMIT, plan: (lead) => reminderFor(lead, forms, teamAddresses, subject) });
  return createSweep(run, { everyMs, onQueued, onError });
}
