// Child processes for the benchmark: every server under test and every load generator runs in its
// own process, so none of them shares an event loop (or a garbage collector) with another.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** node + the tsx loader: TypeScript files start as real Node processes, with no wrapper process between. */
export function tsNodeArgs(file: string, args: readonly string[] = []): string[] {
  return ['--import', 'tsx', file, ...args];
}

export interface Started {
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Finds the listening port in the output; the first match wins. */
  portPattern: RegExp;
  timeoutMs?: number;
  label: string;
}

/** Starts a server process and resolves once it prints the port it listens on. */
export function startServer(options: StartOptions): Promise<Started> {
  const { command, args, env, portPattern, timeoutMs = 30_000, label } = options;
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${label} did not start within ${timeoutMs} ms:\n${text}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const m = portPattern.exec(text);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        // Keep draining, so a chatty process never blocks on a full pipe.
        child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
        resolve({ port: Number(m[1]), child, output: () => text, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${signal ?? code}) before listening:\n${text}`));
    });
  });
}

/** Runs a script to completion and parses the last line of its stdout as JSON. */
export function runJson<T>(
  file: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<T> {
  const { env, timeoutMs = 600_000, nodeArgs = [] } = options;
  const child = spawn(process.execPath, [...nodeArgs, ...tsNodeArgs(file, args)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) {
        reject(new Error(`${file} failed (${signal ?? code}):\n${err || out}`));
        return;
      }
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${file} printed no JSON result:\n${out}\n${err}`));
      }
    });
  });
}

/** Runs a command, resolving with its exit code and output; never throws for a non-zero exit. */
export function runCommand(
  command: string,
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
  timeoutMs = 900_000,
): Promise<{ code: number; output: string }> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      resolve({ code: -1, output: String(e) });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
