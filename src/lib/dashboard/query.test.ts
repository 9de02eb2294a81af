import { describe, expect, it } from 'vitest';
import {
  keepKnown,
  periodDays,
  queryKey,
  readQuery,
  sameQuery,
  settleChartPeriod,
  settlePeriod,
  statBody,
  writeQuery,
  type DashboardQuery,
} from './query';
import { customPeriod, presetPeriod, type Period } from '../dates/periods';

const TODAY = '2026-11-21';

describe('readQuery', () => {
  it('recomputes presets for today', () => {
    expect(readQuery('?period=6', TODAY).period).toEqual({ value: '6', from: '2026-11-15', to: '2026-11-21', custom: false });
  });

  it('reads custom ranges, bucket size and lists', () => {
    const query = readQuery('?period=custom&from=2014-05-01&to=2025-03-31&by=week&channels=UCa,UCb,UCa&titles=3,x,-1,4', TODAY);
    expect(query.period).toEqual({ value: 'custom', from: '2015-01-01', to: '2025-03-31', custom: true });
    expect(query.chartPeriod).toBe('week');
    expect(query.channels).toEqual(['UCa', 'UCb']);
    expect(query.titles).toEqual([3, 4]);
  });

  it('ignores what it cannot read', () => {
    expect(readQuery('?period=nope&by=hour', TODAY)).toEqual({ period: null, chartPeriod: null, channels: [], titles: [] });
    expect(readQuery('?period=custom&from=2025-02-30', TODAY).period).toBeNull();
    expect(readQuery('', TODAY).period).toBeNull();
  });
});

describe('writeQuery', () => {
  const query: DashboardQuery = {
    period: { value: 'custom', from: '2025-01-01', to: '2025-03-31', custom: true },
    chartPeriod: 'month',
    channels: ['UCa', 'ugc'],
    titles: [7],
  };

  it('round-trips', () => {
    const search = writeQuery(query);
    expect(search).toBe('?period=custom&from=2025-01-01&to=2025-03-31&by=month&channels=UCa,ugc&titles=7');
    expect(readQuery(search, TODAY)).toEqual(query);
  });

  it('leaves dates out for presets', () => {
    expect(
      writeQuery({ ...query, period: { value: '89', from: '2026-08-01', to: '2026-10-31', custom: false }, channels: [], titles: [] }),
    ).toBe('?period=89&by=month');
  });
});

describe('statBody', () => {
  const query: DashboardQuery = {
    period: { value: '27', from: '2026-10-25', to: '2026-11-21', custom: false },
    chartPeriod: 'week',
    channels: [],
    titles: [5],
  };

  it('sends the range, the previous one of the same length and the lists it has', () => {
    expect(statBody(query, true)).toEqual({
      date_from: '2026-10-25',
      date_to: '2026-11-21',
      chart_period: 'week',
      channels: null,
      titles: [5],
      compare_from: '2026-09-27',
      compare_to: '2026-10-24',
    });
    expect(statBody(query, false).titles).toBeNull();
  });

  it('sends no dates for Lifetime', () => {
    const body = statBody({ ...query, period: { value: 'life', from: null, to: null, custom: false } }, true);
    expect([body.date_from, body.date_to, body.compare_from]).toEqual([null, null, null]);
  });

  it('counts Lifetime from the earliest day', () => {
    expect(periodDays({ value: 'life', from: null, to: null, custom: false }, '2015-01-10', TODAY)).toBe(10);
    expect(periodDays(query.period, null, TODAY)).toBe(28);
  });
});

describe('settling a URL on the server and in the browser', () => {
  it('ends rolling presets on the latest data and keeps custom ranges inside it', () => {
    const week = settlePeriod(presetPeriod('6', '2026-11-21') as Period, '2026-11-21', '2026-11-19');
    expect([week.from, week.to]).toEqual(['2026-11-13', '2026-11-19']);
    const custom = settlePeriod(customPeriod('2026-11-01', '2026-11-30', null), '2026-11-21', '2026-11-19');
    expect([custom.from, custom.to]).toEqual(['2026-11-01', '2026-11-19']);
  });

  it("keeps the URL's bucket size when the range allows it, else the range's default", () => {
    const week = presetPeriod('6', '2026-11-21') as Period;
    expect(settleChartPeriod('month', week, '2026-11-19', '2026-11-21')).toBe('days');
    const life = presetPeriod('life', '2026-11-21') as Period;
    expect(settleChartPeriod(null, life, '2026-11-19', '2026-11-21')).toBe('month');
    expect(settleChartPeriod('week', life, '2026-11-19', '2026-11-21')).toBe('month');
  });

  it("keeps the URL's items the account has and counts the rest", () => {
    expect(keepKnown(['UCa', 'UCx', 'bad'], ['UCa', 'UCb'])).toEqual({ kept: ['UCa'], dropped: 2 });
  });

  it('keys queries by the body they send: a preset on another day is another query', () => {
    const query = (today: string) => ({
      period: presetPeriod('6', today) as Period,
      chartPeriod: 'days' as const,
      channels: [],
      titles: [],
    });
    expect(queryKey(query('2026-11-21'), true)).toBe(queryKey(query('2026-11-21'), false));
    expect(queryKey(query('2026-11-21'), true)).not.toBe(queryKey(query('2026-11-22'), true));
  });
});

describe('sameQuery', () => {
  const query: DashboardQuery = {
    period: { value: '6', from: '2026-11-15', to: '2026-11-21', custom: false },
    chartPeriod: 'days',
    channels: ['UCa', 'UCb'],
    titles: [3],
  };

  it('holds for the same query built apart, whatever the order of its keys', () => {
    const rebuilt = {
      titles: [3],
      channels: ['UCa', 'UCb'],
      chartPeriod: 'days',
      period: { custom: false, to: '2026-11-21', from: '2026-11-15', value: '6' },
    };
    expect(sameQuery(query, rebuilt as DashboardQuery)).toBe(true);
  });

  it('tells every field apart', () => {
    const changed: DashboardQuery[] = [
      { ...query, period: { ...query.period, value: 'custom', custom: true } },
      { ...query, period: { ...query.period, from: '2026-11-14' } },
      { ...query, period: { ...query.period, to: '2026-11-20' } },
      { ...query, chartPeriod: 'week' },
      { ...query, channels: ['UCa'] },
      { ...query, channels: ['UCb', 'UCa'] },
      { ...query, titles: [] },
      { ...query, titles: [4] },
    ];
    for (const other of changed) expect(sameQuery(query, other), JSON.stringify(other)).toBe(false);
  });
});
