/**
 * The ports of an end-to-end run: the shared server under test, the mail catcher it sends to, the
 * content editor's own server, and the shared server's inbound SMTP port for visitors' answers.
 *
 * With E2E_PORT set they are that port and +1, +5 and +7, as before (E2E_SMTP_PORT,
 * E2E_EDITOR_PORT and E2E_INBOUND_SMTP_PORT override one each). Without it the run takes four ports
 * the OS says are free, so two runs on one machine never meet, and writes them to process.env:
 * playwright.config.ts calls this in the runner before any worker starts, each worker inherits the
 * environment and so reads the same four when it loads the config again.
 */
import { freePortsSync } from '../support/free-port';

export interface E2ePorts {
  /** The shared server under test (baseURL). */
  site: number;
  /** The mail catcher (tests/e2e/mail-catcher.ts), the server's SMTP_URL. */
  mail: number;
  /** The content editor's server: its publishes change what it serves, so it is not the shared one. */
  editor: number;
  /** Where the shared server receives visitors' answers to the team's replies (INBOUND_SMTP_PORT). */
  inbound: number;
}

export function e2ePorts(env: NodeJS.ProcessEnv = process.env): E2ePorts {
  if (!env.E2E_PORT) {
    const [site, mail, editor, inbound] = freePortsSync(4) as [number, number, number, number];
    env.E2E_PORT = String(site);
    env.E2E_SMTP_PORT ??= String(mail);
    env.E2E_EDITOR_PORT ??= String(editor);
    env.E2E_INBOUND_SMTP_PORT ??= String(inbound);
  }
  const site = Number(env.E2E_PORT);
  return {
    site,
    mail: Number(env.E2E_SMTP_PORT ?? site + 1),
    editor: Number(env.E2E_EDITOR_PORT ?? site + 5),
    inbound: Number(env.E2E_INBOUND_SMTP_PORT ?? site + 7),
  };
}
