import { describe, expect, it } from 'vitest';
import { renderBadgeSvg } from '../../../server/api/badge-svg';
import { siteBadges } from '../../support/site-badges';
import type { Badges } from '../../../engine/content/model';
import { assertWellFormedXml } from './xml';

const badges = siteBadges();

/** Made-up data with everything the real file avoids: markup characters, long names, odd sizes. */
const tricky: Badges = {
  linkPath: '/protection',
  types: [{ id: 'odd', name: `Tom & Jerry's "<Pro>" Protection Plan Deluxe Edition`, description: 'x', features: ['x'], price: 'x' }],
  sizes: [
    { id: 'wide', name: 'Wide', width: 600, height: 100 },
    { id: 'tall', name: 'Tall', width: 40, height: 300 },
  ],
  colors: [{ id: 'teal', name: 'Teal', hex: '#0D9488' }],
};

function attr(svg: string, name: string): string | undefined {
  return new RegExp(`^<svg[^>]*\\s${name}="([^"]*)"`).exec(svg)?.[1];
}

const allCombinations = badges.types.flatMap((type) =>
  badges.sizes.flatMap((size) => badges.colors.map((color) => ({ type, size, color, label: `${type.id}/${size.id}/${color.id}` }))),
);

describe('renderBadgeSvg', () => {
  it('covers the spec: 3 types × 3 sizes × 5 colours', () => {
    expect(allCombinations).toHaveLength(45);
  });

  it.each(allCombinations)('$label is a well-formed SVG of exactly its size, in its colour', ({ type, size, color }) => {
    const svg = renderBadgeSvg(badges, type.id, size.id, color.id)!;
    expect(svg).not.toBeNull();
    assertWellFormedXml(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(attr(svg, 'width')).toBe(String(size.width));
    expect(attr(svg, 'height')).toBe(String(size.height));
    expect(attr(svg, 'viewBox')).toBe(`0 0 ${size.width} ${size.height}`);
    expect(attr(svg, 'role')).toBe('img');
    expect(svg).toContain(`fill="${color.hex}"`);
    expect(svg).toContain(`<title>${type.name} - DMCA Protected</title>`);
    expect(svg).toContain('>DMCA Protected</text>');
    expect(svg).toContain(`>${type.name}</text>`);
    // The title comes first, so it is the accessible name.
    expect(svg.indexOf('<title>')).toBe(svg.indexOf('>') + 1);
  });

  it.each(badges.sizes.map((s) => [s.id, s] as const))('font sizes grow with the %s size', (_id, size) => {
    const svg = renderBadgeSvg(badges, 'standard', size.id, 'blue')!;
    const fontSizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    const scale = Math.min(size.width / 120, size.height / 60);
    expect(fontSizes).toEqual([9.5 * scale, 7 * scale].map((f) => Math.round(f * 100) / 100));
  });

  it('no text or shape coordinate falls outside the badge', () => {
    for (const { type, size, color } of allCombinations) {
      const svg = renderBadgeSvg(badges, type.id, size.id, color.id)!;
      for (const [, x, y, rest] of svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"([^>]*)>/g)) {
        expect(Number(x)).toBeGreaterThan(0);
        expect(Number(y)).toBeLessThan(size.height);
        const length = /textLength="([\d.]+)"/.exec(rest!)?.[1];
        if (length) expect(Number(x) + Number(length)).toBeLessThanOrEqual(size.width);
      }
    }
  });

  it('escapes names and still fits sizes of other proportions', () => {
    for (const size of tricky.sizes) {
      const svg = renderBadgeSvg(tricky, 'odd', size.id, 'teal')!;
      assertWellFormedXml(svg);
      expect(attr(svg, 'viewBox')).toBe(`0 0 ${size.width} ${size.height}`);
      expect(svg).toContain('<title>Tom &amp; Jerry&#39;s &quot;&lt;Pro&gt;&quot; Protection Plan Deluxe Edition - DMCA Protected</title>');
      expect(svg).not.toContain('<Pro>');
      expect(svg).toContain('fill="#0D9488"');
      // The long name is squeezed into the space there is rather than running off the edge.
      expect(svg).toMatch(/textLength="[\d.]+" lengthAdjust="spacingAndGlyphs"[^>]*>Tom &amp;/);
    }
  });

  it.each([
    ['an unknown type', 'gold', 'medium', 'blue'],
    ['an unknown size', 'standard', 'huge', 'blue'],
    ['an unknown colour', 'standard', 'medium', 'pink'],
    ['a prototype key', 'constructor', 'medium', 'blue'],
    ['an empty id', 'standard', '', 'blue'],
  ])('returns null for %s', (_what, type, size, color) => {
    expect(renderBadgeSvg(badges, type, size, color)).toBeNull();
  });

  it('renders the same bytes every time, so ETags are stable across restarts', () => {
    expect(renderBadgeSvg(badges, 'premium', 'large', 'red')).toBe(renderBadgeSvg(badges, 'premium', 'large', 'red'));
  });
});
