// The channel charts as the server renders them (client:visible islands are in the page's HTML).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ChannelCharts, { type ChartSeries } from './ChannelCharts';

const series = (values: number[]): ChartSeries => ({ labels: values.map((_, i) => `Month ${i + 1}`), values });
const render = (monthlySubs: ChartSeries) =>
  renderToStaticMarkup(
    createElement(ChannelCharts, {
      views: series([5, 7]),
      subscribers: series([10, 12]),
      historyViews: series([100, 120, 90]),
      historySubscribers: series([10, 10, 10]),
      monthlySubs,
      partial: null,
    }),
  );
const monthlySubsBox = (html: string) => html.slice(html.indexOf('aria-label="Monthly subs"'));

describe('the Monthly subs chart', () => {
  it('says in a sentence that nothing changed instead of drawing an empty 0–1 chart', () => {
    const box = monthlySubsBox(render(series([0, 0, 0])));
    expect(box).toContain('The subscriber count did not change in any of the 3 months shown.');
    expect(box).not.toContain('<canvas');
  });
  it('names the one month when there is one', () => {
    expect(monthlySubsBox(render(series([0])))).toContain('The subscriber count did not change in the month shown.');
  });
  it('draws the chart when a month has a change', () => {
    const box = monthlySubsBox(render(series([0, -4, 0])));
    expect(box).toContain('<canvas');
    expect(box).not.toContain('did not change');
  });
  it('says No data available without months', () => {
    expect(monthlySubsBox(render(series([])))).toContain('No data available');
  });
});
