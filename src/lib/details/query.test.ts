import { describe, expect, it } from 'vitest';
import { detailsQueryOf } from '../test-support/details-query';
import {
  audienceGraphsFor,
  DEFAULT_SORT,
  detailsHref,
  fitToPage,
  groupsFor,
  nextSort,
  readDetailsQuery,
  settleGraph,
  settleGroup,
  writeDetailsQuery,
} from './query';
import { exportLinks, tableBody } from './call-bodies';

const TODAY = '2026-11-25';
const TITLES = { showTitle: true };
const NO_TITLES = { showTitle: false };

const query = detailsQueryOf;

describe('readDetailsQuery', () => {
  it('reads grouping, countries, tab, chart mode, sort and page', () => {
    const read = readDetailsQuery('?group_by=countries&countries=us,DE,x1,US&tab=chart&mode=detailed&sort=rpm&order=asc&page=3', TODAY);
    expect(read.group).toBe('countries');
    expect(read.countries).toEqual(['US', 'DE']);
    expect(read.tab).toBe('chart');
    expect(read.chartMode).toBe('detailed');
    expect(read.sort).toEqual({ column: 'rpm', order: 'asc' });
    expect(read.page).toBe(3);
  });

  it('accepts the singular group words and drops what it cannot read', () => {
    expect(readDetailsQuery('?group_by=title', TODAY).group).toBe('titles');
    const read = readDetailsQuery('?group_by=video&tab=pie&sort=secret&page=-2&graph=likes', TODAY);
    expect(read).toMatchObject({ group: null, tab: null, sort: null, page: 1, graph: null });
  });

  it('caps the page', () => {
    expect(readDetailsQuery('?page=99999999999', TODAY).page).toBe(100_000);
  });

  it('reads back what it writes', () => {
    const state = query({
      countries: ['US'],
      channels: ['UCa', 'UCb'],
      group: 'countries',
      tab: 'chart',
      chartMode: 'detailed',
      sort: { column: 'svr', order: 'asc' },
      page: 2,
    });
    const read = readDetailsQuery(writeDetailsQuery(state), TODAY);
    expect(read.dashboard.period).toEqual(state.period);
    expect(read.dashboard.channels).toEqual(['UCa', 'UCb']);
    expect(read).toMatchObject({ countries: ['US'], group: 'countries', tab: 'chart', chartMode: 'detailed', page: 2 });
    expect(read.sort).toEqual({ column: 'svr', order: 'asc' });
  });
});

describe('writeDetailsQuery', () => {
  it('leaves defaults out', () => {
    expect(writeDetailsQuery(query())).toBe('?period=custom&from=2026-09-01&to=2026-09-30&by=days');
  });
});

describe('detailsHref', () => {
  it('puts the tab in the path on /analytics and in the query on /details', () => {
    const state = query({ tab: 'chart', group: 'titles' });
    expect(detailsHref(state, 'analytics')).toBe(
      '/analytics/views/chart?period=custom&from=2026-09-01&to=2026-09-30&by=days&group_by=titles',
    );
    expect(detailsHref(state, 'details')).toBe(
      '/details/views?period=custom&from=2026-09-01&to=2026-09-30&by=days&group_by=titles&tab=chart',
    );
  });
});

