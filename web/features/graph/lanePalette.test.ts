// The lanes' palette, for both themes' own colours: no lane near a status colour's hue or grey, every lane 3:1
// against its page, colours told apart, and the same branches always coloured the same.
import { hcl } from 'd3';
import { describe, expect, it } from 'vitest';
import { branchColours, contrast, hueDistance, lanePalette, MIN_CHROMA, MIN_HUE_DISTANCE } from './lanePalette.ts';

// web/styles.css, light and dark.
const THEMES = [
  { status: { active: '#1a7f37', merged: '#8250df', abandoned: '#8c959f', error: '#d1242f' }, bg: '#ffffff' },
  { status: { active: '#3fb950', merged: '#ab7df8', abandoned: '#6e7681', error: '#f85149' }, bg: '#0d1117' },
];

describe('the lane palette', () => {
  for (const { status, bg } of THEMES) {
    it(`keeps every lane away from the status colours, and visible, on ${bg}`, () => {
      const palette = lanePalette(status, bg);
      expect(palette.length).toBeGreaterThanOrEqual(5);
      for (const c of palette) {
        const { h, c: chroma } = hcl(c);
        expect(chroma, `${c} is not grey`).toBeGreaterThanOrEqual(MIN_CHROMA * 0.75);
        for (const s of [status.active, status.merged]) expect(hueDistance(h, hcl(s).h), `${c} vs ${s}`).toBeGreaterThanOrEqual(MIN_HUE_DISTANCE - 5);
        expect(contrast(c, bg), `${c} on ${bg}`).toBeGreaterThanOrEqual(3);
      }
      expect(new Set(palette).size).toBe(palette.length);
      // Red, the error colour's hue, only once the calmer colours are taken.
      expect(hueDistance(hcl(palette.at(-1)!).h, hcl(status.error).h)).toBeLessThan(MIN_HUE_DISTANCE);
      expect(palette.slice(0, 3).every((c) => hueDistance(hcl(c).h, hcl(status.error).h) >= MIN_HUE_DISTANCE)).toBe(true);
    });
  }

  it('gives main the first colour and the others the rest in turn, the same every time', () => {
    const palette = lanePalette(THEMES[0]!.status, THEMES[0]!.bg);
    const names = ['main', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const colours = branchColours(names, palette);
    expect(colours.get('main')).toBe(palette[0]);
    expect(colours.get('a')).toBe(palette[1]);
    expect([...colours.entries()].filter(([n, c]) => n !== 'main' && c === palette[0])).toEqual([]);
    expect(branchColours(names, palette)).toEqual(colours);
  });
});
