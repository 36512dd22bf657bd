// Run by the Playwright webServer command before the server starts: a fresh copy of site/ for the
// server under test to edit and publish (CONTENT_ROOT), so no test ever writes into the project's site/.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './ensure-build';

const target = process.env.CONTENT_ROOT;
if (!target || target === ROOT) {
  console.error('CONTENT_ROOT must name a folder other than the project for the end-to-end server to edit.');
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
cpSync(join(ROOT, 'site'), join(target, 'site'), { recursive: true });
