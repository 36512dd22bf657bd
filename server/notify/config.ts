/** Where notifications go, read from the environment only (server/config.ts): addresses and secrets never live in YAML. */
/** The longest one SMTP or webhook call may take; a job's lease must outlast it. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface NotifyConfig {
  /** `smtp://user:pass@host:port` or `smtps://…` (TLS from the start). */
  smtpUrl: string | null;
  /** The From address of every e-mail. */
  mailFrom: string | null;
  /** REPLY_DOMAIN: where answers to the team's replies go (`reply+<token>@` it); MAIL_FROM's domain without it. */
  replyDomain?: string | null;
  /** Team addresses for leads no rule names recipients for. */
  leadsEmailTo: readonly string[];
  webhookUrl: string | null;
  /** A Standard Webhooks `whsec_…` secret. */
  webhookSecret: string | null;
}

const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** A plain address (no display name, no list): safe to hand to a mail library as one recipient. */
export function isPlainAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && ADDRESS.test(value);
}

/** The one start-up line saying which channels are on; never prints a password or a secret. */
export function describeNotifyConfig(config: NotifyConfig): string {
  const on: string[] = [];
  if (config.smtpUrl) {
    const host = config.smtpUrl.replace(/^smtps?:\/\/(?:[^@/]*@)?/i, '').split('/')[0];
    on.push(`e-mail through ${host} from ${config.mailFrom}`);
  }
  if (config.webhookUrl) on.push(`webhooks to ${new URL(config.webhookUrl).origin}`);
  if (on.length === 0)
    return 'Notifications are off: set SMTP_URL and MAIL_FROM (e-mail) or WEBHOOK_URL and WEBHOOK_SECRET (webhooks) to turn them on.';
  return `Notifications are on: ${on.join('; ')}.`;
}
