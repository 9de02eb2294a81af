// One channel-day of generated facts as report lines: basic rows by video x country, revenue rows the same way.
import type { ChannelDayFacts } from '../generate/facts';
import { METRICS, type Metrics, type VideoType } from '../generate/records';
import { couple, type CouplingSpec } from './coupling';
import type { PartnerVideos, SliceVideo } from './partner-videos';
import { reachLine } from './reach-line';
import { trafficLines } from './traffic-lines';
import { channelTerms } from './search-terms';

/** The basic report's metrics (revenue has a report of its own), in this order in the coupled amounts. */
const BASIC_METRICS = METRICS.filter((key) => key !== 'partnerRevenueMicros');

const BASIC_SPEC: CouplingSpec = {
  nonNegative: [0, 1, 4, 5, 6, 7],
  // Likes and dislikes are net counts: a report row may carry a negative one.
  signed: [2, 3],
  path: 0,
};
const REVENUE_SPEC: CouplingSpec = { nonNegative: [0], signed: [], path: 0 };
const TYPE_ORDER: readonly VideoType[] = ['full', 'short', 'live'];
/** One row in this many is reported as subscribers' views (YouTube splits every key by subscribed status). */
const SUBSCRIBED_EVERY = 4;
/** The day YouTube began counting every start or replay of a Short as a view (engaged views keep the old count). */
export const SHORTS_VIEWS_CHANGE = '2025-03-31';
/** Since that day a Short's engaged views are this share of its views, give or take ENGAGED_SPREAD. */
const ENGAGED_SHARE = 0.65;
const ENGAGED_SPREAD = 0.1;
/** Own uploads are claimed by their owner to be monetized; copies are claimed through Content ID. */
const CLAIMED = 'claimed';

/**
 * A day's rows as CSV text without the date: `basic` keyed by (channel, video, claimed, uploader,
 * live, subscribed, country) then the metrics (engaged views after views); `revenue` by (channel, video, claimed, uploader,
 * country) then the amount in micro-USD; `reach` by (channel, video) then impressions and CTR, for own
 * uploads; `traffic` by (channel, video, …, country, source, detail) then its figures, every video's views of
 * the day by source. mainKey is the basic key with the most views.
 */
export interface DayLines {
  basic: string[];
  reach: string[];
  traffic: string[];
  revenue: Array<[key: string, micros: number]>;
  mainKey: string | null;
}

interface Slice {
  video: SliceVideo;
  type: VideoType | null;
  amounts: number[];
  revenue: number;
}

/**
 * A report row's engaged views: its views, except a Short's since the change, which are 55–75 % of them
 * (the share varies with the row's views and day, so channels and days differ).
 */
export function engagedViewsOf(views: number, type: VideoType | null, day: string): number {
  if (type !== 'short' || day < SHORTS_VIEWS_CHANGE) return views;
  const wobble = ((views * 7919 + Number(day.replaceAll('-', ''))) % 1000) / 1000;
  return Math.floor(views * (ENGAGED_SHARE - ENGAGED_SPREAD + 2 * ENGAGED_SPREAD * wobble));
}

function amountsOf(m: Metrics): number[] {
  return BASIC_METRICS.map((key) => m[key]);
}

/**
 * Title slices (full, Shorts, live; biggest first), then the channel-level slice (channel-page
 * subscribers). Slices reported under the same video (one copy standing for two video types on the
 * UGC channel) are summed into one, so every report row has a key of its own.
 */
function videoSlices(facts: ChannelDayFacts, videos: PartnerVideos): Slice[] {
  const titles = [...facts.titles].sort(
    (a, b) => TYPE_ORDER.indexOf(a.videoType) - TYPE_ORDER.indexOf(b.videoType) || b.views - a.views || a.titleId - b.titleId,
  );
  const slices: Slice[] = [];
  const byVideo = new Map<string, Slice>();
  for (const row of titles) {
    const video = videos.slice(row.titleId, row.videoType, row.day);
    if (!video) throw new Error(`no video for title ${row.titleId} (${row.videoType}) of channel ${row.channelId} on ${row.day}`);
    const key = `${video.channelId}/${video.videoId}/${row.videoType === 'live'}`;
    const seen = byVideo.get(key);
    if (seen) {
      amountsOf(row).forEach((v, m) => {
        seen.amounts[m] = (seen.amounts[m] ?? 0) + v;
      });
      seen.revenue += row.partnerRevenueMicros;
      continue;
    }
    const slice = { video, type: row.videoType, amounts: amountsOf(row), revenue: row.partnerRevenueMicros };
    byVideo.set(key, slice);
    slices.push(slice);
  }
  const rest = amountsOf(facts.total).map((total, m) => total - slices.reduce((sum, s) => sum + (s.amounts[m] ?? 0), 0));
  if (rest.some((v) => v !== 0)) {
    const channel = videos.channelLevel();
    if (!channel)
      throw new Error(`channel ${facts.total.channelId} has channel-level facts on ${facts.total.day} and no channel to report them under`);
    slices.push({ video: channel, type: null, amounts: rest, revenue: 0 });
  }
  return slices;
}

