/**
 * Evidence files against a real ClamAV daemon (tests/support/clamd.ts): the EICAR test string is
 * refused with the scanner's finding, a clean file passes, and a daemon that cannot be reached or
 * does not answer in time refuses the file too.
 */
import { createServer as createNetServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clamdScanner, pingClamd } from '../../../server/notices/clamd';
import { readEvidence } from '../../../server/notices/evidence';
import { EICAR, EICAR_SIGNATURE, findClamd, startLocalClamd, type LocalClamd } from '../../support/clamd';

const found = findClamd();
if (!found.available) console.warn(`Skipping the ClamAV evidence tests: ${found.reason}`);

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`);

describe.skipIf(!found.available)('evidence scanned by a real clamd', { timeout: 60_000 }, () => {
  let clamd: LocalClamd;
  beforeAll(async () => {
    clamd = await startLocalClamd((found as { binary: string }).binary);
  }, 90_000);
  afterAll(() => clamd?.stop());

  it('refuses a PDF holding the EICAR test string, naming what was found, and keeps nothing', async () => {
    const scanner = clamdScanner({ socket: clamd.socket });
    const result = await readEvidence(
      [
        { name: 'contract.pdf', bytes: pdf('a clean page') },
        { name: 'infected.pdf', bytes: pdf(EICAR) },
      ],
      { scanner },
    );
    expect(result).not.toHaveProperty('files');
    const { errors } = result as { errors: Record<string, string> };
    expect(errors.evidence).toContain('“infected.pdf”');
    expect(errors.evidence).toContain(EICAR_SIGNATURE);
    expect(errors.evidence).not.toContain('contract.pdf');
  });

  it('passes clean files, and one larger than a single chunk, as they came', async () => {
    const scanner = clamdScanner({ socket: clamd.socket });
    const big = Buffer.concat([pdf('x'), Buffer.alloc(3 * 1024 * 1024, 0x41)]);
    expect(await scanner.scan(big)).toEqual({ verdict: 'clean' });
    const result = await readEvidence([{ name: 'page.pdf', bytes: pdf('a clean page') }], { scanner });
    expect(result).toMatchObject({ files: [{ position: 1, fileName: 'page.pdf', mediaType: 'application/pdf' }] });
  });

  it('answers the start-up PING', async () => {
    expect(await pingClamd({ socket: clamd.socket })).toBe(true);
  });

  it('finds the test string past the first chunk too', async () => {
    const scanner = clamdScanner({ socket: clamd.socket });
    const late = Buffer.concat([pdf('x'), Buffer.alloc(200 * 1024, 0x20), Buffer.from(EICAR)]);
    const result = await scanner.scan(late);
    expect(result.verdict).toBe('infected');
    // clamd adds ".UNOFFICIAL" to a signature of a database it did not get from ClamAV.
    expect((result as { signature: string }).signature.split('.')[0]).toBe(EICAR_SIGNATURE);
  });
});

describe('a scanner that fails refuses the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clamd-down-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when nothing listens on the socket', async () => {
    const failures: string[] = [];
    const scanner = clamdScanner({ socket: join(dir, 'none.sock'), timeoutMs: 2_000 });
    const result = await readEvidence([{ name: 'page.pdf', bytes: pdf('clean') }], { scanner, onScanFailed: (r) => failures.push(r) });
    expect((result as { errors: Record<string, string> }).errors.evidence).toContain('could not be checked for viruses');
    expect(failures).toEqual([expect.stringContaining('could not be reached')]);
  });

  it('and the start-up PING says so when nothing listens', async () => {
    expect(await pingClamd({ socket: join(dir, 'none.sock'), timeoutMs: 1_000 })).toBe(false);
  });

  it('when the daemon does not answer within the time allowed', async () => {
    const socket = join(dir, 'silent.sock');
    const silent = createNetServer((conn) => conn.on('data', () => {}));
    await new Promise<void>((resolve) => silent.listen(socket, resolve));
    try {
      const started = Date.now();
      const result = await clamdScanner({ socket, timeoutMs: 300 }).scan(pdf('clean'));
      expect(result).toEqual({ verdict: 'failed', reason: 'clamd did not answer within 300 ms' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});
