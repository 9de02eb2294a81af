// Daily activity behind the public counters: simulated for public channels, taken from facts for partner ones.
import type { Context } from './calendar';
import { dayOfYear, weekday } from './dates';
import { SECONDS_PER_DAY, SECONDS_PER_MINUTE } from '../../../src/lib/dates/time';
import { VIDEO_TYPES, WEEKLY_VIEWS, type PartnerChannel } from './model';
import { createRng, logNormal, normal, poisson, uniform } from './prng';
import type { PublicChannel } from './public-channels';
import type { DailyActivity } from './public-series';
import type { VideoRecord } from './records';
import { simulateChannel } from './simulate';

const SPIKES_PER_YEAR = 2;
/** Declining channels lose this share of subscribers per day per unit of negative growth. */
const DECLINE_CHURN_PER_DAY = 0.0004;

/** A public channel's days from the month before its history to the last snapshot day. */
export function publicActivity(ctx: Context, channel: PublicChannel): DailyActivity {
  const rng = createRng(ctx.seed, 'public-series', channel.record.id);
  const m = channel.model;
  const first = ctx.calendar.historyStart - 1;
  const last = ctx.calendar.lastSnapshotDay;
  const spikes = Array.from({ length: poisson(rng, (SPIKES_PER_YEAR * (last - first)) / 365) }, () => ({
    day: first + Math.floor(rng.next() * (last - first + 1)),
    size: logNormal(rng, 0.7, 0.7),
    decay: uniform(rng, 3, 14),
  }));
  const out: DailyActivity = {
    channelId: channel.record.id,
    firstDay: first,
    views: [],
    netSubscribers: [],
    uploads: [],
    watchTimeMinutes: [],
    earningsMicros: [],
    subscribers: m.subscribers,
    lifetimeViews: m.lifetimeViews,
    videoCount: m.videoCount,
  };
  let drift = 0;
  for (let day = first; day <= last; day++) {
    drift = 0.97 * drift + normal(rng, 0, 0.03);
    const spike = spikes.reduce((sum, s) => (day >= s.day ? sum + s.size * Math.exp(-(day - s.day) / s.decay) : sum), 0);
    const yearly = 1 + 0.05 * Math.cos((2 * Math.PI * (dayOfYear(day) - 359)) / 365.25);
    const views = Math.round(
      (m.monthlyViews / 30) *
        Math.exp((m.growthPerYear * (day - last)) / 365) *
        (WEEKLY_VIEWS[weekday(day)] ?? 1) *
        yearly *
        Math.exp(drift + normal(rng, 0, 0.07)) *
        (1 + spike),
    );
    const churn = m.subscribers * Math.max(0, -m.growthPerYear) * DECLINE_CHURN_PER_DAY;
    out.views.push(views);
    out.netSubscribers.push(Math.round(views * m.subsPerView * Math.exp(normal(rng, 0, 0.2)) - churn));
    out.uploads.push(poisson(rng, m.uploadsPerDay));
    out.watchTimeMinutes.push(Math.round((views * m.avdSeconds) / SECONDS_PER_MINUTE));
    out.earningsMicros.push(Math.round((views / 1000) * m.rpm * 1_000_000));
  }
  return out;
}

/** A partner channel's public counters follow its own facts: same views, subscribers, revenue and uploads. */
export function partnerActivity(ctx: Context, channel: PartnerChannel, videos: VideoRecord[]): DailyActivity {
  const series = simulateChannel(ctx, channel);
  const uploadsByDay = new Map<number, number>();
  let published = 0;
  for (const video of videos) {
    if (video.publishedAt === null) continue;
    const day = Math.floor(video.publishedAt / SECONDS_PER_DAY);
    if (day > ctx.calendar.lastSnapshotDay) continue;
    published++;
    uploadsByDay.set(day, (uploadsByDay.get(day) ?? 0) + 1);
  }
  const out: DailyActivity = {
    channelId: channel.record.id,
    firstDay: series.firstDay,
    views: [],
    netSubscribers: [],
    uploads: [],
    watchTimeMinutes: [],
    earningsMicros: [],
    subscribers: channel.model.subscribers,
    lifetimeViews: channel.model.lifetimeViews,
    videoCount: published,
  };
  series.days.forEach((types, index) => {
    let views = 0;
    let net = 0;
    let watch = 0;
    let earnings = 0;
    for (const type of VIDEO_TYPES) {
      views += types[type].views;
      net += types[type].subscribersGained - types[type].subscribersLost;
      watch += types[type].watchTimeMinutes;
      earnings += types[type].partnerRevenueMicros;
    }
    out.views.push(views);
    out.netSubscribers.push(net);
    out.uploads.push(uploadsByDay.get(series.firstDay + index) ?? 0);
    out.watchTimeMinutes.push(watch);
    out.earningsMicros.push(earnings);
  });
  return out;
}
