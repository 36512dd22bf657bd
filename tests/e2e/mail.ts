// Reads the e-mails the site sent during the run, as tests/e2e/mail-catcher.ts kept them.
import { simpleParser, type ParsedMail } from 'mailparser';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(process.env.E2E_OUTPUT ?? 'test-results', 'e2e-mail');

export interface SentMail {
  envelopeTo: string[];
  mail: ParsedMail;
}

/**
 * Each file parsed once, by its name and the text read: the catcher writes a file once and never
 * changes it, so a wait that looks every 100 ms parses only what arrived since, not the whole run's
 * mail again. A file read while it was being written is parsed again once its text is complete.
 */
const parsed = new Map<string, { text: string; sent: Promise<SentMail> }>();

function parse(text: string): Promise<SentMail> {
  const [first, ...rest] = text.split('\r\n');
  return simpleParser(rest.join('\r\n')).then((mail) => ({ envelopeTo: first!.replace(/^X-Envelope-To: /, '').split(', '), mail }));
}

/** Every e-mail the catcher has kept so far, in the order it received them. */
export async function sentMails(): Promise<SentMail[]> {
  if (!existsSync(DIR)) return [];
  return Promise.all(
    readdirSync(DIR)
      .sort()
      .map((name) => {
        const text = readFileSync(join(DIR, name), 'utf8');
        const known = parsed.get(name);
        if (known?.text === text) return known.sent;
        const sent = parse(text);
        parsed.set(name, { text, sent });
        return sent;
      }),
  );
}

/** The team e-mail about the lead from `address` (its Reply-To, or its text for a notice request) and the auto-reply sent to it, once both have arrived. */
export async function mailsAbout(address: string, timeoutMs = 15_000): Promise<{ team: SentMail; autoReply: SentMail }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await sentMails();
    // A notice request's team e-mail has no Reply-To (decision "A notice request reads as its elements
    // outside the notices panel…"): it is the one to the team whose text names the address.
    const team = mails.find(
      (m) =>
        m.mail.replyTo?.value.some((a) => a.address === address) || (!m.envelopeTo.includes(address) && m.mail.text?.includes(address)),
    );
    const autoReply = mails.find((m) => m.envelopeTo.includes(address));
    if (team && autoReply) return { team, autoReply };
    if (Date.now() > deadline) throw new Error(`no ${team ? 'auto-reply' : 'team e-mail'} about ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first e-mail sent to `address` that `matches` accepts, once it has arrived. */
export async function mailTo(address: string, matches: (m: SentMail) => boolean = () => true, timeoutMs = 15_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sentMails()).find((m) => m.envelopeTo.includes(address) && matches(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
