import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS } from '../../../server/logging';

const dir = mkdtempSync(join(tmpdir(), 'log-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A process that logs as the server does (createLogger, standard output) and says on standard error
 * how it is doing: "ready" once it logs, "alive" once several flushes have passed after its reader
 * went away. It logs again only when told to on standard input.
 */
const CHILD = `
import { createLogger } from ${JSON.stringify(resolve('server/logging.ts'))};
const log = createLogger({ level: 'info' });
log.info('started');
process.stderr.write('ready\\n');
process.stdin.once('data', () => {
  for (let i = 0; i < 5; i++) log.info({ i }, 'a line after the reader left');
  setTimeout(() => {
    process.stderr.write('alive\\n');
    process.exit(0);
  }, ${LOG_FLUSH_MS} * 4);
});
`;

/** Runs a script that logs as the server does; resolves with what it wrote to standard output, when it exits. */
function run(name: string, body: string, onLine?: (line: string, stop: () => void) => void): Promise<{ code: number | null; out: string }> {
  const file = join(dir, `${name}.ts`);
  writeFileSync(
    file,
    `import { createLogger } from ${JSON.stringify(resolve('server/logging.ts'))};\nconst log = createLogger({ level: 'info' });\n${body}`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((done) => {
    const deadline = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      onLine?.(out, () => child.kill('SIGKILL'));
    });
    child.on('exit', (code) => {
      clearTimeout(deadline);
      done({ code, out });
    });
  });
}

describe('the log on standard output', () => {
  it('writes a line within the flush interval on a quiet process, without waiting for its buffer to fill', async () => {
    // The process stays up for a minute: the line can only come from the interval's flush.
    const { out } = await run('quiet', `log.info('one quiet line');\nsetTimeout(() => {}, 60_000);`, (text, stop) => {
      if (text.includes('one quiet line')) stop();
    });
    expect(out).toContain('one quiet line');
  }, 20_000);

  it('writes a fatal line at once, before anything else can run', async () => {
    // The event loop is blocked right after the line: no timer and no exit can write it, only the fatal line's own flush.
    const { out } = await run(
      'fatal-at-once',
      `log.fatal('written at once');\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);`,
      (text, stop) => {
        if (text.includes('written at once')) stop();
      },
    );
    expect(out).toContain('written at once');
  }, 20_000);

  it('writes what is left when the process exits at once after a line', async () => {
    const { code, out } = await run('exit', `log.error('the last words');\nprocess.exit(3);`);
    expect(code).toBe(3);
    expect(out).toContain('the last words');
  }, 20_000);

  it('never stops the process when nobody reads it any more: it goes on, and exits when it is told to', async () => {
    const file = join(dir, 'child.ts');
    writeFileSync(file, CHILD);
    const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let said = '';
    const outcome = new Promise<{ code: number | null; said: string }>((done) => {
      const deadline = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('ready') && !child.stdout.destroyed) {
          // The reader of the log goes away (a log shipper that died), then the process logs again.
          child.stdout.destroy();
          child.stdin.write('go\n');
        }
      });
      child.on('exit', (code) => {
        clearTimeout(deadline);
        done({ code, said });
      });
    });
    const { code, said: lines } = await outcome;
    expect(lines, 'what the process said on standard error').toContain('ready');
    expect(lines).toContain('alive');
    expect(code).toBe(0);
  }, 20_000);
  it('exits after a fatal line written once nobody reads it any more', async () => {
    // pino flushes at once after a fatal line: that flush must not retry the broken pipe for ever either.
    const file = join(dir, 'fatal.ts');
    writeFileSync(
      file,
      `import { createLogger } from ${JSON.stringify(resolve('server/logging.ts'))};\nconst log = createLogger({ level: 'info' });\n` +
        `log.info('started');\nsetTimeout(() => process.stderr.write('ready\\n'), ${LOG_FLUSH_MS} * 2);\n` +
        `process.stdin.once('data', () => { log.fatal('cannot go on'); process.stderr.write('after\\n'); process.exit(4); });\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let said = '';
    const code = await new Promise<number | null>((done) => {
      const deadline = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('ready') && !child.stdout.destroyed) {
          child.stdout.destroy();
          child.stdin.write('go\n');
        }
      });
      child.on('exit', (exit) => {
        clearTimeout(deadline);
        done(exit);
      });
    });
    expect(said, 'what the process said on standard error').toContain('ready');
    expect(said).toContain('after');
    expect(code).toBe(4);
  }, 20_000);
});
