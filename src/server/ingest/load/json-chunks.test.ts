// JSON chunks stay under the byte limit, counted in UTF-8, and keep every row exactly once.
import { expect, it } from 'vitest';
import { jsonChunks, utf8Length } from './json-chunks';

it('counts UTF-8 bytes without encoding', () => {
  for (const text of ['abc', 'Café', '日本語', 'emoji 🎬', '']) expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
});

it('splits rows into JSON arrays of at most maxBytes, in order', () => {
  const rows = Array.from({ length: 1000 }, (_, i) => JSON.stringify([`UC${i}`, '2026-03-01', i, 'Ünïcödé title']));
  const chunks = jsonChunks(rows, 2000);
  expect(chunks.length).toBeGreaterThan(10);
  for (const chunk of chunks) expect(new TextEncoder().encode(chunk).length).toBeLessThanOrEqual(2000);
  expect(chunks.flatMap((c) => JSON.parse(c) as unknown[])).toEqual(rows.map((r) => JSON.parse(r) as unknown));
  expect(jsonChunks([])).toEqual([]);
});
