// A partner channel's day-by-day figures per video type: growth, weekly and yearly seasons, noise, viral spikes.
import type { Context } from './calendar';
import { dayOfYear, monthOfYear, weekday } from './dates';
import { AD_SEASON, TYPE_FACTORS, VIDEO_TYPES, WEEKLY_VIEWS, type PartnerChannel } from './model';
import { createRng, logNormal, normal, poisson, uniform, type Rng } from './prng';
import type { Metrics, VideoType } from './records';
import { SECONDS_PER_MINUTE } from '../../../src/lib/dates/time';

const VIRAL_SPIKES_PER_YEAR = 2.5;
const DRIFT_MEMORY = 0.97;
const DRIFT_STEP = 0.025;
const MICROS_PER_USD = 1_000_000;

export type TypeMetrics = Record<VideoType, Metrics>;

export interface ChannelSeries {
  /** Day number of days[0]. */
  firstDay: number;
  days: TypeMetrics[];
}

/** Zero metrics. */
export function emptyMetrics(): Metrics {
  return {
    views: 0,
    watchTimeMinutes: 0,
    likes: 0,
    dislikes: 0,
    comments: 0,
    shares: 0,
    subscribersGained: 0,
    subscribersLost: 0,
    partnerRevenueMicros: 0,
  };
}

/** Adds b into a. */
export function addMetrics(a: Metrics, b: Metrics): Metrics {
  a.views += b.views;
  a.watchTimeMinutes += b.watchTimeMinutes;
  a.likes += b.likes;
  a.dislikes += b.dislikes;
  a.comments += b.comments;
  a.shares += b.shares;
  a.subscribersGained += b.subscribersGained;
  a.subscribersLost += b.subscribersLost;
  a.partnerRevenueMicros += b.partnerRevenueMicros;
  return a;
}

/** The days a partner channel is simulated over: facts and public history both read from it. */
function seriesRange(ctx: Context): { first: number; last: number } {
  return { first: Math.min(ctx.calendar.firstFactDay, ctx.calendar.historyStart - 1), last: ctx.calendar.lastSnapshotDay };
}

function spikes(rng: Rng, first: number, last: number): { day: number; size: number; decay: number }[] {
  const count = poisson(rng, (VIRAL_SPIKES_PER_YEAR * (last - first + 1)) / 365);
  return Array.from({ length: count }, () => ({
    day: first + Math.floor(rng.next() * (last - first + 1)),
    size: logNormal(rng, 0.8, 0.6),
    decay: uniform(rng, 3, 12),
  }));
}

function typeMetrics(rng: Rng, channel: PartnerChannel, type: VideoType, views: number, day: number, avgRpm: number): Metrics {
  if (views === 0) return emptyMetrics();
  const m = channel.model;
  const f = TYPE_FACTORS[type];
  const noisy = (value: number, sd: number) => value * Math.exp(normal(rng, 0, sd));
  const likes = noisy(views * m.likeRate * f.likes, 0.1);
  const gained = Math.round(noisy(views * m.subRate * f.subs, 0.12));
  const usd = noisy((views / 1000) * avgRpm * f.rpm * m.rpmFactor * (AD_SEASON[monthOfYear(day) - 1] ?? 1), 0.08);
  return {
    views,
    watchTimeMinutes: Math.round(noisy((views * m.avdSeconds[type]) / SECONDS_PER_MINUTE, 0.05)),
    likes: Math.round(likes),
    // Net of removals, so small days can go below zero.
    dislikes: Math.round(likes * m.dislikeRatio + normal(rng, 0, 0.7)),
    comments: Math.round(noisy(views * m.commentRate * f.comments, 0.15)),
    shares: Math.round(noisy(views * m.shareRate * f.shares, 0.15)),
    subscribersGained: gained,
    subscribersLost: Math.round(noisy(gained * m.lostRatio, 0.2)),
    partnerRevenueMicros: Math.round(usd * MICROS_PER_USD),
  };
}

/** First day of each video type on the channel (from its cells). */
function typeStarts(channel: PartnerChannel): Record<VideoType, number> {
  const starts: Record<VideoType, number> = { full: Infinity, short: Infinity, live: Infinity };
  for (const cell of channel.cells) starts[cell.type] = Math.min(starts[cell.type], cell.fromDay);
  return starts;
}

/** The channel's figures for every day of seriesRange(ctx); the same seed always gives the same series. */
export function simulateChannel(ctx: Context, channel: PartnerChannel): ChannelSeries {
  const { first, last } = seriesRange(ctx);
  const rng = createRng(ctx.seed, 'series', channel.record.id);
  const m = channel.model;
  const events = spikes(rng, first, last);
  const starts = typeStarts(channel);
  const avgRpm = m.countries.reduce((sum, country) => sum + country.share * country.rpm, 0);
  let drift = 0;
  const days: TypeMetrics[] = [];
  for (let day = first; day <= last; day++) {
    drift = DRIFT_MEMORY * drift + normal(rng, 0, DRIFT_STEP);
    const spike = events.reduce((sum, e) => (day >= e.day ? sum + e.size * Math.exp(-(day - e.day) / e.decay) : sum), 0);
    const yearly = 1 + 0.05 * Math.cos((2 * Math.PI * (dayOfYear(day) - 359)) / 365.25);
    const level =
      m.baseViews *
      Math.exp((m.growthPerYear * (day - ctx.calendar.lastFactDay)) / 365) *
      (WEEKLY_VIEWS[weekday(day)] ?? 1) *
      yearly *
      Math.exp(drift + normal(rng, 0, 0.06)) *
      (1 + spike);
    const total = Math.max(0, Math.round(level));
    const short = day >= starts.short ? Math.round(total * m.shortsShare) : 0;
    const live = day >= starts.live ? Math.round(total * m.liveShare) : 0;
    const views: Record<VideoType, number> = { full: total - short - live, short, live };
    const metrics = {} as TypeMetrics;
    for (const type of VIDEO_TYPES) metrics[type] = typeMetrics(rng, channel, type, views[type], day, avgRpm);
    days.push(metrics);
  }
  return { firstDay: first, days };
}
