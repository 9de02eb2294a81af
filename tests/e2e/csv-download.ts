// A page's CSV link, followed as a person would: the download it starts, its file name and its rows.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, type Page } from '@playwright/test';

export interface DownloadedCsv {
  fileName: string;
  /** Header row first. */
  head: string[];
  rows: string[][];
}

/**
 * Clicks the link named `name` on the page and reads the CSV it downloads.
 * @example const csv = await downloadCsv(page, 'Download this chart page as CSV')
 */
export async function downloadCsv(page: Page, name: string | RegExp): Promise<DownloadedCsv> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const file = await download.path();
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').trim();
  const [head = [], ...rows] = Papa.parse<string[]>(text, { newline: '\r\n' }).data;
  expect(rows.length, 'the CSV has rows').toBeGreaterThan(0);
  return { fileName: download.suggestedFilename(), head, rows };
}

/** A cell of the CSV's first data row, by its header. */
export function firstCell(csv: DownloadedCsv, header: string): string {
  const index = csv.head.indexOf(header);
  expect(index, `no column ${header} in ${csv.head.join(', ')}`).toBeGreaterThanOrEqual(0);
  return csv.rows[0]?.[index] ?? '';
}
