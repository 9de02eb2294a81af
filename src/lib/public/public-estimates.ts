// Public earnings are estimates: monthly views times an RPM range set by the channel's country and
// category. Public data carries no revenue, so every figure is a range and is labelled "estimated".
import { MINUS } from '../formats/stat-format';

/** Revenue per 1,000 views in dollars, low and high, by country tier (advertiser demand). */
export const TIER_RPM: Readonly<Record<1 | 2 | 3 | 4, readonly [number, number]>> = {
  1: [1.5, 6.0],
  2: [0.8, 3.5],
  3: [0.3, 1.5],
  4: [0.1, 0.8],
};

export const TIER_1 = new Set(['US', 'CA', 'GB', 'AU', 'NZ', 'DE', 'CH', 'AT', 'NO', 'SE', 'DK', 'FI', 'NL', 'BE', 'IE', 'LU']);
export const TIER_2 = new Set(['FR', 'JP', 'KR', 'IT', 'ES', 'PT', 'IL', 'SG', 'HK', 'TW', 'AE', 'SA', 'QA', 'CZ', 'PL']);
export const TIER_3 = new Set(['BR', 'MX', 'AR', 'CL', 'CO', 'RU', 'UA', 'TR', 'ZA', 'MY', 'TH', 'RO', 'HU', 'GR']);

/** Advertisers pay more around some categories (finance, tech, education) than others (music, gaming). */
export const CATEGORY_FACTOR: Readonly<Record<number, number>> = {
  1: 0.9,
  2: 1.4,
  10: 0.6,
  15: 0.9,
  17: 1.0,
  19: 1.2,
  20: 0.8,
  22: 0.9,
  23: 0.9,
  24: 1.0,
  25: 1.1,
  26: 1.3,
  27: 1.5,
  28: 1.6,
  29: 0.8,
};

/** How the estimate is made, for the pages that show one. */
export const EARNINGS_METHOD =
  'Estimated from public view counts: monthly views × a revenue-per-1,000-views range for the channel’s country and category. ' +
  'YouTube publishes no revenue, so these are ranges, not reported earnings.';
export const WATCHTIME_METHOD =
  'Estimated from public view counts: monthly views × a typical view duration (minutes per view) taken from public channels’ imported history: the channel’s own when it is a public channel that has one, else its category’s average. ' +
  'The same method for every channel; a partner network’s private figures never enter it.';
/** The label of figures a channel's network chose to show: its own reports, not an estimate. */
export const REPORTED_LABEL = 'reported by the channel’s network';
export const REPORTED_METHOD =
  'Reported by the channel’s network: watch time and estimated revenue from its own YouTube Analytics reports, which the network has chosen to show publicly.';

export interface MoneyRange {
  low: number;
  high: number;
}

function tierOf(country: string | null | undefined): 1 | 2 | 3 | 4 {
  if (!country) return 4;
  if (TIER_1.has(country)) return 1;
  if (TIER_2.has(country)) return 2;
  return TIER_3.has(country) ? 3 : 4;
}

/**
 * Estimated monthly earnings in dollars, rounded to whole dollars.
 * @example estimateEarnings(1_000_000, 'US', 28) // { low: 2400, high: 9600 }
 */
export function estimateEarnings(views: number, country: string | null | undefined, categoryId: number | null | undefined): MoneyRange {
  const [low, high] = TIER_RPM[tierOf(country)];
  const factor = (categoryId != null ? CATEGORY_FACTOR[categoryId] : undefined) ?? 1;
  const thousands = Math.max(0, views) / 1000;
  return { low: Math.round(thousands * low * factor), high: Math.round(thousands * high * factor) };
}

const STEPS: readonly [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * Whole dollars in short form: $950, $2.4K, $228K (one decimal below 100 of a unit). Written out
 * rather than Intl's compact notation, which is slow per call in workerd and runs 200 times a ranking.
 */
export function formatCompactDollars(value: number): string {
  const sign = value < 0 ? MINUS : '';
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

/** A range as shown: "$2.4K – $9.6K". */
export function formatMoneyRange(range: MoneyRange): string {
  return `${formatCompactDollars(range.low)} – ${formatCompactDollars(range.high)}`;
}
