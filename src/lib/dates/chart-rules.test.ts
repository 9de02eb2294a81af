import { describe, expect, it } from 'vitest';
import {
  chartLabel,
  chartPeriodsFor,
  defaultChartPeriod,
  forecastApplies,
  inRange,
  nextChartPeriod,
  PALETTE,
  paletteColour,
} from './chart-rules';

describe('chart periods by range length', () => {
  it.each([
    [1, ['days']],
    [14, ['days']],
    [15, ['days', 'week']],
    [59, ['days', 'week']],
    [60, ['days', 'month']],
    [365, ['days', 'month']],
  ])('%i days allow %j', (days, allowed) => {
    expect(chartPeriodsFor(days)).toEqual(allowed);
  });

  it('draws by day under 91 days and by month beyond', () => {
    expect(defaultChartPeriod(90)).toBe('days');
    expect(defaultChartPeriod(91)).toBe('month');
  });

  it('keeps the current bucket size while allowed', () => {
    expect(nextChartPeriod('week', 28)).toBe('week');
    expect(nextChartPeriod('week', 7)).toBe('days');
    expect(nextChartPeriod('week', 92)).toBe('month');
    expect(nextChartPeriod('month', 30)).toBe('days');
    expect(nextChartPeriod('days', 365)).toBe('days');
  });
});

describe('labels and colours', () => {
  it('labels get coarser with the range', () => {
    expect(chartLabel('2026-11-16', 6, 'days')).toBe('Mon, Nov 16');
    expect(chartLabel('2026-11-16', 28, 'days')).toBe('Nov 16');
    expect(chartLabel('2026-11-16', 180, 'days')).toBe('Nov 16, 26');
    expect(chartLabel('2026-11-01', 180, 'month')).toBe('Nov 2026');
    expect(chartLabel('2026-11-16', 28, 'week')).toBe('Nov 16');
  });

  it('has 12 distinct colours that wrap', () => {
    expect(new Set(PALETTE).size).toBe(12);
    expect(paletteColour(12)).toBe(PALETTE[0]);
    expect(paletteColour(13)).toBe(PALETTE[1]);
  });

  it('tells whether a bucket is in a range', () => {
    const range = { from: '2026-08-01', to: '2026-09-30' };
    expect(inRange('2026-08-01', range)).toBe(true);
    expect(inRange('2026-09-30', range)).toBe(true);
    expect(inRange('2026-10-01', range)).toBe(false);
    expect(inRange('2026-08-01', null)).toBe(false);
  });
});

describe('forecastApplies', () => {
  const today = '2026-11-21';
  it('needs more than 55 days over more than one month', () => {
    expect(forecastApplies('2026-08-01', '2026-10-31', today)).toBe(true);
    expect(forecastApplies('2026-09-27', '2026-11-20', today)).toBe(false); // 55 days
    expect(forecastApplies('2026-09-26', '2026-11-20', today)).toBe(true); // 56 days
  });
  it('needs the range to end within three months', () => {
    expect(forecastApplies('2026-05-01', '2026-08-21', today)).toBe(true);
    expect(forecastApplies('2026-05-01', '2026-08-20', today)).toBe(false);
    expect(forecastApplies('2025-01-01', '2025-12-31', today)).toBe(false);
  });
  it('never applies to Lifetime or one month', () => {
    expect(forecastApplies(null, null, today)).toBe(false);
    expect(forecastApplies('2026-10-01', '2026-10-31', today)).toBe(false);
  });
});
