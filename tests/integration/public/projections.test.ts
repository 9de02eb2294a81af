// The channel page's projections from real local storage: the last 90 days of a channel's snapshots (older
// ones and other channels' left out), fitted independently here by the textbook least-squares sums.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { getProjections } from '../../../src/server/public/channel';
import { publicContext } from '../../../src/server/public/context';
import { HttpError } from '../../../src/server/http/errors';
import { daysBetween, insertRows } from '../rollup/factory';

const DAYS = daysBetween('2026-06-01', '2026-11-20');
// Subscribers: +40 a day with a weekly bump; views: faster at weekends; a different channel far bigger.
const subsAt = (i: number) => 20_000 + 40 * i + (i % 7 === 0 ? 25 : 0);
const viewsAt = (i: number) => 3_000_000 + 9_000 * i + 4_000 * Math.floor((i + 2) / 7);

async function channel(youtubeId: string): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO channels (youtube_id, title, thumbnail_url, banner_url, created_at) VALUES (?, ?, '', '', 1700000000) RETURNING id`,
  )
    .bind(youtubeId, youtubeId)
    .first<{ id: number }>();
  return row!.id;
}

/** Slope of y on x by n·Σxy − Σx·Σy over n·Σx² − (Σx)², x in days. */
function slope(ys: number[]): number {
  const n = ys.length;
  let sx = 0;
  let sy = 0;
  let sxy = 0;
  let sxx = 0;
  ys.forEach((y, x) => {
    sx += x;
    sy += y;
    sxy += x * y;
    sxx += x * x;
  });
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

const MAIN = 'UCprojection000000000001';

beforeEach(async () => {
  const main = await channel(MAIN);
  const other = await channel('UCprojection000000000002');
  await insertRows(
    'channel_snapshots',
    DAYS.flatMap((day, i) => [
      { channel_id: main, day, subscriber_count: subsAt(i), view_count: viewsAt(i), video_count: 10 },
      { channel_id: other, day, subscriber_count: 9_000_000 - i, view_count: 1e9, video_count: 99 },
    ]),
  );
});

describe('channel projections', () => {
  it('fits the last 90 days of the channel and carries its latest counts on', async () => {
    const p = await getProjections(publicContext(env), MAIN);
    const last = DAYS.length - 1;
    const window = DAYS.map((_, i) => i).slice(-90);
    const subsSlope = slope(window.map(subsAt));
    const viewsSlope = slope(window.map(viewsAt));
    expect(p.subscribers!.fit).toEqual({ first: DAYS[last - 89], last: '2026-11-20', points: 90 });
    expect(p.subscribers!.perDay).toBeCloseTo(subsSlope, 6);
    expect(p.views!.perDay).toBeCloseTo(viewsSlope, 6);
    expect(p.subscribers!.values.map((v) => [v.day, v.value])).toEqual([
      ['2026-12-20', Math.round(subsAt(last) + 30 * subsSlope)],
      ['2027-02-18', Math.round(subsAt(last) + 90 * subsSlope)],
      ['2027-11-20', Math.round(subsAt(last) + 365 * subsSlope)],
    ]);
    expect(p.views!.values.map((v) => v.value)).toEqual([30, 90, 365].map((h) => Math.round(viewsAt(last) + h * viewsSlope)));
    for (const v of [...p.subscribers!.values, ...p.views!.values]) {
      expect(v.low).toBeLessThanOrEqual(v.value);
      expect(v.high).toBeGreaterThanOrEqual(v.value);
    }
  });

  it('projects nothing for a channel with under two weeks of counts, and 404s an unknown one', async () => {
    const young = await channel('UCprojection000000000003');
    await insertRows(
      'channel_snapshots',
      DAYS.slice(-5).map((day, i) => ({ channel_id: young, day, subscriber_count: 10 + i, view_count: 100 + i, video_count: 1 })),
    );
    expect(await getProjections(publicContext(env), 'UCprojection000000000003')).toEqual({ subscribers: null, views: null });
    await expect(getProjections(publicContext(env), 'UCprojection000000000009')).rejects.toBeInstanceOf(HttpError);
  });
});
