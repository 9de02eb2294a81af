// The real channel_basic samples load with every total equal to the raw file's own sums.
import { describe, expect, it } from 'vitest';
import seed from '../../fixtures/youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv?raw';
import fivetran from '../../fixtures/youtube/reporting_csv/fivetran_youtube_channel_basic_data.first200.csv?raw';
import { readRawCsv } from '../../../src/server/ingest/parse/test-support/raw-csv';
import { all, channelIdOf, isoDay, load, one } from './support';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';

describe.each([
  ['channel_basic_a2_20210727.csv', seed],
  ['youtube_channel_basic_data.csv', fivetran],
])('%s', (name, text) => {
  const raw = readRawCsv(text);
  const days = [...new Set(raw.column('date').map(isoDay))].sort();
  /** Sum of a column over the raw rows that match. */
  const sum = (column: string, where: (i: number) => boolean) => raw.column(column).reduce((s, v, i) => (where(i) ? s + Number(v) : s), 0);
  const onDay = (day: string) => (i: number) => isoDay(raw.column('date')[i] ?? '') === day;

  it('loads every row into channel_daily with the raw sums per day', async () => {
    const { files, changedDays } = await load([[name, text]]);
    expect(files[0]).toMatchObject({ status: 'loaded', reportType: 'channel_basic_a2', rows: raw.rows.length, days, channels: 1 });
    const id = await channelIdOf(CHANNEL);
    expect(changedDays).toEqual(days.map((day) => ({ channelId: id, day })));
    const stored = await all<Record<string, number | string>>('SELECT * FROM channel_daily WHERE channel_id = ? ORDER BY day', id);
    expect(stored.map((r) => r.day)).toEqual(days);
    for (const row of stored) {
      const day = String(row.day);
      expect(row.views).toBe(sum('views', onDay(day)));
      expect(row.likes).toBe(sum('likes', onDay(day)));
      expect(row.comments).toBe(sum('comments', onDay(day)));
      expect(row.subscribers_gained).toBe(sum('subscribers_gained', onDay(day)));
      // Watch time is rounded once, after summing the day's rows.
      expect(row.watch_time_minutes).toBe(Math.round(sum('watch_time_minutes', onDay(day))));
    }
  });

  it('puts views by country into channel_country_daily', async () => {
    await load([[name, text]]);
    const id = await channelIdOf(CHANNEL);
    for (const day of days) {
      const stored = await all<{ country_code: string; views: number }>(
        'SELECT country_code, views FROM channel_country_daily WHERE channel_id = ? AND day = ?',
        id,
        day,
      );
      const expected = new Map<string, number>();
      raw.column('country_code').forEach((cc, i) => {
        if (onDay(day)(i)) expected.set(cc, (expected.get(cc) ?? 0) + Number(raw.column('views')[i]));
      });
      const storedViews = new Map(stored.map((s) => [s.country_code, s.views]));
      // Every country with views is there with the raw sum; a country whose every metric is zero may be left out.
      for (const [cc, views] of expected) if (views > 0) expect(storedViews.get(cc)).toBe(views);
      for (const [cc, views] of storedViews) expect(views).toBe(expected.get(cc));
      expect(stored.reduce((s, r) => s + r.views, 0)).toBe(sum('views', onDay(day)));
    }
  });

  it('creates the unknown channel without a network, titled by its id until something names it', async () => {
    await load([[name, text]]);
    const channel = await one<Record<string, unknown>>('SELECT * FROM channels WHERE youtube_id = ?', CHANNEL);
    expect(channel).toMatchObject({ title: CHANNEL, title_provisional: 1, network_id: null, is_ugc: 0 });
    // No video has a title yet, so the title grain stays empty.
    expect(await all('SELECT * FROM channel_title_daily')).toEqual([]);
  });
});
