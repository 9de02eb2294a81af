import { describe, expect, it } from 'vitest';
import { daySeries, spreadShare, sumPeriod } from './video-figures';

describe('spreadShare', () => {
  it('cuts a share by the running estimate, the parts adding up to it exactly', () => {
    expect(spreadShare(100, [1, 1, 1])).toEqual([33, 33, 34]);
    const parts = spreadShare(1_234_567_891, [17, 0, 400_003, 9]);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(1_234_567_891);
    expect(parts[1]).toBe(0);
  });

  it('keeps large money exact (no float on the way)', () => {
    const share = 9_007_199_254_740; // about $9M in micros
    const parts = spreadShare(share, [3_000_000_000_001, 5_000_000_000_003]);
    expect(parts[0]).toBe(Number((BigInt(share) * 3_000_000_000_001n) / 8_000_000_000_004n));
    expect(parts.reduce((s, p) => s + p, 0)).toBe(share);
  });

  it('gives nothing where there is no estimate to spread over', () => {
    expect(spreadShare(500, [0, 0])).toEqual([0, 0]);
  });
});

const day = (period: string, views: number, revenue: number) => ({
  period,
  views,
  engaged_views: views,
  watch_time_minutes: 0,
  partner_revenue_micros: revenue,
});

describe('a period of a whole month with a statement and edge days', () => {
  const parts = { months: { from: '2026-02', to: '2026-02' }, days: [{ from: '2026-01-31', to: '2026-01-31' }] };
  const rows = {
    months: [{ ...day('2026-02', 30, 90), statement_share_micros: 1_000 }],
    days: [day('2026-01-31', 5, 7), day('2026-02-01', 10, 30), day('2026-02-02', 20, 60)],
  };

  it('sums the month by its share and the edge day by its estimate', () => {
    const figures = sumPeriod(rows, parts);
    expect([figures.views, figures.earnings_micros, figures.finance_micros]).toEqual([35, 1_007, 1_000]);
  });

  it('spreads the share over the month days and keeps days without rows at zero', () => {
    const series = daySeries(rows, '2026-01-31', '2026-02-03');
    expect(series.map((p) => [p.period, p.views, p.earnings_micros])).toEqual([
      ['2026-01-31', 5, 7],
      ['2026-02-01', 10, 333],
      ['2026-02-02', 20, 667],
      ['2026-02-03', 0, 0],
    ]);
  });
});
