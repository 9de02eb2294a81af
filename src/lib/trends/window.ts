// The rank chart's window: 5 points, 11 from 705px wide (docs/public-stats.md, "Trends"), moved by Prev/Next arrows.

export const WIDE_CHART_MIN_PX = 705;
export const NARROW_POINTS = 5;
export const WIDE_POINTS = 11;

/** How many points fit the chart at a viewport width. */
export function windowSize(width: number): number {
  return width >= WIDE_CHART_MIN_PX ? WIDE_POINTS : NARROW_POINTS;
}

/**
 * The first index of a window of `size` over `total` points, kept inside the data; the latest
 * points are shown first, so `start` defaults to the last window.
 */
export function clampWindowStart(start: number, size: number, total: number): number {
  return Math.max(0, Math.min(start, total - size));
}
