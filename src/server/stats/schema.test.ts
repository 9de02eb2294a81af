// The stats request's dates: bounded by 2015-01-01 below and by a pinned today plus DAYS_AFTER_TODAY above.
import { describe, expect, it } from 'vitest';
import { checkDateBounds, DAYS_AFTER_TODAY, latestRequestDay, statFiltersSchema } from './schema';

const TODAY = '2026-11-22';

describe('checkDateBounds', () => {
  it('lets dates reach DAYS_AFTER_TODAY past today', () => {
    expect(DAYS_AFTER_TODAY).toBe(2);
    expect(latestRequestDay(TODAY)).toBe('2026-11-24');
    expect(() => checkDateBounds({ date_from: '2015-01-01', date_to: '2026-11-24' }, TODAY)).not.toThrow();
  });

  it('refuses a later date with a 400 naming the field and the allowed range', () => {
    expect(() => checkDateBounds({ date_from: '2026-01-01', date_to: '2026-11-25' }, TODAY)).toThrow(
      'date_to: must be between 2015-01-01 and 2026-11-24',
    );
    expect(() =>
      checkDateBounds({ date_from: '2026-01-01', date_to: '2026-02-01', compare_from: '9999-12-01', compare_to: '9999-12-31' }, TODAY),
    ).toThrow(/^compare_from: /);
  });
});

describe('statFiltersSchema dates', () => {
  it('refuses days before 2015, five-digit and signed years', () => {
    for (const day of ['2014-12-31', '0000-01-01', '10000-01-01', '+010000-01-01', '-000001-01-01']) {
      expect(statFiltersSchema.safeParse({ date_from: day, date_to: day }).success, day).toBe(false);
    }
  });

  it('accepts a comparison reaching before 2015 (request.ts clips it), still refusing what is not a real day', () => {
    expect(
      statFiltersSchema.safeParse({ date_from: '2015-01-01', date_to: '2015-12-31', compare_from: '2014-01-01', compare_to: '2014-12-31' })
        .success,
    ).toBe(true);
    expect(
      statFiltersSchema.safeParse({
        date_from: '2015-01-01',
        date_to: '2015-12-31',
        compare_from: '+010000-01-01',
        compare_to: '2014-12-31',
      }).success,
    ).toBe(false);
  });
});
