import { describe, expect, it } from 'vitest';
import type { Chart } from 'chart.js';
import { drawnMark, seriesMark } from './chart-drawn';

describe('seriesMark', () => {
  it('is the same for the series given and the datasets Chart.js drew from them', () => {
    const labels = ['1 Nov', '2 Nov', '3 Nov'];
    const series = [{ values: [4, 0, 2.5] }, { values: [1, 1, 1] }];
    const canvas = { dataset: {} as Record<string, string> };
    const chart = { canvas, data: { labels, datasets: series.map((s) => ({ data: s.values })) } } as unknown as Chart;
    (drawnMark.afterRender as (chart: Chart) => void)(chart);
    expect(canvas.dataset.drawn).toBe(seriesMark(labels, series));
    expect(canvas.dataset.drawn).toBe('3:2:9.5');
  });

  it('tells apart a card before and after a change of range or of filter', () => {
    const week = seriesMark(['a', 'b'], [{ values: [3, 4] }]);
    expect(seriesMark(['a', 'b', 'c'], [{ values: [3, 4, 0] }])).not.toBe(week);
    expect(seriesMark(['a', 'b'], [{ values: [3, 5] }])).not.toBe(week);
    expect(seriesMark([], [])).toBe('0:0:0');
  });
});
