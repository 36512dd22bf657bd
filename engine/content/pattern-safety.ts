/**
 * Whether a form field's `pattern` can backtrack: a rule a writer saves is run by every visitor's
 * browser on what they type, so one that takes exponential (or, on long answers, polynomial) time
 * is refused when content is checked, with an answer that shows the slowness.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Diagnostics, VulnerableDiagnostics } from 'recheck';

/** The longest an analysis may take; a rule it cannot decide in this time is refused as too complex. */
export const PATTERN_CHECK_TIMEOUT_MS = 3_000;

/**
 * Steps a browser may take on the longest answer a field allows: about 10 ms of matching. A
 * polynomial rule within it on its field's maxLength is harmless (the site's address rules are
 * quadratic on at most 2,000 characters); past it, it is refused.
 */
const STEP_BUDGET = 10_000_000;

/** The length assumed for a field with no maxLength: the server runs no rule on a longer value. */
export const UNBOUNDED_ANSWER_LENGTH = 2_000;

/** What a diagnosis keeps: recheck's answer without its full attack string (which can run to megabytes). */
type Diagnosis =
  | { status: 'safe' }
  | { status: 'unknown'; error: Extract<Diagnostics, { status: 'unknown' }>['error'] }
  | (Pick<VulnerableDiagnostics, 'status' | 'complexity' | 'hotspot'> & {
      attack: Pick<VulnerableDiagnostics['attack'], 'pumps' | 'suffix'>;
    });

// Kept beside the other tools' caches (node_modules/.cache), so each machine analyses a rule once:
// starting the analyser costs seconds, and every validate, test file and server process would pay it.
const requireHere = createRequire(import.meta.url);
let recheck: typeof import('recheck') | undefined;
// Loaded with the first rule analysed (and left out of the server's bundle): a process that checks no content never starts it.
const checkSync: typeof import('recheck').checkSync = (...args) =>
  (recheck ??= requireHere('recheck') as typeof import('recheck')).checkSync(...args);

let cacheFile: string | null | undefined;
const cachePath = () => (cacheFile === undefined ? (cacheFile = findCacheFile()) : cacheFile);

function findCacheFile(): string | null {
  try {
    const manifest = requireHere.resolve('recheck/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    // Another version of the analyser, or another time limit, may judge differently: a file of their own.
    return join(dirname(dirname(manifest)), '.cache', 'recheck', `diagnoses-${version}-${PATTERN_CHECK_TIMEOUT_MS}.json`);
  } catch {
    return null;
  }
}

let analysed: Map<string, Diagnosis> | undefined;

function remembered(): Map<string, Diagnosis> {
  if (!analysed) {
    try {
      analysed = new Map(Object.entries(JSON.parse(readFileSync(cachePath()!, 'utf8')) as Record<string, Diagnosis>));
    } catch {
      analysed = new Map();
    }
  }
  return analysed;
}

function keep(found: Map<string, Diagnosis>): void {
  const file = cachePath();
  if (!file) return;
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}`;
    writeFileSync(temp, JSON.stringify(Object.fromEntries(found)));
    renameSync(temp, file);
  } catch {
    // A folder that cannot be written (a read-only install) only means the analysis runs again next time.
  }
}

function diagnose(pattern: string): Diagnosis {
  const found = remembered();
  let known = found.get(pattern);
  if (!known) {
    const d = checkSync(pattern, 'u', { timeout: PATTERN_CHECK_TIMEOUT_MS });
    known =
      d.status === 'vulnerable'
        ? { status: d.status, complexity: d.complexity, hotspot: d.hotspot, attack: { pumps: d.attack.pumps, suffix: d.attack.suffix } }
        : d.status === 'unknown'
          ? { status: d.status, error: d.error }
          : { status: d.status };
    // Bounded for a long dev session: a site has a handful of distinct rules.
    if (found.size > 500) found.clear();
    found.set(pattern, known);
    // A timeout depends on the machine's load at the time: it is not kept.
    if (known.status !== 'unknown') keep(found);
  }
  return known;
}

/** A character as a reader can see it: printable ones as they are, the rest as \uXXXX. */
const visible = (text: string) =>
  [...text].map((c) => (/[\p{L}\p{N}\p{P}\p{S} ]/u.test(c) ? c : `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`)).join('');

/**
 * A short answer that shows the slowness, such as "aaaa…a1": the start, the part that repeats (a few
 * times, then "…"), and an ending the rule refuses, which is what makes it try every way to split
 * the repeats. recheck's own ending is often an invisible character; a visible one is preferred
 * when the rule refuses it just the same.
 */
export function attackExample(pattern: string, attack: Pick<VulnerableDiagnostics['attack'], 'pumps' | 'suffix'>): string {
  const pumps = attack.pumps.map((p) => ({ prefix: p.prefix, pump: p.pump }));
  const sample = (suffix: string, times: number) => pumps.map((p) => p.prefix + p.pump.repeat(times)).join('') + suffix;
  const rule = new RegExp(pattern, 'u');
  // Eight repeats keep even an exponential rule to a few hundred steps here.
  const ending = ['1', '!', '#', ' '].find((s) => !rule.test(sample(s, 8))) ?? attack.suffix;
  const shown = pumps.map((p) => `${visible(p.prefix)}${visible(p.pump.repeat(3))}…${visible(p.pump)}`).join('');
  return `${shown}${visible(ending)}`;
}

/**
 * What is wrong with a field's rule in plain words, or null when it is safe. `maxLength` is the
 * field's own limit (a polynomial rule is judged on the longest answer it lets through).
 */
export function patternProblem(pattern: string, maxLength: number | undefined): string | null {
  const found = diagnose(pattern);
  if (found.status === 'safe') return null;
  if (found.status === 'unknown') {
    if (found.error.kind === 'timeout')
      return 'this rule is too complex to be sure it stays fast: write it more simply (fewer nested groups and repeats)';
    return `this rule cannot be checked for speed (${found.error.kind === 'unsupported' || found.error.kind === 'invalid' ? found.error.message : found.error.kind}): write it more simply`;
  }
  const example = attackExample(pattern, found.attack);
  const hotspot = found.hotspot.find((h) => h.temperature === 'heat');
  const where = hotspot ? ` The slow part is "${pattern.slice(hotspot.start, hotspot.end)}".` : '';
  if (found.complexity.type === 'exponential')
    return `this rule can take minutes on an answer like "${example}": each added character doubles the time to check it, and the visitor's page freezes meanwhile.${where} Write it without a repeat inside a repeat, e.g. ^[a-zA-Z ]+$ instead of ^([a-zA-Z]+ ?)+$`;
  const { degree } = found.complexity;
  const longest = maxLength ?? UNBOUNDED_ANSWER_LENGTH;
  if (longest ** degree <= STEP_BUDGET) return null;
  const limit = Math.floor(STEP_BUDGET ** (1 / degree));
  return `this rule slows down sharply on a long answer like "${example}" (the time grows with the ${degree === 2 ? 'square' : `power ${degree}`} of its length).${where} Give the field a maxLength of at most ${limit}, or write the rule without two repeats that can match the same characters`;
}
