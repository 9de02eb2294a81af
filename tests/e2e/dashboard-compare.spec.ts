// The comparison the dashboard asks for: the previous calendar month for a month preset, and ranges
// whose comparison would start before 2015-01-01 still show their figures.
import { expect, test, type Page, type Request } from '@playwright/test';
import { demoUser, signIn } from './helpers';
import { shownDay } from './expected-text';

async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

const isBase = (r: Request) => r.url().endsWith('/api/stat/base') && r.method() === 'POST';

test('a month preset compares with the whole previous calendar month', async ({ page }) => {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  await loaded(page);
  const select = page.getByLabel('Period', { exact: true });
  // The newest month preset, whatever today is: month presets are the options valued 'mYYYY-MM'.
  const month = await select.locator('option[value^="m"]').first().getAttribute('value');
  expect(month).toMatch(/^m\d{4}-\d{2}$/);
  // The base call of the chosen month (not a late one of the page's first period).
  const request = page.waitForRequest(
    (r) => isBase(r) && (r.postDataJSON() as { date_from?: string }).date_from === `${(month as string).slice(1)}-01`,
  );
  await select.selectOption(month as string);
  const body = (await request).postDataJSON() as Record<string, string>;
  const [year, mon] = (month as string).slice(1).split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, mon - 2, 1));
  const lastOfPrevious = new Date(Date.UTC(year, mon - 1, 0));
  expect(body.compare_from).toBe(previous.toISOString().slice(0, 10));
  expect(body.compare_to).toBe(lastOfPrevious.toISOString().slice(0, 10));
  const shown = (d: Date) => shownDay(d.toISOString().slice(0, 10));
  await expect(page.locator('[data-compare]')).toHaveText(`Changes compare with ${shown(previous)} – ${shown(lastOfPrevious)}`);
});

for (const from of ['2015-01-01', '2020-01-01']) {
  test(`a custom range from ${from} to the latest data shows its figures`, async ({ page }) => {
    const user = demoUser('network');
    await signIn(page, user.email, user.password);
    await loaded(page);
    const { max_date: to } = (await (await page.request.post('/api/stat/dates', { data: {} })).json()).data as { max_date: string };
    // The page is rendered with the range's figures; the stat call answers the same sums.
    const answer = await page.request.post('/api/stat/base', { data: { date_from: from, date_to: to, chart_period: 'month' } });
    expect(answer.status()).toBe(200);
    await page.goto(`/dashboard?period=custom&from=${from}&to=${to}`);
    await loaded(page);
    const { data } = (await answer.json()) as { data: { sum_views: number } };
    expect(data.sum_views).toBeGreaterThan(0);
    await expect(
      page.getByRole('region', { name: 'Views', exact: true }).getByText(data.sum_views.toLocaleString('en-US'), { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('alert').getByRole('button')).toHaveCount(0);
    await expect(page.locator('[data-compare]')).toHaveText(
      from === '2015-01-01' ? 'No change figures: there is no data before Jan 1, 2015' : 'Changes compare with Jan 1, 2015 – Dec 31, 2019',
    );
  });
}
