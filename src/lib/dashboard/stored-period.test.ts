import { describe, expect, it } from 'vitest';
import { restorePeriod, toStoredPeriod } from './stored-period';

// Local times, as the browser stores them.
const MORNING = new Date(2026, 10, 21, 9, 30).getTime();
const NEXT_MIDNIGHT = new Date(2026, 10, 22, 0, 0).getTime();
const TODAY = '2026-11-21';
const LAST_3_MONTHS = { value: '89', from: '2026-08-01', to: '2026-10-31', custom: false };
/** The default: the 28 days up to today (the dashboard then ends it on the latest day with data). */
const LAST_28_DAYS = { value: '27', from: '2026-10-25', to: '2026-11-21', custom: false };

describe('toStoredPeriod', () => {
  it('expires at the next midnight', () => {
    const stored = toStoredPeriod({ value: '6', from: '2026-11-15', to: '2026-11-21', custom: false }, MORNING);
    expect(stored.expire).toBe(NEXT_MIDNIGHT);
    expect(toStoredPeriod(LAST_3_MONTHS, new Date(2026, 11, 31, 23, 59).getTime()).expire).toBe(new Date(2027, 0, 1).getTime());
  });
});

describe('restorePeriod', () => {
  const save = (period: object) => JSON.stringify(period);

  it('uses a period stored today', () => {
    const custom = { value: 'custom', from: '2025-01-05', to: '2025-02-01', custom: true, expire: NEXT_MIDNIGHT };
    expect(restorePeriod(save(custom), MORNING, TODAY)).toEqual({
      value: 'custom',
      from: '2025-01-05',
      to: '2025-02-01',
      custom: true,
    });
    const week = { value: '6', from: '2026-11-15', to: '2026-11-21', custom: false, expire: NEXT_MIDNIGHT };
    expect(restorePeriod(save(week), MORNING, TODAY)).toMatchObject({ from: '2026-11-15', to: '2026-11-21' });
  });

  it('resets a period stored on another day to Last 28 days', () => {
    const yesterday = { value: '6', from: '2026-11-14', to: '2026-11-20', custom: false, expire: new Date(2026, 10, 21).getTime() };
    expect(restorePeriod(save(yesterday), MORNING, TODAY)).toEqual(LAST_28_DAYS);
  });

  it('always recomputes Last 3 months', () => {
    const stale = { value: '89', from: '2020-01-01', to: '2020-03-31', custom: false, expire: NEXT_MIDNIGHT };
    expect(restorePeriod(save(stale), MORNING, TODAY)).toEqual(LAST_3_MONTHS);
  });

  it('falls back on nothing or garbage', () => {
    expect(restorePeriod(null, MORNING, TODAY)).toEqual(LAST_28_DAYS);
    expect(restorePeriod('{not json', MORNING, TODAY)).toEqual(LAST_28_DAYS);
    expect(restorePeriod(save({ value: 'custom', from: 'x', to: null, expire: NEXT_MIDNIGHT }), MORNING, TODAY)).toEqual(LAST_28_DAYS);
    expect(restorePeriod(save({ value: 'y1999', from: null, to: null, expire: NEXT_MIDNIGHT }), MORNING, TODAY)).toEqual(LAST_28_DAYS);
  });

  it('keeps Lifetime', () => {
    const life = { value: 'life', from: null, to: null, custom: false, expire: NEXT_MIDNIGHT };
    expect(restorePeriod(save(life), MORNING, TODAY)).toEqual({ value: 'life', from: null, to: null, custom: false });
  });
});
