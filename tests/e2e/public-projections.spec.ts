// The channel page's projections, signed out: the counts they start from are the channel's latest public
// counters (its channel_info answer), three horizons each with a range, and the method stated.
import { expect, test } from '@playwright/test';
import type { ChannelInfo } from '../../src/lib/api/public-channels';
import { readPublicIds } from './a11y-pages';

const count = (n: number) => Math.round(n).toLocaleString('en-US');

test('a channel page projects subscribers and total views from its latest counts, with ranges and the method', async ({
  page,
  request,
}) => {
  const ids = await readPublicIds(request);
  const response = await request.get(
    `/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/channel_info', channel_id: ids.channel, period: 'now' })}`,
  );
  const info = ((await response.json()) as { data: { body: ChannelInfo } }).data.body;
  await page.goto(`/channel/${ids.channel}`);
  const table = page.getByRole('table', { name: 'Projected subscribers and total views, with their ranges' });
  await expect(table.getByRole('columnheader')).toHaveText([/^Now \(/, /In 30 days/, /In 90 days/, /In a year/]);
  const subscribers = table.getByRole('row', { name: /^Subscribers/ }).getByRole('cell');
  await expect(subscribers.first()).toHaveText(count(info.info_now!.subscriber_count));
  await expect(
    table
      .getByRole('row', { name: /^Total views/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(count(info.info_now!.view_count));
  // Each horizon: a figure, and under it its range low – high around it.
  for (const cell of await subscribers.all().then((cells) => cells.slice(1))) {
    const [value, range] = [await cell.locator('.figure').textContent(), await cell.locator('.projection-range').textContent()];
    const [low, high] = range!.split('–').map((part) => Number(part.replace(/[^\d]/g, '')));
    const figure = Number(value!.replace(/[^\d]/g, ''));
    expect(low).toBeLessThanOrEqual(figure);
    expect(high).toBeGreaterThanOrEqual(figure);
  }
  await expect(page.getByText(/a straight line fitted to the daily counts of the last 90 days/)).toBeVisible();
});
