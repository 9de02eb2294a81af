import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatCount,
  formatDuration,
  formatHours,
  formatMoney,
  formatNumber,
  formatPercent,
  minutesToHours,
  percentChange,
  pluralNoun,
} from './stat-format';

describe('stat-format', () => {
  it('shows money in dollars with cents', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('shows watch time minutes as hours', () => {
    expect(minutesToHours(90)).toBe(1.5);
    expect(formatHours(123_456)).toBe('2,058 h');
  });

  it('shows counts, percents and durations', () => {
    expect(formatNumber(1234567.4)).toBe('1,234,567');
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('computes changes to 2 decimals', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.67);
    expect(percentChange(-50, -100)).toBe(50);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(10, null)).toBeNull();
  });

  it('writes every negative figure with the minus sign, as changes are', () => {
    expect(formatNumber(-1234)).toBe('\u22121,234');
    expect(formatCompact(-12_300)).toBe('\u221212.3K');
    expect(formatHours(-120)).toBe('\u22122 h');
    expect(formatMoney(-5)).toBe('\u2212$5.00');
    expect(formatPercent(-2.5)).toBe('\u22122.50%');
    expect(formatChange(-2.5)).toBe('\u22122.50%');
    for (const text of [formatNumber(-1), formatCompact(-1), formatHours(-60), formatMoney(-1)]) expect(text).not.toContain('-');
  });

  it('puts the noun in the plural the count calls for', () => {
    expect(formatCount(1, 'channel', 'channels')).toBe('1 channel');
    expect(formatCount(0, 'channel', 'channels')).toBe('0 channels');
    expect(formatCount(21, 'channel', 'channels')).toBe('21 channels');
    expect(formatCount(1200, 'video', 'videos')).toBe('1,200 videos');
    expect(pluralNoun(1, 'view', 'views')).toBe('view');
    expect(pluralNoun(1500, 'view', 'views')).toBe('views');
  });

  it('signs changes', () => {
    expect(formatChange(12.5)).toBe('+12.50%');
    expect(formatChange(-3.1)).toBe('−3.10%');
    expect(formatChange(0)).toBe('0.00%');
  });
});
