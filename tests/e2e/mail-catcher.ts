// The end-to-end run's mail server: a real SMTP server on loopback (E2E_SMTP_PORT) that writes
// every message it accepts to E2E_OUTPUT/e2e-mail/, where the browser tests read them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMailbox } from '../support/mailbox';

const dir = join(process.env.E2E_OUTPUT ?? 'test-results', 'e2e-mail');
mkdirSync(dir, { recursive: true });
let count = 0;
const mailbox = await startMailbox({
  port: Number(process.env.E2E_SMTP_PORT),
  onMessage: (m) => {
    const name = `${String(++count).padStart(5, '0')}.eml`;
    // The envelope goes first, as the headers do not say who a message was really sent to.
    writeFileSync(join(dir, name), `X-Envelope-To: ${m.envelopeTo.join(', ')}\r\n${m.raw}`);
  },
});
console.log(`Mail for the end-to-end tests is kept in ${dir} (${mailbox.url}).`);
const stop = () => void mailbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
