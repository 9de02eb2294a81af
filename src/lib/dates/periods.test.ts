import { describe, expect, it } from 'vitest';
import {
  comparisonNote,
  customPeriod,
  isIsoDate,
  periodLabel,
  periodOptions,
  presetFor,
  presetPeriod,
  previousRange,
  rangeDays,
  type Period,
} from './periods';

const dates = (value: string, today: string) => {
  const period = presetPeriod(value, today);
  return period && [period.from, period.to];
};

describe('presetPeriod: day counts', () => {
  it('Last 7 days and Last 28 days end today', () => {
    expect(dates('6', '2026-11-21')).toEqual(['2026-11-15', '2026-11-21']);
    expect(dates('27', '2026-11-21')).toEqual(['2026-10-25', '2026-11-21']);
  });

  it('cross month and year ends', () => {
    expect(dates('6', '2026-01-03')).toEqual(['2025-12-28', '2026-01-03']);
    expect(dates('27', '2024-03-01')).toEqual(['2024-02-03', '2024-03-01']);
  });

  it('Last 365 days holds 365 days', () => {
    expect(dates('365', '2026-11-21')).toEqual(['2025-11-22', '2026-11-21']);
    expect(rangeDays('2025-11-22', '2026-11-21')).toBe(365);
  });
});

describe('presetPeriod: Last 3 and 6 months', () => {
  it.each([
    ['2026-11-21', '2026-08-01', '2026-10-31'],
    ['2026-11-04', '2026-08-01', '2026-10-31'],
    ['2026-11-03', '2026-07-01', '2026-09-30'],
    ['2026-11-01', '2026-07-01', '2026-09-30'],
    ['2027-01-02', '2026-09-01', '2026-11-30'],
    ['2027-01-15', '2026-10-01', '2026-12-31'],
    ['2024-03-02', '2023-11-01', '2024-01-31'],
    ['2024-03-31', '2023-12-01', '2024-02-29'],
  ])('89 on %s is %s .. %s', (today, from, to) => {
    expect(dates('89', today)).toEqual([from, to]);
  });

  it.each([
    ['2026-11-21', '2026-05-01', '2026-10-31'],
    ['2026-11-03', '2026-04-01', '2026-09-30'],
    ['2027-01-01', '2026-06-01', '2026-11-30'],
    ['2026-12-31', '2026-06-01', '2026-11-30'],
  ])('180 on %s is %s .. %s', (today, from, to) => {
    expect(dates('180', today)).toEqual([from, to]);
  });
});

describe('presetPeriod: years, months, Lifetime', () => {
  it('offers the four previous calendar years', () => {
    expect(dates('y2025', '2026-11-21')).toEqual(['2025-01-01', '2025-12-31']);
    expect(dates('y2022', '2026-11-21')).toEqual(['2022-01-01', '2022-12-31']);
    expect(presetPeriod('y2026', '2026-11-21')).toBeNull();
    expect(presetPeriod('y2021', '2026-11-21')).toBeNull();
    expect(dates('y2026', '2027-01-01')).toEqual(['2026-01-01', '2026-12-31']);
  });

  it('offers the last three finished months by name', () => {
    expect(dates('m2026-10', '2026-11-21')).toEqual(['2026-10-01', '2026-10-31']);
    expect(dates('m2026-08', '2026-11-21')).toEqual(['2026-08-01', '2026-08-31']);
    expect(presetPeriod('m2026-11', '2026-11-21')).toBeNull();
    expect(presetPeriod('m2026-07', '2026-11-21')).toBeNull();
    expect(dates('m2024-02', '2024-03-01')).toEqual(['2024-02-01', '2024-02-29']);
    expect(dates('m2025-12', '2026-01-02')).toEqual(['2025-12-01', '2025-12-31']);
  });

  it('Lifetime has no dates', () => {
    expect(presetPeriod('life', '2026-11-21')).toEqual({ value: 'life', from: null, to: null, custom: false });
  });

  it('knows nothing else', () => {
    expect(presetPeriod('custom', '2026-11-21')).toBeNull();
    expect(presetPeriod('90', '2026-11-21')).toBeNull();
  });

  it('lists the presets in menu order with their names', () => {
    const options = periodOptions('2027-01-02');
    expect(options.map((o) => o.label)).toEqual([
      'Last 7 days',
      'Last 28 days',
      'Last 3 months',
      'Last 6 months',
      'Last 365 days',
      'Lifetime',
      '2026',
      '2025',
      '2024',
      '2023',
      'December 2026',
      'November 2026',
      'October 2026',
      'Custom',
    ]);
    for (const option of options.filter((o) => o.value !== 'custom')) {
      expect(presetPeriod(option.value, '2027-01-02'), option.value).not.toBeNull();
    }
  });
});

