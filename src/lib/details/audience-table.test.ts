import { describe, expect, it } from 'vitest';
import type { AudienceRow } from '../api/details';
import { ageLabel, nextAudienceSort, parseAudienceSort, sortAudience } from './audience-table';

const row = (title: string, male: number, malePercent: number | null): AudienceRow => ({
  channel_id: title,
  channel_title: title,
  channel_ico: '',
  male_views: male,
  male_views_percent: malePercent,
  female_views: 0,
  female_views_percent: null,
  rows: [],
});

describe('audience table', () => {
  const rows = [row('B', 10, 40), row('A', 30, null), row('C', 20, 60)];

  it('sorts by a figure, ties and all by name, missing percents last', () => {
    expect(sortAudience(rows, { column: 'male_views', order: 'desc' }).map((r) => r.channel_title)).toEqual(['A', 'C', 'B']);
    expect(sortAudience(rows, { column: 'male_views', order: 'asc' }).map((r) => r.channel_title)).toEqual(['B', 'C', 'A']);
    expect(sortAudience(rows, { column: 'male_views_percent', order: 'asc' }).map((r) => r.channel_title)).toEqual(['B', 'C', 'A']);
    expect(sortAudience(rows, { column: 'male_views_percent', order: 'desc' }).map((r) => r.channel_title)).toEqual(['C', 'B', 'A']);
    expect(sortAudience(rows, { column: 'name', order: 'asc' }).map((r) => r.channel_title)).toEqual(['A', 'B', 'C']);
  });

  it('cycles desc then asc', () => {
    const first = nextAudienceSort({ column: 'male_views', order: 'desc' }, 'female_views');
    expect(first).toEqual({ column: 'female_views', order: 'desc' });
    expect(nextAudienceSort(first, 'female_views')).toEqual({ column: 'female_views', order: 'asc' });
  });

  it('reads 65 as 65+ and keeps the other buckets', () => {
    expect(ageLabel('65-')).toBe('65+');
    expect(ageLabel('65+')).toBe('65+');
    expect(ageLabel('25-34')).toBe('25-34');
  });

  it('reads back a stored sort and refuses anything else', () => {
    expect(parseAudienceSort('female_views:asc')).toEqual({ column: 'female_views', order: 'asc' });
    expect(parseAudienceSort('likes:asc')).toBeNull();
    expect(parseAudienceSort(null)).toBeNull();
  });
});
