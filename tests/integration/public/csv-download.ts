// What the public CSV tests share: a request from an address, the file read back as rows, and the check
// of the hourly limit every public CSV is charged to.
import Papa from 'papaparse';
import { expect } from 'vitest';
import { PUBLIC_CSV_PER_HOUR } from '../../../src/server/public/csv/download';

/** A moment to charge downloads at (the limit's window is counted back from it). */
export const NOW = 1_774_000_000;
/** A title a spreadsheet would run as a formula: the CSV writer must defuse it. */
export const HOSTILE = '=HYPERLINK("http://x","y")';
/** How the writer writes HOSTILE: a leading apostrophe makes it text. */
export const DEFUSED = `'${HOSTILE}`;

export const request = (ip: string) => new Request('http://localhost/x', { headers: { 'CF-Connecting-IP': ip } });
export const url = (path: string) => new URL(`http://localhost${path}`);

/** A download's header row and data rows, after checking it is a CSV attachment named `fileName`. */
export async function readCsv(res: Response, fileName?: string): Promise<{ head: string[]; rows: string[][] }> {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('Content-Type')).toContain('text/csv');
  if (fileName) expect(res.headers.get('Content-Disposition')).toContain(`filename="${fileName}"`);
  const parsed = Papa.parse<string[]>((await res.text()).trim(), { newline: '\r\n' });
  const [head = [], ...rows] = parsed.data;
  return { head, rows };
}

/** One column's cells, by its header. */
export function column(csv: { head: string[]; rows: string[][] }, header: string): string[] {
  const index = csv.head.indexOf(header);
  expect(index, `no column ${header} in ${csv.head.join(', ')}`).toBeGreaterThanOrEqual(0);
  return csv.rows.map((row) => row[index] ?? '');
}

/** A refusal: its status, plain text, and a sentence matching `says`. */
export async function expectRefusal(res: Response, status: number, says: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toContain('text/plain');
  expect(await res.text()).toMatch(says);
}

/**
 * The address gets PUBLIC_CSV_PER_HOUR downloads within an hour, then a 429 saying when to come back.
 * @example await expectHourlyLimit((ip, at) => findCsv(ctx, request(ip), url('/find.csv'), at), '10.9.0.1')
 */
export async function expectHourlyLimit(download: (ip: string, at: number) => Promise<Response>, ip: string): Promise<void> {
  for (let i = 0; i < PUBLIC_CSV_PER_HOUR; i += 1) {
    const res = await download(ip, NOW + i);
    expect(res.status).toBe(200);
    await res.body?.cancel();
  }
  const refused = await download(ip, NOW + PUBLIC_CSV_PER_HOUR);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await refused.text()).toContain(`At most ${PUBLIC_CSV_PER_HOUR} downloads an hour`);
}
