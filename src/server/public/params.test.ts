// Public periods: 'now' or a month from 2014-01 to the month of two days past a pinned now.
import { describe, expect, it } from 'vitest';
import { checkPeriodBounds, latestPublicMonth, periodSchema } from './params';

const NOW = new Date('2026-11-29T12:00:00Z');
const check = (query: string) => () => checkPeriodBounds(new URLSearchParams(query), NOW);

describe('public period bounds', () => {
  it('reaches the next month only in the last days of a month', () => {
    expect(latestPublicMonth(NOW)).toBe('2026-12');
    expect(latestPublicMonth(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11');
  });

  it('takes now, 2014-01 and the latest month; refuses months outside with the allowed range', () => {
    for (const ok of ['period=now', 'period=2014-01', 'period=2026-12', 'period=2026-12-31', 'other=9999-12'])
      expect(check(ok)).not.toThrow();
    for (const bad of ['period=2013-12', 'period=2027-01', 'period=9999-12', 'period=0000-01-01', 'period[]=9999-12']) {
      expect(check(bad)).toThrow("period: must be 'now' or a month from 2014-01 to 2026-12");
    }
  });

  it('leaves malformed periods to the schema, which refuses them and months before 2014', () => {
    expect(check('period=10000-01')).not.toThrow();
    expect(periodSchema.safeParse('10000-01').success).toBe(false);
    expect(periodSchema.safeParse('2013-12').success).toBe(false);
    expect(periodSchema.safeParse('2026-03-15').data).toBe('2026-03');
  });
});
