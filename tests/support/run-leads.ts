import { vi } from 'vitest';
import { main } from '../../scripts/leads';
import type { PasswordSource } from '../../scripts/leads-accounts';

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command the way `npm run leads --` does, in this process: only the store settings we
 * give it, its output and exit code captured.
 */
export async function leads(
  args: string[],
  env: { DATA_DIR?: string; DATABASE_URL?: string; DIST_DIR?: string; SITE_URL?: string },
  source?: PasswordSource,
): Promise<Result> {
  const names = ['DATA_DIR', 'DATABASE_URL', 'DIST_DIR', 'SITE_URL'] as const;
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of names) delete process.env[name];
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void (stdout += `${parts.join(' ')}\n`));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void (stderr += `${parts.join(' ')}\n`));
  try {
    const code = await main(args, source);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    log.mockRestore();
    error.mockRestore();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
