import { describe as group, expect, it } from 'vitest';
import { inSeedOrder, totalsDifferences, type TableTotals } from './archive-drill.ts';

const file = (name: string) => ({ name, path: `/seed/reports/${name}` });

group('the restore drill: archive half', () => {
  it('archives the seed files in the order the seed loads them: catalogue, dated reports, finance', () => {
    const names = [
      '202608-202611/basic.csv',
      '202608-202611/revenue.csv',
      'catalogue/metadata.csv',
      'finance/raw.csv',
      'catalogue/claims.csv',
    ];
    expect(inSeedOrder(names.map(file)).map((f) => f.name)).toEqual([
      'catalogue/metadata.csv',
      'catalogue/claims.csv',
      '202608-202611/basic.csv',
      '202608-202611/revenue.csv',
      'finance/raw.csv',
    ]);
  });

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
