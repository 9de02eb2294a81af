import { describe, expect, it } from 'vitest';
import { daysLeftOut } from './title-folds';

describe('daysLeftOut', () => {
  const year = { from: '2025-11-22', to: '2026-11-21' };

  it('names nothing when no month is folded', () => {
    expect(daysLeftOut(year, [], false)).toEqual([]);
  });

  it('sums read whole months from the monthly rows: only a folded month the range cuts leaves days out', () => {
    expect(daysLeftOut(year, ['2025-11', '2025-12', '2026-08'], false)).toEqual([{ from: '2025-11-22', to: '2025-11-30' }]);
    expect(daysLeftOut({ from: '2025-11-01', to: '2026-08-31' }, ['2025-11', '2026-08'], false)).toEqual([]);
    expect(daysLeftOut({ from: '2025-03-05', to: '2025-06-10' }, ['2025-03', '2025-04', '2025-05', '2025-06'], false)).toEqual([
      { from: '2025-03-05', to: '2025-03-31' },
      { from: '2025-06-01', to: '2025-06-10' },
    ]);
  });

  it('a range within two folded months, with no whole month, loses both parts', () => {
    expect(daysLeftOut({ from: '2025-01-15', to: '2025-02-10' }, ['2025-01', '2025-02'], false)).toEqual([
      { from: '2025-01-15', to: '2025-01-31' },
      { from: '2025-02-01', to: '2025-02-10' },
    ]);
  });

  it('day and week charts need every day: each folded month in the range is left out', () => {
    expect(daysLeftOut({ from: '2025-12-20', to: '2026-02-10' }, ['2025-12', '2026-01'], true)).toEqual([
      { from: '2025-12-20', to: '2025-12-31' },
      { from: '2026-01-01', to: '2026-01-31' },
    ]);
  });
});
