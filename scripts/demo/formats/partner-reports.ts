// Every report file of the partner network in load order, as import batches: the CMS snapshots, periods of facts, statements.
import { audienceCells, type AudienceCell } from '../generate/audience';
import { REPORT_LAG_DAYS } from '../generate/calendar';
import { generateIllegalCopies } from '../generate/copies';
import { dayNumber, isoDate, isoMonth, monthStart, unixSeconds } from '../generate/dates';
import { channelDays, type ChannelDayFacts, type MonthTotals } from '../generate/facts';
import { generateFinance } from '../generate/finance';
import type { PartnerChannel } from '../generate/model';
import type { FinanceRecord, IllegalCopyRecord } from '../generate/records';
import type { World } from '../generate/world';
import { activeClaimsReport, customIds, videoMetadataReport, type CatalogueInput } from './catalogue-reports';
import { financeChannel, ugcBooking } from './finance-channels';
import { financeStatement, type FinanceChannel } from './finance-report';
import { PartnerVideos } from './partner-videos';
import { PeriodReports } from './period-reports';
import type { DemoFile } from './report-file';

/** Channels per file: a file is one D1 batch, so the large network is split into groups. */
const CHANNELS_PER_FILE = 100;
/**
 * Basic rows a file should hold, about: each file costs some 20 statements whatever its size (each a
 * round trip through the platform proxy when loaded from Node), so a file holds as many whole months as fit.
 */
const ROWS_PER_FILE = 120_000;
/** Basic rows a channel-day gives, about (measured on the demo network). */
const ROWS_PER_CHANNEL_DAY = 20;
const DAYS_PER_MONTH = 30.4;

/** Files to import in one importFiles call (a period's demographics need its basic file), and the clock then. */
export interface ReportBatch {
  kind: 'catalogue' | 'facts' | 'finance';
  files: DemoFile[];
  /** Unix seconds: when the reports arrived (loaded_at; a statement's finalized_at). */
  now: number;
}

/** What the partner network's reports are made from, derived once from the world. */
export interface PartnerSources {
  world: World;
  owner: string;
  copies: IllegalCopyRecord[];
  customIds: ReadonlyMap<number, string>;
}

export function partnerSources(world: World): PartnerSources {
  const network = world.networks.find((n) => n.isPartner === 1);
  if (!network?.contentOwnerId) throw new Error('the demo world has no partner network with a content owner id');
  return {
    world,
    owner: network.contentOwnerId,
    customIds: customIds(world.titles),
    copies: generateIllegalCopies(world.ctx, world.partnerChannels, [...world.videos.values()].flat()),
  };
}

/** Whole months per file for a group of this many channels. */
function monthsPerFile(channels: number): number {
  return Math.max(1, Math.floor(ROWS_PER_FILE / (Math.max(1, channels) * ROWS_PER_CHANNEL_DAY * DAYS_PER_MONTH)));
}

export interface ChannelState {
  channel: PartnerChannel;
  videos: PartnerVideos;
  months: MonthTotals;
  days: Iterator<ChannelDayFacts>;
  next: ChannelDayFacts | undefined;
  audience: Map<string, AudienceCell[]>;
  revenue: Map<string, number>;
}

function factMonths(world: World, channel: PartnerChannel): string[] {
  const months: string[] = [];
  for (let day = channel.factsStart; day <= world.ctx.calendar.lastFactDay; day = monthStart(day, 1)) months.push(isoMonth(day));
  return months;
}

/** The period of whole months a day falls in: months counted from the first fact month, `size` to a period. */
function periodOf(world: World, day: number, size: number): { first: string; last: string } {
  const start = monthStart(world.ctx.calendar.firstFactDay);
  let index = 0;
  for (let m = start; m < monthStart(day); m = monthStart(m, 1)) index++;
  const first = monthStart(start, index - (index % size));
  return { first: isoMonth(first), last: isoMonth(Math.min(monthStart(first, size - 1), monthStart(world.ctx.calendar.lastFactDay))) };
}

