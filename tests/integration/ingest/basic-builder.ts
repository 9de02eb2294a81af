// Builds channel_basic_a3 / content_owner_basic_a4 CSV text from a few readable rows, for the importer tests.
import { CHANNEL_BASIC_A3_HEADER } from '../../../src/server/ingest/parse/test-support/synthetic';

export interface BasicLine {
  day: string; // YYYYMMDD
  channel: string;
  video?: string;
  country?: string;
  views: number;
  /** Defaults to the views. */
  engaged?: number;
  likes?: number;
  comments?: number;
  watch?: number;
  gained?: number;
  lost?: number;
  subscribed?: 'subscribed' | 'not_subscribed';
  live?: 'live' | 'on_demand';
  uploader?: 'self' | 'thirdParty';
}

const CHANNEL_COLUMNS = CHANNEL_BASIC_A3_HEADER.split(',');
// content_owner_basic_a4: the content-owner dimensions after video_id (file order per the formats doc).
const OWNER_COLUMNS = [...CHANNEL_COLUMNS.slice(0, 3), 'claimed_status', 'uploader_type', ...CHANNEL_COLUMNS.slice(3)];

function cell(line: BasicLine, column: string): string {
  const values: Record<string, string | number | undefined> = {
    date: line.day,
    channel_id: line.channel,
    video_id: line.video ?? '',
    claimed_status: 'claimed',
    uploader_type: line.uploader ?? 'self',
    live_or_on_demand: line.live ?? 'on_demand',
    subscribed_status: line.subscribed ?? 'not_subscribed',
    country_code: line.country ?? 'US',
    views: line.views,
    engaged_views: line.engaged ?? line.views,
    comments: line.comments ?? 0,
    likes: line.likes ?? 0,
    watch_time_minutes: line.watch ?? 0,
    subscribers_gained: line.gained ?? 0,
    subscribers_lost: line.lost ?? 0,
  };
  return String(values[column] ?? 0);
}

/** A channel report (channel_basic_a3 header) or, with `owner`, a content_owner_basic_a4 one. */
export function basicCsv(lines: BasicLine[], owner = false): string {
  const columns = owner ? OWNER_COLUMNS : CHANNEL_COLUMNS;
  return `${[columns.join(','), ...lines.map((l) => columns.map((c) => cell(l, c)).join(','))].join('\n')}\n`;
}

const OWNER_DEMOGRAPHICS_HEADER =
  'date,channel_id,video_id,claimed_status,uploader_type,live_or_on_demand,subscribed_status,country_code,age_group,gender,views_percentage';

/** content_owner_demographics_a1 text of one channel and day from [video, country, age group, gender, percentage] rows. */
export function ownerDemographicsCsv(day: string, channel: string, rows: Array<[string, string, string, string, number]>): string {
  const lines = rows.map(([video, country, age, gender, share]) =>
    [day, channel, video, 'claimed', 'self', 'on_demand', 'not_subscribed', country, age, gender, share].join(','),
  );
  return `${[OWNER_DEMOGRAPHICS_HEADER, ...lines].join('\n')}\n`;
}

/** content_owner_traffic_source_a3's header: the observed channel_traffic_source_a3 one with the content-owner columns after video_id. */
const OWNER_TRAFFIC_HEADER =
  'date,channel_id,video_id,claimed_status,uploader_type,live_or_on_demand,subscribed_status,country_code,traffic_source_type,' +
  'traffic_source_detail,views,engaged_views,watch_time_minutes,average_view_duration_seconds,average_view_duration_percentage,' +
  'red_views,red_watch_time_minutes';

/**
 * content_owner_traffic_source_a3 text of basic lines: each line's views split between browse features (3, a
 * third, rounded down) and suggested videos (7, the rest), its watch time likewise, so the sources add up to
 * the basic report's views.
 */
export function ownerTrafficCsv(lines: BasicLine[]): string {
  const rows = lines.flatMap((l) => {
    const key = [
      l.day,
      l.channel,
      l.video ?? '',
      'claimed',
      l.uploader ?? 'self',
      l.live ?? 'on_demand',
      'not_subscribed',
      l.country ?? 'US',
    ];
    const browse = Math.floor(l.views / 3);
    const watch = l.watch ?? 0;
    const browseWatch = Math.floor(watch / 3);
    return [
      [...key, 3, '', browse, browse, browseWatch, 60, 30, 0, 0].join(','),
      [...key, 7, 'suggestedv1', l.views - browse, l.views - browse, watch - browseWatch, 60, 30, 0, 0].join(','),
    ];
  });
  return `${[OWNER_TRAFFIC_HEADER, ...rows].join('\n')}\n`;
}
