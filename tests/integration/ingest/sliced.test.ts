// A file larger than a slice of rows: staged slice by slice, applied whole or not at all, sums exact.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { importFiles } from '../../../src/server/ingest/load/import-files';
import { basicCsv, type BasicLine } from './basic-builder';
import { all, createNetwork, encode, HOUR, load, NOW } from './support';

const A = 'UC2vW_-qeIhF1ESszzuH2pyw';
const B = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const DAYS = ['20260920', '20260921', '20260922', '20260923', '20260924', '20260925'];
/**
 * Rows per slice here: each day has 8 rows, so the file's 48 rows are staged in five slices that end
 * inside days and inside channels (rows 10 and 11 are channel A's on the second day, as are 8 and 9).
 */
const SLICE_ROWS = 10;

/** 8 rows a day: two channels, two videos, two countries, distinct values everywhere. */
function lines(days: readonly string[], scale = 1): BasicLine[] {
  return days.flatMap((day, d) =>
    [A, B].flatMap((channel, c) =>
      ['aaaaaaaaaaa', 'bbbbbbbbbbb'].flatMap((video, v) =>
        ['US', 'FR'].map((country, k) => ({
          day,
          channel,
          video,
          country,
          views: scale * (1000 * (d + 1) + 100 * c + 10 * v + k + 1),
          likes: d + c + v + k,
          watch: 2.25 * (d + 1) + 0.5 * k,
        })),
      ),
    ),
  );
}

const isoDay = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;

