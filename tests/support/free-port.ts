/**
 * Ports for servers the tests start. A server that can be told to listen on port 0 should be:
 * the OS then picks a port no other process holds, and the test reads it back. These are for the
 * servers that must be told a port before they start (PostgreSQL, a WebDriver, the Playwright
 * run's web servers), so that two runs on one machine never reach for the same number.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port on loopback the OS says is free right now; the caller's server binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Holds every port until all are known, so the ones it prints are distinct.
const PICK_PORTS = `
const net = require('node:net');
const count = Number(process.argv[1]);
const held = Array.from({ length: count }, () => net.createServer());
let pending = count;
for (const server of held)
  server.listen(0, '127.0.0.1', () => {
    if (--pending > 0) return;
    console.log(JSON.stringify(held.map((s) => s.address().port)));
    for (const s of held) s.close();
  });
`;

/**
 * `count` distinct free ports, found synchronously in a short child process: for a configuration
 * file that is evaluated synchronously (playwright.config.ts).
 */
export function freePortsSync(count: number): number[] {
  const out = execFileSync(process.execPath, ['-e', PICK_PORTS, String(count)], { encoding: 'utf8', timeout: 30_000 });
  const ports = JSON.parse(out) as number[];
  if (ports.length !== count || new Set(ports).size !== count) throw new Error(`Could not find ${count} free ports: ${out}`);
  return ports;
}
