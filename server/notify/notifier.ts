import type { Described } from './plan';
import type { PlannedNotification } from '../store/types';
import type { NotifyConfig } from './config';
import { planNotifications, type LeadFacts, type NotificationRules } from './plan';

/** What the submission endpoints need of notifications: what to queue with a lead, and a nudge once it is stored. */
export interface Notifier {
  plan(lead: LeadFacts): PlannedNotification[];
  queued(): void;
}

export function createNotifier(options: {
  config: NotifyConfig;
  rules: NotificationRules;
  forms: Record<string, Described>;
  /** Keys the auto-reply throttle's address hashes: IP_HASH_SALT, which every process shares. */
  throttleSecret: string;
  onQueued?: () => void;
}): Notifier {
  const { config, rules, forms, throttleSecret, onQueued = () => {} } = options;
  return {
    plan(lead) {
      const form = lead.formId ? forms[lead.formId] : undefined;
      return planNotifications(lead, form, rules, config, throttleSecret);
    },
    queued: onQueued,
  };
}
