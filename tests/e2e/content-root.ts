import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The copy of site/ the end-to-end server edits and publishes (its CONTENT_ROOT), one per port.
 * Outside the project on purpose: a publish commits when its content is in a git repository, and
 * a copy inside the project's checkout would be committed to the branch under test.
 */
export const e2eContentRoot = (port: number) => join(tmpdir(), `takedown-e2e-content-${port}`);
