import { describe, expect, it } from 'vitest';
import { partialMonth } from '../dates/partial-month';
import { HISTORY_RECENT_ROWS, monthlyHistory } from './monthly-history';
import type { ArchiveRow } from '../api/public-channels';

/** n months from January 2023, oldest first, each figure derived from its index. */
function archive(n: number): ArchiveRow[] {
  return Array.from({ length: n }, (_, i) => {
    const year = 2023 + Math.floor(i / 12);
    const month = String((i % 12) + 1).padStart(2, '0');
    return {
      month_date: `${year}-${month}-01`,
      monthly_views: 1000 + i,
      subscriber_count: 50 * i,
      monthly_subs: i,
      view_count: 10_000 * i,
    };
  });
}

describe('monthlyHistory', () => {
  it('lists every month newest first, a year of them before the rest', () => {
    const history = monthlyHistory(archive(40), null);
    expect(history.count).toBe(40);
    expect(history.firstMonth).toBe('2023-01');
    expect(history.lastMonth).toBe('2026-04');
    expect(history.recent).toHaveLength(HISTORY_RECENT_ROWS);
    expect(history.older).toHaveLength(28);
    expect(history.recent[0]).toEqual({
      month: '2026-04',
      label: 'April 2026',
      partial: false,
      monthly_views: 1039,
      subscriber_count: 1950,
      monthly_subs: 39,
      view_count: 390_000,
    });
    expect(history.older.at(-1)).toMatchObject({ month: '2023-01', label: 'January 2023', monthly_views: 1000 });
    const months = [...history.recent, ...history.older].map((r) => r.month);
    expect(months).toEqual([...months].sort().reverse());
  });
  it('names the month still being counted as the cards do', () => {
    const history = monthlyHistory(archive(3), partialMonth('2023-03-22'));
    expect(history.recent.map((r) => [r.label, r.partial])).toEqual([
      ['March 2023 so far (22 days)', true],
      ['February 2023', false],
      ['January 2023', false],
    ]);
    expect(history.older).toEqual([]);
  });
  it('is empty without history', () => {
    expect(monthlyHistory([], null)).toEqual({ firstMonth: null, lastMonth: null, count: 0, recent: [], older: [] });
  });
});