/** Sums per (channel, day) and per (channel, day, country) computed from the CSV lines alone. */
function expected(rows: readonly BasicLine[]) {
  const daily = new Map<string, { views: number; likes: number; watch: number }>();
  const country = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.channel}|${isoDay(r.day)}`;
    const sums = daily.get(key) ?? { views: 0, likes: 0, watch: 0 };
    sums.views += r.views;
    sums.likes += r.likes ?? 0;
    sums.watch += r.watch ?? 0;
    daily.set(key, sums);
    const ck = `${key}|${r.country ?? 'US'}`;
    country.set(ck, (country.get(ck) ?? 0) + r.views);
  }
  return {
    daily: [...daily].map(([key, s]) => ({ key, views: s.views, likes: s.likes, watch: Math.round(s.watch) })).sort(byKey),
    country: [...country].map(([key, views]) => ({ key, views })).sort(byKey),
  };
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

async function stored() {
  const daily = await all<{ key: string; views: number; likes: number; watch: number }>(
    `SELECT c.youtube_id || '|' || d.day AS key, d.views, d.likes, d.watch_time_minutes AS watch
     FROM channel_daily AS d JOIN channels AS c ON c.id = d.channel_id`,
  );
  const country = await all<{ key: string; views: number }>(
    `SELECT c.youtube_id || '|' || d.day || '|' || d.country_code AS key, d.views
     FROM channel_country_daily AS d JOIN channels AS c ON c.id = d.channel_id`,
  );
  return { daily: daily.sort(byKey), country: country.sort(byKey) };
}

/** Everything an import may touch that a reader could see. */
async function visible(): Promise<Record<string, unknown[]>> {
  const tables = [
    'channels',
    'channel_daily',
    'channel_country_daily',
    'video_daily',
    'video_country_daily',
    'report_files',
    'report_slices',
    'rollup_pending',
  ];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await all(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return out;
}

const staged = () => all<{ n: number }>('SELECT count(*) AS n FROM import_staged');

/** The database, failing the batches `fail` picks (by their position and size). */
function failingDb(fail: (call: number, statements: number) => boolean): { db: D1Database; calls: () => number } {
  let calls = 0;
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          calls += 1;
          if (fail(calls, statements.length)) throw new Error('D1_ERROR: the connection was lost');
          return target.batch(statements);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, calls: () => calls };
}

it('stages a file of several slices of rows and stores exactly the sums of its rows, each total rounded once', async () => {
  const rows = lines(DAYS);
  const { calls, db } = failingDb(() => false);
  const { files } = await importFiles(db, [{ name: 'channel_basic_a3_week.csv', bytes: encode(basicCsv(rows)) }], {
    now: NOW,
    sliceRows: SLICE_ROWS,
  });
  expect(files[0]).toMatchObject({ status: 'loaded', rows: 48, channels: 2 });
  // Five slices staged, then one batch that applies them.
  expect(calls()).toBe(6);
  // Channel A's second day has 19 minutes of watch time in rows of 4.5 and 5.0, split 9.5 + 9.5 between
  // two slices: rounded per slice that would be 20.
  expect(expected(rows).daily.find((d) => d.key === `${A}|2026-09-21`)?.watch).toBe(19);
  expect(await stored()).toEqual(expected(rows));
  expect(await all('SELECT count(*) AS n FROM report_slices')).toEqual([{ n: 2 * DAYS.length }]);
  expect(await staged()).toEqual([{ n: 0 }]);
});

it('sums a file in any order of days and channels, a slice of rows at a time, to the same figures', async () => {
  const rows = lines(DAYS);
  // Day order broken: the last day's rows first, then the rest backwards by channel.
  const shuffled = [...rows.filter((r) => r.day === DAYS[5]), ...rows.filter((r) => r.day !== DAYS[5]).reverse()];
  const { files } = await load([['channel_basic_a3_shuffled.csv', basicCsv(shuffled)]], { sliceRows: SLICE_ROWS });
  expect(files[0]).toMatchObject({ status: 'loaded', rows: 48, days: DAYS.map(isoDay) });
  expect(await stored()).toEqual(expected(rows));
  expect(await staged()).toEqual([{ n: 0 }]);
});

it('a bad row in a late slice rejects the file with its line and changes nothing', async () => {
  await load([['channel_basic_a3_first.csv', basicCsv(lines(DAYS.slice(0, 3)))]]);
  const before = await visible();
  // A re-issue of all six days (it would replace three), with a bad value on its last line.
  const text = basicCsv(lines(DAYS, 2)).replace(/,12224,12224,(?=[^\n]*\n$)/, ',12224,12O24,');
  expect(text).toContain('12O24');
  const { files } = await load([['channel_basic_a3_reissue.csv', text]], { sliceRows: SLICE_ROWS });
  expect(files[0]).toMatchObject({
    status: 'rejected',
    reason: 'channel_basic_a3_reissue.csv:49: column engaged_views: "12O24" is not a whole number',
  });
  expect(await visible()).toEqual(before);
  expect(await staged()).toEqual([{ n: 0 }]);
});

it('a failure while staging, or of the applying batch, changes nothing', async () => {
  await load([['channel_basic_a3_first.csv', basicCsv(lines(DAYS.slice(0, 3))), NOW - 2 * HOUR]]);
  const before = await visible();
  const issued = { at: NOW - HOUR, from: 'operator' } as const;
  const reissue = [{ name: 'channel_basic_a3_reissue.csv', bytes: encode(basicCsv(lines(DAYS, 2))), issued }];
  // The second slice's staging batch fails mid-file.
  const midFile = failingDb((call) => call === 2);
  await expect(importFiles(midFile.db, reissue, { now: NOW, sliceRows: SLICE_ROWS })).rejects.toThrow('the connection was lost');
  expect(await visible()).toEqual(before);
  expect(await staged()).toEqual([{ n: 0 }]);
  // The applying batch (the only one of more than a few statements) fails after every slice was staged.
  const applying = failingDb((_call, statements) => statements > 8);
  await expect(importFiles(applying.db, reissue, { now: NOW, sliceRows: SLICE_ROWS })).rejects.toThrow('the connection was lost');
  expect(applying.calls()).toBe(6);
  expect(await visible()).toEqual(before);
  expect(await staged()).toEqual([{ n: 0 }]);
  // The same file then loads, and replaces the three days it shares with the first.
  const { files } = await importFiles(env.DB, reissue, { now: NOW, sliceRows: SLICE_ROWS });
  expect(files[0]).toMatchObject({ status: 'replaced' });
  expect(await stored()).toEqual(expected(lines(DAYS, 2)));
});

it('an applying batch that finds a staged part missing fails whole', async () => {
  const rows = lines(DAYS);
  // Another import removing this one's staged rows as stale (a clock far ahead) between two slices.
  const { db } = failingDb((call) => {
    if (call === 3) void env.DB.prepare('DELETE FROM import_staged WHERE seq = 1').run();
    return false;
  });
  await expect(
    importFiles(db, [{ name: 'channel_basic_a3_week.csv', bytes: encode(basicCsv(rows)) }], { now: NOW, sliceRows: SLICE_ROWS }),
  ).rejects.toThrow(/CHECK constraint failed/);
  expect(await all('SELECT count(*) AS n FROM channel_daily')).toEqual([{ n: 0 }]);
  expect(await all('SELECT count(*) AS n FROM report_files')).toEqual([{ n: 0 }]);
  expect(await staged()).toEqual([{ n: 0 }]);
});

it('a staged file writes format rows that add up to each channel day, watch time rounded once per day', async () => {
  const network = await createNetwork();
  // bbbbbbbbbbb is a Short (40 s): each day's two formats then have watch times like 9.5 + 9.5 = 19.
  const metadata = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id,time_published
bbbbbbbbbbb,${A},A,Short,40,,2026/01/01 00:00:00
`;
  await load([['content_owner_video_metadata_a4_x.csv', metadata]], { networkId: network });
  const rows = lines(DAYS);
  const { files } = await load([['channel_basic_a3_formats.csv', basicCsv(rows)]], { sliceRows: SLICE_ROWS, networkId: network });
  expect(files[0]).toMatchObject({ status: 'loaded', rows: 48 });
  const views = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.channel}|${isoDay(r.day)}|${r.video === 'bbbbbbbbbbb' ? 'short' : 'full'}`;
    views.set(key, (views.get(key) ?? 0) + r.views);
  }
  const formats = await all<{ key: string; views: number }>(
    `SELECT c.youtube_id || '|' || f.day || '|' || f.video_type AS key, f.views
     FROM channel_format_daily AS f JOIN channels AS c ON c.id = f.channel_id`,
  );
  expect(formats.sort(byKey)).toEqual([...views].map(([key, v]) => ({ key, views: v })).sort(byKey));
  const sums = await all<{ key: string; views: number; likes: number; watch: number }>(
    `SELECT c.youtube_id || '|' || f.day AS key, sum(f.views) AS views, sum(f.likes) AS likes, sum(f.watch_time_minutes) AS watch
     FROM channel_format_daily AS f JOIN channels AS c ON c.id = f.channel_id GROUP BY f.channel_id, f.day`,
  );
  expect(sums.sort(byKey)).toEqual(expected(rows).daily);
  expect(await staged()).toEqual([{ n: 0 }]);
});
