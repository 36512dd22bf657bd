// The build's browser targets, from the support list in package.json's "browserslist": the oldest
// version of each engine, in the form Vite's build.target (and its CSS minifier) takes.
import { createRequire } from 'node:module';

// Loaded untyped: browserslist's types add its variables to NodeJS.ProcessEnv for the whole program.
const browserslist = createRequire(import.meta.url)('browserslist') as (query?: string | string[]) => string[];

/** browserslist's names → the target names Vite understands. Samsung Internet is Chromium, newer than the Chrome minimum. */
const TARGET_NAME: Record<string, string | null> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
  samsung: null,
};

/** e.g. ["chrome120", "edge120", "firefox128", "ios17.0", "safari17.0"] for the list in package.json. */
export function buildTargets(query?: string | string[]): string[] {
  const oldest = new Map<string, number[]>();
  for (const entry of browserslist(query)) {
    const [name, range] = entry.split(' ') as [string, string];
    const target = TARGET_NAME[name];
    if (target === undefined) throw new Error(`The support list names ${name}, which the build has no target for: add it to TARGET_NAME.`);
    if (target === null) continue;
    // A range such as "17.0-17.1" starts at its first version.
    const version = range.split('-')[0]!.split('.').map(Number);
    const known = oldest.get(target);
    if (!known || compare(version, known) < 0) oldest.set(target, version);
  }
  return [...oldest].map(([target, version]) => `${target}${version.join('.')}`).sort();
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}
