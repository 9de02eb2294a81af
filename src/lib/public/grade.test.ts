import { describe, expect, it } from 'vitest';
import { GRADE_METHOD, GRADE_METRICS, gradeOf, letterOf, percentileOf, type Standing } from './grade';

/** Positions among 101 ranked channels: position p is ahead of 101 − p of the other 100, a whole percentile. */
const among101 = (subscribers: number | null, views: number | null, subs: number | null): Standing[] => [
  { metric: 'subscriber_count', position: subscribers, total: 101 },
  { metric: 'monthly_views', position: views, total: 101 },
  { metric: 'monthly_subs', position: subs, total: 101 },
];

describe('percentileOf', () => {
  it('is the share of the other ranked channels a position is ahead of', () => {
    expect(percentileOf(1, 3)).toBe(100);
    expect(percentileOf(2, 3)).toBe(50);
    expect(percentileOf(3, 3)).toBe(0);
    expect(percentileOf(2, 7)).toBe(83.33);
    expect(percentileOf(1, 1)).toBe(100);
  });
  it('is 0 for a channel not in the ranking, or a position the ranking does not have', () => {
    expect(percentileOf(null, 100)).toBe(0);
    expect(percentileOf(101, 100)).toBe(0);
    expect(percentileOf(0, 100)).toBe(0);
    expect(percentileOf(1, 0)).toBe(0);
  });
});

describe('letterOf', () => {
  it('gives each band from its lowest whole score, and D below the last', () => {
    const cases: [number, string][] = [
      [100, 'A++'],
      [99, 'A++'],
      [98, 'A+'],
      [97, 'A+'],
      [96, 'A'],
      [93, 'A'],
      [92, 'A−'],
      [88, 'A−'],
      [87, 'B+'],
      [80, 'B+'],
      [79, 'B'],
      [70, 'B'],
      [69, 'B−'],
      [60, 'B−'],
      [59, 'C+'],
      [50, 'C+'],
      [49, 'C'],
      [40, 'C'],
      [39, 'C−'],
      [25, 'C−'],
      [24, 'D'],
      [0, 'D'],
    ];
    for (const [score, letter] of cases) expect(letterOf(score), String(score)).toBe(letter);
  });
});

describe('gradeOf', () => {
  it('weighs 35% subscribers, 40% monthly views and 25% monthly subs', () => {
    expect(GRADE_METRICS.reduce((sum, m) => sum + m.weight, 0)).toBeCloseTo(1, 10);
    // 0.35 × 100 + 0.40 × 90 + 0.25 × 95 = 94.75 → 95, A.
    const grade = gradeOf(among101(1, 11, 6));
    expect(grade).toEqual({
      score: 95,
      letter: 'A',
      standings: [
        { metric: 'subscriber_count', position: 1, total: 101, percentile: 100 },
        { metric: 'monthly_views', position: 11, total: 101, percentile: 90 },
        { metric: 'monthly_subs', position: 6, total: 101, percentile: 95 },
      ],
    });
  });
  it('puts the first in every ranking at 100 and the last at 0', () => {
    expect(gradeOf(among101(1, 1, 1))).toMatchObject({ score: 100, letter: 'A++' });
    expect(gradeOf(among101(101, 101, 101))).toMatchObject({ score: 0, letter: 'D' });
  });
  it('bands on the rounded score: 99 is A++, 98 is A+, 50.5 rounds to 51', () => {
    expect(gradeOf(among101(2, 2, 2))).toMatchObject({ score: 99, letter: 'A++' });
    expect(gradeOf(among101(3, 3, 3))).toMatchObject({ score: 98, letter: 'A+' });
    // 0.35 × 50 + 0.40 × 50 + 0.25 × 52 = 50.5.
    expect(gradeOf(among101(51, 51, 49))).toMatchObject({ score: 51, letter: 'C+' });
    // 0.35 × 25 + 0.40 × 25 + 0.25 × 24 = 24.75 → 25, still C−; one place lower is D.
    expect(gradeOf(among101(76, 76, 77))).toMatchObject({ score: 25, letter: 'C−' });
    expect(gradeOf(among101(77, 77, 77))).toMatchObject({ score: 24, letter: 'D' });
  });
  it('counts a ranking the channel is missing from as 0', () => {
    // First by subscribers and monthly views, not ranked by monthly subs: 35 + 40 = 75, B.
    const grade = gradeOf(among101(1, 1, null));
    expect(grade).toMatchObject({ score: 75, letter: 'B' });
    expect(grade!.standings[2]).toEqual({ metric: 'monthly_subs', position: null, total: 101, percentile: 0 });
    // A metric with no stored ranking at all reads the same way.
    expect(gradeOf(among101(1, 1, 1).slice(0, 2))).toMatchObject({ score: 75, letter: 'B' });
  });
  it('gives no grade to a channel ranked nowhere, rather than a D', () => {
    expect(gradeOf(among101(null, null, null))).toBeNull();
    expect(gradeOf([])).toBeNull();
    expect(gradeOf([{ metric: 'subscriber_count', position: 1, total: 0 }])).toBeNull();
  });
  it('gives the only ranked channel 100', () => {
    expect(gradeOf(GRADE_METRICS.map(({ metric }) => ({ metric, position: 1, total: 1 })))).toMatchObject({ score: 100, letter: 'A++' });
  });
});

describe('GRADE_METHOD', () => {
  it('states the weights and bands the formula uses', () => {
    expect(GRADE_METHOD).toContain(
      'The score is 35% of the subscribers percentile, 40% of the monthly views percentile, 25% of the monthly subs percentile',
    );
    expect(GRADE_METHOD).toContain('Letters: A++ from 99, A+ from 97, A from 93, A− from 88, B+ from 80, B from 70, B− from 60');
    expect(GRADE_METHOD).toContain('C− from 25, D below.');
  });
});
