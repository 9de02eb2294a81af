// A card's sparkline as SVG path data, drawn by the server: the line has no axes, tooltips or events, so
// a chart library and its hydration (React and Chart.js on each card, at load on a phone's first screen)
// bought nothing a few numbers cannot say (docs/public-stats.md, "Measured").

/** The drawing's box: 100 wide, stretched to the card's width (the line keeps its stroke width). */
export const SPARKLINE_WIDTH = 100;
export const SPARKLINE_HEIGHT = 40;
/** Room above the highest and below the lowest value, so the 2-px line is not cut at the edges. */
const PAD = 2;

export interface SparklinePaths {
  /** The complete months' stretch of line ('' with fewer than two points). */
  solid: string;
  /** The stretch into the unfinished last month, drawn dashed; '' when the last month is complete. */
  partial: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The line through the values, lowest at the bottom and highest at the top (a flat line across the middle
 * when all are equal); the last stretch apart when the last value is an unfinished month.
 * @example sparklinePaths([1, 3, 2], true) // { solid: 'M0 38L50 2', partial: 'M50 2L100 20' }
 */
export function sparklinePaths(values: number[], partial: boolean): SparklinePaths {
  if (values.length < 2) return { solid: '', partial: '' };
  const low = Math.min(...values);
  const span = Math.max(...values) - low;
  const points = values.map((value, i) => {
    const x = round((i / (values.length - 1)) * SPARKLINE_WIDTH);
    const y = span === 0 ? SPARKLINE_HEIGHT / 2 : round(PAD + (1 - (value - low) / span) * (SPARKLINE_HEIGHT - 2 * PAD));
    return `${x} ${y}`;
  });
  const path = (from: number, to: number) => (to - from < 1 ? '' : `M${points.slice(from, to + 1).join('L')}`);
  const last = points.length - 1;
  return partial ? { solid: path(0, last - 1), partial: path(last - 1, last) } : { solid: path(0, last), partial: '' };
}
