/**
 * A three-way merge of a file's data: the version a writer opened (base), the writer's draft (mine)
 * and the file as someone else saved it since (theirs). Changes to different entries or values are
 * both kept; where both changed the same value differently, the place is a conflict that the writer
 * decides, and until then the merge keeps theirs (nothing they saved is written over unseen).
 */
import canonicalize from 'canonicalize';

/** The base is not known (the version opened was forgotten): every difference is a conflict. */
export const UNKNOWN_BASE: unique symbol = Symbol('unknown base');

/** A value, or its absence (a key or an entry removed). */
export type Side = { value: unknown } | { removed: true };

export interface MergeConflict {
  /** A JSON Pointer into the base's data (`/items/3/answer`): stable whatever is chosen elsewhere. */
  id: string;
  base: Side | null;
  mine: Side;
  theirs: Side;
}

export type Choice = 'mine' | 'theirs';

export interface MergeResult {
  merged: unknown;
  conflicts: MergeConflict[];
}

const ABSENT: unique symbol = Symbol('absent');
type Value = unknown;

const key = (value: Value) => (value === ABSENT ? '\u0000absent' : canonicalize(value as object));
const same = (a: Value, b: Value) => key(a) === key(b);
const isRecord = (value: Value): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const sideOf = (value: Value): Side => (value === ABSENT ? { removed: true } : { value });
const pointerPart = (part: string | number) => String(part).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Merges `mine` and `theirs`, both edits of `base`. `choices` settles conflicts by id (from an
 * earlier answer the writer has seen); a conflict without a choice keeps theirs and is reported.
 */
export function mergeData(base: unknown, mine: unknown, theirs: unknown, choices: Readonly<Record<string, Choice>> = {}): MergeResult {
  const conflicts: MergeConflict[] = [];
  const merged = mergeValue(base === UNKNOWN_BASE ? UNKNOWN_BASE : base, mine, theirs, '', choices, conflicts);
  return { merged: merged === ABSENT ? null : merged, conflicts };
}

/** A three-way merge of a text as one value (an article's body): equal sides or one side unchanged merge, else a conflict at `id`. */
export function mergeText(
  base: string | undefined | typeof UNKNOWN_BASE,
  mine: string | undefined,
  theirs: string | undefined,
  id: string,
  choices: Readonly<Record<string, Choice>> = {},
): { merged: string | undefined; conflict?: MergeConflict } {
  if (mine === theirs || base === mine) return { merged: theirs };
  if (base === theirs) return { merged: mine };
  const conflict: MergeConflict = {
    id,
    base: base === UNKNOWN_BASE || base === undefined ? null : { value: base },
    mine: mine === undefined ? { removed: true } : { value: mine },
    theirs: theirs === undefined ? { removed: true } : { value: theirs },
  };
  if (choices[id]) return { merged: choices[id] === 'mine' ? mine : theirs };
  return { merged: theirs, conflict };
}

function mergeValue(
  base: Value | typeof UNKNOWN_BASE,
  mine: Value,
  theirs: Value,
  at: string,
  choices: Readonly<Record<string, Choice>>,
  conflicts: MergeConflict[],
): Value {
  if (same(mine, theirs)) return theirs;
  const known = base !== UNKNOWN_BASE;
  if (known && same(base, mine)) return theirs;
  if (known && same(base, theirs)) return mine;
  // Both changed it: look inside when both are still maps, or lists, to find the changes apart.
  if (isRecord(mine) && isRecord(theirs) && (!known || isRecord(base)))
    return mergeMaps(known ? (base as Record<string, unknown>) : UNKNOWN_BASE, mine, theirs, at, choices, conflicts);
  if (Array.isArray(mine) && Array.isArray(theirs)) {
    if (known && Array.isArray(base)) {
      const list = mergeLists(base, mine, theirs, at, choices, conflicts);
      if (list) return list;
    } else if (!known && mine.length === theirs.length)
      return mine.map((item, i) => mergeValue(UNKNOWN_BASE, item, theirs[i], `${at}/${i}`, choices, conflicts));
  }
  const choice = choices[at];
  if (choice) return choice === 'mine' ? mine : theirs;
  conflicts.push({ id: at, base: known ? sideOf(base) : null, mine: sideOf(mine), theirs: sideOf(theirs) });
  return theirs;
}

