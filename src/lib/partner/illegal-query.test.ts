import { describe, expect, it } from 'vitest';
import { chartBody, illegalUrl, readIllegalQuery, tableBody } from './illegal-query';

const TODAY = '2026-11-25';

describe('illegal copies URL state', () => {
  it('reads defaults: the last 3 months, copy rows, views by channel', () => {
    const query = readIllegalQuery('table', '', TODAY);
    expect(query).toMatchObject({
      group: 'none',
      sort: null,
      order: 'desc',
      page: 1,
      metric: 'none',
      breakdown: 'channel',
      summary: false,
    });
    expect(query.period.value).toBe('89');
    expect(illegalUrl(query)).toBe('/illegal/table?period=89');
  });

  it('round-trips every choice through the URL', () => {
    const search =
      '?period=custom&from=2026-01-01&to=2026-03-31&channels=ugc,UCaaaaaaaaaaaaaaaaaaaaaa&titles=4&group=title&sort=views&order=asc&page=3&metric=blocked&breakdown=country&summary=1&by=month';
    const query = readIllegalQuery('chart', search, TODAY);
    expect(illegalUrl(query)).toBe(`/illegal/chart${search}`);
    expect(tableBody(query, true)).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      channels: ['ugc', 'UCaaaaaaaaaaaaaaaaaaaaaa'],
      titles: [4],
      group_by: 'title',
      sort: 'views',
      order: 'asc',
      page: 3,
    });
    expect(chartBody(query, false)).toMatchObject({
      titles: undefined,
      group_by: 'blocked',
      breakdown: 'country',
      summary: true,
      chart_period: 'month',
    });
  });

  it('drops what it cannot read: an unknown grouping, a bad page, a bucket size the range does not allow', () => {
    const query = readIllegalQuery('table', '?period=custom&from=2026-03-01&to=2026-03-10&group=x&page=-2&sort=nope&by=month', TODAY);
    expect(query).toMatchObject({ group: 'none', page: 1, sort: null, chartPeriod: null });
  });
});
