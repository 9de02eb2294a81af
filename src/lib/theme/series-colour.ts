// Series colours on the dark theme: the light theme's colours are mid to dark tones picked against white,
// and several fall below 3:1 on the dark cards. Each is lightened (mixed with white) just enough to
// reach 3:1 there, so a series keeps its hue and its place in the palette.

/** The dark theme's card surface (--surface in src/styles/theme.css; theme-tokens.test.ts keeps them equal). */
export const DARK_SURFACE = '#1a1e24';
/** WCAG's least contrast for graphics (1.4.11). */
export const SERIES_MIN_CONTRAST = 3;
/** How much white each step mixes in. */
const MIX_STEP = 0.05;

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/i;

/**
 * A colour as written in our code ('#3056d3', '#fff', 'rgb(48 86 211 / 12%)', 'rgba(48, 86, 211, 0.5)'),
 * or null for anything else (a name, a gradient), which is left as it is.
 */
export function parseColour(text: string): Rgba | null {
  const hex = HEX.exec(text.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const at = (i: number) => Number.parseInt(digits.slice(i, i + 2), 16);
    return { r: at(0), g: at(2), b: at(4), a: digits.length === 8 ? at(6) / 255 : 1 };
  }
  const rgb = RGB.exec(text.trim());
  if (!rgb) return null;
  const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] === '%' ? 100 : 1);
  return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance. */
function luminance({ r, g, b }: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two opaque colours. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

function format({ r, g, b, a }: Rgba): string {
  return a >= 1
    ? `#${hex2(r)}${hex2(g)}${hex2(b)}`
    : `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)} / ${Math.round(a * 1000) / 10}%)`;
}

/**
 * The colour to draw a series in on the dark theme: unchanged when it already has 3:1 on the dark
 * surface, else mixed with white in 5 % steps until it has. Its opacity is kept (an area's fill).
 * @example darkSeriesColour('#3056d3') // '#4567d7': the same blue, 10 % lighter
 */
export function darkSeriesColour(text: string, surface = DARK_SURFACE): string {
  const colour = parseColour(text);
  const background = parseColour(surface);
  if (!colour || !background) return text;
  if (contrast(colour, background) >= SERIES_MIN_CONTRAST) return text;
  const steps = Math.round(1 / MIX_STEP);
  let mixed = colour;
  for (let step = 1; step <= steps && contrast(mixed, background) < SERIES_MIN_CONTRAST; step += 1) {
    const share = step / steps;
    mixed = {
      ...colour,
      r: colour.r + (255 - colour.r) * share,
      g: colour.g + (255 - colour.g) * share,
      b: colour.b + (255 - colour.b) * share,
    };
  }
  return format(mixed);
}
