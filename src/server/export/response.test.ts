// Download responses: their type, an attachment name that survives non-ASCII, and no caching.
import { describe, expect, it } from 'vitest';
import { contentDisposition, csvResponse, xlsxResponse } from './response';
import { detailsTable } from './test-support/details-table';

/** The name a browser takes from filename* (RFC 5987: charset, empty language, percent-encoded). */
function starName(disposition: string | null): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/)?.[1];
  if (!encoded) throw new Error(`no filename* in ${disposition}`);
  return decodeURIComponent(encoded);
}

describe('csvResponse', () => {
  it('answers text/csv as an attachment that no cache keeps, body starting with the BOM', async () => {
    const response = csvResponse(detailsTable(2));
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="viewdeck-partner_revenue-channels-2026-01-01-2026-12-31.csv"; ' +
        "filename*=UTF-8''viewdeck-partner_revenue-channels-2026-01-01-2026-12-31.csv",
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('xlsxResponse', () => {
  it('answers the xlsx type with the file and its length', async () => {
    const response = await xlsxResponse(detailsTable(2));
    expect(response.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(starName(response.headers.get('Content-Disposition'))).toBe('viewdeck-partner_revenue-channels-2026-01-01-2026-12-31.xlsx');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(bytes.byteLength);
    // An xlsx file is a zip archive: "PK\x03\x04".
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('keeps a non-ASCII name in filename* and gives old clients an ASCII one', async () => {
    const response = await xlsxResponse({ ...detailsTable(1), fileName: "Ülkü – 東京 (it's 100%)" });
    const disposition = response.headers.get('Content-Disposition');
    expect(starName(disposition)).toBe("Ülkü – 東京 (it's 100%).xlsx");
    expect(disposition).toContain('filename="_lk_ _ __ (it_s 100_).xlsx"');
    // ' ( ) * are not RFC 5987 attr-chars: they travel percent-encoded.
    expect(disposition).toContain('%28it%27s%20100%25%29');
  });
});

describe('contentDisposition', () => {
  it('never lets a name break the header or name a folder', () => {
    const response = csvResponse({ ...detailsTable(0), fileName: '../evil\r\nSet-Cookie: x=1' });
    const disposition = response.headers.get('Content-Disposition') ?? '';
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(starName(disposition)).toBe('.._evilSet-Cookie: x=1.csv');
    expect(contentDisposition('a"b.csv')).toBe(`attachment; filename="a_b.csv"; filename*=UTF-8''a%22b.csv`);
  });

  it('falls back to a name when nothing is left of it', () => {
    const response = csvResponse({ ...detailsTable(0), fileName: '\u0000\u0001 ' });
    expect(starName(response.headers.get('Content-Disposition'))).toBe('export.csv');
  });
});
