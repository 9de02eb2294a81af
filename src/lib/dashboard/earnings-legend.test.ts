import { describe, expect, it } from 'vitest';
import { earningsLegend, monthSpans, spansLabel } from './earnings-legend';
import type { EarningsBasis, EarningsMonth } from '../api/stats';

const monthEnd = (key: string) => new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5)), 0)).toISOString().slice(0, 10);

function month(key: string, basis: EarningsBasis, to = monthEnd(key)): EarningsMonth {
  const from = `${key}-01`;
  return { month: key, range: { from, to }, basis, finance: 0, estimate: 0, finance_channels: 0, estimate_channels: 0 };
}

describe('earnings legend', () => {
  it('lists a year of statements with its estimated November apart', () => {
    const months = [
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((m) => month(`2024-${m}`, 'finance')),
      month('2024-11', 'estimate'),
      month('2024-12', 'finance'),
    ];
    const lines = earningsLegend({ finance: 100, estimate: 5, months, buckets: [] });
    expect(lines).toEqual([
      {
        basis: 'finance',
        amount: 100,
        spans: [
          { from: '2024-01-01', to: '2024-10-31' },
          { from: '2024-12-01', to: '2024-12-31' },
        ],
      },
      { basis: 'estimate', amount: 5, spans: [{ from: '2024-11-01', to: '2024-11-30' }] },
    ]);
  });

  it('shows a mixed month in both parts and on a line of its own', () => {
    const months = [month('2026-08', 'mixed'), month('2026-09', 'mixed'), month('2026-10', 'estimate', '2026-10-20')];
    const lines = earningsLegend({ finance: 7, estimate: 3, months, buckets: [] });
    expect(lines.map((l) => [l.basis, l.spans])).toEqual([
      ['finance', [{ from: '2026-08-01', to: '2026-09-30' }]],
      ['estimate', [{ from: '2026-08-01', to: '2026-10-20' }]],
      ['mixed', [{ from: '2026-08-01', to: '2026-09-30' }]],
    ]);
  });

  it('does not join months with a gap between them', () => {
    expect(monthSpans([month('2026-01', 'finance'), month('2026-03', 'finance')], () => true)).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-03-01', to: '2026-03-31' },
    ]);
  });
});

describe('spans label', () => {
  it('names whole months and writes each year once', () => {
    expect(
      spansLabel([
        { from: '2024-01-01', to: '2024-10-31' },
        { from: '2024-12-01', to: '2024-12-31' },
      ]),
    ).toBe('Jan – Oct, Dec 2024');
    expect(spansLabel([{ from: '2026-08-01', to: '2026-08-31' }])).toBe('Aug 2026');
    expect(spansLabel([{ from: '2024-11-01', to: '2026-10-31' }])).toBe('Nov 2024 – Oct 2026');
    expect(
      spansLabel([
        { from: '2024-11-01', to: '2024-11-30' },
        { from: '2025-02-01', to: '2025-02-28' },
        { from: '2025-04-01', to: '2025-04-30' },
      ]),
    ).toBe('Nov 2024, Feb, Apr 2025');
  });

  it('gives days for a month cut by the range', () => {
    expect(spansLabel([{ from: '2026-08-10', to: '2026-09-30' }])).toBe('10 Aug 2026 – 30 Sep 2026');
  });
});
