// The demo's videos summed from the report files' text alone: what video_daily and video_country_daily must
// hold, computed without the importer's code.
import { reportText } from './report-text';
import { isoDay } from './tiny-demo';

/** video_daily's columns the demo's reports fill, in the order expectedVideos gives their sums. */
export const VIDEO_METRICS = [
  'views',
  'watch_time_minutes',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribers_gained',
  'subscribers_lost',
  'engaged_views',
  'partner_revenue_micros',
  'impressions',
  'impression_clicks',
] as const;

type Metric = (typeof VIDEO_METRICS)[number];

/** A report's column by name. */
function columns(header: string): (line: readonly string[], name: string) => string {
  const names = header.split(',');
  return (line, name) => {
    const at = names.indexOf(name);
    if (at < 0) throw new Error(`no column ${name} in ${header}`);
    return line[at] ?? '';
  };
}

/** '12.345678' (the demo writes six decimals) as micro-USD, read digit by digit. */
function microsOf(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
  return negative ? -value : value;
}

export interface ExpectedVideos {
  /** 'channel|day|video' (channel: its YouTube id, or UGC for claimed copies) -> VIDEO_METRICS' sums, watch time rounded after summing. */
  videos: Map<string, number[]>;
  /** 'channel|day|video|country' (countries outside the table as ZZ) -> views. */
  countries: Map<string, number>;
  /** 'channel|day' -> views of the basic rows without a video. */
  withoutVideo: Map<string, number>;
  /** Estimated revenue rows without a video. */
  revenueWithoutVideo: number;
}

/**
 * Sums the basic (content_owner_basic_a4), estimated revenue and reach reports per (channel, day, video) and
 * per (channel, day, video, country); keys all of whose sums are zero are left out, as the tables leave them.
 */
export function expectedVideos(world: Parameters<typeof reportText>[0], countries: ReadonlySet<string>): ExpectedVideos {
  const sums = new Map<string, number[]>();
  const add = (key: string, metric: Metric, value: number) => {
    const row = sums.get(key) ?? VIDEO_METRICS.map(() => 0);
    row[VIDEO_METRICS.indexOf(metric)] = (row[VIDEO_METRICS.indexOf(metric)] ?? 0) + value;
    sums.set(key, row);
  };
  const byCountry = new Map<string, number>();
  const withoutVideo = new Map<string, number>();
  const basic = reportText(world, 'content_owner_basic_a4');
  const cell = columns(basic.header);
  for (const line of basic.rows) {
    const channel = cell(line, 'uploader_type') === 'thirdParty' ? 'UGC' : cell(line, 'channel_id');
    const day = `${channel}|${isoDay(cell(line, 'date'))}`;
    const video = cell(line, 'video_id');
    const views = Number(cell(line, 'views'));
    if (video === '') {
      withoutVideo.set(day, (withoutVideo.get(day) ?? 0) + views);
      continue;
    }
    const key = `${day}|${video}`;
    for (const metric of VIDEO_METRICS.slice(0, 9)) add(key, metric, Number(cell(line, metric)));
    const code = cell(line, 'country_code');
    const country = `${key}|${countries.has(code) ? code : 'ZZ'}`;
    byCountry.set(country, (byCountry.get(country) ?? 0) + views);
  }
  const revenue = reportText(world, 'content_owner_estimated_revenue_a1');
  const money = columns(revenue.header);
  let revenueWithoutVideo = 0;
  for (const line of revenue.rows) {
    const channel = money(line, 'uploader_type') === 'thirdParty' ? 'UGC' : money(line, 'channel_id');
    const video = money(line, 'video_id');
    if (video === '') revenueWithoutVideo++;
    else
      add(
        `${channel}|${isoDay(money(line, 'date'))}|${video}`,
        'partner_revenue_micros',
        microsOf(money(line, 'estimated_partner_revenue')),
      );
  }
  // Reach reports name own videos only; clicks are impressions × CTR, a whole click per row.
  const reach = reportText(world, 'content_owner_reach_basic_a1');
  const seen = columns(reach.header);
  for (const line of reach.rows) {
    const key = `${seen(line, 'channel_id')}|${isoDay(seen(line, 'date'))}|${seen(line, 'video_id')}`;
    const impressions = Number(seen(line, 'video_thumbnail_impressions'));
    add(key, 'impressions', impressions);
    add(key, 'impression_clicks', Math.round(impressions * Number(seen(line, 'video_thumbnail_impressions_ctr'))));
  }
  const videos = new Map<string, number[]>();
  for (const [key, row] of sums) {
    const rounded = row.map(Math.round);
    if (rounded.some((v) => v !== 0)) videos.set(key, rounded);
  }
  return { videos, countries: new Map([...byCountry].filter(([, views]) => views !== 0)), withoutVideo, revenueWithoutVideo };
}
