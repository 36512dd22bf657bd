import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS } from '../../../server/logging';

const dir = mkdtempSync(join(tmpdir(), 'log-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts a script that logs as the server does: `log` is createLogger's, on standard output. */
function start(name: string, body: string, stdio: Array<'pipe' | 'ignore' | 'inherit'>): ChildProcess {
  const file = join(dir, `${name}.ts`);
  writeFileSync(
    file,
    `import { createLogger } from ${JSON.stringify(resolve('server/logging.ts'))};\nconst log = createLogger({ level: 'info' });\n${body}`,
  );
  return spawn(process.execPath, ['--import', 'tsx', file], { stdio });
}

/** Its exit code, or null once it was killed (by `stop`, or after 15 s). */
function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    const deadline = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (code) => {
      clearTimeout(deadline);
      done(code);
    });
  });
}

/** Runs a script; resolves with what it wrote to standard output once it exits (or `onOutput` stops it). */
async function run(
  name: string,
  body: string,
  onOutput?: (text: string, stop: () => void) => void,
): Promise<{ code: number | null; out: string }> {
  const child = start(name, body, ['ignore', 'pipe', 'inherit']);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    onOutput?.(out, () => child.kill('SIGKILL'));
  });
  const code = await exited(child);
  return { code, out };
}

/**
 * Runs a script that says "ready" on standard error once it has logged; then the reader of its log
 * goes away (a log shipper that died) and it is told on standard input to go on, which `body` waits
 * for as `process.stdin.once('data', …)`. Resolves with its exit code and what it said.
 */
async function runAfterReaderLeaves(name: string, body: string): Promise<{ code: number | null; said: string }> {
  const child = start(name, `log.info('started');\nsetTimeout(() => process.stderr.write('ready\\n'), ${LOG_FLUSH_MS} * 2);\n${body}`, [
    'pipe',
    'pipe',
    'pipe',
  ]);
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    said += chunk.toString();
    if (said.includes('ready') && !child.stdout!.destroyed) {
      child.stdout!.destroy();
      child.stdin!.write('go\n');
    }
  });
  const code = await exited(child);
  expect(said, 'what the process said on standard error').toContain('ready');
  return { code, said };
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
    // Lines after the reader left, then several flushes: the process must still be running to say "alive".
    const { code, said } = await runAfterReaderLeaves(
      'reader-left',
      `process.stdin.once('data', () => {\n  for (let i = 0; i < 5; i++) log.info({ i }, 'a line after the reader left');\n` +
        `  setTimeout(() => { process.stderr.write('alive\\n'); process.exit(0); }, ${LOG_FLUSH_MS} * 4);\n});\n`,
    );
    expect(said).toContain('alive');
    expect(code).toBe(0);
  }, 20_000);

  it('exits after a fatal line written once nobody reads it any more', async () => {
    // pino flushes at once after a fatal line: that flush must not retry the broken pipe for ever either.
    const { code, said } = await runAfterReaderLeaves(
      'fatal-reader-left',
      `process.stdin.once('data', () => { log.fatal('cannot go on'); process.stderr.write('after\\n'); process.exit(4); });\n`,
    );
    expect(said).toContain('after');
    expect(code).toBe(4);
  }, 20_000);
});
