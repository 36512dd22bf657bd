/**
 * The inbound SMTP listener: visitors' answers to the team's replies, relayed here by the mail
 * server that receives REPLY_DOMAIN's mail. Only `reply+<token>@REPLY_DOMAIN` is accepted (550 for
 * any other recipient); a message is read as text, at most INBOUND_MAX_BYTES, and handed to the
 * store, which attaches it to the token's lead or keeps it aside.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { REPLY_PREFIX } from '../admin/saved-replies';
import type { InboxLead, InboxSlice } from '../store/inbox-types';

/** Largest message accepted (headers, text and attachments); larger is refused with 552 while it is sent. */
export const INBOUND_MAX_BYTES = 1024 * 1024;
/** Longest answer kept on a lead, in characters; the rest is cut and said to be. */
export const MAX_ANSWER_LENGTH = 20_000;
/** Recipients one message may name. */
const MAX_RECIPIENTS = 5;

const TOKEN = /^[0-9a-f]{32}$/;

/** The token of a reply address on `domain`, or null when the address is not one. */
export function replyToken(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  if (!local.startsWith(REPLY_PREFIX)) return null;
  const token = local.slice(REPLY_PREFIX.length);
  return TOKEN.test(token) ? token : null;
}

/** The Message-IDs an answer says it answers (In-Reply-To, then References), as written: `<…>`. */
export function answeredIds(mail: Pick<ParsedMail, 'inReplyTo' | 'references'>): string[] {
  const refs = typeof mail.references === 'string' ? mail.references.split(/\s+/) : (mail.references ?? []);
  const all = [...(mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : []), ...refs].filter((id) => /^<[^<>\s]{1,250}>$/.test(id));
  return [...new Set(all)].slice(0, 20);
}

/** The answer's text: the plain part (mailparser makes one from HTML when there is none), never the HTML itself; cut to MAX_ANSWER_LENGTH. */
export function answerText(mail: Pick<ParsedMail, 'text'>): string {
  const text = (mail.text ?? '').replace(/\r\n?/g, '\n').trim();
  return text.length > MAX_ANSWER_LENGTH
    ? `${text.slice(0, MAX_ANSWER_LENGTH)}\n[cut: the answer was longer than ${MAX_ANSWER_LENGTH} characters]`
    : text;
}

export interface AnswerListenerOptions {
  inbox: Pick<InboxSlice, 'receiveAnswer'>;
  /** REPLY_DOMAIN. */
  domain: string;
  port: number;
  host: string;
  maxBytes?: number;
  /** Who is told of an answer: the lead's owner, else these (LEADS_EMAIL_TO). */
  teamAddresses: readonly string[];
  /** The subject of that e-mail, for a lead. */
  subject: (lead: InboxLead) => string;
  /** An answer was stored and an e-mail queued: the outbox can send it. */
  onQueued: () => void;
  onError: (err: unknown) => void;
}

export interface AnswerListener {
  listen(): Promise<number>;
  close(): Promise<void>;
}

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export function createAnswerListener(options: AnswerListenerOptions): AnswerListener {
  const { inbox, domain, maxBytes = INBOUND_MAX_BYTES } = options;

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
    const from = mail.from?.value[0]?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
    for (const rcpt of session.envelope.rcptTo) {
      const result = await inbox.receiveAnswer({
        token: replyToken(rcpt.address, domain),
        inReplyTo: answeredIds(mail),
        recipient: rcpt.address,
        from: from.slice(0, 254),
        subject: (mail.subject ?? '').slice(0, 500),
        body: answerText(mail),
        messageId: mail.messageId && mail.messageId.length <= 250 ? mail.messageId : `<${randomUUID()}@${domain}>`,
        tell: (lead) => ({ to: lead.assignee ? [lead.assignee] : options.teamAddresses, subject: options.subject(lead) }),
      });
      if (result.kind === 'matched' && !result.repeated) options.onQueued();
    }
  }

  const server = new SMTPServer({
    // Behind the relay that receives REPLY_DOMAIN's mail (which does TLS and spam checks): no login, no TLS here.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    banner: 'answers to replies only',
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(refusal(452, 'Too many recipients'));
      if (replyToken(address.address, domain) === null) return callback(refusal(550, 'No such reply address'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxBytes) return callback(refusal(552, `Message larger than ${maxBytes} bytes`));
        receive(Buffer.concat(chunks), session).then(
          () => callback(),
          (err: unknown) => {
            options.onError(err);
            callback(refusal(451, 'Could not keep the message; try again later'));
          },
        );
      });
    },
  });
  server.on('error', (err) => options.onError(err));

  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(options.port, options.host, () => resolve((server.server.address() as AddressInfo).port));
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
