// Cutting a file by bucket: every data record in exactly one part, in file order, the header in each; a
// part's fingerprint is its own content's; a part's line is mapped back to the file's.
import { describe, expect, it } from 'vitest';
import { bytesSource, decodedText, digestContent } from '../parse/report-source';
import { detectReportType } from '../parse';
import { readHeader } from '../parse/csv-rows';
import { bucketParts, type NetworkBuckets } from './bucket-parts';
import { bucketOf } from './channel-keys';
import type { PreparedFile } from './prepare-file';

const HEADER = 'video_id,channel_id,video_title,custom_id';
const channel = (end: string) => `UCbucketpartsbucketpa${end}`;
// Known channels keep their column's bucket; a channel the file would create gets bucketOf's.
const KNOWN: NetworkBuckets = { count: 3, ofChannel: new Map([[channel('x01'), 2]]) };
const ROWS = [
  ['vid00000001', channel('x01'), 'Plain', 'a'],
  ['vid00000002', channel('x02'), '"A title, with a comma"', 'b'],
  ['vid00000003', channel('x03'), '"Two\nlines"', 'c'],
  ['vid00000004', channel('x01'), 'Again', 'a'],
  ['vid00000005', channel('x04'), '"Three\nmore\nlines"', 'd'],
];
const TEXT = `${HEADER}\n${ROWS.map((r) => r.join(',')).join('\n')}\n`;
const bucketOfRow = (row: string[]) => KNOWN.ofChannel.get(row[1] ?? '') ?? bucketOf(row[1] ?? '', KNOWN.count);

async function prepared(text: string, name = 'content_owner_video_metadata_a4_x.csv'): Promise<PreparedFile> {
  const source = bytesSource(new TextEncoder().encode(text));
  const digest = await digestContent(source);
  const fields = readHeader(digest.head)?.fields ?? [];
  const { type } = detectReportType(name, fields, 1);
  return {
    index: 0,
    name: 'x.csv',
    source,
    head: digest.head,
    sha256: digest.sha256,
    type,
    lineBreaks: digest.lineBreaks,
    issued: null,
    pieces: null,
    bucket: 0,
    fileLine: null,
  };
}

// No claims: the shared D1 is never asked.
const unused = {} as D1Database;

describe('bucketParts', () => {
  it('puts each record in its bucket, the header in every part, and fingerprints each part by its content', async () => {
    const parts = await bucketParts(unused, 1, KNOWN, await prepared(TEXT));
    const expected = [...new Set(ROWS.map(bucketOfRow))].sort();
    expect(parts.map((p) => p.bucket)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(1);
    for (const part of parts) {
      const text = await decodedText(part.source);
      const own = ROWS.filter((r) => bucketOfRow(r) === part.bucket);
      expect(text).toBe(`${HEADER}\n${own.map((r) => `${r.join(',')}\n`).join('')}`);
      expect(part.records).toBe(own.length);
      expect(part.sha256).toBe((await digestContent(part.source)).sha256);
    }
  });

  it('gives the same parts when they are too large to hold and are read from the file again', async () => {
    const file = await prepared(TEXT);
    const held = await bucketParts(unused, 1, KNOWN, file);
    const reread = await bucketParts(unused, 1, KNOWN, file, 10);
    expect(reread.map((p) => [p.bucket, p.records, p.sha256])).toEqual(held.map((p) => [p.bucket, p.records, p.sha256]));
    for (const [i, part] of reread.entries())
      expect(await decodedText(part.source)).toBe(await decodedText(held[i]?.source ?? part.source));
  });

  it("maps a part's line to the file's, quoted line breaks counted", async () => {
    const parts = await bucketParts(unused, 1, KNOWN, await prepared(TEXT));
    const lineInFile = new Map<string, number>();
    let line = 2;
    for (const row of ROWS) {
      lineInFile.set(row[0] ?? '', line);
      line += row.join(',').split('\n').length;
    }
    for (const part of parts) {
      let partLine = 2;
      for (const row of ROWS.filter((r) => bucketOfRow(r) === part.bucket)) {
        expect(await part.fileLine(partLine)).toBe(lineInFile.get(row[0] ?? ''));
        partLine += row.join(',').split('\n').length;
      }
      expect(await part.fileLine(1)).toBe(1);
    }
  });

  it('leaves a file without records whole, in bucket 0', async () => {
    const file = await prepared(`${HEADER}\n`);
    const parts = await bucketParts(unused, 1, KNOWN, file);
    expect(parts.map((p) => [p.bucket, p.records, p.sha256])).toEqual([[0, 0, file.sha256]]);
  });

  it("gives a statement's rows of channels we do not know to bucket 0 and every bucket with channels, a known channel's to its own", async () => {
    const header = 'adjustment_type,date,country_code,video_id,channel_id,partner_revenue';
    const known = [`None,20260203,US,vid00000001,${channel('x01')},1.5`];
    // A channel the network does not have: bucket 0 books it to the UGC channel, the others to the claims of copies they hold.
    const unknown = ['None,20260204,US,vid00000009,UCthirdpartythirdparty01,0.25', 'Backpay,20260110,US,vid00000009,,0.1'];
    const file = await prepared(`${header}\n${[...known, ...unknown].join('\n')}\n`, 'content_owner_ad_revenue_raw_a1_202602.csv');
    expect(file.type.family).toBe('finance');
    const parts = await bucketParts(unused, 1, KNOWN, file);
    // Bucket 1 holds no channel of the network, so no copy: it gets no part.
    expect(parts.map((p) => p.bucket)).toEqual([0, 2]);
    for (const part of parts) {
      const own = part.bucket === 2 ? [known[0], ...unknown] : unknown;
      expect(await decodedText(part.source)).toBe(`${header}\n${own.map((r) => `${r}\n`).join('')}`);
    }
  });
});
