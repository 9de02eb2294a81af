import { describe, expect, it } from 'vitest';
import { alignSeries } from './series';

describe('alignSeries', () => {
  it('puts every series on the sorted union of keys with gaps as null', () => {
    const out = alignSeries([
      {
        id: 'US',
        points: [
          { key: '2026-03-02', position: 4 },
          { key: '2026-03-01', position: 9 },
        ],
      },
      { id: 'GB', points: [{ key: '2026-03-03', position: 1 }] },
    ]);
    expect(out.keys).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(out.values).toEqual({ US: [9, 4, null], GB: [null, null, 1] });
  });
});
