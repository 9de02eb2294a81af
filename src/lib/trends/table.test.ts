import { describe, expect, it } from 'vitest';
import { buildTrendTable, formatSigned, type VideoPositionRow } from './table';

const H = 3600;
const row = (country_code: string, hour: number, position: number, views: number, likes: number | null = 10): VideoPositionRow => ({
  country_code,
  hour,
  position,
  views,
  likes,
  dislikes: null,
  comments: 5,
});

describe('buildTrendTable', () => {
  const rows = [
    row('US', 0, 5, 100),
    row('GB', 0, 9, 100),
    row('US', H, 3, 150, 14), // GB off the chart this hour
    row('US', 2 * H, 4, 220, 20),
    row('GB', 2 * H, 2, 225, 20),
    row('DE', 2 * H, 1, 225, 20),
  ];
  it('lists the hours of the chosen countries newest first with their positions', () => {
    const table = buildTrendTable(rows, ['US', 'GB']);
    expect(table.map((r) => r.hh)).toEqual([2 * H, H, 0]);
    expect(table.map((r) => r.countries_pos)).toEqual([
      { US: 4, GB: 2 },
      { US: 3, GB: null },
      { US: 5, GB: 9 },
    ]);
  });
  it('signs the changes against the row before; positions climbed count up', () => {
    const [last, middle, first] = buildTrendTable(rows, ['US', 'GB']);
    expect(first?.d_views).toBeNull();
    expect(middle?.d_views).toBe(50);
    expect(middle?.d_likes).toBe(4);
    expect(middle?.d_pos).toEqual({ US: 2, GB: null });
    expect(last?.views).toBe(225);
    expect(last?.d_views).toBe(75);
    expect(last?.d_pos).toEqual({ US: -1, GB: null });
    expect(last?.d_dislikes).toBeNull();
  });
  it('leaves out hours only other countries charted', () => {
    expect(buildTrendTable(rows, ['DE']).map((r) => r.hh)).toEqual([2 * H]);
  });
});

describe('formatSigned', () => {
  it('signs changes', () => {
    expect(formatSigned(12)).toBe('+12');
    expect(formatSigned(-3)).toBe('\u22123');
    expect(formatSigned(0)).toBe('0');
    expect(formatSigned(null)).toBe('');
  });
});
