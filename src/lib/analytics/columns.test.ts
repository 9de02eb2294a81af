// Figures as the analytics table shows them, and the pager's pages.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_COLUMNS, formatFigure, pagerPages } from './columns';

const column = (field: string) => ANALYTICS_COLUMNS.find((c) => c.field === field)!;

describe('formatFigure', () => {
  it('shows money, percents, durations and N/A', () => {
    expect(formatFigure(column('rpm'), 2.5)).toBe('$2.50');
    expect(formatFigure(column('impressions_ctr'), 4.5)).toBe('4.50%');
    expect(formatFigure(column('average_view_duration_seconds'), 125)).toBe('2:05');
    expect(formatFigure(column('views'), 12345)).toBe('12,345');
    expect(formatFigure(column('impressions_ctr'), null)).toBe('N/A');
  });
});

describe('pagerPages', () => {
  it('shows the first, the last and one either side', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(5, 10)).toEqual([1, 4, 5, 6, 10]);
    expect(pagerPages(1, 10)).toEqual([1, 2, 10]);
    expect(pagerPages(10, 10)).toEqual([1, 9, 10]);
  });
});
