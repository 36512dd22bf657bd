// The end-to-end run's ports (tests/e2e/ports.ts): a run without E2E_PORT takes free ones and hands
// them to its workers through the environment; a run with E2E_PORT keeps it and its neighbours.
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { e2ePorts } from '../../e2e/ports';
import { freePortsSync } from '../../support/free-port';

const listen = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });

describe('e2ePorts', () => {
  it('keeps a given E2E_PORT and its neighbours, each of which its own variable overrides', () => {
    expect(e2ePorts({ E2E_PORT: '4320' })).toEqual({ site: 4320, mail: 4321, editor: 4325, inbound: 4327 });
    expect(e2ePorts({ E2E_PORT: '4320', E2E_SMTP_PORT: '5000', E2E_EDITOR_PORT: '5001', E2E_INBOUND_SMTP_PORT: '5002' })).toEqual({
      site: 4320,
      mail: 5000,
      editor: 5001,
      inbound: 5002,
    });
  });

  it('without E2E_PORT takes four distinct free ports and writes them to the environment, where a worker reads the same four', async () => {
    const env: NodeJS.ProcessEnv = {};
    const runner = e2ePorts(env);
    const ports = [runner.site, runner.mail, runner.editor, runner.inbound];
    expect(new Set(ports).size).toBe(4);
    expect(env).toEqual({
      E2E_PORT: String(runner.site),
      E2E_SMTP_PORT: String(runner.mail),
      E2E_EDITOR_PORT: String(runner.editor),
      E2E_INBOUND_SMTP_PORT: String(runner.inbound),
    });
    // A worker inherits the runner's environment and loads the config again.
    expect(e2ePorts({ ...env })).toEqual(runner);
    // Free: a server can listen on each.
    for (const port of ports) await listen(port);
  });

  it("a run that starts while another run's servers listen gets other ports", async () => {
    const held = await Promise.all(
      freePortsSync(4).map(
        (port) =>
          new Promise<Server>((resolve, reject) => {
            const server = createServer();
            server.once('error', reject);
            server.listen(port, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    try {
      const taken = held.map((s) => (s.address() as { port: number }).port);
      const second = freePortsSync(4);
      expect(new Set(second).size).toBe(4);
      expect(second.filter((port) => taken.includes(port))).toEqual([]);
    } finally {
      await Promise.all(held.map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });
});
