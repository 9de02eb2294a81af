import { describe, expect, it } from 'vitest';
import { splitWhole } from './traffic-lines';
import { channelTerms, searchWeights } from './search-terms';

describe('the demo search terms', () => {
  it('gives a channel a few dozen distinct terms, its own name first, in plain words', () => {
    const terms = channelTerms('UCsearchDemo0000000000001', "Happy Bear's TV!");
    expect(terms[0]).toBe('happy bear s tv');
    expect(new Set(terms).size).toBe(36);
    for (const term of terms) expect(term).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    // The UGC channel is searched by the words only, never by its own name.
    const ugc = channelTerms('ugc-demo', null);
    expect(ugc).toHaveLength(36);
    expect(ugc.some((t) => t.startsWith('channel'))).toBe(false);
  });

  it('splits a video-day among distinct terms and the unnamed part, with a long tail over many days', () => {
    const terms = channelTerms('UCsearchDemo0000000000002', 'Rocket Garage');
    const views = new Map<string, number>();
    for (let day = 0; day < 400; day++) {
      const weights = searchWeights(terms, 50, 1000 + day * 17);
      expect(weights.at(-1)?.[0]).toBe('');
      expect(new Set(weights.map(([t]) => t)).size).toBe(weights.length);
      splitWhole(
        50,
        weights.map(([, w]) => w),
      ).forEach((v, i) => {
        const term = weights[i]?.[0] ?? '';
        views.set(term, (views.get(term) ?? 0) + v);
      });
    }
    const named = [...views].filter(([t]) => t !== '').sort((a, b) => b[1] - a[1]);
    expect(named.length).toBeGreaterThan(30);
    // The most searched term draws several times the tenth's views.
    expect((named[0]?.[1] ?? 0) / (named[9]?.[1] ?? 1)).toBeGreaterThan(2);
  });
});
