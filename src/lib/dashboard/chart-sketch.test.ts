// The first drawing's geometry, against positions worked out by hand from Chart.js's rules (nice steps of
// 1, 2 or 5 × 10ⁿ, at most 6 value ticks, bars taking 90% of 80% of their bucket).
import { describe, expect, it } from 'vitest';
import { chartSketch, niceNum, shownBuckets, valueTicks } from './chart-sketch';

describe('valueTicks', () => {
  it('runs from zero to the first nice step past the largest value', () => {
    // 120 over 5 spaces is 24, whose nice step is 50: 0, 50, 100, 150.
    expect(valueTicks(0, 120)).toEqual([0, 50, 100, 150]);
    // 1,234,567 / 5 = 246,913.4: step 500,000, three of them reach past the top.
    expect(valueTicks(0, 1_234_567)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
  });

  it('reaches below zero for negative values, in the same steps', () => {
    // From −5 to 10: 15 / 5 = 3, nice step 5.
    expect(valueTicks(-5, 10)).toEqual([-5, 0, 5, 10]);
  });

  it('draws an empty or all-zero series on 0 to 1, as Chart.js does', () => {
    expect(valueTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('widens the step when the first one would need more than five spaces', () => {
    // 0 to 26: 26 / 5 = 5.2 → step 10, 3 spaces; 0 to 51: 10.2 → step 20, 3 spaces.
    expect(valueTicks(0, 26)).toEqual([0, 10, 20, 30]);
    expect(valueTicks(0, 51)).toEqual([0, 20, 40, 60]);
  });
});

describe('niceNum', () => {
  it('rounds up to 1, 2, 5 or 10 times a power of ten', () => {
    expect([0.7, 1.2, 3, 7, 24, 240].map(niceNum)).toEqual([1, 2, 5, 10, 50, 500]);
  });
});

describe('shownBuckets', () => {
  it('keeps every label when they fit, else every ceil(n / limit)-th from the first', () => {
    expect(shownBuckets(3, 8)).toEqual([0, 1, 2]);
    // 100 labels, 8 at most: every 13th.
    expect(shownBuckets(100, 8)).toEqual([0, 13, 26, 39, 52, 65, 78, 91]);
    expect(shownBuckets(0, 8)).toEqual([]);
  });
});

describe('chartSketch', () => {
  it('draws a 3-point line from the left edge to the right edge on its value axis', () => {
    const sketch = chartSketch({
      kind: 'line',
      labels: ['Jan', 'Feb', 'Mar'],
      series: [{ values: [0, 50, 120], colour: '#3056d3' }],
      maxTicks: 8,
    });
    // Axis 0–150 over 1000 units down: 50 is at 1000 − 333.3, 120 at 1000 − 800.
    expect(sketch.lines).toEqual([
      {
        colour: '#3056d3',
        points: [
          [0, 1000],
          [500, 667],
          [1000, 200],
        ],
        dots: true,
      },
    ]);
    expect(sketch.valueTicks).toEqual([
      { value: 0, at: 1000 },
      { value: 50, at: 667 },
      { value: 100, at: 333 },
      { value: 150, at: 0 },
    ]);
    expect(sketch.bucketTicks).toEqual([
      { value: 'Jan', at: 0 },
      { value: 'Feb', at: 500 },
      { value: 'Mar', at: 1000 },
    ]);
    expect(sketch.bars).toEqual([]);
  });

  it('puts a single point in the middle and leaves the dots off past 31 points', () => {
    expect(chartSketch({ kind: 'line', labels: ['d'], series: [{ values: [4], colour: '#000' }], maxTicks: 8 }).lines[0]?.points).toEqual([
      [500, 0],
    ]);
    const long = chartSketch({
      kind: 'line',
      labels: Array.from({ length: 32 }, String),
      series: [{ values: [], colour: '#000' }],
      maxTicks: 8,
    });
    expect(long.lines[0]?.dots).toBe(false);
  });

  it('centres each bar in its bucket, down from zero for negative values, in its bucket colour', () => {
    const sketch = chartSketch({ kind: 'bar', labels: ['a', 'b'], series: [{ values: [10, -5], colour: ['#a00', '#0a0'] }], maxTicks: 8 });
    // Axis −5–10: zero at 10/15 of 1000 = 667. Buckets 500 wide; bars 0.8 × 0.9 × 500 = 360 wide,
    // starting 0.1 × 500 + 0.05 × 400 = 70 into the bucket.
    expect(sketch.bars).toEqual([
      { colour: '#a00', path: 'M70 667V0h360V667z' },
      { colour: '#0a0', path: 'M570 667V1000h360V667z' },
    ]);
    expect(sketch.bucketTicks.map((t) => t.at)).toEqual([250, 750]);
  });

  it('sets two series side by side, or piles them up when stacked', () => {
    const series = [
      { values: [1, 2], colour: '#a00' },
      { values: [3, 4], colour: '#0a0' },
    ];
    // Side by side on 0–4 (4 / 5 → step 1): each series has 200 of the bucket's 400, bars 180 wide.
    const side = chartSketch({ kind: 'bar', labels: ['a', 'b'], series, maxTicks: 8 });
    expect(side.valueTicks.at(-1)?.value).toBe(4);
    expect(side.bars).toEqual([
      { colour: '#a00', path: 'M60 1000V750h180V1000zM560 1000V500h180V1000z' },
      { colour: '#0a0', path: 'M260 1000V250h180V1000zM760 1000V0h180V1000z' },
    ]);
    // Stacked: totals 4 and 6 on 0–6 (step 2); the second series starts where the first ends.
    const piled = chartSketch({ kind: 'bar', labels: ['a', 'b'], series, maxTicks: 8, stacked: true });
    expect(piled.valueTicks.map((t) => t.value)).toEqual([0, 2, 4, 6]);
    expect(piled.bars).toEqual([
      { colour: '#a00', path: 'M70 1000V833h360V1000zM570 1000V667h360V1000z' },
      { colour: '#0a0', path: 'M70 833V333h360V833zM570 667V0h360V667z' },
    ]);
  });

  it("draws a line series of a bar chart through the buckets' centres, over stacked bars it is not piled on", () => {
    // Gained 4 and 2 up, lost 1 and 3 down, net 3 and −1: −3 to 4 over 5 spaces is step 2, −4 to 4.
    const sketch = chartSketch({
      kind: 'bar',
      labels: ['a', 'b'],
      series: [
        { values: [3, -1], colour: '#00a', line: true },
        { values: [4, 2], colour: '#0a0' },
        { values: [-1, -3], colour: '#a00' },
      ],
      maxTicks: 8,
      stacked: true,
    });
    expect(sketch.valueTicks.map((t) => t.value)).toEqual([-4, -2, 0, 2, 4]);
    // y = (4 − value) / 8 × 1000: 0 at 500. One slot of 400 per 500-unit bucket, bars 360 wide from 70.
    expect(sketch.bars).toEqual([
      { colour: '#0a0', path: 'M70 500V0h360V500zM570 500V250h360V500z' },
      { colour: '#a00', path: 'M70 500V625h360V500zM570 500V875h360V500z' },
    ]);
    expect(sketch.lines).toEqual([
      {
        colour: '#00a',
        points: [
          [250, 125],
          [750, 625],
        ],
        dots: true,
      },
    ]);
  });
});
