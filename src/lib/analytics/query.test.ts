// The analytics page's URL: read, written back, made consistent, and the comparison it asks for.
import { describe, expect, it } from 'vitest';
import { analyticsBody, comparisonRange, readAnalyticsQuery, writeAnalyticsQuery, type AnalyticsQuery } from './query';

const TODAY = '2026-11-21';

describe('readAnalyticsQuery', () => {
  it('reads every part and writes the same string back', () => {
    const search =
      '?period=custom&from=2026-09-01&to=2026-09-30&compare=custom&cfrom=2025-09-01&cto=2025-09-30&channels=UCa,UCb&titles=3&type=short&group=titles&sort=rpm&order=asc&page=2&chart=subscribers';
    const query = readAnalyticsQuery(search, TODAY);
    expect(query).toMatchObject({
      period: { value: 'custom', from: '2026-09-01', to: '2026-09-30' },
      compare: 'custom',
      compareRange: { from: '2025-09-01', to: '2025-09-30' },
      channels: ['UCa', 'UCb'],
      titles: [3],
      type: 'short',
      group: 'titles',
      sort: 'rpm',
      order: 'asc',
      page: 2,
      chart: 'subscribers',
    });
    expect(writeAnalyticsQuery(query as AnalyticsQuery)).toBe(search);
  });

  it('falls back on defaults for what it cannot read', () => {
    const query = readAnalyticsQuery('?group=videos&sort=likes&page=-1&type=vertical&compare=custom&countries=us,xyz', TODAY);
    expect(query).toMatchObject({ group: 'channels', sort: 'views', page: 1, type: 'all', compare: 'none', countries: ['US'] });
    expect(query.period).toBeNull();
  });

  it('drops countries and the country grouping when titles or a video type are asked', () => {
    const query = readAnalyticsQuery('?countries=US&type=live&group=countries', TODAY);
    expect(query).toMatchObject({ countries: [], type: 'live', group: 'channels' });
  });
});

describe('comparisonRange', () => {
  const period = { value: 'custom', from: '2026-03-01', to: '2026-03-31', custom: true };
  it('is the days before, the same days a year back, or the chosen ones', () => {
    expect(comparisonRange({ period, compare: 'previous', compareRange: null })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(comparisonRange({ period, compare: 'year', compareRange: null })).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(comparisonRange({ period, compare: 'none', compareRange: null })).toBeNull();
    expect(comparisonRange({ period: { ...period, from: null, to: null }, compare: 'year', compareRange: null })).toBeNull();
  });

  it('goes into the body with the filters; the chart asks with graph', () => {
    const query = readAnalyticsQuery('?period=custom&from=2026-03-01&to=2026-03-31&compare=year&group=titles', TODAY) as AnalyticsQuery;
    expect(analyticsBody(query, false)).toMatchObject({ compare_from: '2025-03-01', titles: null, group: 'titles', page: 1 });
    expect(analyticsBody(query, true, true)).toMatchObject({ graph: 1 });
    expect(analyticsBody(query, true, true)).not.toHaveProperty('group');
  });
});
