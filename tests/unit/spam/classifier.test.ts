import { describe, expect, it, vi } from 'vitest';
import {
  classifierSignal,
  classifierTokens,
  classifierWords,
  GENERATION_KEY,
  keptCounts,
  MAX_TOKENS,
  MAX_WORD,
  spamProbability,
  tokenKey,
  tokenProbability,
  TOTALS_KEY,
  votePoints,
  type TokenCounts,
} from '../../../server/spam/classifier';

describe("the spam filter's words", () => {
  it.each([
    ['lower-cased, punctuation aside', 'Hello, WORLD!', ['hello', 'world']],
    ['apostrophes inside a word keep it whole', "Don't copy", ["don't", 'copy']],
    ['letters of every script', 'Привет мир, Ünïcode', ['привет', 'мир', 'ünïcode']],
    ['full-width letters read as plain ones', 'ＦＵＬＬ width', ['full', 'width']],
    ['a link is its words', 'see https://offers.example.net/0', ['see', 'https', 'offers', 'example', 'net']],
    ['Thai, written without spaces, is split into words', 'ใช้ภาษาไทย', ['ใช้', 'ภาษา', 'ไทย']],
    ['combining marks stay in their word', 'cafe\u0301 noir', ['café', 'noir']],
    ['Chinese is split into words', '我们提供服务', ['我们', '提供', '服务']],
    ['single letters and digits are left out', 'a I 7 ok', ['ok']],
    ['a long string is cut', 'x'.repeat(100), ['x'.repeat(MAX_WORD)]],
    ['nothing in an empty text', '  …  ', []],
  ])('%s', (_name, text, words) => {
    expect(classifierWords(text)).toEqual(words);
  });
});

describe("a lead's tokens", () => {
  it.each([
    [
      'words and neighbouring pairs of each field, and the address domain',
      { email: 'Sam@Example.ORG', message: 'Cheap backlinks now', name: 'Sam' },
      ['domain:example.org', 'cheap', 'backlinks', 'cheap backlinks', 'now', 'backlinks now', 'sam'],
    ],
    ['the address itself is never a token', { email: 'dana@studio.example' }, ['domain:studio.example']],
    ['a pair never spans two fields', { a: 'one two', b: 'three' }, ['one', 'two', 'one two', 'three']],
    [
      'lists and choices are text too',
      { services: ['takedown notice', 'monitoring'] },
      ['takedown', 'notice', 'takedown notice', 'monitoring'],
    ],
    ['each token once', { message: 'buy buy buy' }, ['buy', 'buy buy']],
    ['numbers and flags say nothing', { count: 3, consent: true }, []],
  ])('%s', (_name, payload, tokens) => {
    expect(classifierTokens(payload)).toEqual(tokens);
  });

  it('stops at MAX_TOKENS, however long the message', () => {
    const message = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(' ');
    expect(classifierTokens({ message })).toHaveLength(MAX_TOKENS);
  });

  it('counts each token under a short hash that is never the totals key', () => {
    const key = tokenKey('casino');
    expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(key).toBe(tokenKey('casino'));
    expect(key).not.toBe(tokenKey('casinos'));
    expect(key).not.toBe(TOTALS_KEY);
  });
});

describe('the probabilities', () => {
  const totals = { spam: 100, ham: 100 };
  it('a token seen only in spam is spam-like, only in ham ham-like, in both alike neutral; rarely seen is held near 0.5', () => {
    expect(tokenProbability({ spam: 50, ham: 0 }, totals)).toBeGreaterThan(0.95);
    expect(tokenProbability({ spam: 0, ham: 50 }, totals)).toBeLessThan(0.05);
    expect(tokenProbability({ spam: 20, ham: 20 }, totals)).toBeCloseTo(0.5);
    expect(tokenProbability({ spam: 1, ham: 0 }, totals)).toBeCloseTo(0.75);
    expect(tokenProbability({ spam: 0, ham: 0 }, totals)).toBeNull();
    expect(tokenProbability({ spam: 3, ham: 0 }, { spam: 3, ham: 0 })).toBeNull();
  });

  it('combines the telling tokens: many spam-like ones near 1, ham-like near 0, a mix near 0.5, none at all null', () => {
    expect(spamProbability(Array(10).fill(0.99))!.probability).toBeGreaterThan(0.99);
    expect(spamProbability(Array(10).fill(0.01))!.probability).toBeLessThan(0.01);
    expect(spamProbability([...Array(5).fill(0.99), ...Array(5).fill(0.01)])!.probability).toBeCloseTo(0.5, 1);
    expect(spamProbability([0.5, 0.55, 0.45])).toBeNull();
    expect(spamProbability(Array(100).fill(0.99))!.tokens).toBe(30);
  });

  it.each([
    [0.3, 3, 0],
    [0.5, 3, 0],
    [0.7, 3, 1.5],
    [0.9, 3, 3],
    [0.999, 3, 3],
    [0.8, 4, 3],
  ])('a probability of %d with weight %d adds %d points', (p, weight, points) => {
    expect(votePoints(p, weight)).toBe(points);
  });
});

