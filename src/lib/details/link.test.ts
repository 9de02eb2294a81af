import { describe, expect, it } from 'vitest';
import type { DashboardQuery } from '../dashboard/query';
import { detailsHref } from './link';

const query: DashboardQuery = {
  period: { value: 'custom', from: '2025-01-01', to: '2025-03-31', custom: true },
  chartPeriod: 'week',
  channels: ['UCaaaaaaaaaaaaaaaaaaaaaa', 'ugc'],
  titles: [3],
};

describe('detailsHref', () => {
  it('carries the period and filters over', () => {
    expect(detailsHref('/details/views', query)).toBe(
      '/details/views?period=custom&from=2025-01-01&to=2025-03-31&by=week&channels=UCaaaaaaaaaaaaaaaaaaaaaa,ugc&titles=3',
    );
  });

  it("keeps the link's own parameters first and unchanged", () => {
    const href = detailsHref('/details/views?group_by=countries&by=days', query);
    const params = new URLSearchParams(href.split('?')[1]);
    expect(href.startsWith('/details/views?group_by=countries&by=days&')).toBe(true);
    expect(params.getAll('by')).toEqual(['days']);
    expect(params.get('period')).toBe('custom');
  });

  it('leaves the path alone before the query is settled', () => {
    expect(detailsHref('/details/audience', null)).toBe('/details/audience');
  });
});
