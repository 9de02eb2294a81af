// A mark of what a chart shows, left in two places: on the chart's box from the series it is given
// (data-series), and on its canvas by Chart.js once it has drawn them (data-drawn). The two are equal
// once the canvas shows the card's current figures, which lets a browser benchmark time when the
// charts are drawn (scripts/bench/page-watch.ts) without reading pixels.
import type { Plugin } from 'chart.js';

/**
 * Buckets, series and the sum of every value: two states of a card differ in at least one of them.
 * @example seriesMark(['Jan', 'Feb'], [{ values: [1, 2] }]) // '2:1:3'
 */
export function seriesMark(labels: readonly unknown[], series: ReadonlyArray<{ values: readonly unknown[] }>): string {
  let sum = 0;
  for (const { values } of series) for (const value of values) sum += Number(value) || 0;
  return `${labels.length}:${series.length}:${sum}`;
}

/** Sets the canvas's data-drawn after each draw (no animation: one draw per update). */
export const drawnMark: Plugin = {
  id: 'drawnMark',
  afterRender(chart) {
    chart.canvas.dataset.drawn = seriesMark(
      chart.data.labels ?? [],
      chart.data.datasets.map((d) => ({ values: d.data })),
    );
  },
};
