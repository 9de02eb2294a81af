// /trends.csv, /trend/channel/{id}/positions.csv and /trend/video/{id}/hours.csv: the rows of the page
// they stand for, computed here from the chart rows the test stored, on a pinned clock; the pages' fallbacks
// and 404s, the hourly limit, a formula-looking video title defused.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryName } from '../../../src/lib/formats/flags';
import { publicContext } from '../../../src/server/public/context';
import { PUBLIC_CSV_PER_HOUR } from '../../../src/server/public/csv/download';
import { trendChannelCsv, trendVideoCsv } from '../../../src/server/public/csv/trend-pages';
import { trendsCsv } from '../../../src/server/public/csv/trends';
import { insertRows } from '../rollup/factory';
import { column, DEFUSED, expectHourlyLimit, expectRefusal, HOSTILE, NOW, readCsv, request, url } from './csv-download';

const HOUR = 3600;
/** The request clock: 2026-03-20 12:00 UTC. The charts are two days before it (15:00 and 16:00 at UTC+3). */
const CLOCK = new Date(Date.UTC(2026, 2, 20, 12));
const H0 = CLOCK.getTime() / 1000 - 48 * HOUR;
const H1 = H0 + HOUR;
const DAY = '2026-03-18';
const ctx = () => publicContext(env, CLOCK);
const channelA = `UC${'a'.repeat(22)}`;
const channelB = `UC${'b'.repeat(22)}`;
const video = (i: number) => `vid${String(i).padStart(8, '0')}`;

interface Chart {
  country: string;
  hour: number;
  position: number;
  video: string;
  views: number;
  previous: number | null;
}
const charts: Chart[] = [];
/** Videos 0–2 are channel A's, the rest channel B's; video 0's title looks like a formula. No two of A's videos share a best position in a country on a day (the page would show either). */
const ownerOf = (v: string) => (Number(v.slice(3)) < 3 ? channelA : channelB);
const viewsAt = (v: string, hour: number) => 1000 * Number(v.slice(3)) + (hour - H0) / 6;

function chart(country: string, hour: number, videos: string[]): void {
  videos.forEach((v, i) => {
    const previous = charts.find((c) => c.country === country && c.hour === hour - HOUR && c.video === v)?.position ?? null;
    charts.push({ country, hour, position: i + 1, video: v, views: viewsAt(v, hour), previous });
  });
}

beforeAll(async () => {
  const ids: Record<string, number> = {};
  for (const key of [channelA, channelB]) {
    const row = await env.DB.prepare('INSERT INTO channels (youtube_id, title, created_at) VALUES (?, ?, 1700000000) RETURNING id')
      .bind(key, `Channel ${key.slice(2, 3)}`)
      .first<{ id: number }>();
    ids[key] = row!.id;
  }
  const all = Array.from({ length: 55 }, (_, i) => video(i));
  await insertRows(
    'trend_videos',
    all.map((v, i) => ({
      video_id: v,
      channel_id: ids[ownerOf(v)]!,
      video_title: i === 0 ? HOSTILE : `Video ${i}`,
      published_at: H0 - HOUR,
    })),
  );
  chart('US', H0, all);
  chart('US', H1, [video(9), video(2), video(0)]);
  chart('GB', H0, [video(1), video(0)]);
  chart('GB', H1, [video(5), video(0)]);
  await insertRows(
    'trend_positions',
    charts.map((c) => ({
      country_code: c.country,
      hour: c.hour,
      position: c.position,
      video_id: c.video,
      views: c.views,
      previous_position: c.previous,
      best_position: c.position,
    })),
  );
});

