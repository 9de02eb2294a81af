// How the global page's line charts draw an unfinished last month: a dashed line into it and a lighter point.
import type { ScriptableLineSegmentContext } from 'chart.js';
import { PARTIAL_ALPHA, PARTIAL_DASH } from '../../lib/dates/partial-month';

/** '#3056d3' at an opacity, as canvas and Chart.js both read it. */
export function fade(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** Line options for a series whose last value is the unfinished month (nothing changes when it is not). */
export function partialLineStyle(count: number, partial: boolean, colour: string) {
  if (!partial || count === 0) return {};
  const last = count - 1;
  const light = fade(colour, PARTIAL_ALPHA);
  return {
    segment: { borderDash: (ctx: ScriptableLineSegmentContext) => (ctx.p1DataIndex === last ? [...PARTIAL_DASH] : undefined) },
    pointBackgroundColor: Array.from({ length: count }, (_, i) => (i === last ? light : colour)),
    pointBorderColor: Array.from({ length: count }, (_, i) => (i === last ? light : colour)),
  };
}
