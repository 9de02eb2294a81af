// Dollar ranges in short form ("$2.4K – $9.6K") without Intl's compact notation, which is slow per call in workerd.
import type { MoneyRange } from '../../lib/public-estimates';

const STEPS: readonly [number, string][] = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];

/** Whole dollars as $950, $2.4K, $13M (one decimal below 100 of a unit, trailing .0 dropped). */
export function compactDollars(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, suffix] of STEPS) {
    if (abs >= size) {
      const scaled = abs / size;
      const text = scaled >= 100 ? String(Math.round(scaled)) : String(Math.round(scaled * 10) / 10);
      return `${sign}$${text}${suffix}`;
    }
  }
  return `${sign}$${Math.round(abs)}`;
}

/** A range as the rankings show it. */
export function compactRange(range: MoneyRange): string {
  return `${compactDollars(range.low)} – ${compactDollars(range.high)}`;
}
