// Public counters as channels.list pages for every snapshot day, through the Data API loader; the history imported before tracking began.
import { loadSnapshotPages, type SnapshotPage } from '../../../src/server/ingest/api-load';
import { chunkStatements } from '../../../src/server/ingest/load/json-chunks';
import { toChannelSnapshots } from '../../../src/server/ingest/parse';
import { partnerActivity, publicActivity } from '../generate/activity';
import type { Calendar } from '../generate/calendar';
import { isoDate, monthStart, unixSeconds } from '../generate/dates';
import { dailyCounters, publicRows, type DailyActivity } from '../generate/public-series';
import type { ChannelRecord } from '../generate/records';
import type { TrendChannel } from '../generate/trends';
import type { World } from '../generate/world';
import { channelsListPages, type ChannelCounters } from '../formats/channels-list';
import { PAGE_SIZE } from '../formats/data-api';
import type { FileSink } from './sink';

/** Snapshot rows per loader call (one D1 batch). */
const SNAPSHOTS_PER_CALL = 20_000;

// ?1 [youtube id, month, subscribers, views, videos, monthly views, monthly subs, watch time, earnings].
const HISTORY = `INSERT INTO channel_history_monthly (channel_id, month, subscriber_count, view_count, video_count,
  monthly_views, monthly_subs, watch_time_minutes, earnings_micros)
SELECT c.id, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8
FROM json_each(?1) AS j JOIN channels AS c ON c.youtube_id = j.value ->> 0`;

/**
 * The days channels.list is read for: the last day of every history month before the daily window
 * (the rollups grow each month from the month before), then every day of the window.
 */
export function snapshotDays(calendar: Calendar): number[] {
  const days: number[] = [];
  for (const start of calendar.historyMonths) {
    const end = monthStart(start, 1) - 1;
    if (end < calendar.firstSnapshotDay) days.push(end);
  }
  for (let day = calendar.firstSnapshotDay; day <= calendar.lastSnapshotDay; day++) days.push(day);
  return days;
}

interface Tracked {
  record: ChannelRecord;
  activity: () => DailyActivity;
}

export interface PublicFeed {
  /** Tracked channels in the generator's order, with subscribers now: what the trend charts draw from. */
  trendChannels: TrendChannel[];
  snapshots: number;
  pages: number;
}

/**
 * Loads every tracked channel's snapshots (partner channels first, as the generator orders them),
 * 50 channels a page, many pages per call. The oldest history month is written as imported history:
 * it has no earlier snapshot to grow from, and the rollups take public channels' watch time and
 * earnings rates from it.
 */
export async function loadPublicSnapshots(db: D1Database, world: World, sink: FileSink): Promise<PublicFeed> {
  const { ctx } = world;
  const tracked: Tracked[] = [
    ...world.partnerChannels
      .filter((c) => c.record.isUgc === 0)
      .map((c) => ({ record: c.record, activity: () => partnerActivity(ctx, c, world.videos.get(c.record.id) ?? []) })),
    ...world.publicChannels.map((c) => ({ record: c.record, activity: () => publicActivity(ctx, c) })),
  ];
  const days = snapshotDays(ctx.calendar);
  const now = unixSeconds(ctx.calendar.today);
  const feed: PublicFeed = { trendChannels: [], snapshots: 0, pages: 0 };
  let pages: SnapshotPage[] = [];
  let history: string[] = [];
  let pending = 0;
  const send = async () => {
    feed.snapshots += (await loadSnapshotPages(db, pages, now)).snapshots;
    await db.batch(chunkStatements(db, HISTORY, history));
    pages = [];
    history = [];
    pending = 0;
  };
  for (let i = 0; i < tracked.length; i += PAGE_SIZE) {
    const group = tracked.slice(i, i + PAGE_SIZE).map(({ record, activity }) => {
      const series = activity();
      const rows = publicRows(ctx, series);
      const first = rows.history[0];
      if (first && record.youtubeId) {
        history.push(
          JSON.stringify([
            record.youtubeId,
            first.month,
            first.subscriberCount,
            first.viewCount,
            first.videoCount,
            first.monthlyViews,
            first.monthlySubs,
            first.watchTimeMinutes,
            first.earningsMicros,
          ]),
        );
      }
      feed.trendChannels.push({
        id: record.id,
        title: record.title,
        countryCode: record.countryCode,
        languageCode: record.languageCode,
        categoryId: record.categoryId,
        subscribers: rows.periods[rows.periods.length - 1]?.subscriberCount ?? 0,
      });
      return { record, series, counters: dailyCounters(series) };
    });
    for (const day of days) {
      const on = group.map(({ record, series, counters }): ChannelCounters => {
        const at = day - series.firstDay;
        return { record, subscribers: counters.subs[at] ?? 0, views: counters.views[at] ?? 0, videos: counters.videos[at] ?? 0 };
      });
      for (const page of channelsListPages(isoDate(day), on)) {
        if (sink.active) sink.append(`data-api/channels.list/${isoDate(day)}.ndjson`, JSON.stringify(page));
        pages.push({ day: isoDate(day), snapshots: toChannelSnapshots(page) });
        feed.pages += 1;
        pending += page.items.length;
      }
    }
    if (pending >= SNAPSHOTS_PER_CALL) await send();
  }
  if (pending > 0) await send();
  return feed;
}