function mergeMaps(
  base: Record<string, unknown> | typeof UNKNOWN_BASE,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  at: string,
  choices: Readonly<Record<string, Choice>>,
  conflicts: MergeConflict[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Theirs' key order, then keys only mine has, in mine's order: the file keeps its order.
  const keys = [...new Set([...Object.keys(theirs), ...Object.keys(mine)])];
  for (const k of keys) {
    const b = base === UNKNOWN_BASE ? UNKNOWN_BASE : k in base ? base[k] : ABSENT;
    const value = mergeValue(
      b,
      k in mine ? mine[k] : ABSENT,
      k in theirs ? theirs[k] : ABSENT,
      `${at}/${pointerPart(k)}`,
      choices,
      conflicts,
    );
    if (value !== ABSENT) out[k] = value;
  }
  return out;
}

/** Which base entry each entry of a side is (or -1: added), found by equal value, then `id`, then shared fields, then place. */
function match(base: readonly unknown[], side: readonly unknown[]): number[] {
  const toBase = side.map(() => -1);
  const taken = new Set<number>();
  const pair = (s: number, b: number) => {
    toBase[s] = b;
    taken.add(b);
  };
  side.forEach((item, s) => {
    const b = base.findIndex((candidate, i) => !taken.has(i) && same(candidate, item));
    if (b !== -1) pair(s, b);
  });
  const idOf = (item: unknown) => (isRecord(item) && typeof item.id === 'string' ? item.id : undefined);
  side.forEach((item, s) => {
    const id = idOf(item);
    if (toBase[s] !== -1 || id === undefined) return;
    const b = base.findIndex((candidate, i) => !taken.has(i) && idOf(candidate) === id);
    if (b !== -1) pair(s, b);
  });
  // An entry with another `id` is another entry, even when other fields are the same.
  const shared = (a: unknown, b: unknown) => {
    if (!isRecord(a) || !isRecord(b) || (idOf(a) !== undefined && idOf(b) !== undefined)) return 0;
    const keys = Object.keys(a);
    const equal = keys.filter((k) => k in b && same(a[k], b[k])).length;
    return equal * 2 >= keys.length ? equal : 0;
  };
  side.forEach((item, s) => {
    if (toBase[s] !== -1) return;
    let best = -1;
    let bestScore = 0;
    base.forEach((candidate, b) => {
      const score = taken.has(b) ? 0 : shared(candidate, item);
      if (score > bestScore) [best, bestScore] = [b, score];
    });
    if (best !== -1) pair(s, best);
  });
  // The rest pair in order between the same matched neighbours: a changed text in a list of texts.
  const gapOfSide = (s: number) => {
    for (let i = s - 1; i >= 0; i--) if (toBase[i] !== -1) return toBase[i]!;
    return -1;
  };
  const gapOfBase = (b: number) => {
    for (let i = b - 1; i >= 0; i--) if (taken.has(i)) return i;
    return -1;
  };
  const looseBase = base.map((_, b) => b).filter((b) => !taken.has(b));
  side.forEach((item, s) => {
    if (toBase[s] !== -1 || isRecord(item)) return;
    const b = looseBase.find((i) => !taken.has(i) && !isRecord(base[i]) && gapOfBase(i) === gapOfSide(s));
    if (b !== undefined) pair(s, b);
  });
  return toBase;
}

const inOrder = (indices: readonly number[]) => indices.every((b, i) => i === 0 || b > indices[i - 1]!);

/** A merge of two edits of a list, entry by entry; null when both reordered it (then the list is one conflict). */
function mergeLists(
  base: readonly unknown[],
  mine: readonly unknown[],
  theirs: readonly unknown[],
  at: string,
  choices: Readonly<Record<string, Choice>>,
  conflicts: MergeConflict[],
): unknown[] | null {
  const mineToBase = match(base, mine);
  const theirsToBase = match(base, theirs);
  const mineMoved = !inOrder(mineToBase.filter((b) => b !== -1));
  const theirsMoved = !inOrder(theirsToBase.filter((b) => b !== -1));
  if (mineMoved && theirsMoved) return null;
  // The order kept is the side that reordered, or theirs; the other side's changes are laid onto it.
  const mineFirst = mineMoved;
  const [frame, frameToBase, other, otherToBase] = mineFirst
    ? [mine, mineToBase, theirs, theirsToBase]
    : [theirs, theirsToBase, mine, mineToBase];
  const otherOf = new Map<number, number>();
  otherToBase.forEach((b, o) => b !== -1 && otherOf.set(b, o));
  const frameOf = new Map<number, number>();
  frameToBase.forEach((b, f) => b !== -1 && frameOf.set(b, f));
  // Where the other side's additions (and the entries the frame removed) go: after the nearest earlier base entry the frame kept.
  const anchorOf = (b: number) => {
    for (let i = b; i >= 0; i--) if (frameOf.has(i)) return i;
    return -1;
  };
  const after = new Map<number, Array<() => Value>>();
  const attach = (anchor: number, make: () => Value) => after.set(anchor, [...(after.get(anchor) ?? []), make]);
  const merge = (b: number, mineValue: Value, theirsValue: Value) =>
    mergeValue(base[b], mineValue, theirsValue, `${at}/${b}`, choices, conflicts);
  const sides = (b: number, frameValue: Value, otherValue: Value) =>
    mineFirst ? merge(b, frameValue, otherValue) : merge(b, otherValue, frameValue);
  // Entries the frame removed: gone, unless the other side changed them (a conflict).
  base.forEach((entry, b) => {
    if (frameOf.has(b)) return;
    const o = otherOf.get(b);
    const otherValue = o === undefined ? ABSENT : other[o];
    if (same(otherValue, entry)) return;
    attach(anchorOf(b - 1), () => sides(b, ABSENT, otherValue));
  });
  let previousBase = -1;
  other.forEach((item, o) => {
    if (otherToBase[o] !== -1) previousBase = otherToBase[o]!;
    else attach(anchorOf(previousBase), () => item);
  });
  const out: Value[] = [];
  const emit = (anchor: number) => {
    for (const make of after.get(anchor) ?? []) {
      const value = make();
      if (value !== ABSENT) out.push(value);
    }
  };
  // The other side's additions after an entry come after the frame's own additions there.
  let pending = -1;
  frame.forEach((item, f) => {
    const b = frameToBase[f]!;
    if (b === -1) return void out.push(item);
    emit(pending);
    pending = b;
    const o = otherOf.get(b);
    const value = sides(b, item, o === undefined ? ABSENT : other[o]);
    if (value !== ABSENT) out.push(value);
  });
  emit(pending);
  return out;
}
