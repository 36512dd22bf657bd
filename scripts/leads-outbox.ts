// The outbox commands of `npm run leads`: what is waiting, requeueing a dead job, and a test send.
import { randomUUID } from 'node:crypto';
import type { ScriptConfig } from '../server/config';
import { createDelivery } from '../server/notify/deliver';
import type { NotificationRules } from '../server/notify/plan';
import type { ClaimedJob, OutboxJob, OutboxSlice } from '../server/store/types';

function row(job: OutboxJob): string {
  const next = job.status === 'pending' ? `next try ${job.nextAttemptAt}` : `dead since ${job.finishedAt}`;
  const error = job.lastError ? ` — ${job.lastError}` : '';
  return `${job.id}  ${job.status.padEnd(7)}  ${job.channel.padEnd(10)}  ${job.rule.padEnd(16)}  ${job.leadId ? `lead ${job.leadId}` : 'to the team'}  ${job.attempts} attempt(s), ${next}${error}`;
}

/** Pending and dead jobs, oldest first, one line each. */
export async function describeOutbox(outbox: Pick<OutboxSlice, 'listJobs'>): Promise<string> {
  const jobs = await outbox.listJobs({ status: ['pending', 'dead'] });
  if (jobs.length === 0) return 'The outbox is empty: every notification has been delivered.\n';
  const pending = jobs.filter((j) => j.status === 'pending').length;
  const summary = `${pending} pending, ${jobs.length - pending} dead. Requeue a dead one with: npm run leads -- retry ID`;
  return `${jobs.map(row).join('\n')}\n\n${summary}\n`;
}

export async function requeue(outbox: Pick<OutboxSlice, 'requeueJob'>, id: string): Promise<string> {
  if (await outbox.requeueJob(id)) return `Requeued ${id}; the server delivers it within a few seconds.\n`;
  throw new Error(`There is no dead job ${id}. npm run leads -- outbox lists the dead ones.`);
}

/**
 * Sends one test message through every configured channel, through the same code the server
 * delivers with, and says what each one answered. Nothing is stored. `siteUrl` is the site's
 * address by the one rule (publicSiteUrl), for the inbox link in the message.
 */
export async function testNotify(
  settings: { notify: ScriptConfig['notify']; siteUrl: string | null },
  rules: NotificationRules | undefined,
  siteName: string,
  timeZone = 'UTC',
): Promise<{ ok: boolean; report: string }> {
  const { config, problems } = settings.notify;
  if (problems.length) return { ok: false, report: `${problems.join('\n')}\n` };
  if (!config.smtpUrl && !config.webhookUrl) {
    return { ok: false, report: 'No channel is configured: set SMTP_URL and MAIL_FROM, or WEBHOOK_URL and WEBHOOK_SECRET.\n' };
  }
  if (settings.siteUrl === null) {
    return {
      ok: false,
      report: "The message links to the inbox, but the site's address is not known: run `npm run build` first, or set SITE_URL.\n",
    };
  }
  const delivery = createDelivery(config, { forms: {}, siteName, place: { siteUrl: settings.siteUrl, timeZone } });
  const now = new Date();
  const lead = {
    id: randomUUID(),
    createdAt: now.toISOString(),
    endpoint: '/api/contact',
    formType: 'contact',
    formId: null,
    payload: { name: 'Test from npm run leads -- test-notify', message: 'If you can read this, lead notifications reach you.' },
    idempotencyKey: null,
    ipHash: null,
    userAgent: null,
    spam: false,
    source: null,
  };
  const job = (channel: ClaimedJob['channel'], data: Record<string, unknown>): ClaimedJob => ({
    id: randomUUID(),
    leadId: lead.id,
    channel,
    rule: 'test',
    data,
    status: 'pending',
    attempts: 1,
    createdAt: lead.createdAt,
    nextAttemptAt: lead.createdAt,
    lastError: null,
    finishedAt: null,
    lead,
  });
  const lines: string[] = [];
  let ok = true;
  try {
    if (config.smtpUrl) {
      const recipients = [...new Set([...config.leadsEmailTo, ...(rules?.rules ?? []).flatMap((r) => r.to ?? [])])];
      if (recipients.length === 0) {
        ok = false;
        lines.push('E-mail: no recipients. Set LEADS_EMAIL_TO, or give rules in site/notifications.yaml a `to`.');
      } else {
        const result = await delivery.deliver(job('email', { to: recipients, subject: `Test notification from ${siteName}` }));
        ok &&= result.ok;
        lines.push(`E-mail to ${recipients.join(', ')}: ${result.ok ? result.detail : `FAILED, ${result.error}`}`);
      }
    }
    if (config.webhookUrl) {
      const result = await delivery.deliver(job('webhook', {}));
      ok &&= result.ok;
      lines.push(`Webhook ${new URL(config.webhookUrl).origin}: ${result.ok ? result.detail : `FAILED, ${result.error}`}`);
    }
  } finally {
    delivery.close();
  }
  return { ok, report: `${lines.join('\n')}\n` };
}