describe('customPeriod', () => {
  it('keeps a range inside the bounds', () => {
    expect(customPeriod('2025-02-01', '2025-03-15', '2026-11-19')).toEqual({
      value: 'custom',
      from: '2025-02-01',
      to: '2025-03-15',
      custom: true,
    });
  });

  it('clamps to 2015-01-01 and the latest data date', () => {
    const period = customPeriod('2014-06-01', '2026-12-31', '2026-11-19');
    expect([period.from, period.to]).toEqual(['2015-01-01', '2026-11-19']);
  });

  it('makes one day of a single click, and swaps backwards ends', () => {
    const one = customPeriod('2026-03-04', null, '2026-11-19');
    expect([one.from, one.to]).toEqual(['2026-03-04', '2026-03-04']);
    const swapped = customPeriod('2026-03-04', '2026-02-01', '2026-11-19');
    expect([swapped.from, swapped.to]).toEqual(['2026-02-01', '2026-03-04']);
  });
});

describe('previousRange and labels', () => {
  it('is the same number of days just before', () => {
    expect(previousRange({ value: '89', from: '2026-08-01', to: '2026-10-31', custom: false })).toEqual({
      from: '2026-05-01',
      to: '2026-07-31',
    });
    expect(previousRange({ value: '6', from: '2026-01-01', to: '2026-01-07', custom: false })).toEqual({
      from: '2025-12-25',
      to: '2025-12-31',
    });
    expect(previousRange({ value: 'life', from: null, to: null, custom: false })).toBeNull();
  });

  it('compares a month preset with the previous calendar month, a year preset with the previous year', () => {
    const today = '2026-11-21';
    expect(previousRange(presetPeriod('m2026-09', today) as Period)).toEqual({ from: '2026-08-01', to: '2026-08-31' });
    expect(previousRange(presetPeriod('m2026-10', today) as Period)).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(previousRange(presetPeriod('m2026-08', today) as Period)).toEqual({ from: '2026-07-01', to: '2026-07-31' });
    expect(previousRange(presetPeriod('m2026-03', '2026-05-10') as Period)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousRange(presetPeriod('m2026-01', '2026-03-10') as Period)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousRange(presetPeriod('y2025', today) as Period)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(previousRange(presetPeriod('y2024', today) as Period)).toEqual({ from: '2023-01-01', to: '2023-12-31' });
  });

  it('keeps an equal-length window for a custom range even when it is a whole month', () => {
    expect(previousRange({ value: 'custom', from: '2026-09-01', to: '2026-09-30', custom: true })).toEqual({
      from: '2026-08-02',
      to: '2026-08-31',
    });
  });

  it('clips a comparison reaching before 2015-01-01, and has none for a range starting on it', () => {
    expect(previousRange({ value: 'custom', from: '2020-01-01', to: '2026-11-19', custom: true })).toEqual({
      from: '2015-01-01',
      to: '2019-12-31',
    });
    expect(previousRange({ value: 'custom', from: '2015-01-01', to: '2026-11-19', custom: true })).toBeNull();
    expect(previousRange({ value: 'custom', from: '2015-01-01', to: '2015-01-01', custom: true })).toBeNull();
    expect(previousRange({ value: 'custom', from: '2015-01-02', to: '2015-01-31', custom: true })).toEqual({
      from: '2015-01-01',
      to: '2015-01-01',
    });
    expect(previousRange(presetPeriod('y2015', '2016-06-01') as Period)).toBeNull();
  });

  it('says in words what the changes compare with, or why there are none', () => {
    expect(comparisonNote(presetPeriod('m2026-10', '2026-11-21') as Period)).toBe('Changes compare with Sep 1, 2026 – Sep 30, 2026');
    expect(comparisonNote({ value: 'custom', from: '2020-01-01', to: '2026-11-19', custom: true })).toBe(
      'Changes compare with Jan 1, 2015 – Dec 31, 2019',
    );
    expect(comparisonNote({ value: 'custom', from: '2015-01-01', to: '2026-11-19', custom: true })).toBe(
      'No change figures: there is no data before Jan 1, 2015',
    );
    expect(comparisonNote({ value: 'life', from: null, to: null, custom: false })).toBeNull();
  });

  it('reads as people write dates', () => {
    expect(periodLabel({ value: '89', from: '2026-08-01', to: '2026-10-31', custom: false })).toBe('Aug 1, 2026 – Oct 31, 2026');
    expect(periodLabel({ value: 'custom', from: '2026-03-04', to: '2026-03-04', custom: true })).toBe('Mar 4, 2026');
    expect(periodLabel({ value: 'life', from: null, to: null, custom: false })).toBe('Lifetime');
  });

  it('recognises real days only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-2-1')).toBe(false);
  });
});

describe('presetFor', () => {
  it('ends rolling day counts on the latest data when it is behind today', () => {
    expect([presetFor('6', '2026-11-21', '2026-11-19')?.from, presetFor('6', '2026-11-21', '2026-11-19')?.to]).toEqual([
      '2026-11-13',
      '2026-11-19',
    ]);
    expect(presetFor('27', '2026-11-21', '2026-11-19')?.to).toBe('2026-11-19');
    expect(presetFor('365', '2026-11-21', null)?.to).toBe('2026-11-21');
    expect(presetFor('6', '2026-11-21', '2026-11-21')?.to).toBe('2026-11-21');
  });

  it('keeps month and year presets on the calendar', () => {
    expect(presetFor('89', '2026-11-02', '2026-10-30')).toEqual(presetPeriod('89', '2026-11-02'));
    expect(presetFor('m2026-10', '2026-11-21', '2026-10-15')).toEqual(presetPeriod('m2026-10', '2026-11-21'));
  });
});
