import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { CONTENT_ROOT, ROOT } from '../../scripts/read-project';

/**
 * The content commands a person runs (`scripts/<name>.ts`), each in its own process, on a fresh copy
 * of site/ per test (their CONTENT_ROOT), so the real content is never edited. The copy is of the
 * site/ under test: the project's, or CONTENT_ROOT's (npm run test:reworded's reworded copy). Call inside a test file.
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
    run(script: string, ...args: string[]) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', script), ...args], {
        cwd: ROOT,
        env: { ...process.env, CONTENT_ROOT: root },
        encoding: 'utf8',
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    },
    edit(file: string, change: (text: string) => string) {
      const path = join(root, file);
      writeFileSync(path, change(readFileSync(path, 'utf8')));
    },
  };
}