describe("the filter's reason", () => {
  /** Counts as a store would hold them: `spamWords` seen in every spam mark, `hamWords` in every not-spam one. */
  function counts(marks: TokenCounts, spamWords: string[], hamWords: string[]) {
    const held = new Map<string, TokenCounts>([[TOTALS_KEY, marks]]);
    for (const w of spamWords) held.set(tokenKey(w), { spam: marks.spam, ham: 0 });
    for (const w of hamWords) held.set(tokenKey(w), { spam: 0, ham: marks.ham });
    return vi.fn(async (keys: readonly string[]) => new Map([...held].filter(([k]) => keys.includes(k))));
  }
  const spam = { email: 'x@offers.example', message: 'cheap backlinks casino bonus' };
  const genuine = { email: 'dana@studio.example', message: 'my photographs were copied' };
  const spamWords = ['cheap', 'backlinks', 'casino', 'bonus', 'domain:offers.example'];
  const hamWords = ['my', 'photographs', 'were', 'copied', 'domain:studio.example'];

  it('advises with 0 points before it has seen the minimum of each kind', async () => {
    const lookup = counts({ spam: 250, ham: 199 }, spamWords, hamWords);
    const reason = await classifierSignal(spam, { minMarks: 200, weight: 3, counts: lookup });
    expect(reason).toMatchObject({ code: 'classifier', weight: 0 });
    expect(reason!.detail).toMatch(/\b(9\d|100)% likely spam/);
    expect(reason!.detail).toContain('250 spam, 199 not spam');
    // One query, for the totals and the lead's tokens only.
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]![0]).toEqual([TOTALS_KEY, ...classifierTokens(spam).map(tokenKey)]);
  });

  it('votes once it has: its whole weight when sure of spam, nothing for a genuine message', async () => {
    const lookup = counts({ spam: 200, ham: 200 }, spamWords, hamWords);
    expect(await classifierSignal(spam, { minMarks: 200, weight: 3, counts: lookup })).toMatchObject({ code: 'classifier', weight: 3 });
    const calm = await classifierSignal(genuine, { minMarks: 200, weight: 3, counts: lookup });
    expect(calm).toMatchObject({ code: 'classifier', weight: 0 });
    expect(calm!.detail).toMatch(/\b\d% likely spam/);
    expect(calm!.detail).not.toContain('advisory');
  });

  it('says nothing without marks of both kinds, or when it knows none of the words', async () => {
    expect(await classifierSignal(spam, { minMarks: 200, weight: 3, counts: counts({ spam: 5, ham: 0 }, spamWords, []) })).toBeNull();
    expect(
      await classifierSignal(
        { message: 'unheard of words' },
        { minMarks: 1, weight: 3, counts: counts({ spam: 5, ham: 5 }, spamWords, hamWords) },
      ),
    ).toBeNull();
  });
});

describe('the counts a process keeps (keptCounts)', () => {
  /** A store of counts whose every read is recorded; `train` changes counts and moves the generation, as a mark does. */
  function countingStore(initial: Record<string, TokenCounts>) {
    const counts = new Map(Object.entries(initial));
    let generation = 1;
    const reads: string[][] = [];
    return {
      reads,
      train(key: string, c: TokenCounts) {
        counts.set(key, c);
        generation++;
      },
      read: async (keys: readonly string[]) => {
        reads.push([...keys]);
        const found = new Map<string, TokenCounts>();
        for (const k of keys) {
          if (k === GENERATION_KEY) found.set(k, { spam: generation, ham: 0 });
          else if (counts.has(k)) found.set(k, counts.get(k)!);
        }
        return found;
      },
    };
  }

  it('asks the store only for the generation and the keys it has not read yet', async () => {
    const store = countingStore({ [TOTALS_KEY]: { spam: 3, ham: 4 }, a: { spam: 1, ham: 0 } });
    const counts = keptCounts(store.read);
    expect(await counts([TOTALS_KEY, 'a', 'never'])).toEqual(
      new Map([
        [TOTALS_KEY, { spam: 3, ham: 4 }],
        ['a', { spam: 1, ham: 0 }],
      ]),
    );
    // Read again with one new key: only that key (and the generation) is asked for; "never" stays unknown.
    expect(await counts([TOTALS_KEY, 'a', 'never', 'b'])).toEqual(
      new Map([
        [TOTALS_KEY, { spam: 3, ham: 4 }],
        ['a', { spam: 1, ham: 0 }],
      ]),
    );
    expect(store.reads).toEqual([
      [GENERATION_KEY, TOTALS_KEY, 'a', 'never'],
      [GENERATION_KEY, 'b'],
    ]);
  });

  it('a mark since the last read drops what was kept, and the next read comes from one generation', async () => {
    const store = countingStore({ [TOTALS_KEY]: { spam: 3, ham: 4 }, a: { spam: 1, ham: 0 } });
    const counts = keptCounts(store.read);
    await counts([TOTALS_KEY, 'a']);
    store.train('a', { spam: 1, ham: 1 });
    store.train(TOTALS_KEY, { spam: 3, ham: 5 });
    expect(await counts([TOTALS_KEY, 'a'])).toEqual(
      new Map([
        [TOTALS_KEY, { spam: 3, ham: 5 }],
        ['a', { spam: 1, ham: 1 }],
      ]),
    );
    // The cheap read found the generation moved, so all the keys were read again together.
    expect(store.reads.slice(1)).toEqual([[GENERATION_KEY], [GENERATION_KEY, TOTALS_KEY, 'a']]);
  });

  it('keeps no more than its limit', async () => {
    const store = countingStore({});
    const counts = keptCounts(store.read, 3);
    await counts(['a', 'b', 'c']);
    await counts(['d', 'e']);
    await counts(['a']);
    // Over the limit, what was kept was dropped: "a" is asked for again.
    expect(store.reads.at(-1)).toEqual([GENERATION_KEY, 'a']);
  });
});
