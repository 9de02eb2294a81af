// Backfills replace a day's rows, the same content twice changes nothing, gzip and a BOM are the same file.
import { describe, expect, it } from 'vitest';
import { syntheticChannelBasicA3 } from '../../../src/server/ingest/parse/test-support/synthetic';
import { readRawCsv } from '../../../src/server/ingest/parse/test-support/raw-csv';
import { basicCsv } from './basic-builder';
import { all, channelIdOf, gzip, HOUR, isoDay, load, NOW, snapshotDatabase } from './support';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const ROWS = 400;

/** views, likes and subscribers gained per day, summed from the raw text. */
function sumsByDay(text: string): Map<string, [number, number, number]> {
  const raw = readRawCsv(text);
  const out = new Map<string, [number, number, number]>();
  raw.rows.forEach((_, i) => {
    const day = isoDay(raw.column('date')[i] ?? '');
    const sums = out.get(day) ?? [0, 0, 0];
    sums[0] += Number(raw.column('views')[i]);
    sums[1] += Number(raw.column('likes')[i]);
    sums[2] += Number(raw.column('subscribers_gained')[i]);
    out.set(day, sums);
  });
  return out;
}

async function storedByDay(): Promise<Map<string, [number, number, number]>> {
  const rows = await all<{ day: string; views: number; likes: number; subscribers_gained: number }>(
    'SELECT day, views, likes, subscribers_gained FROM channel_daily ORDER BY day',
  );
  return new Map(rows.map((r) => [r.day, [r.views, r.likes, r.subscribers_gained]]));
}

/** When YouTube issued the original reports, and their re-issues a day later. */
const ISSUED = NOW - 48 * HOUR;
const REISSUED = NOW - 24 * HOUR;

describe('a re-issued report', () => {
  const first = syntheticChannelBasicA3(ROWS, 1).csv;
  const second = syntheticChannelBasicA3(ROWS, 2).csv;

  it('replaces the days it covers: totals equal the second file only', async () => {
    const a = await load([['channel_basic_a3_20260301.csv', first, ISSUED]]);
    expect(a.files[0]?.status).toBe('loaded');
    const b = await load([['channel_basic_a3_20260301_backfill.csv', second, REISSUED]]);
    expect(b.files[0]).toMatchObject({ status: 'replaced', days: ['2026-03-01', '2026-03-02', '2026-03-03'] });
    expect(await storedByDay()).toEqual(sumsByDay(second));
    const country = await all<{ views: number }>('SELECT sum(views) AS views FROM channel_country_daily');
    expect(country[0]?.views).toBe([...sumsByDay(second).values()].reduce((s, v) => s + v[0], 0));
    const id = await channelIdOf(CHANNEL);
    expect(b.changedDays).toEqual(['2026-03-01', '2026-03-02', '2026-03-03'].map((day) => ({ channelId: id, day })));
  });

  it('for one day leaves the other days alone and drops rows that no longer exist', async () => {
    const day1 = basicCsv([
      { day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', country: 'US', views: 100, likes: 4 },
      { day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', country: 'FR', views: 30 },
      { day: '20260302', channel: CHANNEL, video: 'aaaaaaaaaaa', country: 'US', views: 50 },
    ]);
    const reissue = basicCsv([{ day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', country: 'US', views: 90, likes: 1 }]);
    await load([['channel_basic_a3_a.csv', day1, ISSUED]]);
    const { files } = await load([['channel_basic_a3_b.csv', reissue, REISSUED]]);
    expect(files[0]?.status).toBe('replaced');
    expect(await storedByDay()).toEqual(
      new Map([
        ['2026-03-01', [90, 1, 0]],
        ['2026-03-02', [50, 0, 0]],
      ]),
    );
    const countries = await all<{ day: string; country_code: string; views: number }>(
      'SELECT day, country_code, views FROM channel_country_daily ORDER BY day, country_code',
    );
    expect(countries).toEqual([
      { day: '2026-03-01', country_code: 'US', views: 90 },
      { day: '2026-03-02', country_code: 'US', views: 50 },
    ]);
  });

  it('loaded again after a newer file (A, B, A) changes nothing: content is applied once', async () => {
    await load([['a.csv', first, ISSUED]]);
    await load([['b.csv', second, REISSUED]]);
    const again = await load([['a.csv', first, ISSUED]]);
    expect(again.files[0]?.status).toBe('unchanged');
    expect(await storedByDay()).toEqual(sumsByDay(second));
  });
});

describe('the same content again', () => {
  const text = syntheticChannelBasicA3(ROWS, 3).csv;

  it('is unchanged and leaves every table exactly as it was', async () => {
    await load([['channel_basic_a3_20260301.csv', text]]);
    const before = await snapshotDatabase();
    const again = await load([['channel_basic_a3_20260301.csv', text]]);
    expect(again.files[0]).toMatchObject({ status: 'unchanged', rows: ROWS, channels: 1 });
    expect(again.changedDays).toEqual([]);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it('gzipped, with a byte-order mark or under another name is the same file', async () => {
    const first = await load([['channel_basic_a3_20260301.csv.gz', await gzip(text)]]);
    expect(first.files[0]?.status).toBe('loaded');
    expect(await storedByDay()).toEqual(sumsByDay(text));
    const before = await snapshotDatabase();
    const { files } = await load([
      ['channel_basic_a3_copy.csv', `\uFEFF${text}`],
      ['channel_basic_a3_plain.csv', text],
    ]);
    expect(files.map((f) => f.status)).toEqual(['unchanged', 'unchanged']);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it('with a byte-order mark loads like the plain file', async () => {
    const { files } = await load([['channel_basic_a3_bom.csv', `\uFEFF${text}`]]);
    expect(files[0]).toMatchObject({ status: 'loaded', rows: ROWS });
    expect(await storedByDay()).toEqual(sumsByDay(text));
  });
});

describe('edge files', () => {
  it('a header-only file is valid: no activity, nothing written but the file itself', async () => {
    const header = `${syntheticChannelBasicA3(0).csv}`;
    const { files, changedDays } = await load([['channel_basic_a3_20260301.csv', header]]);
    expect(files[0]).toMatchObject({ status: 'loaded', rows: 0, days: [], channels: 0 });
    expect(changedDays).toEqual([]);
    expect(await all('SELECT name, rows FROM report_files')).toEqual([{ name: 'channel_basic_a3_20260301.csv', rows: 0 }]);
    expect(await all('SELECT * FROM channel_daily')).toEqual([]);
  });

  it('stores a country code the countries table does not know as ZZ, merged with ZZ rows', async () => {
    await load([
      [
        'channel_basic_a3_q.csv',
        basicCsv([
          { day: '20260301', channel: CHANNEL, country: 'QQ', views: 5 },
          { day: '20260301', channel: CHANNEL, country: 'ZZ', views: 2 },
        ]),
      ],
    ]);
    expect(await all('SELECT country_code, views FROM channel_country_daily')).toEqual([{ country_code: 'ZZ', views: 7 }]);
  });
});
