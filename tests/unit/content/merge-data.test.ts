/**
 * Two writers' saves of one file merged by node: changes to different entries or values both kept,
 * the same value changed twice a conflict that keeps theirs until the writer chooses, and the merged
 * data written into the current file with every comment kept.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mergeData, mergeText, UNKNOWN_BASE, type MergeConflict } from '../../../server/content/merge-data';
import { applyMinimalEdit } from '../../../server/content/yaml-edit';

const q = (id: string, answer: string) => ({ id, question: `Question ${id}?`, answer, category: 'General' });
const base = { id: 'set', title: 'Set', items: [q('a', 'Answer A'), q('b', 'Answer B'), q('c', 'Answer C')] };
const withItems = (items: unknown[]) => ({ ...base, items });

interface Case {
  name: string;
  mine: unknown;
  theirs: unknown;
  merged: unknown;
  conflicts?: Array<Pick<MergeConflict, 'id' | 'mine' | 'theirs'>>;
}

const cases: Case[] = [
  {
    name: 'different entries: both changes kept',
    mine: withItems([q('a', 'Mine A'), q('b', 'Answer B'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Answer A'), q('b', 'Answer B'), q('c', 'Theirs C')]),
    merged: withItems([q('a', 'Mine A'), q('b', 'Answer B'), q('c', 'Theirs C')]),
  },
  {
    name: 'different values of one entry: both kept',
    mine: withItems([{ ...q('a', 'Answer A'), question: 'Mine?' }, q('b', 'Answer B'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Theirs A'), q('b', 'Answer B'), q('c', 'Answer C')]),
    merged: withItems([{ ...q('a', 'Theirs A'), question: 'Mine?' }, q('b', 'Answer B'), q('c', 'Answer C')]),
  },
  {
    name: 'the same change made by both: no conflict',
    mine: withItems([q('a', 'Same'), q('b', 'Answer B'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Same'), q('b', 'Answer B'), q('c', 'Answer C')]),
    merged: withItems([q('a', 'Same'), q('b', 'Answer B'), q('c', 'Answer C')]),
  },
  {
    name: 'the same value changed by both: a conflict, theirs kept until chosen',
    mine: withItems([q('a', 'Answer A'), q('b', 'Mine B'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Answer A'), q('b', 'Theirs B'), q('c', 'Answer C')]),
    merged: withItems([q('a', 'Answer A'), q('b', 'Theirs B'), q('c', 'Answer C')]),
    conflicts: [{ id: '/items/1/answer', mine: { value: 'Mine B' }, theirs: { value: 'Theirs B' } }],
  },
  {
    name: 'an entry added by each: both kept, each where it was added',
    mine: withItems([q('a', 'Answer A'), q('mine', 'Added by me'), q('b', 'Answer B'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Answer A'), q('b', 'Answer B'), q('c', 'Answer C'), q('theirs', 'Added by them')]),
    merged: withItems([q('a', 'Answer A'), q('mine', 'Added by me'), q('b', 'Answer B'), q('c', 'Answer C'), q('theirs', 'Added by them')]),
  },
  {
    name: 'an entry added by each at the same place: both kept, theirs first',
    mine: withItems([...base.items, q('mine', 'Added by me')]),
    theirs: withItems([...base.items, q('theirs', 'Added by them')]),
    merged: withItems([...base.items, q('theirs', 'Added by them'), q('mine', 'Added by me')]),
  },
  {
    name: 'an entry removed by one, another changed by the other: both kept',
    mine: withItems([q('a', 'Answer A'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Answer A'), q('b', 'Answer B'), q('c', 'Theirs C')]),
    merged: withItems([q('a', 'Answer A'), q('c', 'Theirs C')]),
  },
  {
    name: 'an entry removed by me and changed by them: a conflict, their entry kept until chosen',
    mine: withItems([q('a', 'Answer A'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Answer A'), q('b', 'Theirs B'), q('c', 'Answer C')]),
    merged: withItems([q('a', 'Answer A'), q('b', 'Theirs B'), q('c', 'Answer C')]),
    conflicts: [{ id: '/items/1', mine: { removed: true }, theirs: { value: q('b', 'Theirs B') } }],
  },
  {
    name: 'an entry changed by me and removed by them: a conflict, the entry stays out until chosen',
    mine: withItems([q('a', 'Answer A'), q('b', 'Mine B'), q('c', 'Answer C')]),
    theirs: withItems([q('a', 'Answer A'), q('c', 'Answer C')]),
    merged: withItems([q('a', 'Answer A'), q('c', 'Answer C')]),
    conflicts: [{ id: '/items/1', mine: { value: q('b', 'Mine B') }, theirs: { removed: true } }],
  },
  {
    name: 'entries moved by me, one changed by them: my order with their change',
    mine: withItems([q('c', 'Answer C'), q('a', 'Answer A'), q('b', 'Answer B')]),
    theirs: withItems([q('a', 'Theirs A'), q('b', 'Answer B'), q('c', 'Answer C')]),
    merged: withItems([q('c', 'Answer C'), q('a', 'Theirs A'), q('b', 'Answer B')]),
  },
  {
    name: 'a key added by me, another removed by them',
    mine: { ...base, description: 'New' },
    theirs: { id: 'set', items: base.items },
    merged: { id: 'set', items: base.items, description: 'New' },
  },
  {
    name: 'a text in a list of texts changed by each',
    mine: { ...base, tags: ['one', 'MINE', 'three'] },
    theirs: { ...base, tags: ['one', 'two', 'THEIRS'] },
    merged: { ...base, tags: ['one', 'MINE', 'THEIRS'] },
  },
];

describe('mergeData', () => {
  const withTags = (data: unknown, name: string) =>
    name.startsWith('a text in a list') ? { ...(data as object), tags: ['one', 'two', 'three'] } : data;
  it.each(cases)('$name', ({ name, mine, theirs, merged, conflicts = [] }) => {
    const result = mergeData(withTags(base, name), mine, theirs);
    expect(result.merged).toEqual(merged);
    expect(result.conflicts.map(({ id, mine, theirs }) => ({ id, mine, theirs }))).toEqual(conflicts);
  });

  it('a choice settles its conflict: mine or theirs', () => {
    const mine = withItems([q('a', 'Answer A'), q('b', 'Mine B'), q('c', 'Answer C')]);
    const theirs = withItems([q('a', 'Answer A'), q('b', 'Theirs B'), q('c', 'Answer C')]);
    expect(mergeData(base, mine, theirs, { '/items/1/answer': 'mine' })).toEqual({ merged: mine, conflicts: [] });
    expect(mergeData(base, mine, theirs, { '/items/1/answer': 'theirs' })).toEqual({ merged: theirs, conflicts: [] });
    // An entry removed by me and changed by them comes back only when I choose theirs.
    const removed = withItems([q('a', 'Answer A'), q('c', 'Answer C')]);
    expect(mergeData(base, removed, theirs, { '/items/1': 'mine' }).merged).toEqual(removed);
  });

  it('with the base forgotten, every difference is a conflict and nothing of theirs is lost', () => {
    const mine = withItems([q('a', 'Mine A'), q('b', 'Answer B'), q('c', 'Answer C')]);
    const theirs = withItems([q('a', 'Answer A'), q('b', 'Answer B'), q('c', 'Theirs C')]);
    const result = mergeData(UNKNOWN_BASE, mine, theirs);
    expect(result.merged).toEqual(theirs);
    expect(result.conflicts.map((c) => c.id)).toEqual(['/items/0/answer', '/items/2/answer']);
  });

  it('texts: one side unchanged merges, both changed is a conflict', () => {
    expect(mergeText('a', 'b', 'a', '#body')).toEqual({ merged: 'b' });
    expect(mergeText('a', 'a', 'c', '#body')).toEqual({ merged: 'c' });
    expect(mergeText('a', 'b', 'c', '#body').conflict).toMatchObject({ id: '#body', mine: { value: 'b' }, theirs: { value: 'c' } });
    expect(mergeText('a', 'b', 'c', '#body', { '#body': 'mine' })).toEqual({ merged: 'b' });
  });
});

describe('the merge written into the current file', () => {
  const baseText = `# The set's comment
id: set
title: Set
items:
  # First question
  - id: a
    question: Question a?
    answer: Answer A # keep this note
    category: General
  # Second question
  - id: b
    question: Question b?
    answer: Answer B
    category: General
`;
  it('keeps every comment of the file as it is now, and changes only the merged lines', () => {
    // They added a comment and changed b; I changed a.
    const theirsText = baseText.replace('  # Second question\n', '  # Second question, checked by legal\n').replace('Answer B', 'Theirs B');
    const mine = parse(baseText) as { items: Array<{ answer: string }> };
    mine.items[0]!.answer = 'Mine A';
    const { merged, conflicts } = mergeData(parse(baseText), mine, parse(theirsText));
    expect(conflicts).toEqual([]);
    const written = applyMinimalEdit(theirsText, merged);
    expect(written).toBe(theirsText.replace('answer: Answer A # keep this note', 'answer: Mine A # keep this note'));
  });
});
