import { createHmac } from 'node:crypto';
import type { Form } from '../../engine/content/model';
import type { SubmissionRules } from '../../engine/forms/payload';
import type { Notifications } from '../../engine/generated/content';
import type { PlannedNotification } from '../store/types';
import { isPlainAddress, type NotifyConfig } from './config';
import { oneLine } from './text';

/** What a lead's e-mails need of the form (or API payload) that accepted it: labels, options, title, auto-reply. */
export type Described = SubmissionRules & { autoReply?: Form['autoReply'] };

/** site/notifications.yaml, as its schema describes it. */
export type NotificationRules = Notifications;

export interface LeadFacts {
  endpoint: string;
  formId: string | null;
  payload: Record<string, unknown>;
  spam: boolean;
}

/** One auto-reply per address per hour, whatever is submitted: it must be useless for flooding someone. */
export const AUTO_REPLY_WINDOW_SECONDS = 3600;
const SUBJECT_VALUE_LENGTH = 80;

type Options = Array<{ const?: unknown; title?: string }>;

/** The options the visitor chose a field's value from; `serviceInterest` is read from the field the form names for it. */
export function optionsOf(form: Described | undefined, field: string): Options | undefined {
  const properties = form?.fields.properties as Record<string, { oneOf?: Options }> | undefined;
  const source = !properties?.[field] && field === 'serviceInterest' ? (form?.submit.serviceInterestFrom ?? field) : field;
  return properties?.[source]?.oneOf;
}

/** The option title the form shows for a value, else the value itself. */
export function optionTitle(form: Described | undefined, field: string, value: unknown): string {
  const option = optionsOf(form, field)?.find((o) => o.const === value);
  return option?.title ?? (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** `{{field}}` → the submitted value on one line (shortened); `{{form}}` → the form's title. */
export function renderSubject(template: string, lead: LeadFacts, form: Described | undefined): string {
  let subject = template.replace(/\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g, (_m, name: string) => {
    if (name === 'form') return form?.title ?? lead.endpoint;
    const value = lead.payload[name];
    if (value === undefined || value === null || value === '') return '';
    return oneLine(optionTitle(form, name, value), SUBJECT_VALUE_LENGTH);
  });
  const urgency = lead.payload.urgency;
  if (typeof urgency === 'string' && urgency !== '') subject = `[${oneLine(optionTitle(form, 'urgency', urgency), 40)}] ${subject}`;
  return oneLine(subject, 250);
}

function matches(rule: NotificationRules['rules'][number], lead: LeadFacts): boolean {
  if (rule.forms && !(lead.formId && rule.forms.includes(lead.formId))) return false;
  if (rule.endpoints && !(rule.endpoints as readonly string[]).includes(lead.endpoint)) return false;
  for (const [field, accepted] of Object.entries(rule.when ?? {})) {
    const value = lead.payload[field];
    if (typeof value !== 'string' || !(Array.isArray(accepted) ? accepted : [accepted]).includes(value)) return false;
  }
  return true;
}

/**
 * Which notifications a new lead gets. Spam (a filled honeypot) reaches no person: no team e-mail
 * and no auto-reply; a webhook still hears of it, marked as spam, so a receiver can count it.
 */
/**
 * The auto-reply throttle's key for an address: keyed with a server secret, so the stored keys
 * cannot be matched against a list of addresses by whoever gets a copy of the database.
 */
export function throttleKey(address: string, secret: string): string {
  return `auto-reply:${createHmac('sha256', secret).update(`auto-reply\0${address.toLowerCase()}`).digest('base64url')}`;
}

export function planNotifications(
  lead: LeadFacts,
  form: Described | undefined,
  rules: NotificationRules,
  config: NotifyConfig,
  throttleSecret: string,
): PlannedNotification[] {
  const planned: PlannedNotification[] = [];
  const mail = config.smtpUrl !== null && config.mailFrom !== null;
  if (mail && !lead.spam) {
    const matched = rules.rules.filter((r) => matches(r, lead));
    const sends = matched.length
      ? matched.map((r) => ({ rule: r.id, to: r.to ?? config.leadsEmailTo, subject: r.subject }))
      : [{ rule: 'default', to: config.leadsEmailTo, subject: rules.defaultSubject }];
    for (const send of sends) {
      if (send.to.length === 0) continue;
      planned.push({ channel: 'email', rule: send.rule, data: { to: send.to, subject: renderSubject(send.subject, lead, form) } });
    }
    const address = lead.payload.email;
    const autoReply = form?.autoReply;
    if (autoReply && isPlainAddress(address)) {
      planned.push({
        channel: 'auto-reply',
        rule: 'auto-reply',
        data: { to: address, subject: autoReply.subject, text: autoReply.text },
        throttle: { key: throttleKey(address, throttleSecret), seconds: AUTO_REPLY_WINDOW_SECONDS },
      });
    }
  }
  if (config.webhookUrl && config.webhookSecret) planned.push({ channel: 'webhook', rule: 'webhook', data: {} });
  return planned;
}
