// The unfinished month: found from the newest figures' day, named "so far", marked on the axis.
import { describe, expect, it } from 'vitest';
import { endsPartial, monthAxisLabel, partialMonth, partialPeriodNote } from './partial-month';

describe('partialMonth', () => {
  it("is the month of the newest day until that day is the month's last", () => {
    expect(partialMonth('2026-11-22')).toEqual({ month: '2026-11', days: 22, label: 'November 2026 so far (22 days)' });
    expect(partialMonth('2026-12-01')?.label).toBe('December 2026 so far (1 day)');
    expect(partialMonth('2026-11-30')).toBeNull();
    expect(partialMonth('2028-02-28')?.days).toBe(28);
    expect(partialMonth('2028-02-29')).toBeNull();
    expect(partialMonth(null)).toBeNull();
  });

  it('marks only the unfinished month on the axis and in a series', () => {
    const partial = partialMonth('2026-11-22');
    expect(monthAxisLabel('2026-11-01', partial)).toBe('Nov 26 (so far)');
    expect(monthAxisLabel('2026-10-01', partial)).toBe('Oct 26');
    expect(endsPartial(['2026-10-01', '2026-11-01'], partial)).toBe(true);
    expect(endsPartial(['2026-09-01', '2026-10-01'], partial)).toBe(false);
    expect(endsPartial([], partial)).toBe(false);
  });
});

describe('partialPeriodNote', () => {
  it('says a card of the unfinished month compares part of a month with a whole one', () => {
    const partial = partialMonth('2026-11-25');
    expect(partialPeriodNote('2026-11', partial)).toBe('November 2026 so far (25 days), against a full month');
    expect(partialPeriodNote('2026-11-01', partial)).toBe('November 2026 so far (25 days), against a full month');
  });
  it('says nothing for a complete month, the last 30 days, or when every month is complete', () => {
    expect(partialPeriodNote('2026-10', partialMonth('2026-11-25'))).toBeNull();
    expect(partialPeriodNote('now', partialMonth('2026-11-25'))).toBeNull();
    expect(partialPeriodNote('2026-11', partialMonth('2026-11-30'))).toBeNull();
  });
});
