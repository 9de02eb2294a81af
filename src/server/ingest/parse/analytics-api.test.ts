// Analytics API reports.query mapping, checked against sums taken straight from the JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { toAnalyticsDailyRows, toAnalyticsDemographics } from './analytics-api';

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../..',
  'tests/fixtures/youtube/analytics_api/reports.query_day_all-core-metrics_2022-01.analytix.json',
);
const raw = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { columnHeaders: { name: string }[]; rows: (string | number)[][] };
const column = (name: string) => raw.rows.map((r) => r[raw.columnHeaders.findIndex((h) => h.name === name)]);
const total = (name: string) => column(name).reduce<number>((s, v) => s + Number(v), 0);
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';

it('maps the recorded January 2022 day table; sums equal the raw JSON', () => {
  const rows = toAnalyticsDailyRows(raw, { channelId: CHANNEL });
  expect(rows).toHaveLength(31);
  expect(rows[0]).toMatchObject({
    date: '2022-01-01',
    channelId: CHANNEL,
    countryCode: null,
    videoId: null,
    views: 759,
    watchTimeMinutes: 1335,
    subscribersGained: 3,
  });
  const sum = (pick: (r: (typeof rows)[number]) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
  expect(sum((r) => r.views)).toBe(total('views'));
  expect(sum((r) => r.watchTimeMinutes)).toBe(total('estimatedMinutesWatched'));
  expect(sum((r) => r.subscribersGained)).toBe(total('subscribersGained'));
  expect(sum((r) => r.subscribersLost)).toBe(total('subscribersLost'));
  expect(sum((r) => r.likes)).toBe(total('likes'));
  expect(sum((r) => r.comments)).toBe(total('comments'));
  // Revenue has 3 decimals in this file: thousandths x 1,000 is exact integer arithmetic.
  const thousandths = column('estimatedRevenue').reduce<number>((s, v) => s + Math.round(Number(v) * 1000), 0);
  expect(sum((r) => r.estimatedRevenueMicros)).toBe(thousandths * 1000);
  expect(rows.map((r) => r.date)).toEqual(column('day'));
});

it('an empty result (rows omitted) is no rows, not an error', () => {
  expect(
    toAnalyticsDailyRows(
      {
        kind: 'youtubeAnalytics#resultTable',
        columnHeaders: raw.columnHeaders.slice(0, 2).map((h, i) => ({ ...h, columnType: i ? 'METRIC' : 'DIMENSION', dataType: 'STRING' })),
      },
      { channelId: CHANNEL },
    ),
  ).toEqual([]);
});

const table = (headers: [string, 'DIMENSION' | 'METRIC'][], rows: unknown[][]) => ({
  kind: 'youtubeAnalytics#resultTable',
  columnHeaders: headers.map(([name, columnType]) => ({ name, columnType, dataType: 'INTEGER' })),
  rows,
});

it('keeps negative net likes, per country, and refuses impossible values with the row number', () => {
  const headers: [string, 'DIMENSION' | 'METRIC'][] = [
    ['day', 'DIMENSION'],
    ['country', 'DIMENSION'],
    ['views', 'METRIC'],
    ['likes', 'METRIC'],
  ];
  const rows = toAnalyticsDailyRows(
    table(headers, [
      ['2024-06-01', 'US', 10, -1],
      ['2024-06-02', 'ZZ', 4, -3],
    ]),
    { channelId: CHANNEL },
  );
  expect(rows.map((r) => [r.countryCode, r.likes, r.subscribersGained])).toEqual([
    ['US', -1, null],
    ['ZZ', -3, null],
  ]);
  expect(() =>
    toAnalyticsDailyRows(
      table(headers, [
        ['2024-06-01', 'US', 10, 1],
        ['2024-06-02', 'US', -4, 0],
      ]),
      { channelId: CHANNEL },
    ),
  ).toThrow('reports.query: row 2: views: -4 is negative');
  expect(() =>
    toAnalyticsDailyRows(
      table(
        [
          ['month', 'DIMENSION'],
          ['views', 'METRIC'],
        ],
        [],
      ),
      { channelId: CHANNEL },
    ),
  ).toThrow('reports.query: the day dimension is missing');
  expect(() => toAnalyticsDailyRows({ columnHeaders: [] }, { channelId: CHANNEL })).toThrow(/^reports\.query: kind: /);
});

it('maps ageGroup x gender viewerPercentage to our groups', () => {
  const response = {
    kind: 'youtubeAnalytics#resultTable',
    columnHeaders: [
      { name: 'ageGroup', columnType: 'DIMENSION', dataType: 'STRING' },
      { name: 'gender', columnType: 'DIMENSION', dataType: 'STRING' },
      { name: 'viewerPercentage', columnType: 'METRIC', dataType: 'FLOAT' },
    ],
    rows: [
      ['age18-24', 'female', 4.1],
      ['age65-', 'male', 2.9],
      ['age25-34', 'user_specified', 0.2],
    ],
  };
  expect(toAnalyticsDemographics(response)).toEqual([
    { ageGroup: '18-24', gender: 'female', viewerPercentage: 4.1 },
    { ageGroup: '65+', gender: 'male', viewerPercentage: 2.9 },
    { ageGroup: '25-34', gender: 'user_specified', viewerPercentage: 0.2 },
  ]);
  expect(toAnalyticsDemographics({ ...response, rows: undefined })).toEqual([]);
});
