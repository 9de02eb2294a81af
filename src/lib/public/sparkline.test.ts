import { describe, expect, it } from 'vitest';
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparklinePaths } from './sparkline';

/** The path's points as numbers, read back from its M/L commands. */
const points = (path: string) =>
  path
    .slice(1)
    .split('L')
    .map((p) => p.split(' ').map(Number));

describe('sparklinePaths', () => {
  it('spreads the values across the width, the highest at the top and the lowest at the bottom', () => {
    const { solid, partial } = sparklinePaths([10, 30, 20, 40, 0], false);
    expect(partial).toBe('');
    const xy = points(solid);
    expect(xy.map(([x]) => x)).toEqual([0, 25, 50, 75, SPARKLINE_WIDTH]);
    // 2 px of room at each edge: 40 (highest) at y 2, 0 (lowest) at y 38, 20 halfway.
    expect(xy.map(([, y]) => y)).toEqual([29, 11, 20, 2, SPARKLINE_HEIGHT - 2]);
  });

  it('draws the unfinished last month as a stretch of its own, from the month before', () => {
    const { solid, partial } = sparklinePaths([1, 3, 2], true);
    expect(solid).toBe('M0 38L50 2');
    expect(partial).toBe('M50 2L100 20');
    expect(sparklinePaths([5, 9], true)).toEqual({ solid: '', partial: 'M0 38L100 2' });
  });

  it('is a flat line across the middle when nothing changed, and nothing under two points', () => {
    expect(sparklinePaths([7, 7, 7], false).solid).toBe(
      `M0 ${SPARKLINE_HEIGHT / 2}L50 ${SPARKLINE_HEIGHT / 2}L100 ${SPARKLINE_HEIGHT / 2}`,
    );
    expect(sparklinePaths([7], false)).toEqual({ solid: '', partial: '' });
    expect(sparklinePaths([], true)).toEqual({ solid: '', partial: '' });
  });
});
