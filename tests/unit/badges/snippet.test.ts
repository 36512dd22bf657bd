import { describe, expect, it } from 'vitest';
import { siteBadges } from '../../support/site-badges';
import { badgeSnippet } from '../../../engine/badges/snippet';
import type { Badges } from '../../../engine/content/model';

const badges = siteBadges();
// The names are the writers' (site/data/badges.yaml); the ids, sizes and ' - DMCA Protected' are the spec's (001 §3, §7).
const nameOf = (id: string) => badges.types.find((t) => t.id === id)!.name;

describe('badgeSnippet', () => {
  it('builds the exact install snippet for the default badge', () => {
    expect(badges.defaults).toEqual({ type: 'standard', size: 'medium', color: 'blue' });
    const { snippet, imageUrl } = badgeSnippet(badges, badges.defaults!, 'https://example.com');
    expect(imageUrl).toBe('https://example.com/api/badge/standard/medium/blue');
    expect(snippet).toBe(
      '<div style="text-align:center">\n' +
        '  <a href="https://example.com/protection" target="_blank" rel="noopener">' +
        `<img src="https://example.com/api/badge/standard/medium/blue" alt="${nameOf('standard')} - DMCA Protected" width="160" height="80">` +
        '</a>\n' +
        '</div>',
    );
  });

  it.each(badges.sizes.map((s) => [s.id, s] as const))('uses the width and height of the %s size', (_id, size) => {
    const { snippet } = badgeSnippet(badges, { type: 'premium', size: size.id, color: 'green' }, 'https://example.com');
    expect(snippet).toContain(`alt="${nameOf('premium')} - DMCA Protected" width="${size.width}" height="${size.height}">`);
    expect(snippet).toContain(`src="https://example.com/api/badge/premium/${size.id}/green"`);
  });

  it('does not double the slash when the site address ends with one', () => {
    const { snippet, imageUrl } = badgeSnippet(badges, { type: 'enterprise', size: 'large', color: 'gray' }, 'https://dmca.example/');
    expect(imageUrl).toBe('https://dmca.example/api/badge/enterprise/large/gray');
    expect(snippet).toContain('href="https://dmca.example/protection"');
  });

  it('escapes attribute values', () => {
    const odd: Badges = {
      ...badges,
      linkPath: '/protection?from=badge&x="1"',
      types: [{ id: 'odd', name: `Tom & Jerry's "<Pro>"`, description: 'x', features: ['x'], price: 'x' }],
    };
    const { snippet } = badgeSnippet(odd, { type: 'odd', size: 'small', color: 'red' }, 'https://example.com');
    expect(snippet).toContain('href="https://example.com/protection?from=badge&amp;x=&quot;1&quot;"');
    expect(snippet).toContain('alt="Tom &amp; Jerry&#39;s &quot;&lt;Pro&gt;&quot; - DMCA Protected"');
    expect(snippet).not.toContain('<Pro>');
  });

  it('refuses an unknown choice, naming the allowed values', () => {
    expect(() => badgeSnippet(badges, { type: 'standard', size: 'medium', color: 'pink' }, 'https://example.com')).toThrow(
      'Unknown badge colour "pink". Choose one of: blue, green, purple, red, gray.',
    );
    expect(() => badgeSnippet(badges, { type: 'gold', size: 'medium', color: 'blue' }, 'https://example.com')).toThrow(
      'Unknown badge type "gold". Choose one of: standard, premium, enterprise.',
    );
  });
});
