// What the details pages' browser tests share: the stats calls, a range ending on the latest data day,
// and the table's locators.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { DetailsAnswer } from '../../src/lib/api/details';
import type { DatesAnswer } from '../../src/lib/api/stats';

const MS_PER_DAY = 86_400_000;

export async function post<T>(request: APIRequestContext, path: string, body: object): Promise<T> {
  const response = await request.post(`/api/stat/${path}`, { data: body });
  expect(response.ok(), `POST /api/stat/${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A custom range of `days` days ending on the latest data day, as its query string and API dates. */
export async function range(request: APIRequestContext, days: number): Promise<{ from: string; to: string; search: string }> {
  const { max_date: to } = await post<DatesAnswer>(request, 'dates', {});
  if (!to) throw new Error('the demo data has no latest day');
  const from = new Date(Date.parse(to) - (days - 1) * MS_PER_DAY).toISOString().slice(0, 10);
  return { from, to, search: `period=custom&from=${from}&to=${to}` };
}

export const table = (page: Page): Locator => page.locator('table.details-table');
export const bodyRows = (page: Page): Locator => table(page).locator('tbody tr');
export const names = (page: Page): Promise<string[]> => bodyRows(page).locator('th').allInnerTexts();
export const loaded = (page: Page) => expect(page.getByRole('progressbar')).toHaveCount(0);

/** The row labels of an answer as the table writes them (a country without a name reads N/A). */
export const labelsOf = (answer: DetailsAnswer): string[] =>
  answer.rows.map((row) => row.country_name ?? row.channel_title ?? row.title ?? row.name);
