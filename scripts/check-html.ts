// Runs the W3C HTML checker (vnu.jar, from the vnu-jar package) on every built page in dist/client
// and fails on any error it reports, except the CSS it does not know yet (listed below, with why).
// Java comes from Debian's default-jre-headless, installed here when missing and run as root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { ensureProgram } from '../tests/e2e/system-packages';
import { DIST_DIR } from './read-project';

// The jar itself, run with Debian's Java: the package's own runner may download a Java of its own.
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const CLIENT_DIR = resolve(DIST_DIR, 'client');

/**
 * Errors about CSS that is valid but newer than the checker's CSS grammar. Each is used only
 * behind @supports with a fallback (docs/developers/browsers.md), so the page is right without it.
 */
const ACCEPTED: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^CSS: “(anchor-name|anchor-scope|position-anchor)”: Property “\1” doesn't exist\.$/,
    reason: 'CSS anchor positioning (Baseline 2026): the header places its menus by anchor where supported',
  },
  {
    pattern: /^CSS: “(top|left|right|bottom)”: “anchor\([a-z-]+\)” is not a “\1” value\.$/,
    reason: 'the anchor() function of CSS anchor positioning, in the same @supports-guarded rules',
  },
];

interface Message {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
}

const java = ensureProgram({
  label: 'Java',
  envVar: 'JAVA_PATH',
  paths: ['/usr/bin/java'],
  names: ['java'],
  packages: ['default-jre-headless'],
});
if (!existsSync(CLIENT_DIR)) {
  console.error(`${CLIENT_DIR} does not exist: run \`npm run build\` first.`);
  process.exit(1);
}

const started = Date.now();
const result = spawnSync(java, ['-Xss1024k', '-jar', vnuJar, '--errors-only', '--format', 'json', '--skip-non-html', CLIENT_DIR], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (result.error || (result.status !== 0 && result.status !== 1)) {
  console.error(`The HTML checker could not run (${result.error?.message ?? `status ${result.status}`}):\n${result.stderr}`);
  process.exit(1);
}
// vnu writes its JSON report to stderr.
const { messages } = JSON.parse(result.stderr) as { messages: Message[] };
const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
const accepted = errors.filter((m) => ACCEPTED.some((a) => a.pattern.test(m.message)));
const problems = errors.filter((m) => !accepted.includes(m));

const where = (m: Message) => `${m.url ? relative(process.cwd(), new URL(m.url).pathname) : '?'}:${m.lastLine ?? 0}:${m.firstColumn ?? 0}`;
for (const m of problems) console.error(`${where(m)} ${m.message}`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `HTML checker: ${problems.length} error(s) in ${CLIENT_DIR} (${accepted.length} accepted messages about newer CSS; ${seconds} s).`,
);
process.exit(problems.length > 0 ? 1 : 0);
