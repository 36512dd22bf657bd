import { describe, expect, it } from 'vitest';
import { isProse, itemNoun, itemSummary } from '../../../apps/admin/editor/form-templates';
import { cellValue, priceTables } from '../../../apps/admin/editor/PriceTable';

describe('a text field’s box comes from the field, never from what is typed', () => {
  it.each([
    ['question', { type: 'string', minLength: 5 }, false],
    ['answer', { type: 'string', minLength: 10 }, true],
    ['paragraphs-3', { type: 'string', minLength: 1 }, true],
    ['title', { type: 'string', maxLength: 70 }, false],
    ['description', { type: 'string', maxLength: 300 }, true],
    ['text', { type: 'string', pattern: '^/' }, false],
    ['title', { type: 'string' }, false],
  ] as const)('%s %j is a paragraph box: %s', (name, schema, prose) => {
    expect(isProse(name, schema)).toBe(prose);
  });
});

describe('list items', () => {
  it('are summed up by their question, name or title, or their own text', () => {
    expect(itemSummary({ id: 'a', question: 'How long?', answer: 'A day.' })).toBe('How long?');
    expect(itemSummary({ name: 'Basic', price: 'commercial.basic' })).toBe('Basic');
    expect(itemSummary({ href: '/x', label: 'Read more' })).toBe('Read more');
    expect(itemSummary('Fast takedowns')).toBe('Fast takedowns');
    expect(itemSummary({ count: 3 })).toBe('');
  });

  it('are named for the buttons by what they hold', () => {
    expect(itemNoun('items', { type: 'object', properties: { question: { type: 'string' } } })).toBe('question');
    expect(itemNoun('plans', { type: 'object' })).toBe('plan');
    expect(itemNoun('highlights', { type: 'string' })).toBe('highlight');
    expect(itemNoun('quotes', { type: 'object' })).toBe('quote');
  });
});

describe('the price catalogue as tables', () => {
  const prices = {
    takedowns: { personal: 49, 'commercial-starter': 99 },
    commercial: { basic: { monthly: 49, annual: 39 }, pro: { monthly: 149, annual: 119 } },
    volume: { '5': { regular: 245, saving: '10%' }, '10': { regular: 490, saving: '20%', extra: 1 } },
    deep: { region: { eu: { monthly: 1, annual: 2 } } },
  };

  it('draws each group as a table: single prices in one Price column, plans as rows with a column per period', () => {
    expect(priceTables(prices)).toEqual([
      {
        path: ['takedowns'],
        columns: [''],
        rows: [
          { name: 'personal', cells: { '': 49 } },
          { name: 'commercial-starter', cells: { '': 99 } },
        ],
      },
      {
        path: ['commercial'],
        columns: ['monthly', 'annual'],
        rows: [
          { name: 'basic', cells: { monthly: 49, annual: 39 } },
          { name: 'pro', cells: { monthly: 149, annual: 119 } },
        ],
      },
      {
        path: ['volume'],
        columns: ['regular', 'saving', 'extra'],
        rows: [
          { name: '5', cells: { regular: 245, saving: '10%' } },
          { name: '10', cells: { regular: 490, saving: '20%', extra: 1 } },
        ],
      },
      { path: ['deep', 'region'], columns: ['monthly', 'annual'], rows: [{ name: 'eu', cells: { monthly: 1, annual: 2 } }] },
    ]);
  });

  it('keeps an amount a number while it reads as one, and a percentage text', () => {
    expect(cellValue('149', 99)).toBe(149);
    expect(cellValue('9.99', 99)).toBe(9.99);
    expect(cellValue('1.', 99)).toBe('1.');
    expect(cellValue('25%', '20%')).toBe('25%');
    expect(cellValue('30', '20%')).toBe('30');
  });
});
