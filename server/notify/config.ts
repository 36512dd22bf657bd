/** Where notifications go, read from the environment only: addresses and secrets never live in YAML. */
export interface NotifyConfig {
  /** `smtp://user:pass@host:port` or `smtps://…` (TLS from the start). */
  smtpUrl: string | null;
  /** The From address of every e-mail. */
  mailFrom: string | null;
  /** Team addresses for leads no rule names recipients for. */
  leadsEmailTo: string[];
  webhookUrl: string | null;
  /** A Standard Webhooks `whsec_…` secret. */
  webhookSecret: string | null;
}

export interface NotifyEnv {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  LEADS_EMAIL_TO?: string;
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
  /** `1` lets WEBHOOK_URL be a plain http:// address on another host (a private network, say). */
  WEBHOOK_ALLOW_HTTP?: string;
}

const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** A plain address (no display name, no list): safe to hand to a mail library as one recipient. */
export function isPlainAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && ADDRESS.test(value);
}

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** localhost, 127.0.0.0/8 or ::1: a call that never leaves the machine. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** What is wrong with WEBHOOK_URL, or null: signed lead data goes over https, unless it stays on this machine or is allowed. */
function webhookUrlProblem(url: string, allowHttp: boolean): string | null {
  if (!/^https?:\/\/\S+$/i.test(url) || !URL.canParse(url)) return 'WEBHOOK_URL must be an https:// address.';
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:' || isLoopback(hostname) || allowHttp) return null;
  return (
    `WEBHOOK_URL is http://, which would send every lead's name, e-mail and message unencrypted to ${hostname}. ` +
    'Use an https:// address, or set WEBHOOK_ALLOW_HTTP=1 if that network is trusted.'
  );
}

/** Reads and checks the variables; every problem is named, none of them echoes a secret. */
export function readNotifyConfig(env: NotifyEnv): { config: NotifyConfig; problems: string[] } {
  const problems: string[] = [];
  const smtpUrl = blank(env.SMTP_URL);
  if (smtpUrl && !/^smtps?:\/\/[^/\s]+/i.test(smtpUrl))
    problems.push('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.');
  const mailFrom = blank(env.MAIL_FROM);
  if (mailFrom && !isPlainAddress(mailFrom)) problems.push(`MAIL_FROM must be one e-mail address, such as leads@example.com.`);
  if (smtpUrl && !mailFrom) problems.push('MAIL_FROM is needed with SMTP_URL: it is the From address of every e-mail.');
  const leadsEmailTo = (env.LEADS_EMAIL_TO ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const badRecipients = leadsEmailTo.filter((a) => !isPlainAddress(a));
  if (badRecipients.length)
    problems.push(`LEADS_EMAIL_TO must be e-mail addresses separated by commas; these are not: ${badRecipients.join(', ')}.`);
  const webhookUrl = blank(env.WEBHOOK_URL);
  const webhookProblem = webhookUrl ? webhookUrlProblem(webhookUrl, env.WEBHOOK_ALLOW_HTTP?.trim() === '1') : null;
  if (webhookProblem) problems.push(webhookProblem);
  const webhookSecret = blank(env.WEBHOOK_SECRET);
  if (webhookUrl && !webhookSecret)
    problems.push('WEBHOOK_SECRET is needed with WEBHOOK_URL, so receivers can check each call came from us (a whsec_… secret).');
  if (webhookSecret && !/^whsec_[A-Za-z0-9+/=]{16,}$/.test(webhookSecret))
    problems.push('WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64.');
  return { config: { smtpUrl, mailFrom, leadsEmailTo, webhookUrl, webhookSecret }, problems };
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
