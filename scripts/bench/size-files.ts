// The size benchmark's report files of one step's channels: their video metadata, then a month at a time
// the content-owner basic, estimated revenue and demographics reports, written to disk as YouTube names them.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { audienceCells, type AudienceCell } from '../demo/generate/audience';
import { isoDate, isoMonth, monthStart } from '../demo/generate/dates';
import { channelDays, type ChannelDayFacts } from '../demo/generate/facts';
import type { PartnerChannel } from '../demo/generate/model';
import type { World } from '../demo/generate/world';
import { customIds, videoMetadataReport } from '../demo/formats/catalogue-reports';
import { compactDay } from '../demo/formats/csv';
import { audienceSuffixes, BASIC_HEADER, DEMOGRAPHICS_HEADER, REVENUE_HEADER } from '../demo/formats/period-reports';
import { compactMonth } from '../demo/formats/report-file';
import { ChannelVideos, contentOwnerDay } from './size-day';

/** What one month's files hold. */
export interface MonthFiles {
  month: string;
  folder: string;
  files: string[];
  basicRows: number;
  revenueRows: number;
  demographicsRows: number;
  /** Channel-days with facts. */
  channelDays: number;
}

interface ChannelState {
  videos: ChannelVideos;
  days: Iterator<ChannelDayFacts>;
  next: ChannelDayFacts | undefined;
  audience: Map<string, AudienceCell[]>;
}

function statesOf(world: World, channels: readonly PartnerChannel[]): ChannelState[] {
  const { calendar } = world.ctx;
  const months: string[] = [];
  for (let d = monthStart(calendar.firstFactDay); d <= calendar.lastFactDay; d = monthStart(d, 1)) months.push(isoMonth(d));
  return channels.map((channel) => {
    const days = channelDays(world.ctx, channel, new Map());
    return {
      videos: new ChannelVideos(channel.record.youtubeId ?? '', world.videos.get(channel.record.id) ?? []),
      days,
      next: days.next().value ?? undefined,
      audience: audienceCells(world.ctx, channel, months),
    };
  });
}

/** The step's video metadata snapshot (content_owner_video_metadata_a4): it gives the videos their titles. */
export function writeMetadata(world: World, channels: readonly PartnerChannel[], owner: string, folder: string, part: number): string {
  const ids = new Set(channels.map((c) => c.record.id));
  const report = videoMetadataReport({
    owner,
    videos: [...world.videos.values()].flat().filter((v) => ids.has(v.channelId)),
    customIds: customIds(world.titles),
    copies: [],
    channels: new Map(channels.map((c) => [c.record.id, { youtubeId: c.record.youtubeId, title: c.record.title }])),
  });
  const file = path.join(folder, path.basename(report.path).replace('.csv', `_${part}.csv`));
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, report.text);
  return file;
}

/**
 * Writes the step's facts month by month under `root/<YYYYMM>/` and yields each month once its three
 * files are complete, so the caller can load it (and delete it) before the next month is made.
 */
export function* writeMonths(
  world: World,
  channels: readonly PartnerChannel[],
  owner: string,
  root: string,
  part: number,
): Generator<MonthFiles> {
  const { calendar } = world.ctx;
  const states = statesOf(world, channels);
  let current: MonthFiles | null = null;
  for (let d = calendar.firstFactDay; d <= calendar.lastFactDay; d++) {
    const day = isoDate(d);
    const month = isoMonth(d);
    if (current && current.month !== month) {
      yield current;
      current = null;
    }
    if (!current) current = startMonth(root, owner, month, part);
    const [basic, revenue, demographics] = current.files as [string, string, string];
    const lines = { basic: [] as string[], revenue: [] as string[], demographics: [] as string[] };
    const date = compactDay(day);
    for (const state of states) {
      if (state.next?.total.day !== day) continue;
      const rows = contentOwnerDay(state.next, state.videos);
      for (const line of rows.basic) lines.basic.push(`${date},${line}`);
      for (const line of rows.revenue) lines.revenue.push(`${date},${line}`);
      const suffixes = audienceSuffixes(state.audience.get(month) ?? []);
      for (const key of rows.mainKeys) for (const suffix of suffixes) lines.demographics.push(`${date},${key}${suffix}`);
      current.channelDays++;
      state.next = state.days.next().value ?? undefined;
    }
    appendLines(basic, lines.basic);
    appendLines(revenue, lines.revenue);
    appendLines(demographics, lines.demographics);
    current.basicRows += lines.basic.length;
    current.revenueRows += lines.revenue.length;
    current.demographicsRows += lines.demographics.length;
  }
  if (current) yield current;
}

function appendLines(file: string, lines: string[]): void {
  if (lines.length > 0) appendFileSync(file, `${lines.join('\n')}\n`);
}

function startMonth(root: string, owner: string, month: string, part: number): MonthFiles {
  const folder = path.join(root, compactMonth(month));
  mkdirSync(folder, { recursive: true });
  const suffix = `${owner}_${compactMonth(month)}_${part}.csv`;
  const files = [
    [`content_owner_basic_a4_${suffix}`, BASIC_HEADER],
    [`content_owner_estimated_revenue_a1_${suffix}`, REVENUE_HEADER],
    [`content_owner_demographics_a1_${suffix}`, DEMOGRAPHICS_HEADER],
  ].map(([name, header]) => {
    const file = path.join(folder, name as string);
    writeFileSync(file, `${(header as string[]).join(',')}\n`);
    return file;
  });
  return { month, folder, files, basicRows: 0, revenueRows: 0, demographicsRows: 0, channelDays: 0 };
}
