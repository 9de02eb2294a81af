// Downloads of an ExportTable: the CSV or xlsx body with its Content-Type, an attachment
// Content-Disposition that keeps non-ASCII file names (RFC 6266 filename*), and no caching.
import { CSV_CONTENT_TYPE, csvStream } from './csv';
import type { ExportTable } from './table';
import { XLSX_CONTENT_TYPE, xlsxFile } from './xlsx';

/** Exported figures belong to one user and one moment: no cache keeps them. */
const NO_STORE = 'no-store';
/** Characters a quoted ASCII filename may hold as they are; anything else becomes '_'. */
const UNSAFE_ASCII_FILENAME = /[^A-Za-z0-9 ._()+,;=@~-]/g;
/** Control characters never reach a header (a Headers object refuses CR and LF). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
const FILE_NAME_FALLBACK = 'export';

/**
 * The table as a CSV download, streamed.
 *
 * @example
 * app.get('/export.csv', (c) => csvResponse(table));
 */
export function csvResponse(table: ExportTable): Response {
  return new Response(csvStream(table), { headers: downloadHeaders(CSV_CONTENT_TYPE, table.fileName, 'csv') });
}

/**
 * The table as an xlsx download.
 *
 * @example
 * app.get('/export.xlsx', async (c) => xlsxResponse(table));
 */
export async function xlsxResponse(table: ExportTable): Promise<Response> {
  const bytes = await xlsxFile(table);
  const headers = downloadHeaders(XLSX_CONTENT_TYPE, table.fileName, 'xlsx');
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(bytes, { headers });
}

/**
 * Headers of a download: its type, the attachment's name (an ASCII fallback and the UTF-8 name) and no-store.
 *
 * @example
 * downloadHeaders('text/csv', 'Ülkü – 東京', 'csv').get('Content-Disposition')
 * // attachment; filename="_lk_ _ __.csv"; filename*=UTF-8''%C3%9Clk%C3%BC%20%E2%80%93%20%E6%9D%B1%E4%BA%AC.csv
 */
export function downloadHeaders(contentType: string, fileName: string, extension: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(`${cleanFileName(fileName)}.${extension}`),
    'Cache-Control': NO_STORE,
    'X-Content-Type-Options': 'nosniff',
  });
}

/**
 * An attachment Content-Disposition: `filename` for old clients, `filename*` (RFC 5987) for the real name.
 *
 * @example
 * contentDisposition('views.csv') // attachment; filename="views.csv"; filename*=UTF-8''views.csv
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(UNSAFE_ASCII_FILENAME, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

function cleanFileName(fileName: string): string {
  // Path separators would name a folder on the user's disk; the browser drops them, we do it first.
  const name = fileName.replace(CONTROL, '').replace(/[/\\]/g, '_').trim();
  return name || FILE_NAME_FALLBACK;
}

/** encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
