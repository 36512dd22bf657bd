import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { checkLinksCommand } from '../../scripts/commands/check-links-command';
import { newCommand } from '../../scripts/commands/new-command';
import { validateCommand } from '../../scripts/commands/validate-command';
import { CONTENT_ROOT, ROOT } from '../../scripts/read-project';
import type { Env } from '../../server/config';

/** What a content command printed and how it ended. */
export interface CommandRun {
  code: number | null;
  out: string;
  err: string;
}

/** The content commands by their script under scripts/; each script only calls its function with the process's arguments. */
const COMMANDS = {
  'validate.ts': validateCommand,
  'check-links.ts': checkLinksCommand,
  'new.ts': newCommand,
} satisfies Record<string, (argv: string[], env?: Env) => void>;
export type ContentCommand = keyof typeof COMMANDS;

/** Stands for process.exit while a command runs in process: it stops the command where the process would end. */
class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

/**
 * Runs a content command in this process, as its script would run it with these arguments and
 * variables: what it prints to the console is its output, and process.exit ends it with its code.
 * Loading and checking site/ costs a second or two of CPU in a fresh process and a tenth of that here,
 * where the code is warm. The scripts' own wiring (arguments, variables, exit codes, output that
 * reaches the pipe) is proved by running each command as a process too (runCommandProcess).
 */
export function runCommand(script: ContentCommand, args: string[], env: Env): CommandRun {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(`${format(...a)}\n`));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(`${format(...a)}\n`));
  const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new CommandExit(Number(code ?? 0));
  });
  let code = 0;
  try {
    COMMANDS[script](args, env);
  } catch (e) {
    if (!(e instanceof CommandExit)) throw e;
    code = e.code;
  } finally {
    log.mockRestore();
    error.mockRestore();
    exit.mockRestore();
  }
  return { code, out: out.join(''), err: err.join('') };
}

/** Runs `scripts/<script>` in a process of its own, as `npm run` does, with these variables added to this process's. */
export function runCommandProcess(script: ContentCommand, args: string[], env: Env): CommandRun {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * The content commands a person runs (`scripts/<name>.ts`) on a fresh copy of site/ per test (their
 * CONTENT_ROOT), so the real content is never edited: `run` in this process, `runProcess` in a
 * process of its own. The copy is of the site/ under test: the project's, or CONTENT_ROOT's (npm run
 * test:reworded's reworded copy). Call inside a test file.
 */
export function contentCopyPerTest() {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'site-cli-'));
    cpSync(join(CONTENT_ROOT, 'site'), join(root, 'site'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  return {
    /** The copy's folder, which holds site/. */
    root: () => root,
    run: (script: ContentCommand, ...args: string[]) => runCommand(script, args, { CONTENT_ROOT: root }),
    runProcess: (script: ContentCommand, ...args: string[]) => runCommandProcess(script, args, { CONTENT_ROOT: root }),
    edit(file: string, change: (text: string) => string) {
      const path = join(root, file);
      writeFileSync(path, change(readFileSync(path, 'utf8')));
    },
  };
}
