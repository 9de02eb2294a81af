import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../http/validate';
import { detailsGraphSchema, detailsTableSchema } from './schema';

const fieldOf = (result: { success: boolean; error?: Parameters<typeof describeIssue>[0] }) =>
  result.error ? describeIssue(result.error).split(':')[0] : null;

describe('details schemas', () => {
  it('fills the defaults of a table body', () => {
    expect(detailsTableSchema.parse({ top_field: 'views' })).toEqual({
      top_field: 'views',
      group: 'channels',
      order: 'desc',
      page: 1,
      per_page: 30,
    });
  });

  it('names the field of each bad value', () => {
    expect(fieldOf(detailsTableSchema.safeParse({ top_field: 'views', per_page: 0 }))).toBe('per_page');
    expect(fieldOf(detailsTableSchema.safeParse({ top_field: 'views', page: 1.5 }))).toBe('page');
    expect(fieldOf(detailsTableSchema.safeParse({ top_field: 'subscribers', group: 'titles' }))).toBe('group');
    expect(fieldOf(detailsTableSchema.safeParse({ top_field: 'views', countries: ['US'], titles: [1] }))).toBe('titles');
  });

  it('checks group_date against the range: week needs 15 days, month 60', () => {
    const body = { top_field: 'views', date_from: '2026-01-01' };
    expect(detailsGraphSchema.safeParse({ ...body, date_to: '2026-01-15', group_date: 'week' }).success).toBe(true);
    expect(fieldOf(detailsGraphSchema.safeParse({ ...body, date_to: '2026-01-14', group_date: 'week' }))).toBe('group_date');
    expect(fieldOf(detailsGraphSchema.safeParse({ ...body, date_to: '2026-02-28', group_date: 'month' }))).toBe('group_date');
    expect(detailsGraphSchema.safeParse({ ...body, date_to: '2026-03-01', group_date: 'month' }).success).toBe(true);
  });
});
