// Partner facts of one channel at the three grains (channel, channel x country, channel x title x type).
import { apportion } from './apportion';
import type { Context } from './calendar';
import { isoDate, isoMonth } from './dates';
import { VIDEO_SUBSCRIBER_SHARE, VIDEO_TYPES, type PartnerChannel, type TitleCell } from './model';
import { createRng, normal, type Rng } from './prng';
import {
  METRICS,
  type ChannelCountryDayRecord,
  type ChannelDayRecord,
  type ChannelTitleDayRecord,
  type Metrics,
  type TaggedRecord,
} from './records';
import { addMetrics, emptyMetrics, simulateChannel, type TypeMetrics } from './simulate';

/** Views and revenue (and its Shorts part) of a channel per month ('YYYY-MM'), for audience and finance. */
export type MonthTotals = Map<string, { views: number; revenueMicros: number; shortsRevenueMicros: number }>;

function isEmpty(m: Metrics): boolean {
  return METRICS.every((key) => m[key] === 0);
}

/** Splits every metric of total over parts: views by viewsWeights, revenue by revenueWeights, the rest by views. */
function split(total: Metrics, viewsWeights: number[], revenueWeights: number[]): Metrics[] {
  const views = apportion(total.views, viewsWeights);
  const revenue = apportion(total.partnerRevenueMicros, revenueWeights);
  const parts = views.map((v, i): Metrics => ({ ...emptyMetrics(), views: v, partnerRevenueMicros: revenue[i] ?? 0 }));
  for (const key of METRICS) {
    if (key === 'views' || key === 'partnerRevenueMicros') continue;
    apportion(total[key], views).forEach((value, i) => {
      (parts[i] as Metrics)[key] = value;
    });
  }
  return parts;
}

function countryRows(rng: Rng, channel: PartnerChannel, day: string, total: Metrics): ChannelCountryDayRecord[] {
  const countries = channel.model.countries;
  const weights = countries.map((country) => country.share * Math.exp(normal(rng, 0, 0.12)));
  const parts = split(
    total,
    weights,
    weights.map((w, i) => w * (countries[i]?.rpm ?? 1)),
  );
  return parts.flatMap((part, i) =>
    isEmpty(part) ? [] : [{ channelId: channel.record.id, day, countryCode: countries[i]?.code ?? 'ZZ', ...part }],
  );
}

function titleRows(rng: Rng, channel: PartnerChannel, dayNumber: number, day: string, types: TypeMetrics): ChannelTitleDayRecord[] {
  const rows: ChannelTitleDayRecord[] = [];
  for (const type of VIDEO_TYPES) {
    const cells = channel.cells.filter((cell: TitleCell) => cell.type === type && cell.fromDay <= dayNumber);
    if (cells.length === 0 || types[type].views === 0) continue;
    // Subscribers on the channel page are not a title's; only the video share is split.
    const total = {
      ...types[type],
      subscribersGained: Math.round(types[type].subscribersGained * VIDEO_SUBSCRIBER_SHARE),
      subscribersLost: Math.round(types[type].subscribersLost * VIDEO_SUBSCRIBER_SHARE),
    };
    const weights = cells.map((cell) => cell.weight * Math.exp(normal(rng, 0, 0.1)));
    split(total, weights, weights).forEach((part, i) => {
      if (isEmpty(part)) return;
      rows.push({ channelId: channel.record.id, day, titleId: (cells[i] as TitleCell).titleId, videoType: type, ...part });
    });
  }
  return rows;
}

/** Yields the channel's fact rows from its first fact day to the last, and fills months. */
export function* channelFacts(ctx: Context, channel: PartnerChannel, months: MonthTotals): Generator<TaggedRecord> {
  const series = simulateChannel(ctx, channel);
  const countryRng = createRng(ctx.seed, 'country-split', channel.record.id);
  const titleRng = createRng(ctx.seed, 'title-split', channel.record.id);
  for (let dayNumber = channel.factsStart; dayNumber <= ctx.calendar.lastFactDay; dayNumber++) {
    const types = series.days[dayNumber - series.firstDay];
    if (!types) continue;
    const total = VIDEO_TYPES.reduce((sum, type) => addMetrics(sum, types[type]), emptyMetrics());
    const day = isoDate(dayNumber);
    const row: ChannelDayRecord = { channelId: channel.record.id, day, ...total };
    yield { table: 'channel_daily', row };
    for (const country of countryRows(countryRng, channel, day, total)) yield { table: 'channel_country_daily', row: country };
    for (const title of titleRows(titleRng, channel, dayNumber, day, types)) yield { table: 'channel_title_daily', row: title };
    const month = months.get(isoMonth(dayNumber)) ?? { views: 0, revenueMicros: 0, shortsRevenueMicros: 0 };
    month.views += total.views;
    month.revenueMicros += total.partnerRevenueMicros;
    month.shortsRevenueMicros += types.short.partnerRevenueMicros;
    months.set(isoMonth(dayNumber), month);
  }
}

/** One channel-day of facts at the three grains. */
export interface ChannelDayFacts {
  total: ChannelDayRecord;
  countries: ChannelCountryDayRecord[];
  titles: ChannelTitleDayRecord[];
}

/** channelFacts a day at a time (the same rows), for writers that work day by day across channels. */
export function* channelDays(ctx: Context, channel: PartnerChannel, months: MonthTotals): Generator<ChannelDayFacts> {
  let current: ChannelDayFacts | null = null;
  for (const record of channelFacts(ctx, channel, months)) {
    if (record.table === 'channel_daily') {
      if (current) yield current;
      current = { total: record.row, countries: [], titles: [] };
    } else if (current && record.table === 'channel_country_daily') current.countries.push(record.row);
    else if (current && record.table === 'channel_title_daily') current.titles.push(record.row);
  }
  if (current) yield current;
}
