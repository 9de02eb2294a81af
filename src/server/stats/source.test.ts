// Splitting a range into whole months (rollups) and edge days (daily rows).
import { describe, expect, it } from 'vitest';
import { splitRange } from './source';

describe('splitRange', () => {
  it('reads whole months from the rollup and the edges from days', () => {
    expect(splitRange('2026-01-15', '2026-04-10')).toEqual({
      months: { from: '2026-02', to: '2026-03' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
  });

  it('needs no days when the range is whole months', () => {
    expect(splitRange('2025-12-01', '2026-02-28')).toEqual({ months: { from: '2025-12', to: '2026-02' }, days: [] });
  });

  it('keeps a range without a whole month in days', () => {
    expect(splitRange('2026-01-02', '2026-02-27')).toEqual({ months: null, days: [{ from: '2026-01-02', to: '2026-02-27' }] });
    expect(splitRange('2026-02-01', '2026-02-27')).toEqual({ months: null, days: [{ from: '2026-02-01', to: '2026-02-27' }] });
  });
});
