import { describe, expect, it } from 'vitest';
import { darkSeriesColour, parseColour } from './series-colour';
import { ESTIMATE_COLOUR, FINANCE_COLOUR, MIXED_COLOUR, PALETTE } from '../dates/chart-rules';

/** WCAG contrast, written out again here so the test does not lean on the module's own arithmetic. */
function ratio(hexA: string, hexB: string): number {
  const lum = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  };
  const [a, b] = [lum(hexA), lum(hexB)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const SURFACE = '#1a1e24';

describe('darkSeriesColour', () => {
  it('gives every series colour of the dashboard at least 3:1 on the dark surface', () => {
    for (const colour of [...PALETTE, FINANCE_COLOUR, ESTIMATE_COLOUR, MIXED_COLOUR]) {
      expect(ratio(darkSeriesColour(colour), SURFACE), colour).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps colours that already have 3:1, as written', () => {
    // #e8590c: luminance 0.237, so (0.287 / 0.0629) = 4.6:1 on #1a1e24.
    expect(darkSeriesColour('#e8590c')).toBe('#e8590c');
    expect(darkSeriesColour('rgba(232, 89, 12, 0.5)')).toBe('rgba(232, 89, 12, 0.5)');
  });

  it('lightens the rest by the fewest 5 % steps of white, keeping the hue', () => {
    // #3056d3 is 2.6:1; 10 % white: 48 + 207 * 0.1 = 68.7 → 0x45, 86 + 169 * 0.1 = 102.9 → 0x67, 211 + 44 * 0.1 = 215.4 → 0xd7.
    expect(ratio('#3056d3', SURFACE)).toBeLessThan(3);
    expect(darkSeriesColour('#3056d3')).toBe('#4567d7');
    // 5 % white (58.35, 94.45, 213.2: #3a5ed5) is still short of 3:1.
    expect(ratio('#3a5ed5', SURFACE)).toBeLessThan(3);
  });

  it('keeps an area fill translucent', () => {
    expect(darkSeriesColour('rgb(48 86 211 / 12%)')).toBe('rgb(69 103 215 / 12%)');
  });

  it('leaves what it cannot read alone', () => {
    expect(darkSeriesColour('transparent')).toBe('transparent');
    expect(darkSeriesColour('var(--accent)')).toBe('var(--accent)');
  });
});

describe('parseColour', () => {
  it('reads the forms our code writes', () => {
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour('#3056d3')).toEqual({ r: 48, g: 86, b: 211, a: 1 });
    expect(parseColour('#3056d380')).toEqual({ r: 48, g: 86, b: 211, a: 128 / 255 });
    expect(parseColour('rgb(48 86 211 / 12%)')).toEqual({ r: 48, g: 86, b: 211, a: 0.12 });
    expect(parseColour('rgba(48, 86, 211, 0.5)')).toEqual({ r: 48, g: 86, b: 211, a: 0.5 });
    expect(parseColour('rgb(0, 0, 0)')).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(parseColour('blue')).toBeNull();
  });
});
