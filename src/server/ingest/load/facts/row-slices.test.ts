// Slices of rows: closed at the row budget wherever that falls, a (channel, day) split between slices.
import { describe, expect, it } from 'vitest';
import { DailySums } from './daily-sums';
import { RowSlices } from './row-slices';

const sums = () => new DailySums('reach', 2, false);
const slicesOf = (s: RowSlices) => s.takeClosed().map((f) => f.slices.map(([key, day]) => `${key}|${day}`));

describe('RowSlices', () => {
  it('closes a slice at the row budget, inside a day and a channel when that is where it falls', () => {
    const s = new RowSlices(sums, 3);
    for (const [key, day] of [
      ['UC1', 'd1'],
      ['UC1', 'd1'],
      ['UC2', 'd1'],
      ['UC2', 'd1'],
      ['UC2', 'd1'],
      ['UC3', 'd1'],
      ['UC3', 'd2'],
    ] as const) {
      s.add(key, day, null, 'v', [1, 0]);
    }
    expect(slicesOf(s)).toEqual([
      ['UC1|d1', 'UC2|d1'],
      ['UC2|d1', 'UC3|d1'],
    ]);
    const last = s.finish();
    expect(last.only).toBe(false);
    expect(last.facts.slices).toEqual([['UC3', 'd2']]);
  });

  it('keeps partial sums unrounded and says when a file is one slice', () => {
    const s = new RowSlices(sums, 100);
    for (const day of ['d2', 'd1', 'd2']) s.add('UC', day, null, 'v', [2, 0.25]);
    expect(slicesOf(s)).toEqual([]);
    const { facts, only } = s.finish();
    expect(only).toBe(true);
    expect(facts.channel.get('UC|d2')).toEqual([4, 0.5]);
  });
});
