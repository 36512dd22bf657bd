import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The copy of site/ an end-to-end server edits and publishes (its CONTENT_ROOT): one for the shared
 * server and one for the content editor's, per run output folder (E2E_OUTPUT, resolved), so two
 * clones, or two runs of one clone with their own E2E_OUTPUT, never share a copy.
 * Outside the project on purpose: a publish commits when its content is in a git repository, and
 * a copy inside the project's checkout would be committed to the branch under test.
 */
export function e2eContentRoot(output: string, editor = false): string {
  const run = createHash('sha256').update(resolve(output)).digest('hex').slice(0, 12);
  return join(tmpdir(), `takedown-e2e-content-${run}${editor ? '-editor' : ''}`);
}

/** The store of each end-to-end server, below the run's output folder. */
export const e2eDataDir = (output: string, editor = false) => resolve(output, editor ? 'e2e-editor-data' : 'e2e-data');
