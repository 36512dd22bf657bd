import { describe, expect, it } from 'vitest';
import { articleQuery } from '../../../engine/sections/article-list/article-filter';
import { faqQuery } from '../../../engine/sections/faq/faq-filter';
import { BILLING_QUERY } from '../../../engine/sections/pricing-table/pricing';
import { queryWith } from '../../../engine/ui/use-query-state';

const read = <T>(codec: { read(p: URLSearchParams): T }, search: string) => codec.read(new URLSearchParams(search));

describe('the FAQ search and category in the address', () => {
  const withBoth = faqQuery(true, ['pricing', 'legal']);

  it.each([
    ['', { q: '', category: 'all' }],
    ['?q=fee&category=pricing', { q: 'fee', category: 'pricing' }],
    ['?category=bogus', { q: '', category: 'all' }],
    ['?q=%20fee%20', { q: ' fee ', category: 'all' }],
  ])('%s shows %j', (search, filter) => {
    expect(read(withBoth, search)).toEqual(filter);
  });

  it('a section without a search box ignores ?q=, and one without a filter ignores ?category=', () => {
    expect(read(faqQuery(false, ['pricing']), '?q=fee&category=pricing')).toEqual({ q: '', category: 'pricing' });
    expect(read(faqQuery(true, null), '?q=fee&category=pricing')).toEqual({ q: 'fee', category: 'all' });
  });

  it.each([
    ['?category=pricing&q=old&utm=x', { q: 'fee', category: 'pricing' }, '?utm=x&q=fee&category=pricing'],
    ['?q=fee', { q: '   ', category: 'all' }, ''],
    ['?category=bogus', { q: '', category: 'all' }, ''],
  ])('from %s, the list %j has the address "%s" (q before category, other parameters kept)', (search, filter, expected) => {
    expect(queryWith(search, withBoth, filter)).toBe(expected);
  });
});

describe('the blog search and category in the address', () => {
  const codec = articleQuery(['copyright-law', 'dmca-guide']);

  it.each([
    ['', { q: '', category: 'all' }],
    ['?q=notice&category=dmca-guide', { q: 'notice', category: 'dmca-guide' }],
    ['?category=tips-and%20tricks', { q: '', category: 'all' }],
  ])('%s shows %j', (search, filter) => {
    expect(read(codec, search)).toEqual(filter);
  });

  it.each([
    ['', { q: 'notice', category: 'all' }, '?q=notice'],
    ['?category=dmca-guide&q=old', { q: 'new', category: 'dmca-guide' }, '?category=dmca-guide&q=new'],
    ['?q=old&category=dmca-guide', { q: '', category: 'all' }, ''],
  ])('from %s, the list %j has the address "%s" (parameters keep their place)', (search, filter, expected) => {
    expect(queryWith(search, codec, filter)).toBe(expected);
  });
});

describe('the billing period in the address', () => {
  it.each([
    ['', 'monthly'],
    ['?billing=annual', 'annual'],
    ['?billing=yearly', 'monthly'],
  ] as const)('%s shows %s prices', (search, period) => {
    expect(read(BILLING_QUERY, search)).toBe(period);
  });
});