describe('grouping rules', () => {
  it('offers Title only with show_title and not on subs or audience', () => {
    expect(groupsFor('partner_revenue', TITLES)).toEqual(['channels', 'titles', 'countries', 'formats']);
    expect(groupsFor('partner_revenue', NO_TITLES)).toEqual(['channels', 'countries', 'formats']);
    expect(groupsFor('subs', TITLES)).toEqual(['channels', 'countries', 'formats']);
    expect(groupsFor('audience', TITLES)).toEqual(['channels']);
  });

  it('resets Title to Channel on subs, and everything to Channel on audience', () => {
    expect(settleGroup('subs', 'titles', TITLES)).toBe('channels');
    expect(settleGroup('subs', 'countries', TITLES)).toBe('countries');
    expect(settleGroup('audience', 'countries', TITLES)).toBe('channels');
    expect(settleGroup('views', null, TITLES)).toBe('channels');
  });

  it('drops the filters a page does not have, and the sort of a grouping left', () => {
    const subs = fitToPage(query({ id: 'subs', group: 'titles', titles: [4], sort: { column: 'likes', order: 'asc' } }), TITLES);
    expect(subs).toMatchObject({ group: 'channels', titles: [], sort: DEFAULT_SORT });
    const audience = fitToPage(query({ id: 'audience', countries: ['US'], group: 'countries' }), TITLES);
    expect(audience).toMatchObject({ group: 'channels', countries: [] });
    const kept = fitToPage(query({ group: 'countries', sort: { column: 'rpm', order: 'asc' } }), TITLES);
    expect(kept.sort).toEqual({ column: 'rpm', order: 'asc' });
  });

  it('groups by channel instead of format under a titles or countries filter, which the format grain cannot split', () => {
    expect(fitToPage(query({ group: 'formats', titles: [3] }), TITLES).group).toBe('channels');
    expect(fitToPage(query({ id: 'subs', group: 'formats', countries: ['DE'] }), TITLES).group).toBe('channels');
    const kept = fitToPage(query({ group: 'formats', channels: ['UC1'], sort: { column: 'engaged_views', order: 'asc' } }), TITLES);
    expect(kept).toMatchObject({ group: 'formats', sort: { column: 'engaged_views', order: 'asc' } });
  });

  it('keeps the Format grouping in the URL, so a reload or a shared link shows it', () => {
    const href = detailsHref(query({ group: 'formats', tab: 'chart' }), 'details');
    expect(href).toContain('group_by=formats');
    expect(readDetailsQuery(href.slice(href.indexOf('?')), TODAY).group).toBe('formats');
    expect(readDetailsQuery('?group_by=format', TODAY).group).toBe('formats');
  });

  it('lets countries win over titles, which the stats filters cannot combine', () => {
    expect(fitToPage(query({ titles: [3], countries: ['DE'] }), TITLES)).toMatchObject({ titles: [], countries: ['DE'] });
    expect(fitToPage(query({ titles: [3] }), TITLES).titles).toEqual([3]);
  });
});

describe('audience chart metrics', () => {
  const inhouse = { onlyInhouseChannels: true };
  const partner = { onlyInhouseChannels: false };

  it('offers Subscribers only to users not limited to in-house channels', () => {
    expect(audienceGraphsFor(partner)).toEqual(['partner_revenue', 'subscribers', 'views']);
    expect(audienceGraphsFor(inhouse)).toEqual(['partner_revenue', 'views']);
  });

  it('keeps an offered metric from the URL and falls back to Views otherwise', () => {
    expect(settleGraph('subscribers', partner)).toBe('subscribers');
    expect(settleGraph('subscribers', inhouse)).toBe('views');
    expect(settleGraph('partner_revenue', inhouse)).toBe('partner_revenue');
    expect(settleGraph(null, partner)).toBe('views');
  });
});

describe('nextSort', () => {
  it('starts a new column largest first, then toggles', () => {
    const first = nextSort(DEFAULT_SORT, 'rpm', 'views');
    expect(first).toEqual({ column: 'rpm', order: 'desc' });
    const second = nextSort(first, 'rpm', 'views');
    expect(second).toEqual({ column: 'rpm', order: 'asc' });
    expect(nextSort(second, 'rpm', 'views')).toEqual({ column: 'rpm', order: 'desc' });
  });

  it('treats the default sort as the metric, largest first', () => {
    expect(nextSort(DEFAULT_SORT, 'views', 'views')).toEqual({ column: 'views', order: 'asc' });
  });
});

describe('bodies and export links', () => {
  it('sends the page, sort and top field', () => {
    const body = tableBody(query({ id: 'subs', sort: { column: 'views', order: 'asc' }, page: 2, titles: [5] }), TITLES, 30);
    expect(body).toMatchObject({ top_field: 'subscribers', group: 'channels', sort: 'views', order: 'asc', page: 2, per_page: 30 });
    expect(body.titles).toBeNull();
    expect(body.date_from).toBe('2026-09-01');
  });

  it('builds both links from the same state', () => {
    const state = query({
      id: 'partner_revenue',
      channels: ['UCa', 'UCb'],
      countries: ['US'],
      group: 'countries',
      sort: { column: 'rpm', order: 'asc' },
    });
    const { xlsx, csv } = exportLinks(state, TITLES);
    const expected =
      'date_from=2026-09-01&date_to=2026-09-30&channels=UCa,UCb&countries=US&top_field=partner_revenue&group=countries&sort=rpm&order=asc';
    expect(xlsx).toBe(`/api/stat/details/xlsx?${expected}`);
    expect(csv).toBe(`/api/stat/details?to_csv=true&${expected}`);
  });

  it('leaves out the dates of Lifetime and the default sort', () => {
    const { csv } = exportLinks(query({ period: { value: 'life', from: null, to: null, custom: false } }), NO_TITLES);
    expect(csv).toBe('/api/stat/details?to_csv=true&top_field=views&group=channels');
  });
});
