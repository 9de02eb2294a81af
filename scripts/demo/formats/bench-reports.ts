// The partner network's reports shaped for the import benchmark: one long basic report, or a folder of daily files.
import { SCALES, type Scale } from '../generate/scale';
import { buildWorld } from '../generate/world';
import { dayNumber, isoDate, isoMonth, unixSeconds } from '../generate/dates';
import { REPORT_LAG_DAYS } from '../generate/calendar';
import { activeClaimsReport, videoMetadataReport } from './catalogue-reports';
import { catalogueInput, channelStates, partnerSources, type ChannelState, type PartnerSources } from './partner-reports';
import { PeriodReports } from './period-reports';
import type { DemoFile } from './report-file';

/** Seconds in a day: a daily file is issued this long after the day before's. */
const SECONDS_PER_DAY = 86_400;

export interface BenchWorld {
  seed: number;
  today: string;
  scale: Scale;
}

/** Adds day d of every channel to the period; false when no channel had facts that day. */
function addDay(report: PeriodReports, states: ChannelState[], d: number): boolean {
  const day = isoDate(d);
  let any = false;
  for (const state of states) {
    if (state.next?.total.day !== day) continue;
    report.addDay(state.next, state.videos, state.audience.get(isoMonth(d)) ?? []);
    state.next = state.days.next().value ?? undefined;
    any = true;
  }
  return any;
}

function sourcesOf(options: BenchWorld): PartnerSources {
  return partnerSources(buildWorld(options));
}

export interface RealisticReport {
  basic: DemoFile & { rows: number; days: number };
  /** The network's video metadata snapshot: loaded first, it gives the videos their titles. */
  metadata: DemoFile;
  owner: string;
}

/**
 * One content_owner_basic_a4 report of the whole network, day after day from its first fact day until it
 * holds at least `rows` rows (or the facts end): many channels, videos and countries, as the seed writes.
 * @example realisticBasicReport({ seed: 1, today: '2026-11-23', scale: benchScale('demo', 1095) }, 118_000).basic.text
 */
export function realisticBasicReport(options: BenchWorld, rows: number): RealisticReport {
  const sources = sourcesOf(options);
  const { calendar } = sources.world.ctx;
  const states = channelStates(sources, sources.world.partnerChannels);
  const first = isoMonth(calendar.firstFactDay);
  const report = new PeriodReports(first, isoMonth(calendar.lastFactDay), sources.owner, null);
  let days = 0;
  for (let d = calendar.firstFactDay; d <= calendar.lastFactDay && report.rows < rows; d++) if (addDay(report, states, d)) days++;
  const basic = report.files()[0];
  if (!basic) throw new Error('the period gave no basic report');
  return { basic: { ...basic, rows: report.rows, days }, metadata: videoMetadataReport(catalogueInput(sources)), owner: sources.owner };
}

/**
 * Every daily report of the network's last `days` fact days, five report types a day as YouTube
 * delivers them: basic, estimated revenue and demographics (rows on Mondays only), and the video
 * metadata and active claims snapshots of the videos published by then. Files are issued a day apart.
 */
export function* dailyPartnerFiles(options: BenchWorld, days: number): Generator<DemoFile & { issuedAt: number; owner: string }> {
  const sources = sourcesOf(options);
  const { owner } = sources;
  const { calendar } = sources.world.ctx;
  const states = channelStates(sources, sources.world.partnerChannels);
  const input = catalogueInput(sources);
  const from = calendar.lastFactDay - days + 1;
  // Skip the facts before the window: each channel's days come in order from its first one.
  for (const state of states)
    while (state.next && dayNumber(state.next.total.day) < from) state.next = state.days.next().value ?? undefined;
  for (let d = from; d <= calendar.lastFactDay; d++) {
    const day = isoDate(d);
    const issuedAt = unixSeconds(d + REPORT_LAG_DAYS);
    const report = new PeriodReports(isoMonth(d), isoMonth(d), sources.owner, null, day);
    addDay(report, states, d);
    for (const file of report.files()) yield { ...file, issuedAt, owner };
    const published = input.videos.filter((v) => v.publishedAt !== null && v.publishedAt < unixSeconds(d) + SECONDS_PER_DAY);
    const snapshots = [videoMetadataReport({ ...input, videos: published }), activeClaimsReport(input)];
    for (const file of snapshots)
      yield { path: file.path.replace('.csv', `_${day.replaceAll('-', '')}.csv`), text: file.text, issuedAt, owner };
  }
}

/** A scale with the demo network and `factDays` days of facts, and few public channels (the benchmark builds no public pages). */
export function benchScale(base: 'tiny' | 'demo', factDays: number): Scale {
  return { ...SCALES[base], factDays, publicChannels: SCALES.tiny.publicChannels };
}
