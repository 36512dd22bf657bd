// Section 2, run as its own process: our badge renderer against badge-maker, in one process,
// alternating in timed slices. Prints one JSON line (BadgeRenderResult).
import { makeBadge } from 'badge-maker';
import { renderBadgeSvg } from '../server/api/badge-svg';
import { loadModelOrExit } from '../scripts/load-model';
import { pairedRatio, spread } from './lib/stats';
import type { Spread } from './lib/types';

export interface BadgeRenderResult {
  rounds: number;
  sliceMs: number;
  ours: Spread;
  badgeMaker: Spread;
  ratio: Spread;
  oursBytes: number;
  badgeMakerBytes: number;
  compared: string;
}

const [roundsArg = '5', sliceArg = '1000'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const sliceMs = Number(sliceArg);
const { badges } = loadModelOrExit();

// Every combination in turn, for both renderers: the same texts and colours, so neither can lean on one cached input.
const combos = badges.types.flatMap((t) => badges.sizes.flatMap((s) => badges.colors.map((c) => ({ t, s, c }))));
let sink = 0;

function ours(i: number): string {
  const { t, s, c } = combos[i % combos.length]!;
  return renderBadgeSvg(badges, t.id, s.id, c.id)!;
}

// A two-part flat badge (label, message, colour) is badge-maker's everyday output and, like ours,
// two measured lines of text on coloured shapes with a title.
function theirs(i: number): string {
  const { t, c } = combos[i % combos.length]!;
  return makeBadge({ label: 'DMCA Protected', message: t.name, color: c.hex, style: 'flat' });
}

function rate(render: (i: number) => string, ms: number): number {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Batches of 50 keep the clock reads out of the measurement.
    for (let k = 0; k < 50; k++) sink += render(n++).length;
  }
  return (n / ms) * 1000;
}

rate(ours, 300);
rate(theirs, 300);
const a: number[] = [];
const b: number[] = [];
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so neither always runs right after a garbage collection of the other.
  if (r % 2 === 0) {
    a.push(rate(ours, sliceMs));
    b.push(rate(theirs, sliceMs));
  } else {
    b.push(rate(theirs, sliceMs));
    a.push(rate(ours, sliceMs));
  }
}
const result: BadgeRenderResult = {
  rounds,
  sliceMs,
  ours: spread(a),
  badgeMaker: spread(b),
  ratio: pairedRatio(a, b),
  oursBytes: ours(0).length,
  badgeMakerBytes: theirs(0).length,
  compared: `renderBadgeSvg(badges, type, size, colour) vs makeBadge({ label: 'DMCA Protected', message: <type name>, color: <hex>, style: 'flat' }), cycling through all ${combos.length} combinations`,
};
if (sink < 0) console.error(sink);
console.log(JSON.stringify(result));