describe('/trends as CSV', () => {
  const trends = (query: string, ip = '10.3.0.1', at = NOW) => trendsCsv(ctx(), request(ip), url(`/trends.csv${query}`), at);
  const chartOf = (country: string, hour: number) => charts.filter((c) => c.country === country && c.hour === hour);

  it('gives the chart page of the country and hour, 50 videos a page', async () => {
    const first = await readCsv(await trends(`?country=US&hour=${H0}`), 'viewdeck-trends-US-2026-03-18-15h-page-1.csv');
    const us = chartOf('US', H0);
    expect(column(first, 'Video id')).toEqual(us.slice(0, 50).map((c) => c.video));
    expect(column(first, 'Views at the hour').map(Number)).toEqual(us.slice(0, 50).map((c) => c.views));
    expect(column(first, 'Channel id')).toEqual(us.slice(0, 50).map((c) => ownerOf(c.video)));
    expect(column(first, 'Video')[0]).toBe(DEFUSED);
    const second = await readCsv(await trends(`?country=US&day=${DAY}&time=15&page=2`));
    expect(column(second, 'Position').map(Number)).toEqual([51, 52, 53, 54, 55]);
    const later = await readCsv(await trends(`?country=US&day=${DAY}&time=16`));
    expect(column(later, 'Video id')).toEqual(chartOf('US', H1).map((c) => c.video));
    expect(column(later, 'Position an hour before')).toEqual(chartOf('US', H1).map((c) => String(c.previous ?? '')));
    const gb = await readCsv(await trends(`?country=GB&hour=${H0}`));
    expect(column(gb, 'Video id')).toEqual(chartOf('GB', H0).map((c) => c.video));
  });

  it('falls back where the page does (it refuses no URL): an unknown country shows the United States', async () => {
    const fallback = await readCsv(await trends(`?country=XX&hour=${H1}`));
    expect(column(fallback, 'Video id')).toEqual(chartOf('US', H1).map((c) => c.video));
  });

  it(`refuses the download after ${PUBLIC_CSV_PER_HOUR} in an hour`, async () => {
    await expectHourlyLimit((ip, at) => trends(`?country=GB&hour=${H0}`, ip, at), '10.3.0.2');
  });
});

describe('a trend channel page as CSV', () => {
  const positions = (id: string, query = '', ip = '10.3.0.3', at = NOW) =>
    trendChannelCsv(ctx(), request(ip), url(`/trend/channel/${id}/positions.csv${query}`), id, at);

  it('gives the best position of each day and country with the video that held it', async () => {
    const csv = await readCsv(await positions(channelA, '?country_trends=US,GB'), `viewdeck-trend-channel-${channelA}-now.csv`);
    const best = (country: string) =>
      charts.filter((c) => c.country === country && ownerOf(c.video) === channelA).sort((a, b) => a.position - b.position)[0]!;
    expect(csv.rows).toEqual(
      ['GB', 'US'].map((code) => [
        DAY,
        countryName(code),
        String(best(code).position),
        best(code).video === video(0) ? DEFUSED : `Video ${Number(best(code).video.slice(3))}`,
        best(code).video,
      ]),
    );
    const usOnly = await readCsv(await positions(channelA, '?country_trends=US'));
    expect(column(usOnly, 'Country')).toEqual([countryName('US')]);
  });

  it('answers the page 404 for a channel that never charted or a malformed id, as text', async () => {
    await expectRefusal(await positions(`UC${'c'.repeat(22)}`), 404, /No channel has the id UCc+ on the trends charts/);
    await expectRefusal(await positions('not-a-channel'), 404, /No channel has the id not-a-channel/);
  });

  it(`refuses the download after ${PUBLIC_CSV_PER_HOUR} in an hour`, async () => {
    await expectHourlyLimit((ip, at) => positions(channelA, '', ip, at), '10.3.0.4');
  });
});

describe('a trend video page as CSV', () => {
  const hours = (id: string, query = '', ip = '10.3.0.5', at = NOW) =>
    trendVideoCsv(ctx(), request(ip), url(`/trend/video/${id}/hours.csv${query}`), id, at);

  it('gives the hourly table, newest first, with the position in each chosen country and the views', async () => {
    const csv = await readCsv(await hours(video(0), '?country_trends=US,GB'), `viewdeck-trend-video-${video(0)}-hours.csv`);
    const at = (country: string, hour: number) =>
      charts.find((c) => c.country === country && c.hour === hour && c.video === video(0))?.position;
    expect(column(csv, 'Time (UTC+3)')).toEqual([`${DAY} 16:00`, `${DAY} 15:00`]);
    expect(column(csv, `Position in ${countryName('US')}`).map(Number)).toEqual([at('US', H1), at('US', H0)]);
    expect(column(csv, `Position in ${countryName('GB')}`).map(Number)).toEqual([at('GB', H1), at('GB', H0)]);
    expect(column(csv, 'Views').map(Number)).toEqual([viewsAt(video(0), H1), viewsAt(video(0), H0)]);
    expect(column(csv, 'Views change')).toEqual([String(viewsAt(video(0), H1) - viewsAt(video(0), H0)), '']);
  });

  it('answers the page 404 for a video that never charted, as text', async () => {
    await expectRefusal(await hours('neverCharts'), 404, /No trending video has the id neverCharts/);
  });

  it(`refuses the download after ${PUBLIC_CSV_PER_HOUR} in an hour`, async () => {
    await expectHourlyLimit((ip, at) => hours(video(1), '', ip, at), '10.3.0.6');
  });
});
