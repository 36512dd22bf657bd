// The prose field's toolbar: Bold, Italic and Link write the Markdown the site renders, around the selection.
import { describe, expect, it } from 'vitest';
import { applyMark } from '../../../apps/admin/editor/ProseWidget';
import { proseParagraphs } from '../../../engine/content/inline-markdown';

describe('applyMark', () => {
  const text = 'Refunds are paid in full within 30 days.';
  const at = (words: string) => [text.indexOf(words), text.indexOf(words) + words.length] as const;

  it.each([
    ['bold', 'Refunds are paid <strong>in full</strong> within 30 days.'],
    ['italic', 'Refunds are paid <em>in full</em> within 30 days.'],
    ['link', 'Refunds are paid <a href="/address">in full</a> within 30 days.'],
  ] as const)('%s wraps the selected words, and the site renders them so', (mark, html) => {
    const next = applyMark(text, ...at('in full'), mark);
    expect(proseParagraphs(next.text)).toEqual([html]);
  });

  it('selects the words again after bold, and the address after a link, ready to type over', () => {
    const bold = applyMark(text, ...at('in full'), 'bold');
    expect(bold.text.slice(bold.start, bold.end)).toBe('in full');
    const link = applyMark(text, ...at('in full'), 'link');
    expect(link.text.slice(link.start, link.end)).toBe('/address');
  });

  it('with nothing selected, writes placeholder words and selects them', () => {
    const next = applyMark(text, 0, 0, 'italic');
    expect(next.text.startsWith('*italic text*Refunds')).toBe(true);
    expect(next.text.slice(next.start, next.end)).toBe('italic text');
  });

  it('takes the marks off words already marked', () => {
    const bold = applyMark(text, ...at('in full'), 'bold');
    const again = applyMark(bold.text, bold.start - 2, bold.end + 2, 'bold');
    expect(again.text).toBe(text);
  });
});
