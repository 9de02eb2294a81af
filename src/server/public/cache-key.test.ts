import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './cache-key';

describe('pageCacheKey', () => {
  it('sorts the query, drops empty and tracking values and adds the generation', () => {
    const key = pageCacheKey(new URL('https://v.example/channels/?period=now&lang=&utm_source=x&category=20&category=10'), '7');
    expect(key).toBe('https://v.example/channels?category=10&category=20&period=now&_g=7');
  });

  it('gives the same key for the same page written differently', () => {
    const a = pageCacheKey(new URL('https://v.example/global?country=US&lang=en'), '1');
    const b = pageCacheKey(new URL('https://v.example/global/?lang=en&country=US&fbclid=abc'), '1');
    expect(a).toBe(b);
  });

  it('changes with the generation', () => {
    const url = new URL('https://v.example/trends');
    expect(pageCacheKey(url, '1')).not.toBe(pageCacheKey(url, '2'));
  });

  it("keeps a ranking's metric and page apart", () => {
    const key = (query: string) => pageCacheKey(new URL(`https://v.example/channels?${query}`), '1');
    const keys = ['metric=earnings&page=2', 'metric=earnings&page=3', 'metric=watchtime&page=2', 'page=2'].map(key);
    expect(new Set(keys).size).toBe(4);
    expect(key('page=2&metric=earnings')).toBe(keys[0]);
  });

  it('keeps each chosen theme apart, and the system theme where it always was', () => {
    const url = new URL('https://v.example/trends?period=now');
    expect(pageCacheKey(url, '1', 'system')).toBe('https://v.example/trends?period=now&_g=1');
    expect(pageCacheKey(url, '1', 'dark')).toBe('https://v.example/trends?period=now&_g=1&_t=dark');
    expect(pageCacheKey(url, '1', 'light')).toBe('https://v.example/trends?period=now&_g=1&_t=light');
  });
});
