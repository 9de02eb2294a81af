// Hourly trend charts per country: videos enter, climb to a peak, fade out; positions 1..50 every hour.
import type { Context } from './calendar';
import { compareText } from './dates';
import { HOURS_PER_DAY, SECONDS_PER_HOUR } from '../../../src/lib/dates/time';
import { languageProfile } from './geo';
import { uniqueId, videoId } from './ids';
import { previewUrl } from './images';
import { description, videoTitle } from './names';
import { chance, createRng, int, logNormal, normal, poisson, sample, uniform, weightedSampler, type Rng } from './prng';
import type { TaggedRecord, TrendPositionRecord, TrendVideoRecord } from './records';

export const TREND_CHART_SIZE = 50;
/** Hours simulated before the first stored hour, so the first hour already has a full, settled chart. */
const WARMUP_HOURS = 96;
const ARRIVALS_PER_HOUR = 1.6;
const SHARED_HIT_CHANCE = 0.25;
/** A video leaves the race this many decay times after its peak (under 5 % of its peak score). */
const FADE_DECAYS = 3;

export interface TrendChannel {
  id: number;
  title: string;
  countryCode: string | null;
  languageCode: string | null;
  categoryId: number | null;
  subscribers: number;
}

interface TrendVideo {
  record: TrendVideoRecord;
  publishedHour: number;
  totalViews: number;
  tau: number;
  likeRate: number;
  commentRate: number;
  dislikeRatio: number;
}

interface Entry {
  video: TrendVideo;
  arrival: number;
  affinity: number;
  peak: number;
  rise: number;
  decay: number;
}

function score(rng: Rng, entry: Entry, hour: number): number {
  const t = hour - entry.arrival + 1;
  const shape = t < entry.rise ? Math.pow(t / entry.rise, 1.5) : Math.exp(-(t - entry.rise) / entry.decay);
  return entry.peak * entry.affinity * shape * Math.exp(normal(rng, 0, 0.05));
}

function counters(video: TrendVideo, hour: number): { views: number; likes: number; dislikes: number; comments: number } {
  const views = Math.round(video.totalViews * (1 - Math.exp(-Math.max(0, hour - video.publishedHour) / video.tau)));
  const likes = Math.round(views * video.likeRate);
  return { views, likes, dislikes: Math.round(likes * video.dislikeRatio), comments: Math.round(views * video.commentRate) };
}

/** Trend countries sharing the language of a video's channel get its hits too. */
function siblings(countries: readonly string[], language: string | null, home: string): string[] {
  if (language === null) return [];
  const homes = languageProfile(language).homes;
  return countries.filter((code) => code !== home && (homes[code] ?? 0) > 0);
}

/** trend_videos rows, then trend_positions rows, for scale.trendCountries over scale.trendDays. */
export function* generateTrends(ctx: Context, channels: TrendChannel[]): Generator<TaggedRecord> {
  const rng = createRng(ctx.seed, 'trends');
  const countries = ctx.scale.trendCountries;
  const hours = ctx.scale.trendDays * HOURS_PER_DAY;
  const samplers = new Map(
    countries.map((code) => {
      const local = channels.filter((channel) => channel.countryCode === code);
      return [code, weightedSampler(local.length > 0 ? local : channels, (channel) => Math.pow(channel.subscribers, 0.7))];
    }),
  );
  const ids = new Set<string>();
  const active = new Map<string, Entry[]>(countries.map((code) => [code, []]));
  const makeVideo = (channel: TrendChannel, hour: number): TrendVideo => ({
    record: {
      videoId: uniqueId(ids, () => videoId(rng)),
      channelId: channel.id,
      videoTitle: videoTitle(rng, 'full', channel.title),
      description: description(rng, channel.title),
      thumbnailUrl: previewUrl(rng),
      categoryId: channel.categoryId,
      publishedAt: 0,
      viewCount: 0,
      likeCount: null,
      dislikeCount: null,
      commentCount: null,
    },
    publishedHour: hour - int(rng, 1, 10),
    totalViews: logNormal(rng, 800_000, 0.9),
    tau: uniform(rng, 24, 96),
    likeRate: uniform(rng, 0.02, 0.06),
    commentRate: uniform(rng, 0.001, 0.005),
    dislikeRatio: uniform(rng, 0.01, 0.05),
  });
  const enter = (video: TrendVideo, country: string, arrival: number, affinity: number) => {
    const entry = { video, arrival, affinity, peak: logNormal(rng, 1, 0.5), rise: uniform(rng, 2, 8), decay: uniform(rng, 12, 48) };
    active.get(country)?.push(entry);
  };
  const shown = new Map<string, TrendVideo>();
  const positions: TrendPositionRecord[] = [];
  const previous = new Map<string, Map<string, number>>(countries.map((code) => [code, new Map()]));
  const best = new Map<string, Map<string, number>>(countries.map((code) => [code, new Map()]));
  for (let hour = -WARMUP_HOURS; hour < hours; hour++) {
    for (const country of countries) {
      for (let n = poisson(rng, ARRIVALS_PER_HOUR); n > 0; n--) {
        const channel = (samplers.get(country) as (r: Rng) => TrendChannel)(rng);
        const video = makeVideo(channel, hour);
        enter(video, country, hour, 1);
        if (chance(rng, SHARED_HIT_CHANCE)) {
          for (const other of sample(rng, siblings(countries, channel.languageCode, country), int(rng, 1, 3))) {
            enter(video, other, hour + int(rng, 0, 8), uniform(rng, 0.5, 1.1));
          }
        }
      }
    }
    for (const country of countries) {
      const entries = (active.get(country) ?? []).filter((e) => hour - e.arrival <= e.rise + FADE_DECAYS * e.decay);
      active.set(country, entries);
      const chart = entries
        .filter((e) => e.arrival <= hour)
        .map((e) => ({ e, s: score(rng, e, hour) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, TREND_CHART_SIZE);
      const before = previous.get(country) as Map<string, number>;
      const bestSoFar = best.get(country) as Map<string, number>;
      const now = new Map<string, number>();
      chart.forEach(({ e }, index) => {
        const id = e.video.record.videoId;
        const position = index + 1;
        now.set(id, position);
        bestSoFar.set(id, Math.min(position, bestSoFar.get(id) ?? position));
        if (hour < 0) return;
        shown.set(id, e.video);
        positions.push({
          countryCode: country,
          hour: ctx.calendar.firstTrendHour + hour * SECONDS_PER_HOUR,
          position,
          videoId: id,
          ...counters(e.video, hour),
          previousPosition: before.get(id) ?? null,
          bestPosition: bestSoFar.get(id) ?? position,
        });
      });
      previous.set(country, now);
    }
  }
  for (const video of shown.values()) {
    const latest = counters(video, hours - 1);
    video.record.publishedAt = ctx.calendar.firstTrendHour + video.publishedHour * SECONDS_PER_HOUR + int(rng, 0, 3599);
    Object.assign(video.record, {
      viewCount: latest.views,
      likeCount: latest.likes,
      dislikeCount: latest.dislikes,
      commentCount: latest.comments,
    });
    yield { table: 'trend_videos', row: video.record };
  }
  // Primary key order (country, hour, position): appending is much faster than inserting all over the B-tree.
  positions.sort((a, b) => compareText(a.countryCode, b.countryCode) || a.hour - b.hour || a.position - b.position);
  for (const row of positions) yield { table: 'trend_positions', row };
}
