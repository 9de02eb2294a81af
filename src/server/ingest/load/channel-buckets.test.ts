// How new channels spread over a network's buckets: evenly for ids as YouTube issues them, whose last
// character carries 2 bits only (one of A, Q, g, w), and always the same bucket for the same id.
import { describe, expect, it } from 'vitest';
import { bucketOf, channelHash } from './channel-keys';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `count` channel ids of YouTube's shape from a fixed seed (mulberry32): 21 random characters, then one of A, Q, g, w. */
function youtubeIds(count: number): string[] {
  let state = 20261128;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return Array.from({ length: count }, () => {
    let id = 'UC';
    for (let i = 0; i < 21; i++) id += BASE64URL[next() % 64];
    return id + 'AQgw'[next() % 4];
  });
}

describe('bucketOf', () => {
  it('spreads 10,000 channel ids over 2, 3 and 10 buckets as evenly as chance would (within 4 standard deviations)', () => {
    const ids = youtubeIds(10_000);
    for (const buckets of [2, 3, 10]) {
      const counts = new Array<number>(buckets).fill(0);
      for (const id of ids) counts[bucketOf(id, buckets)] = (counts[bucketOf(id, buckets)] ?? 0) + 1;
      const even = ids.length / buckets;
      const deviation = Math.sqrt(ids.length * (1 / buckets) * (1 - 1 / buckets));
      for (const n of counts) expect(Math.abs(n - even)).toBeLessThan(4 * deviation);
    }
  });

  it('is a 32-bit unsigned hash, the same for the same id', () => {
    const [id = ''] = youtubeIds(1);
    expect(channelHash(id)).toBe(channelHash(`${id}`));
    expect(Number.isInteger(channelHash(id)) && channelHash(id) >= 0 && channelHash(id) < 2 ** 32).toBe(true);
    expect(bucketOf(id, 1)).toBe(0);
  });
});
