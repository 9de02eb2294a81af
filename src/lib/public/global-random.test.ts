// The seeded shuffle is stable for one seed, differs between seeds and never invents or repeats items.
import { describe, expect, it } from 'vitest';
import { hashSeed, seededPick, seededRandom } from './global-random';

describe('seeded shuffle', () => {
  it('hashes texts to known 32-bit values', () => {
    expect(hashSeed('')).toBe(0x811c9dc5);
    expect(hashSeed('a')).toBe(0xe40c292c);
  });

  it('draws numbers in [0, 1) and repeats them for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawn = Array.from({ length: 100 }, () => a());
    expect(drawn.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(Array.from({ length: 100 }, () => b())).toEqual(drawn);
  });

  it('picks distinct items of the list, the same ones for the same seed', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const pick = seededPick(items, 12, hashSeed('2026-03-10|period=now'));
    expect(pick).toHaveLength(12);
    expect(new Set(pick).size).toBe(12);
    expect(pick.every((n) => items.includes(n))).toBe(true);
    expect(seededPick(items, 12, hashSeed('2026-03-10|period=now'))).toEqual(pick);
    expect(seededPick(items, 12, hashSeed('2026-03-11|period=now'))).not.toEqual(pick);
    expect(items).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('returns the whole list when asked for more than it has', () => {
    expect(seededPick([1, 2], 5, 1).sort()).toEqual([1, 2]);
  });
});
