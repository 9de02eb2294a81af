import { describe, expect, it } from 'vitest';
import { detailsQueryOf } from '../test-support/details-query';
import { blocksFor, bodyKey } from './start';

const query = detailsQueryOf;
const viewer = { showTitle: true };

describe('blocksFor', () => {
  it('shows the summary and the table on the table tab, the audience table on audience, the traffic sources on views', () => {
    expect(Object.keys(blocksFor(query({ id: 'partner_revenue' }), viewer))).toEqual(['summary', 'table']);
    expect(Object.keys(blocksFor(query({ id: 'audience' }), viewer))).toEqual(['summary', 'audience']);
    expect(Object.keys(blocksFor(query({ id: 'views' }), viewer))).toEqual(['summary', 'table', 'traffic', 'searchTerms']);
    expect(Object.keys(blocksFor(query({ id: 'views', tab: 'chart' }), viewer))).toEqual(['summary', 'graph']);
  });

  it('shows the lines on the chart tab, with the map and pie on audience', () => {
    expect(Object.keys(blocksFor(query({ tab: 'chart' }), viewer))).toEqual(['summary', 'graph']);
    expect(Object.keys(blocksFor(query({ id: 'audience', tab: 'chart' }), viewer))).toEqual(['summary', 'graph', 'map']);
  });

  it('changes only the bodies a change concerns', () => {
    const first = blocksFor(query(), viewer);
    const sorted = blocksFor(query({ sort: { column: 'rpm', order: 'asc' }, chartMode: 'detailed' }), viewer);
    expect(bodyKey(sorted.summary)).toBe(bodyKey(first.summary));
    expect(bodyKey(sorted.table)).not.toBe(bodyKey(first.table));
    expect(sorted.table).toMatchObject({ sort: 'rpm', order: 'asc', page: 1, per_page: 30 });
    const chart = blocksFor(query({ tab: 'chart', chartPeriod: 'week' }), viewer);
    expect(chart.graph).toMatchObject({ group_date: 'week', top_field: 'views' });
  });
});
