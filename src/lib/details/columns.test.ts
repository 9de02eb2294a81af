import { describe, expect, it } from 'vitest';
import type { DetailRow } from '../api/details';
import { columnsFor, defaultChosen, formatCell, formatShare, shownColumns, toggleColumn } from './columns';

const keys = (id: Parameters<typeof columnsFor>[0], group: Parameters<typeof columnsFor>[1]) => columnsFor(id, group).map((c) => c.key);

describe('columnsFor', () => {
  it('gives the channel table its other figures, then the metric and its share', () => {
    expect(keys('partner_revenue', 'channels')).toEqual([
      'channel_date',
      'subscribers',
      'views',
      'rpm',
      'svr',
      'average_view_duration_seconds',
      'partner_revenue',
      'percent',
    ]);
    expect(keys('subs', 'channels').slice(1, 3)).toEqual(['views', 'partner_revenue']);
    expect(keys('views', 'channels').slice(1, 3)).toEqual(['subscribers', 'partner_revenue']);
  });

  it('shows views on the subs country table only', () => {
    expect(keys('subs', 'countries')).toEqual(['views', 'rpm', 'svr', 'average_view_duration_seconds', 'subscribers', 'percent']);
    expect(keys('views', 'countries')).toEqual(['rpm', 'svr', 'average_view_duration_seconds', 'views', 'percent']);
  });

  it('shows engaged views beside views on the formats table of the views page only', () => {
    expect(keys('views', 'formats').slice(-3)).toEqual(['views', 'engaged_views', 'percent']);
    expect(keys('partner_revenue', 'formats')).not.toContain('engaged_views');
    expect(keys('subs', 'formats')).toEqual(['views', 'svr', 'subscribers', 'percent']);
  });

  it('gives the title table views or earnings, likes and comments', () => {
    expect(keys('partner_revenue', 'titles')).toEqual([
      'views',
      'likes',
      'comments',
      'rpm',
      'average_view_duration_seconds',
      'partner_revenue',
      'percent',
    ]);
  });
});

describe('the column limit', () => {
  const columns = columnsFor('views', 'channels');

  it('ticks the first four to start with', () => {
    expect(defaultChosen(columns)).toEqual(['channel_date', 'subscribers', 'partner_revenue', 'rpm']);
  });

  it('refuses a fifth tick and frees a place on untick', () => {
    const four = defaultChosen(columns);
    expect(toggleColumn(four, 'svr', 4)).toEqual(four);
    const three = toggleColumn(four, 'subscribers', 4);
    expect(three).toEqual(['channel_date', 'partner_revenue', 'rpm']);
    expect(toggleColumn(three, 'svr', 4)).toEqual(['channel_date', 'partner_revenue', 'rpm', 'svr']);
  });

  it('replaces the one tick on a narrow screen', () => {
    expect(toggleColumn(['rpm'], 'svr', 1)).toEqual(['svr']);
  });

  it('shows the ticked columns in table order, only the first when narrow', () => {
    const chosen = ['rpm', 'channel_date'];
    expect(shownColumns(columns, chosen, false).map((c) => c.key)).toEqual(['channel_date', 'rpm', 'views', 'percent']);
    expect(shownColumns(columns, chosen, true).map((c) => c.key)).toEqual(['channel_date', 'views', 'percent']);
  });
});

describe('cells', () => {
  const row: DetailRow = {
    key: 'UCa',
    name: 'A',
    rank: 1,
    channel_date: null,
    subscribers: 1200,
    views: 34567,
    partner_revenue: 12.5,
    finance: 0,
    likes: 3,
    comments: 4,
    rpm: null,
    svr: 0.125,
    average_view_duration_seconds: 75,
    percent: 0.004,
  };

  it('shows N/A for a missing date, ratio or share, and blank under 0.005%', () => {
    expect(formatCell(row, 'channel_date')).toBe('N/A');
    expect(formatCell(row, 'rpm')).toBe('N/A');
    expect(formatCell({ ...row, percent: null }, 'percent')).toBe('N/A');
    expect(formatCell(row, 'percent')).toBe('');
    expect(formatShare(0.005)).toBe('0.01%');
    expect(formatShare(12.345)).toBe('12.35%');
  });

  it('formats money, counts and durations', () => {
    expect(formatCell(row, 'partner_revenue')).toBe('$12.50');
    expect(formatCell(row, 'views')).toBe('34,567');
    expect(formatCell(row, 'average_view_duration_seconds')).toBe('1:15');
    expect(formatCell(row, 'svr')).toBe('0.13');
    expect(formatCell({ ...row, channel_date: '2024-03-05' }, 'channel_date')).toBe('Mar 5, 2024');
  });

  it('leaves engaged views empty but on the Shorts row', () => {
    expect(formatCell({ ...row, video_type: 'short', engaged_views: 1234 }, 'engaged_views')).toBe('1,234');
    expect(formatCell({ ...row, video_type: 'full', engaged_views: null }, 'engaged_views')).toBe('');
    expect(formatCell(row, 'engaged_views')).toBe('');
  });
});
