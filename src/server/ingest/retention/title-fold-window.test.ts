import { describe, expect, it } from 'vitest';
import { lastFoldableMonth, TITLE_FOLD_WINDOW_DAYS } from './title-fold-window';

describe('lastFoldableMonth', () => {
  it('folds the months wholly before the 60 days to the latest fact day', () => {
    expect(TITLE_FOLD_WINDOW_DAYS).toBe(60);
    // 2026-11-21 - 60 days = 2026-09-22: September is partly inside, August is the last whole month out.
    expect(lastFoldableMonth('2026-11-21')).toBe('2026-08');
  });

  it('keeps a month whose last day is the window start itself', () => {
    // 2026-10-30 - 60 = 2026-08-31: that day is kept, so August stays daily.
    expect(lastFoldableMonth('2026-10-30')).toBe('2026-07');
    // 2026-10-31 - 60 = 2026-09-01: every day of August is older.
    expect(lastFoldableMonth('2026-10-31')).toBe('2026-08');
  });

  it('crosses a year', () => {
    expect(lastFoldableMonth('2026-02-15')).toBe('2025-11');
  });
});
