// Demographics roll-up: shares weighted by each key's views, checked against a hand computation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseReport } from './csv-report';
import { demographicsKey, rollUpDemographics, viewsByDemographicsKey } from './demographics-rollup';
import type { BasicRow, DemographicsRow } from './families';

const base = {
  date: '2026-03-01',
  channelId: 'UC2vW_-qeIhF1ESszzuH2pyw',
  claimedStatus: null,
  uploaderType: null,
  claimedCopy: false,
  liveOrOnDemand: 'on_demand',
  subscribedStatus: 'subscribed',
} as const;
const share = (
  videoId: string,
  countryCode: string,
  ageGroup: DemographicsRow['ageGroup'],
  gender: DemographicsRow['gender'],
  viewsPercentage: number,
): DemographicsRow => ({ ...base, videoId, countryCode, ageGroup, gender, viewsPercentage });
const cell = (rollup: ReturnType<typeof rollUpDemographics>, ageGroup: string, gender: string) =>
  rollup.cells.find((c) => c.ageGroup === ageGroup && c.gender === gender)?.views;

it('weights each share by its own key views (never averages percentages)', () => {
  // Key A (video a, US) had 1,000 views: 60% male 25-34, 40% female 25-34.
  // Key B (video b, IN) had 100 views: 10% male 25-34, 90% female 18-24.
  const rows = [
    share('a', 'US', '25-34', 'male', 60),
    share('a', 'US', '25-34', 'female', 40),
    share('b', 'IN', '25-34', 'male', 10),
    share('b', 'IN', '18-24', 'female', 90),
    share('c', 'DE', '65+', 'user_specified', 100),
  ];
  const keyA = demographicsKey(share('a', 'US', '13-17', 'male', 0));
  const keyB = demographicsKey(share('b', 'IN', '13-17', 'male', 0));
  const views = new Map([
    [keyA, 1000],
    [keyB, 100],
  ]);
  const rollup = rollUpDemographics(rows, views);
  // By hand: male 25-34 = 600 + 10 = 610; female 25-34 = 400; female 18-24 = 90.
  expect(cell(rollup, '25-34', 'male')).toBeCloseTo(610, 9);
  expect(cell(rollup, '25-34', 'female')).toBeCloseTo(400, 9);
  expect(cell(rollup, '18-24', 'female')).toBeCloseTo(90, 9);
  expect(rollup.totalViews).toBeCloseTo(1100, 9);
  // Averaging the percentages would have given male 25-34 (60 + 10) / 2 = 35%, not 610 / 1100.
  expect((cell(rollup, '25-34', 'male') ?? 0) / rollup.totalViews).toBeCloseTo(0.5545, 4);
  expect(rollup.cells).toHaveLength(21);
  expect(cell(rollup, '65+', 'user_specified')).toBe(0);
  expect(rollup.keysWithoutViews).toBe(1);
});

it('takes the views of a key from basic rows, summing them across the key', () => {
  const basic = (countryCode: string, views: number): BasicRow => ({
    ...base,
    videoId: 'a',
    countryCode,
    views,
    engagedViews: null,
    comments: 0,
    likes: 0,
    dislikes: 0,
    shares: 0,
    watchTimeMinutes: 0,
    averageViewDurationSeconds: null,
    averageViewDurationPercentage: null,
    subscribersGained: 0,
    subscribersLost: 0,
    videosAddedToPlaylists: null,
    videosRemovedFromPlaylists: null,
    redViews: null,
    redWatchTimeMinutes: null,
  });
  const views = viewsByDemographicsKey([basic('US', 700), basic('US', 300), basic('IN', 50)]);
  expect(views.get(demographicsKey(share('a', 'US', '13-17', 'male', 1)))).toBe(1000);
  expect(views.get(demographicsKey(share('a', 'IN', '13-17', 'male', 1)))).toBe(50);
  expect(views.size).toBe(2);
});

it('rolls up the demographics fixture with views given per key', async () => {
  const file = path.resolve(
    import.meta.dirname,
    '../../../..',
    'tests/fixtures/youtube/reporting_csv/channel_demographics_a1.from_fivetran_seed.csv',
  );
  const report = await parseReport('demo.csv', readFileSync(file));
  if (report.family !== 'demographics') throw new Error(report.family);
  // Give every key 1,000 views: each cell is then 10 x the sum of its shares.
  const views = new Map(report.rows.map((r) => [demographicsKey(r), 1000]));
  const rollup = rollUpDemographics(report.rows, views);
  const shares65Male = report.rows.filter((r) => r.ageGroup === '65+' && r.gender === 'male').reduce((s, r) => s + r.viewsPercentage, 0);
  expect(cell(rollup, '65+', 'male')).toBeCloseTo(shares65Male * 10, 9);
  expect(rollup.totalViews).toBeCloseTo(report.rows.reduce((s, r) => s + r.viewsPercentage, 0) * 10, 9);
});
