import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const root = mkdtempSync(join(tmpdir(), 'site-dev-'));
cpSync('site', join(root, 'site'), { recursive: true });
let out = '';
const s = spawn('npx', ['tsx', 'scripts/dev.ts'], { env: { ...process.env, PORT: '5197', CONTENT_ROOT: root, DEBUG_DEV: '1' }, stdio: ['ignore','pipe','pipe'], detached: true });
s.stdout.on('data', d => out += d); s.stderr.on('data', d => out += d);
for (let i = 0; i < 60; i++) { const r = await fetch('http://127.0.0.1:5197/').catch(() => null); if (r?.status === 200) break; await new Promise(r => setTimeout(r, 500)); }
console.log('ready at', Date.now());
const f = join(root, 'site/pages/support.yaml');
writeFileSync(f, readFileSync(f, 'utf8').replace('title: Support Center', 'title: Help Desk'));
console.log('written at', Date.now());
await new Promise(r => setTimeout(r, 2000));
const html = await (await fetch('http://127.0.0.1:5197/support')).text();
console.log(html.match(/<h1[^<]*</)[0]);
console.log(out);
process.kill(-s.pid, 'SIGTERM');
