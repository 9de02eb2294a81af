// Reading /compare's channels from the URL, and aligning their monthly histories.
import { describe, expect, it } from 'vitest';
import { alignMonths, compareHref, readComparedIds } from './compare';

const A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const B = 'UCbbbbbbbbbbbbbbbbbbbbbb';
const C = 'UCcccccccccccccccccccc-_';
const D = 'UCdddddddddddddddddddddd';
const E = 'UCeeeeeeeeeeeeeeeeeeeeee';

describe('compared channels', () => {
  it('reads comma lists and repeated parameters, in order, each once', () => {
    expect(readComparedIds(new URLSearchParams(`c=${A},${B}&c=${C}&c=${A}`))).toEqual({ ok: true, ids: [A, B, C] });
    expect(readComparedIds(new URLSearchParams(`c=${A},,`))).toEqual({ ok: true, ids: [A] });
    expect(readComparedIds(new URLSearchParams(''))).toEqual({ ok: true, ids: [] });
  });

  it('refuses what is not a channel id, and more than four channels', () => {
    const bad = readComparedIds(new URLSearchParams(`c=${A},<script>`));
    expect(bad).toEqual({ ok: false, problem: expect.stringContaining('"<script>" is not a YouTube channel id') });
    expect(readComparedIds(new URLSearchParams(`c=${[A, B, C, D, E].join(',')}`))).toEqual({
      ok: false,
      problem: 'Compare at most 4 channels at a time.',
    });
    // Repeats of the same four are fine; a flood is refused before it is checked.
    expect(readComparedIds(new URLSearchParams(`c=${[A, B, C, D, A, B].join(',')}`))).toEqual({ ok: true, ids: [A, B, C, D] });
    expect(readComparedIds(new URLSearchParams(`c=${Array(9).fill(A).join(',')}`)).ok).toBe(false);
  });

  it('links to the page of a list', () => {
    expect(compareHref([A, B])).toBe(`/compare?c=${A},${B}`);
    expect(compareHref([])).toBe('/compare');
  });
});

describe('aligned months', () => {
  it('puts every month any channel has on the axis, with gaps as null', () => {
    const aligned = alignMonths([
      { months: ['2026-02-01', '2026-03-01'], values: [20, 30] },
      { months: ['2026-01-01', '2026-03-01'], values: [1, 3] },
    ]);
    expect(aligned).toEqual({
      months: ['2026-01-01', '2026-02-01', '2026-03-01'],
      series: [
        [null, 20, 30],
        [1, null, 3],
      ],
    });
    expect(alignMonths([])).toEqual({ months: [], series: [] });
  });
});
