// parseReport against the real fixtures, with every expectation recomputed from the raw files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReport, type ParsedReport } from './csv-report';
import { basicRowSchema } from './families/basic';
import { demographicsRowSchema } from './families/demographics';
import { readRawCsv } from './test-support/raw-csv';

const CSV_DIR = path.resolve(import.meta.dirname, '../../../..', 'tests/fixtures/youtube/reporting_csv');
const read = (name: string) => readFileSync(path.join(CSV_DIR, name));

function basicRows(report: ParsedReport) {
  if (report.family !== 'basic') throw new Error(`expected basic, got ${report.family}`);
  return report.rows;
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe.each([
  ['channel_basic_a2.from_fivetran_seed.csv', 'channel_basic_a2'],
  ['fivetran_youtube_channel_basic_data.first200.csv', 'channel_basic_a2'],
])('basic fixture %s', (file, type) => {
  const raw = readRawCsv(read(file).toString('utf8'));

  it(`is ${type} with every row, totals equal to the raw file's sums`, async () => {
    const report = await parseReport(file, read(file), { schemaEveryRow: true });
    const rows = basicRows(report);
    expect(report.type).toBe(type);
    expect(rows).toHaveLength(raw.rows.length);
    expect(report.lineCount).toBe(raw.rows.length + 1);
    expect(sum(rows.map((r) => r.views))).toBe(raw.sum('views'));
    expect(sum(rows.map((r) => r.likes))).toBe(raw.sum('likes'));
    expect(sum(rows.map((r) => r.comments))).toBe(raw.sum('comments'));
    expect(sum(rows.map((r) => r.subscribersGained))).toBe(raw.sum('subscribers_gained'));
    expect(sum(rows.map((r) => r.watchTimeMinutes))).toBeCloseTo(raw.sum('watch_time_minutes'), 9);
    const byCountry = new Map<string, number>();
    for (const r of rows) byCountry.set(r.countryCode, (byCountry.get(r.countryCode) ?? 0) + r.views);
    expect(byCountry).toEqual(raw.sumBy('country_code', 'views'));
    expect(report.dates).toEqual(
      [...new Set(raw.column('date').map((d) => d.replaceAll('-', '')))]
        .sort()
        .map((d) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`),
    );
  });

  it('keeps channel-level rows (empty video_id) and ZZ, and every record fits the schema', async () => {
    const rows = basicRows(await parseReport(file, read(file)));
    const emptyVideo = raw.column('video_id').filter((v) => v === '').length;
    expect(emptyVideo).toBeGreaterThan(0);
    expect(rows.filter((r) => r.videoId === null)).toHaveLength(emptyVideo);
    expect(rows.filter((r) => r.countryCode === 'ZZ')).toHaveLength(raw.column('country_code').filter((c) => c === 'ZZ').length);
    for (const row of rows) expect(basicRowSchema.safeParse(row).success).toBe(true);
  });
});

it('the Fivetran layout (alphabetical, YYYY-MM-DD, _fivetran columns) gives the same records as the YouTube layout', async () => {
  const youtube = basicRows(await parseReport('a.csv', read('channel_basic_a2.from_fivetran_seed.csv')));
  const fivetran = basicRows(await parseReport('b.csv', read('fivetran_youtube_channel_basic_data.first200.csv')));
  // The two files hold overlapping samples of the same seed: compare the rows both have.
  const key = (r: (typeof youtube)[number]) => [r.date, r.videoId, r.liveOrOnDemand, r.subscribedStatus, r.countryCode].join('|');
  const theirs = new Map(fivetran.map((r) => [key(r), r]));
  const shared = youtube.filter((r) => theirs.has(key(r)));
  expect(shared.length).toBeGreaterThan(150);
  for (const r of shared) expect(theirs.get(key(r))).toEqual(r);
});

describe.each(['channel_demographics_a1.from_fivetran_seed.csv', 'fivetran_youtube_channel_demographics_data.csv'])(
  'demographics fixture %s',
  (file) => {
    it('parses every row with our age groups and genders', async () => {
      const raw = readRawCsv(read(file).toString('utf8'));
      const report = await parseReport(file, read(file), { schemaEveryRow: true });
      if (report.family !== 'demographics') throw new Error(report.family);
      expect(report.type).toBe('channel_demographics_a1');
      expect(report.rows).toHaveLength(raw.rows.length);
      expect(sum(report.rows.map((r) => r.viewsPercentage))).toBeCloseTo(raw.sum('views_percentage'), 9);
      const expectAge = (source: string) => (source === 'AGE_65_' ? '65+' : source.slice(4).replace('_', '-'));
      const expectGender = (source: string) => ({ MALE: 'male', FEMALE: 'female' })[source] ?? 'user_specified';
      report.rows.forEach((r, i) => {
        expect(r.ageGroup).toBe(expectAge(raw.column('age_group')[i] ?? ''));
        expect(r.gender).toBe(expectGender(raw.column('gender')[i] ?? ''));
        expect(demographicsRowSchema.safeParse(r).success).toBe(true);
      });
      expect(report.rows.some((r) => r.ageGroup === '65+')).toBe(true);
      expect(report.rows.filter((r) => r.gender === 'user_specified').length).toBe(
        raw.column('gender').filter((g) => g === 'GENDER_OTHER' || g === 'USER_SPECIFIED').length,
      );
    });
  },
);

it('refuses the Fivetran flattened videos.list table: not a YouTube report, and says what it saw', async () => {
  const file = path.join(CSV_DIR, '../data_api/fivetran_youtube_video_data_flattened.csv');
  await expect(parseReport('youtube_video_data.csv', readFileSync(file))).rejects.toThrow(
    /^youtube_video_data\.csv:1: unknown report type: .*columns seen: id, fivetran_synced, content_details_caption/,
  );
});
