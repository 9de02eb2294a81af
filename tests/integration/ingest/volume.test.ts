// A file whose grain rows need several JSON chunks per statement loads and re-loads exactly.
import { expect, it } from 'vitest';
import { basicCsv, type BasicLine } from './basic-builder';
import { all, createNetwork, HOUR, load, NOW, one } from './support';

const DAYS = 60;
const CHANNELS = 40;
const COUNTRIES = ['US', 'IN', 'GB', 'DE', 'BR', 'FR', 'JP', 'VN', 'MX', 'ZZ'];

/** DAYS x CHANNELS x COUNTRIES rows: 24,000 country-grain rows, about 2 MB of JSON. */
function lines(scale: number): BasicLine[] {
  const out: BasicLine[] = [];
  for (let d = 1; d <= DAYS; d++) {
    const day = `2026${String(Math.ceil(d / 30) + 2).padStart(2, '0')}${String(((d - 1) % 30) + 1).padStart(2, '0')}`;
    for (let c = 0; c < CHANNELS; c++) {
      const channel = `UCvolumechannel${String(c).padStart(9, '0')}`;
      COUNTRIES.forEach((country, i) =>
        out.push({ day, channel, country, video: `vid${String(c).padStart(8, '0')}`, views: (d + c + i) * scale, uploader: 'self' }),
      );
    }
  }
  return out;
}

it('writes and replaces tens of thousands of grain rows through chunked statements', async () => {
  const network = await createNetwork();
  const first = lines(1);
  const a = await load([['content_owner_basic_a4_volume.csv', basicCsv(first, true), NOW - 2 * HOUR]], { networkId: network });
  expect(a.files[0]).toMatchObject({ status: 'loaded', rows: first.length, channels: CHANNELS });
  expect(a.changedDays).toHaveLength(DAYS * CHANNELS);
  const total = (ls: BasicLine[]) => ls.reduce((s, l) => s + l.views, 0);
  expect(await one('SELECT count(*) AS n, sum(views) AS views FROM channel_country_daily')).toEqual({
    n: first.length,
    views: total(first),
  });
  const second = lines(3);
  const b = await load([['content_owner_basic_a4_volume_v2.csv', basicCsv(second, true), NOW - HOUR]], { networkId: network });
  expect(b.files[0]?.status).toBe('replaced');
  expect(await one('SELECT count(*) AS n, sum(views) AS views FROM channel_daily')).toEqual({ n: DAYS * CHANNELS, views: total(second) });
  expect(await one('SELECT sum(views) AS views FROM channel_country_daily')).toEqual({ views: total(second) });
  expect(await all('SELECT count(*) AS n FROM report_slices')).toEqual([{ n: DAYS * CHANNELS }]);
  expect(await all('SELECT name, superseded_at FROM report_files ORDER BY id')).toEqual([
    { name: 'content_owner_basic_a4_volume.csv', superseded_at: 1_772_409_600 },
    { name: 'content_owner_basic_a4_volume_v2.csv', superseded_at: null },
  ]);
});
