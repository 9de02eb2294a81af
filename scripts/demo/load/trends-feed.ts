// Trend charts as mostPopular pages per country and hour, loaded through the Data API trends loader.
import { loadTrendCharts, type TrendChart } from '../../../src/server/ingest/api-load';
import { toTrendPositions } from '../../../src/server/ingest/parse';
import { unixSeconds } from '../generate/dates';
import type { TrendPositionRecord, TrendVideoRecord } from '../generate/records';
import { generateTrends, type TrendChannel } from '../generate/trends';
import type { World } from '../generate/world';
import { mostPopularPage, type TrendChartInput } from '../formats/trends-list';
import type { FileSink } from './sink';

/** Charts per loader call (one D1 batch of two statements per chart). */
const CHARTS_PER_CALL = 480;

/** Generates the charts from the tracked channels and loads them oldest hour first; returns positions stored. */
export async function loadTrends(db: D1Database, world: World, trendChannels: TrendChannel[], sink: FileSink): Promise<number> {
  const videos = new Map<string, TrendVideoRecord>();
  const charts: TrendChartInput[] = [];
  let chart: { country: string; hour: number; positions: TrendPositionRecord[] } | null = null;
  for (const record of generateTrends(world.ctx, trendChannels)) {
    if (record.table === 'trend_videos') videos.set(record.row.videoId, record.row);
    if (record.table !== 'trend_positions') continue;
    const p = record.row;
    if (!chart || chart.country !== p.countryCode || chart.hour !== p.hour) {
      chart = { country: p.countryCode, hour: p.hour, positions: [] };
      charts.push(chart);
    }
    chart.positions.push(p);
  }
  charts.sort((a, b) => a.hour - b.hour || (a.country < b.country ? -1 : 1));
  const channels = new Map(
    [...world.partnerChannels, ...world.publicChannels].flatMap((c) =>
      c.record.youtubeId === null ? [] : [[c.record.id, { youtubeId: c.record.youtubeId, title: c.record.title }] as const],
    ),
  );
  const now = unixSeconds(world.ctx.calendar.today);
  let stored = 0;
  for (let i = 0; i < charts.length; i += CHARTS_PER_CALL) {
    const batch = charts.slice(i, i + CHARTS_PER_CALL).map((input): TrendChart => {
      const page = mostPopularPage(input, videos, channels);
      if (sink.active) sink.append(`data-api/videos.list_mostPopular/${input.country}.ndjson`, JSON.stringify(page));
      return {
        country: input.country,
        hour: input.hour,
        positions: toTrendPositions(page, { regionCode: input.country, startPosition: 1 }).positions,
      };
    });
    stored += (await loadTrendCharts(db, batch, now)).positions;
  }
  return stored;
}
