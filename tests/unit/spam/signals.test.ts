import { describe, expect, it } from 'vitest';
import {
  compileWordList,
  DEFAULT_SPAM_WEIGHTS as W,
  linkSignal,
  looksRandom,
  randomTextSignal,
  readFreeText,
  scriptSignal,
  wordSignal,
} from '../../../server/spam/signals';
import { cpuTime } from '../../support/cpu-time';

/** Free texts as the scorer gives them to the signals. */
const read = (...texts: string[]) => texts.map(readFreeText);
const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/page-${i}`).join(' and ');

describe('the web addresses signal', () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 1],
    [6, 3],
    [20, 3],
  ])('%i addresses add %i points', (count, points) => {
    expect(linkSignal(read(`See ${links(count)}.`), W.links)?.weight ?? 0).toBe(points * W.links);
  });

  it('counts the addresses of every free-text field together', () => {
    expect(linkSignal(read(links(2), links(3)), 1)).toMatchObject({ code: 'links', weight: 2 });
  });
});

describe('the word list signal', () => {
  const list = compileWordList(['Casino', 'guest post', 'SEO services', '  ', 'casino']);
  it.each([
    ['Visit our CASINO today', ['casino']],
    ['We accept a guest-post on your blog', ['guest post']],
    ['Best seo services and casino bonuses', ['casino', 'seo services']],
    ['post a guest', []],
    ['casinos are not the word', []],
    ['Please remove my photos from this site', []],
  ])('%j finds %j', (text, found) => {
    const reason = wordSignal(read(text), list, 2);
    expect(reason?.weight ?? 0).toBe(Math.min(found.length, 3) * 2);
    for (const word of found) expect(reason!.detail).toContain(word);
  });

  it('counts at most three words, and each once', () => {
    const many = compileWordList(['a1', 'b2', 'c3', 'd4']);
    expect(wordSignal(read('a1 a1 b2 c3 d4'), many, 2)!.weight).toBe(6);
    expect(wordSignal(read('a1 a1 a1'), many, 2)!.weight).toBe(2);
  });

  it('stays fast on a hostile list and a hostile text: words are compared, never made into a pattern', async () => {
    const hostile = compileWordList([...Array.from({ length: 2000 }, (_, i) => `${'a'.repeat(50)} ${i}`), '(a+)+$', '.*']);
    const text = `${'a'.repeat(50)} `.repeat(2000);
    const { value, ms } = await cpuTime(() => wordSignal(read(text, '(a+)+$ .*'), hostile, 2));
    expect(value).toMatchObject({ code: 'words' });
    // CPU time, which a busy machine does not stretch: a list made into patterns backtracks for hours on this text.
    expect(ms).toBeLessThan(2_000);
  });
});

describe('the script signal', () => {
  it.each([
    ['en', 'Please take down the copies of my photographs on this site.', null],
    ['en', 'Здравствуйте, предлагаем услуги продвижения сайта в поисковых системах недорого', 'Cyrillic'],
    ['en', '我们提供专业的网站推广服务，价格优惠，效果显著，欢迎联系我们', 'Han'],
    ['en', 'Привет', null],
    ['ru', 'Здравствуйте, прошу удалить копии моих фотографий с этого сайта', null],
    ['ru', 'Please take down the copies of my photographs on this site.', 'Latin'],
    ['en-GB', 'Bonjour, je voudrais faire retirer mes photos de ce site.', null],
  ])('a %s site: %j is in %s', (language, text, script) => {
    const reason = scriptSignal(read(text), language, 3);
    if (script === null) expect(reason).toBeNull();
    else expect(reason).toMatchObject({ code: 'script', weight: 3, detail: expect.stringContaining(script) });
  });

  it('names the script most of the foreign letters are in, and their share of all letters', () => {
    // 18 Cyrillic letters, 4 Greek, 5 Latin: 22 of 27 are not the English site's.
    const reason = scriptSignal(read('Здравствуйте друзья', 'αβγδ hello'), 'en', 3);
    expect(reason?.detail).toMatch(/^81% of the letters are Cyrillic,/);
  });
});

describe('the random text signal', () => {
  it.each([
    ['rhythm', false],
    ['strengths', false],
    ['xkcdqwrtz', true],
    ['twelfths', false],
    ['bcdfg', true],
    ['qwrt', false],
    ['Schmidt', false],
  ])('%s reads as random: %s', (word, random) => {
    expect(looksRandom(word.toLowerCase())).toBe(random);
  });

  it.each([
    ['A normal request to remove my pictures from a website.', false],
    ['Jan Szczepkowski wants his photos removed.', false],
    ['xkcdqwrtz bcdfghjk', true],
    ['Hello there, xkcdqwrtz bcdfghjk plmnbvcx and more words follow here today', true],
    ['Hello friends, xkcdqwrtz lives here with seven other ordinary words today', false],
    ['See https://example.com/xkcdqwrtz/bcdfghjk for details', false],
  ])('%j fires: %s', (text, fires) => {
    expect(randomTextSignal(read(text), 3) !== null).toBe(fires);
  });
});
