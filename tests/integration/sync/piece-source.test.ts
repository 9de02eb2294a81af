// The pieces of an archived file: each begins with the file's header, and together they hold every record once.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { archivePieceSource, byteRanges } from '../../../src/server/ingest/archive/read-object';

const HEADER = 'date,channel_id,views\n';

/** Records of varied lengths, so piece ends fall inside records, on line feeds and right after them. */
const RECORDS = Array.from({ length: 700 }, (_, i) => `20260920,UC${'x'.repeat(i % 37)},${i * 7919}\n`);

async function textOf(source: ReturnType<typeof archivePieceSource>): Promise<string> {
  return await new Response(source.open()).text();
}

it.each([1024, 1031, 1536, 4096, 9999, 100_000])('pieces of %i bytes hold each record once, under the header', async (pieceBytes) => {
  const text = HEADER + RECORDS.join('');
  await env.REPORTS.put('test/pieces.csv', text);
  const bytes = new TextEncoder().encode(text).length;
  const records: string[] = [];
  for (const range of byteRanges(bytes, pieceBytes)) {
    const piece = await textOf(archivePieceSource(env.REPORTS, 'test/pieces.csv', range));
    expect(piece.startsWith(HEADER)).toBe(true);
    const lines = piece.slice(HEADER.length).split('\n');
    expect(lines.pop()).toBe('');
    records.push(...lines);
  }
  expect(records.map((r) => `${r}\n`)).toEqual(RECORDS);
});

it('a file without a final line feed ends with its last record', async () => {
  const text = HEADER + RECORDS.join('').slice(0, -1);
  await env.REPORTS.put('test/open-end.csv', text);
  const ranges = byteRanges(new TextEncoder().encode(text).length, 2048);
  const last = await textOf(archivePieceSource(env.REPORTS, 'test/open-end.csv', ranges[ranges.length - 1] ?? { start: 0, end: 0 }));
  expect(last.endsWith(RECORDS[RECORDS.length - 1]?.slice(0, -1) ?? '')).toBe(true);
});
