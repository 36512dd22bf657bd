import nodemailer, { type Transporter } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import type { Described } from './plan';
import type { ClaimedJob, LeadJob } from '../store/types';
import { DIGEST_RULE } from '../store/outbox';
import { digestEmail } from './digest';
import { DELIVERY_TIMEOUT_MS, type NotifyConfig } from './config';
import { autoReplyEmail, replyEmail, teamEmail, webhookBody, type MailMessage, type TeamPlace } from './messages';

export type DeliveryResult = { ok: true; detail: string } | { ok: false; error: string; permanent?: boolean };

export interface Delivery {
  deliver(job: ClaimedJob): Promise<DeliveryResult>;
  close(): void;
}

export interface DeliveryDeps {
  forms: Record<string, Described>;
  siteName: string;
  /** SITE_URL and the team's zone, for the inbox link and the times in e-mails. */
  place: TeamPlace;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Per call, for SMTP and webhooks alike; a stuck receiver must not hold a job's lease. */
  timeoutMs?: number;
}

/** Most of a receiver's answer that is read; only its status matters, the rest is never downloaded. */
export const MAX_WEBHOOK_ANSWER_BYTES = 4096;

/**
 * Reads up to `max` bytes of the answer, then drops the connection: a receiver answering with a
 * huge (or endless) body costs a few KB, not memory in proportion to what it sends. A short answer
 * read to its end leaves the connection free for the next call.
 */
async function discardAnswer(res: Response, max = MAX_WEBHOOK_ANSWER_BYTES): Promise<void> {
  if (!res.body) return;
  const reader = res.body.getReader();
  let read = 0;
  try {
    while (read <= max) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A receiver that breaks off its answer has still given its status.
  }
}

export function createTransport(smtpUrl: string, timeoutMs = DELIVERY_TIMEOUT_MS): Transporter {
  // Pooled: a burst of leads reuses a few connections instead of one handshake per message.
  return nodemailer.createTransport(smtpUrl, {
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as never);
}

async function send(transport: Transporter, message: MailMessage): Promise<DeliveryResult> {
  try {
    const info = await transport.sendMail({
      from: message.from,
      // Objects, not strings: an address is never parsed as a list or a display name.
      to: message.to.map((address) => ({ name: '', address })),
      replyTo: message.replyTo ? { name: '', address: message.replyTo } : undefined,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId,
    });
    return { ok: true, detail: `accepted by the mail server: ${String(info.response ?? 'ok').slice(0, 200)}` };
  } catch (err) {
    return { ok: false, error: `mail server: ${String((err as Error).message).slice(0, 300)}` };
  }
}

export function createDelivery(config: NotifyConfig, deps: DeliveryDeps): Delivery {
  const { forms, siteName, place, fetchImpl = fetch, now = () => new Date(), timeoutMs = DELIVERY_TIMEOUT_MS } = deps;
  const transport = config.smtpUrl ? createTransport(config.smtpUrl, timeoutMs) : null;
  const signer = config.webhookSecret ? new Webhook(config.webhookSecret) : null;

  async function callWebhook(job: LeadJob): Promise<DeliveryResult> {
    if (!config.webhookUrl || !signer) return { ok: false, error: 'WEBHOOK_URL and WEBHOOK_SECRET are no longer set', permanent: true };
    const sentAt = now();
    const body = webhookBody(job.lead, sentAt, job.rule === 'test', job.lead.formId ? forms[job.lead.formId] : undefined, place.siteUrl);
    // Stable across retries and restarts, like an e-mail's Message-ID: the lead and what asked for the call.
    const webhookId = `${job.lead.id}.${job.rule}`;
    try {
      const res = await fetchImpl(config.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'takedown-site-webhooks/1',
          'webhook-id': webhookId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signer.sign(webhookId, sentAt, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      await discardAnswer(res);
      if (res.ok) return { ok: true, detail: `webhook answered ${res.status}` };
      // 410 Gone: the receiver says it will never take these again (Standard Webhooks).
      if (res.status === 410) return { ok: false, error: 'webhook answered 410 Gone', permanent: true };
      return { ok: false, error: `webhook answered ${res.status}` };
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      return { ok: false, error: timedOut ? `webhook did not answer within ${timeoutMs / 1000} s` : `webhook: ${(err as Error).message}` };
    }
  }

  return {
    async deliver(job) {
      if (job.lead === null && job.rule !== DIGEST_RULE)
        return { ok: false, error: `no team e-mail is named ${job.rule}`, permanent: true };
      if (job.lead !== null && job.channel === 'webhook') return callWebhook(job);
      if (!transport || !config.mailFrom) return { ok: false, error: 'SMTP_URL and MAIL_FROM are no longer set' };
      if (job.lead === null) return send(transport, digestEmail(job, config.mailFrom, siteName, place));
      if (job.channel === 'reply') return send(transport, replyEmail(job, config.mailFrom));
      const message =
        job.channel === 'email'
          ? teamEmail(job, job.lead.formId ? forms[job.lead.formId] : undefined, config.mailFrom, siteName, place)
          : autoReplyEmail(job, config.mailFrom);
      return send(transport, message);
    },
    close() {
      transport?.close();
    },
  };
}
