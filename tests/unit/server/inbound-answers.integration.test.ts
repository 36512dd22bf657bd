/**
 * Visitors' answers over SMTP: a real listener on loopback, a real store on both backends, and
 * nodemailer sending as a relay would. An answer to a lead's reply address (or naming its reply in
 * In-Reply-To) lands on that lead; a forged or unknown token is kept aside, never on a lead.
 */
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnswerListener, MAX_ANSWER_LENGTH, replyToken, type AnswerListener } from '../../../server/inbound/answers';
import type { LeadStore } from '../../../server/store/types';
import { backends, useFreshStores } from './store-backends';

const DOMAIN = 'replies.example.com';
const TOKEN = '0123456789abcdef0123456789abcdef';

describe('replyToken', () => {
  it('reads the token of a reply address on the reply domain, whatever the case', () => {
    expect(replyToken(`reply+${TOKEN}@${DOMAIN}`, DOMAIN)).toBe(TOKEN);
    expect(replyToken(`REPLY+${TOKEN.toUpperCase()}@Replies.Example.com`, DOMAIN)).toBe(TOKEN);
  });

  it('takes nothing else for a token: another domain, another prefix, a short or a non-hex token', () => {
    expect(replyToken(`reply+${TOKEN}@other.example.com`, DOMAIN)).toBeNull();
    expect(replyToken(`reply+${TOKEN}@${DOMAIN}.evil.example`, DOMAIN)).toBeNull();
    expect(replyToken(`leads+${TOKEN}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyToken(`reply+${TOKEN.slice(1)}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyToken(`reply+${TOKEN.slice(1)}z@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyToken(`reply+${TOKEN}`, DOMAIN)).toBeNull();
  });
});

describe.each(backends)('%s answers over SMTP', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 30_000 }, () => {
    const fresh = useFreshStores(backend);
    let listener: AnswerListener | undefined;
    afterEach(async () => {
      await listener?.close();
      listener = undefined;
    });

    async function start(store: LeadStore) {
      let queued = 0;
      listener = createAnswerListener({
        inbox: store.inbox,
        domain: DOMAIN,
        port: 0,
        host: '127.0.0.1',
        maxBytes: 64 * 1024,
        teamAddresses: ['team@example.com'],
        subject: () => 'The visitor answered',
        onQueued: () => queued++,
        onError: (err) => {
          throw err;
        },
      });
      const port = await listener.listen();
      const relay = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
      const send = (to: string, extra: Record<string, unknown> = {}) =>
        relay.sendMail({ from: 'dana@example.org', to, subject: 'Re: your takedown', text: 'Here is the other address.', ...extra });
      return { send, queued: () => queued };
    }

    async function repliedLead(store: LeadStore) {
      const lead = await store.leads.insertLead({
        endpoint: '/api/contact',
        formType: 'contact',
        formId: 'contact',
        payload: { name: 'Dana', email: 'dana@example.org' },
      });
      await store.inbox.changeLead(lead.id, { status: 'done', assignee: 'ann@example.com' }, 'ann@example.com');
      const sent = await store.inbox.replyToLead(lead.id, {
        author: 'ann@example.com',
        to: 'dana@example.org',
        subject: 'Your takedown',
        body: 'We are on it.',
        messageId: `<reply-${lead.id}@example.com>`,
        replyAddress: (token) => `reply+${token}@${DOMAIN}`,
      });
      expect(sent.kind).toBe('sent');
      const job = (await store.outbox.listLeadJobs(lead.id)).find((j) => j.channel === 'reply')!;
      return { lead, address: String(job.data.replyTo) };
    }

    it('adds an answer sent to the reply address to its lead as text, puts it back in New and tells its owner', async () => {
      const store = await fresh.store();
      const { lead, address } = await repliedLead(store);
      const smtp = await start(store);
      await smtp.send(address, { html: '<p>Here is <script>alert(1)</script><b>the other</b> address.</p>', text: undefined });
      const answers = (await store.inbox.listMessages(lead.id)).filter((m) => m.direction === 'in');
      expect(answers).toHaveLength(1);
      expect(answers[0]).toMatchObject({ author: 'dana@example.org', subject: 'Re: your takedown' });
      expect(answers[0]!.body).toContain('the other');
      expect(answers[0]!.body).not.toMatch(/<|script/);
      expect((await store.inbox.getLead(lead.id))?.status).toBe('new');
      const told = (await store.outbox.listLeadJobs(lead.id)).find((j) => j.rule.startsWith('answer-'))!;
      expect(told.data).toMatchObject({ to: ['ann@example.com'], subject: 'The visitor answered', answer: true });
      expect(smtp.queued()).toBe(1);
      const log = await store.audit.list({ limit: 1 });
      expect(log[0]).toMatchObject({ actor: 'visitor', action: 'answer', leadId: lead.id });
    });

    it('matches an answer by its In-Reply-To when it reaches another address of the domain', async () => {
      const store = await fresh.store();
      const { lead } = await repliedLead(store);
      const smtp = await start(store);
      await smtp.send(`reply+${TOKEN}@${DOMAIN}`, { inReplyTo: `<reply-${lead.id}@example.com>` });
      expect((await store.inbox.listMessages(lead.id)).filter((m) => m.direction === 'in')).toHaveLength(1);
    });

    it('keeps a forged or unknown token aside, never on a lead, and refuses other addresses at RCPT', async () => {
      const store = await fresh.store();
      const { lead, address } = await repliedLead(store);
      const smtp = await start(store);
      const forged = address.replace(/\+([0-9a-f])/, (_m, c: string) => `+${c === '0' ? '1' : '0'}`);
      await smtp.send(forged, { inReplyTo: '<not-ours@example.com>' });
      expect((await store.inbox.listMessages(lead.id)).filter((m) => m.direction === 'in')).toEqual([]);
      expect((await store.inbox.getLead(lead.id))?.status).toBe('done');
      expect(await store.inbox.listUnmatchedMail(10)).toEqual([expect.objectContaining({ recipient: forged, sender: 'dana@example.org' })]);
      await expect(smtp.send(`leads@${DOMAIN}`)).rejects.toThrow(/550/);
      await expect(smtp.send(`reply+${TOKEN}@elsewhere.example.com`)).rejects.toThrow(/550/);
    });

    it('keeps an answer to an erased lead aside, refuses a message over the size limit, and cuts a long answer', async () => {
      const store = await fresh.store();
      const { lead, address } = await repliedLead(store);
      const second = await repliedLead(store);
      const smtp = await start(store);
      await expect(smtp.send(second.address, { text: 'x'.repeat(70 * 1024) })).rejects.toThrow(/552/);
      await smtp.send(second.address, { text: `${'word '.repeat(MAX_ANSWER_LENGTH / 5)}tail` });
      const long = (await store.inbox.listMessages(second.lead.id)).find((m) => m.direction === 'in')!;
      expect(long.body.length).toBeLessThan(MAX_ANSWER_LENGTH + 100);
      expect(long.body).toMatch(/\[cut: /);
      await store.inbox.eraseLead(lead.id, 'ann@example.com');
      await smtp.send(address);
      expect(await store.inbox.listMessages(lead.id)).toEqual([]);
      expect(await store.inbox.listUnmatchedMail(10)).toHaveLength(1);
    });
  });
});