/**
 * The day's basic and revenue rows: every slice of the title grain (as its video) coupled with every
 * country, so the rows sum exactly to the generated channel, country and title grains.
 */
export function dayLines(facts: ChannelDayFacts, videos: PartnerVideos): DayLines {
  const slices = videoSlices(facts, videos);
  // Smallest countries first: measured on the demo network, the metrics' staircases then mostly share
  // their cells (20 rows a channel-day instead of 38 with the biggest first).
  const countries = [...facts.countries].sort((a, b) => a.views - b.views || (a.countryCode < b.countryCode ? -1 : 1));
  const prefixes = slices.map(
    ({ video, type }) => `${video.channelId},${video.videoId},${CLAIMED},${video.uploaderType},${type === 'live' ? 'live' : 'on_demand'},`,
  );
  const lines: string[] = [];
  let mainKey: string | null = null;
  let mainViews = 0;
  // Each slice's biggest country: its traffic rows are reported there (the card is not split by country).
  const topCountry = slices.map(() => ({ code: 'ZZ', views: -1 }));
  // Each slice's engaged views in the basic report: its traffic rows split the same total.
  const engagedOf = slices.map(() => 0);
  couple(
    slices.map((s) => s.amounts),
    countries.map(amountsOf),
    BASIC_SPEC,
    (i, j, a, at) => {
      const subscribed = (i + j) % SUBSCRIBED_EVERY === 0 ? 'subscribed' : 'not_subscribed';
      const key = `${prefixes[i]}${subscribed},${countries[j]?.countryCode ?? 'ZZ'}`;
      const views = a[at] ?? 0;
      const top = topCountry[i];
      if (top && views > top.views) {
        top.views = views;
        top.code = countries[j]?.countryCode ?? 'ZZ';
      }
      const engaged = engagedViewsOf(views, slices[i]?.type ?? null, facts.total.day);
      engagedOf[i] = (engagedOf[i] ?? 0) + engaged;
      lines.push(`${key},${views},${engaged},${a[at + 4]},${a[at + 5]},${a[at + 1]},${a[at + 6]},${a[at + 7]},${a[at + 2]},${a[at + 3]}`);
      if (views > mainViews) {
        mainViews = views;
        mainKey = key;
      }
    },
  );
  const paid = slices.filter((s) => s.type !== null);
  const revenue: Array<[string, number]> = [];
  couple(
    paid.map((s) => [s.revenue]),
    countries.map((c) => [c.partnerRevenueMicros]),
    REVENUE_SPEC,
    (i, j, a, at) => {
      const { video } = paid[i] as Slice;
      revenue.push([
        `${video.channelId},${video.videoId},${CLAIMED},${video.uploaderType},${countries[j]?.countryCode ?? 'ZZ'}`,
        a[at] ?? 0,
      ]);
    },
  );
  const reach = paid.flatMap((s) => {
    const line = s.type === null ? null : reachLine(s.video, s.type, s.amounts[0] ?? 0);
    return line === null ? [] : [line];
  });
  const { record } = videos.channel;
  const terms = channelTerms(String(record.id), record.isUgc === 1 ? null : record.title);
  const traffic = slices.flatMap((s, i) =>
    trafficLines(
      s.video,
      s.type,
      facts.total.day,
      topCountry[i]?.code ?? 'ZZ',
      {
        views: s.amounts[0] ?? 0,
        engagedViews: engagedOf[i] ?? 0,
        watchMinutes: s.amounts[1] ?? 0,
      },
      terms,
    ),
  );
  return { basic: lines, revenue, reach, traffic, mainKey };
}
