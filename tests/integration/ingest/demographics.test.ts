// Demographics: shares weighted by the same day's basic views, per day, with the month as their sum.
import { expect, it } from 'vitest';
import sample from '../../fixtures/youtube/reporting_csv/channel_demographics_a1.from_fivetran_seed.csv?raw';
import { readRawCsv } from '../../../src/server/ingest/parse/test-support/raw-csv';
import { basicCsv } from './basic-builder';
import { all, channelIdOf, HOUR, load, NOW, snapshotDatabase } from './support';

const CHANNEL = 'UCdemographicsdemograph1';
const HEADER = 'date,channel_id,video_id,live_or_on_demand,subscribed_status,country_code,age_group,gender,views_percentage';

/** Demographics rows [day, video, country, age group, gender, percentage] for CHANNEL. */
function demographicsCsv(rows: Array<[string, string, string, string, string, number]>): string {
  const lines = rows.map(([day, video, country, age, gender, share]) =>
    [day, CHANNEL, video, 'on_demand', 'not_subscribed', country, age, gender, share].join(','),
  );
  return `${[HEADER, ...lines].join('\n')}\n`;
}

const basicDay1 = basicCsv([
  { day: '20260301', channel: CHANNEL, video: 'videoaaaaaa', country: 'US', views: 700 },
  { day: '20260301', channel: CHANNEL, video: 'videoaaaaaa', country: 'US', views: 300, subscribed: 'not_subscribed', live: 'on_demand' },
  { day: '20260301', channel: CHANNEL, video: 'videobbbbbb', country: 'IN', views: 100 },
]);
// Key A (video a, US) had 1,000 views: 60 % male 25-34, 40 % female 25-34.
// Key B (video b, IN) had 100 views: 10 % male 25-34, 90 % female 18-24.
const sharesDay1 = demographicsCsv([
  ['20260301', 'videoaaaaaa', 'US', 'AGE_25_34', 'MALE', 60],
  ['20260301', 'videoaaaaaa', 'US', 'AGE_25_34', 'FEMALE', 40],
  ['20260301', 'videobbbbbb', 'IN', 'AGE_25_34', 'MALE', 10],
  ['20260301', 'videobbbbbb', 'IN', 'AGE_18_24', 'FEMALE', 90],
]);

const monthly = () =>
  all<{ month: string; age_group: string; gender: string; views: number }>(
    'SELECT month, age_group, gender, views FROM channel_audience_monthly ORDER BY month, age_group, gender',
  );

it("weights each share by its key's views from the basic report loaded with it (hand-computed)", async () => {
  const { files, changedDays } = await load([
    ['channel_demographics_a1_20260301.csv', sharesDay1],
    ['channel_basic_a3_20260301.csv', basicDay1],
  ]);
  expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  // By hand: male 25-34 = 600 + 10 = 610; female 25-34 = 400; female 18-24 = 90. Averaging the
  // percentages would have said 35 % male 25-34 instead of 610 / 1,100.
  expect(await monthly()).toEqual([
    { month: '2026-03', age_group: '18-24', gender: 'female', views: 90 },
    { month: '2026-03', age_group: '25-34', gender: 'female', views: 400 },
    { month: '2026-03', age_group: '25-34', gender: 'male', views: 610 },
  ]);
  const id = await channelIdOf(CHANNEL);
  expect(changedDays).toEqual([{ channelId: id, day: '2026-03-01' }]);
});

it("rejects demographics without that day's basic report in the same import, writing nothing", async () => {
  await load([['channel_basic_a3_20260301.csv', basicDay1]]);
  const before = await snapshotDatabase();
  const { files } = await load([['channel_demographics_a1_20260301.csv', sharesDay1]]);
  expect(files[0]?.status).toBe('rejected');
  expect(files[0]?.reason).toBe(
    `channel_demographics_a1_20260301.csv:2: no basic report for channel ${CHANNEL} on 2026-03-01 in this import: ` +
      "load the demographics file together with that day's basic report (its views weight views_percentage)",
  );
  expect(await snapshotDatabase()).toEqual(before);
});

it('a re-issued day replaces its contribution to the month; another day adds to it', async () => {
  await load([
    ['channel_demographics_a1_20260301.csv', sharesDay1, NOW - 2 * HOUR],
    ['channel_basic_a3_20260301.csv', basicDay1],
  ]);
  const day2 = basicCsv([{ day: '20260302', channel: CHANNEL, video: 'videoaaaaaa', country: 'US', views: 200 }]);
  const shares2 = demographicsCsv([['20260302', 'videoaaaaaa', 'US', 'AGE_65_', 'USER_SPECIFIED', 50]]);
  await load([
    ['channel_basic_a3_20260302.csv', day2],
    ['channel_demographics_a1_20260302.csv', shares2],
  ]);
  // The 1st again, now 100 % male 25-34 on the same 1,100 views (video b's key has no shares left).
  const reissue = demographicsCsv([['20260301', 'videoaaaaaa', 'US', 'AGE_25_34', 'MALE', 100]]);
  const { files } = await load([
    ['channel_basic_a3_20260301.csv', basicDay1],
    ['channel_demographics_a1_20260301_v2.csv', reissue, NOW - HOUR],
  ]);
  expect(files.map((f) => f.status)).toEqual(['unchanged', 'replaced']);
  expect(await monthly()).toEqual([
    { month: '2026-03', age_group: '25-34', gender: 'male', views: 1000 },
    { month: '2026-03', age_group: '65+', gender: 'user_specified', views: 100 },
  ]);
  expect(await all('SELECT day, count(*) AS cells FROM channel_audience_daily GROUP BY day ORDER BY day')).toEqual([
    { day: '2026-03-01', cells: 1 },
    { day: '2026-03-02', cells: 1 },
  ]);
});

it('loads the real sample (its anonymised channel id made real) with a basic report for its keys', async () => {
  const text = sample.replaceAll('ZZZZZZ', CHANNEL);
  const raw = readRawCsv(text);
  // One basic row of 1,000 views per key of the sample: each cell is then 10 x its share.
  const keys = new Set(raw.rows.map((r) => [r[0], r[2], r[5]].join('|')));
  const basic = basicCsv(
    [...keys].map((k) => {
      const [day = '', video = '', country = ''] = k.split('|');
      return { day, channel: CHANNEL, video, country, views: 1000 };
    }),
  );
  const { files } = await load([
    ['channel_basic_a3_sample.csv', basic],
    ['channel_demographics_a1_sample.csv', text],
  ]);
  expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  const expected = new Map<string, number>();
  const age = (a: string) => (a === 'AGE_65_' ? '65+' : a.slice(4).replace('_', '-'));
  const gender = (g: string) => ({ MALE: 'male', FEMALE: 'female' })[g] ?? 'user_specified';
  for (const r of raw.rows) {
    const cell = `${age(r[6] ?? '')}|${gender(r[7] ?? '')}`;
    expected.set(cell, (expected.get(cell) ?? 0) + Number(r[8]) * 10);
  }
  const stored = await monthly();
  expect(new Map(stored.map((s) => [`${s.age_group}|${s.gender}`, s.views]))).toEqual(
    new Map([...expected].filter(([, v]) => Math.round(v) > 0).map(([k, v]) => [k, Math.round(v)])),
  );
});
