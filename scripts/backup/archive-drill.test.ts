import { describe as group, expect, it } from 'vitest';
import { totalsDifferences, type TableTotals } from './archive-drill.ts';

group('the restore drill: archive half', () => {
  it('names each table whose rows, views or money differ after the replay', () => {
    const t = (rows: number, views: number | null, money: number | null): TableTotals => ({ rows, views, money });
    const before = new Map([
      ['channel_daily', t(3, 12, 900)],
      ['illegal_copies', t(2, 5, 70)],
    ]);
    expect(totalsDifferences(before, new Map(before))).toEqual([]);
    const after = new Map([
      ['channel_daily', t(3, 12, 900)],
      ['illegal_copies', t(2, 5, 0)],
    ]);
    expect(totalsDifferences(before, after)).toEqual([
      '  illegal_copies: 2 rows, 5 views, 70 micros before, 2 rows, 5 views, 0 micros after the replay',
    ]);
  });
});