export function channelStates(sources: PartnerSources, channels: PartnerChannel[]): ChannelState[] {
  const { world } = sources;
  return channels.map((channel) => {
    const months: MonthTotals = new Map();
    const days = channelDays(world.ctx, channel, months);
    return {
      channel,
      months,
      days,
      next: days.next().value ?? undefined,
      audience: audienceCells(world.ctx, channel, factMonths(world, channel)),
      videos: new PartnerVideos(channel, world.videos.get(channel.record.id) ?? [], sources.copies),
      revenue: new Map(),
    };
  });
}

/** One channel group's facts, a period at a time, day by day across its channels; fills each channel's finance. */
function* groupFacts(sources: PartnerSources, states: ChannelState[], part: number | null): Generator<ReportBatch> {
  const { world } = sources;
  const { calendar } = world.ctx;
  const size = monthsPerFile(states.length);
  let report: PeriodReports | null = null;
  const done = (period: PeriodReports): ReportBatch => {
    const arrival = Math.min(monthStart(dayNumber(`${period.last}-01`), 1) - 1 + REPORT_LAG_DAYS, calendar.today);
    return { kind: 'facts', files: period.files(), now: unixSeconds(arrival) };
  };
  for (let d = calendar.firstFactDay; d <= calendar.lastFactDay; d++) {
    const day = isoDate(d);
    if (report && isoMonth(d) > report.last) {
      yield done(report);
      report = null;
    }
    if (!report) {
      const period = periodOf(world, d, size);
      report = new PeriodReports(period.first, period.last, sources.owner, part);
    }
    for (const state of states) {
      if (state.next?.total.day !== day) continue;
      report.addDay(state.next, state.videos, state.audience.get(isoMonth(d)) ?? []);
      state.revenue.set(day, state.next.total.partnerRevenueMicros);
      state.next = state.days.next().value ?? undefined;
    }
  }
  if (report) yield done(report);
}

/** What the catalogue snapshots (video metadata, active claims) are made from. */
export function catalogueInput(sources: PartnerSources): CatalogueInput {
  const { world } = sources;
  return {
    owner: sources.owner,
    videos: [...world.videos.values()].flat(),
    customIds: sources.customIds,
    copies: sources.copies,
    channels: new Map(world.partnerChannels.map((c) => [c.record.id, { youtubeId: c.record.youtubeId, title: c.record.title }])),
  };
}

/**
 * The partner network's reports in the order they load: video metadata with the active claims, every
 * channel group's facts (basic, estimated revenue, demographics) a period of whole months per batch,
 * then one ad revenue statement per finalized month, at the time it was finalized.
 */
export function* partnerReportBatches(sources: PartnerSources): Generator<ReportBatch> {
  const { world } = sources;
  const input = catalogueInput(sources);
  yield { kind: 'catalogue', files: [videoMetadataReport(input), activeClaimsReport(input)], now: unixSeconds(world.ctx.calendar.today) };
  const finance: Array<{ record: FinanceRecord; channel: FinanceChannel }> = [];
  const ugc = ugcBooking(world, sources.copies);
  const groups = Math.ceil(world.partnerChannels.length / CHANNELS_PER_FILE);
  for (let g = 0; g < groups; g++) {
    const states = channelStates(sources, world.partnerChannels.slice(g * CHANNELS_PER_FILE, (g + 1) * CHANNELS_PER_FILE));
    yield* groupFacts(sources, states, groups > 1 ? g + 1 : null);
    for (const state of states) {
      for (const record of generateFinance(world.ctx, state.channel, state.months))
        finance.push({ record, channel: financeChannel(state, ugc) });
    }
  }
  // The UGC channel's claims follow from its finalized months, known once every group is done.
  ugc.addClaims(finance.map((f) => f.record));
  for (const month of [...new Set(finance.map((f) => f.record.month))].sort()) {
    const rows = finance.filter((f) => f.record.month === month);
    const now = rows[0]?.record.finalizedAt ?? unixSeconds(world.ctx.calendar.today);
    yield { kind: 'finance', files: [financeStatement(sources.owner, month, rows)], now };
  }
}
