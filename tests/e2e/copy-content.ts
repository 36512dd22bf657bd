// Copies site/ to the folder the end-to-end server edits (its CONTENT_ROOT), so the content editor's
// saves in a test never touch the repository's files. Run by the Playwright webServer command.
// E2E_SITE_SOURCE names another folder holding the site/ to copy (npm run test:reworded's reworded copy).
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const target = resolve(ROOT, process.env.CONTENT_ROOT ?? '');
if (target === ROOT) throw new Error('CONTENT_ROOT must name a copy for the end-to-end server, not the project itself.');
rmSync(join(target, 'site'), { recursive: true, force: true });
const source = resolve(ROOT, process.env.E2E_SITE_SOURCE || '.');
cpSync(join(source, 'site'), join(target, 'site'), { recursive: true });
