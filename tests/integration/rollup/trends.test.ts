// Trend previous and best positions: from the hour before and all earlier hours of the same country.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { rebuildAllRollups, refreshRollups } from '../../../src/server/ingest/rollup/index';
import { createChannel, dump, insertRows, type Row } from './factory';

const HOUR = 3600;
const H0 = Date.UTC(2026, 0, 1) / 1000;
const VIDEOS = ['vid00000001', 'vid00000002', 'vid00000003', 'vid00000004', 'vid00000005', 'vid00000006'];
type Charts = Record<string, string[][]>;

// Index = hour after H0; each list is the chart from position 1. v1 leaves US at hour 2 and returns at 3.
const CHARTS: Charts = {
  US: [
    [0, 1, 2],
    [1, 0, 3],
    [3, 1, 4],
    [0, 3, 1],
    [4, 0, 5],
  ].map((chart) => chart.map((i) => VIDEOS[i] as string)),
  GB: [
    [0, 2],
    [2, 0],
  ].map((chart) => chart.map((i) => VIDEOS[i] as string)),
};

/** Chart rows with placeholder previous (NULL) and best (= position) values. */
function chartRows(country: string, hourIndex: number, chart: string[]): Row[] {
  return chart.map((videoId, i) => ({
    country_code: country,
    hour: H0 + hourIndex * HOUR,
    position: i + 1,
    video_id: videoId,
    views: 1000 * (i + 1),
    previous_position: null,
    best_position: i + 1,
  }));
}

async function seed(): Promise<void> {
  const channelId = await createChannel();
  await insertRows(
    'trend_videos',
    VIDEOS.map((videoId) => ({ video_id: videoId, channel_id: channelId, video_title: videoId, published_at: H0 - HOUR })),
  );
  for (const [country, hours] of Object.entries(CHARTS)) {
    for (const [h, chart] of hours.entries()) await insertRows('trend_positions', chartRows(country, h, chart));
  }
}

/** Every row as it should be: previous = position an hour before, best = best so far (this hour included). */
function expected(charts: Charts): Row[] {
  const rows: Row[] = [];
  for (const country of Object.keys(charts).sort()) {
    const hours = charts[country] ?? [];
    hours.forEach((chart, h) =>
      chart.forEach((videoId, i) => {
        const before = (hours[h - 1] ?? []).indexOf(videoId);
        const seen = hours
          .slice(0, h + 1)
          .map((c) => c.indexOf(videoId))
          .filter((p) => p >= 0);
        rows.push({
          country_code: country,
          hour: H0 + h * HOUR,
          position: i + 1,
          video_id: videoId,
          previous_position: before >= 0 ? before + 1 : null,
          best_position: Math.min(...seen) + 1,
        });
      }),
    );
  }
  return rows;
}

const positions = async () =>
  (await dump('trend_positions', 'country_code, hour, position')).map(
    ({ country_code, hour, position, video_id, previous_position, best_position }) => ({
      country_code,
      hour,
      position,
      video_id,
      previous_position,
      best_position,
    }),
  );
const touched = (charts: Charts) =>
  Object.entries(charts).flatMap(([country, hours]) => hours.map((_, h) => ({ country, hour: H0 + h * HOUR })));

describe('trend positions', () => {
  it('take previous positions from the hour before and best positions from every hour so far', async () => {
    await seed();
    await refreshRollups(env.DB, { trendHours: touched(CHARTS) });
    const rows = await positions();
    expect(rows).toEqual(expected(CHARTS));
    // v1 came back at hour 3: not on the chart the hour before, best still its first-hour 1.
    expect(rows.find((r) => r.country_code === 'US' && r.hour === H0 + 3 * HOUR && r.video_id === VIDEOS[0])).toMatchObject({
      position: 1,
      previous_position: null,
      best_position: 1,
    });
  });

  it('after one hour is replaced, refreshing that hour fixes it, the next hour and later rows; equals a rebuild', async () => {
    await seed();
    await refreshRollups(env.DB, { trendHours: touched(CHARTS) });
    const changed: Charts = {
      ...CHARTS,
      US: CHARTS.US?.map((chart, h) => (h === 1 ? ([VIDEOS[4], VIDEOS[1], VIDEOS[0]] as string[]) : chart)) ?? [],
    };
    await env.DB.prepare("DELETE FROM trend_positions WHERE country_code = 'US' AND hour = ?")
      .bind(H0 + HOUR)
      .run();
    await insertRows('trend_positions', chartRows('US', 1, changed.US?.[1] ?? []));
    const report = await refreshRollups(env.DB, { trendHours: [{ country: 'US', hour: H0 + HOUR }] });
    expect(report.statements).toBe(1);
    const incremental = await positions();
    expect(incremental).toEqual(expected(changed));
    // v5 reached position 1 at hour 1: its later best positions follow.
    expect(incremental.filter((r) => r.video_id === VIDEOS[4] && r.country_code === 'US').map((r) => r.best_position)).toEqual([1, 1, 1]);
    await rebuildAllRollups(env.DB);
    expect(await positions()).toEqual(incremental);
  });

  it('leave other countries and hours alone', async () => {
    await seed();
    await refreshRollups(env.DB, { trendHours: [{ country: 'US', hour: H0 + 3 * HOUR }] });
    const rows = await positions();
    // GB was not touched: its placeholders stay (best = position, no previous).
    expect(rows.filter((r) => r.country_code === 'GB').every((r) => r.previous_position === null && r.best_position === r.position)).toBe(
      true,
    );
    const fixed = rows.filter((r) => r.country_code === 'US' && Number(r.hour) >= H0 + 3 * HOUR);
    expect(fixed).toEqual(expected(CHARTS).filter((r) => r.country_code === 'US' && Number(r.hour) >= H0 + 3 * HOUR));
  });
});
