// The reports bench:sync serves in the content-owner shape (--shape content-owner): one day of a network's
// basic, estimated revenue and demographics reports with bench:size's rows per channel (every video of a
// channel in every country it has views in; demographics for each title's biggest key, as bench:size
// writes them), plus the video metadata snapshot that titles them.
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { audienceCells } from '../demo/generate/audience';
import { isoDate, isoMonth } from '../demo/generate/dates';
import { channelDays, type ChannelDayFacts } from '../demo/generate/facts';
import { compactDay } from '../demo/formats/csv';
import { audienceSuffixes, BASIC_HEADER, DEMOGRAPHICS_HEADER, REVENUE_HEADER } from '../demo/formats/period-reports';
import { ChannelVideos, contentOwnerDay } from './size-day';
import { writeMetadata } from './size-files';
import { sizeWorld } from './size-world';
import type { GeneratedDays } from './sync-world';
import type { JobSpec } from '../../tests/integration/sync/fake/state';

const SEED = 1;
const TODAY = '2026-11-23';
/** A year of facts before the day served, so channels have the catalogue (and rows a day) a year brings. */
const FACT_DAYS = 365;
const MS_PER_SECOND = 1000;
/** Channels' rows are appended to the files this many at a time (a day of 1,000 channels is hundreds of MB). */
const CHANNELS_PER_WRITE = 50;
/** Every channel at least this busy: a real content owner's 3,100–3,400 basic rows a channel-day at 30 videos (bench:size). */
const MIN_DAILY_VIEWS = 60_000;

/** The last day of a channel's facts (the generator's days are cheap; only the served day is expanded into rows). */
function lastDay(days: Iterable<ChannelDayFacts>): ChannelDayFacts | null {
  let last: ChannelDayFacts | null = null;
  for (const day of days) last = day;
  return last;
}

/**
 * Writes the last generated day of `channels` channels (about `videos` videos each) as YouTube's
 * content-owner reports under `folder`, and describes them for the fake Reporting API.
 * @example const world = generateContentOwnerDay({ channels: 1000, videos: 30, folder: '.tmp/bench-sync/files' })
 */
export function generateContentOwnerDay(options: { channels: number; videos: number; folder: string }): GeneratedDays {
  mkdirSync(options.folder, { recursive: true });
  const { world, channels } = sizeWorld({
    seed: SEED,
    today: TODAY,
    channels: options.channels,
    days: FACT_DAYS,
    videosPerChannel: options.videos,
    minDailyViews: MIN_DAILY_VIEWS,
  });
  const owner = world.networks.find((n) => n.isPartner === 1)?.contentOwnerId;
  if (!owner) throw new Error('the generated network has no content owner id');
  const day = isoDate(world.ctx.calendar.lastFactDay);
  const date = compactDay(day);
  const files = {
    basic: path.join(options.folder, `content_owner_basic_a4_${owner}_${date}.csv`),
    revenue: path.join(options.folder, `content_owner_estimated_revenue_a1_${owner}_${date}.csv`),
    demographics: path.join(options.folder, `content_owner_demographics_a1_${owner}_${date}.csv`),
  };
  writeFileSync(files.basic, `${BASIC_HEADER.join(',')}\n`);
  writeFileSync(files.revenue, `${REVENUE_HEADER.join(',')}\n`);
  writeFileSync(files.demographics, `${DEMOGRAPHICS_HEADER.join(',')}\n`);
  const month = isoMonth(world.ctx.calendar.lastFactDay);
  const viewsColumn = BASIC_HEADER.indexOf('views');
  const generated: GeneratedDays = { owner, folder: options.folder, scenario: {}, files: 4, rows: 0, basicRows: 0, bytes: 0, views: 0 };
  for (let from = 0; from < channels.length; from += CHANNELS_PER_WRITE) {
    const lines = { basic: [] as string[], revenue: [] as string[], demographics: [] as string[] };
    for (const channel of channels.slice(from, from + CHANNELS_PER_WRITE)) {
      const facts = lastDay(channelDays(world.ctx, channel, new Map()));
      if (facts?.total.day !== day) continue;
      const videos = new ChannelVideos(channel.record.youtubeId ?? '', world.videos.get(channel.record.id) ?? []);
      const rows = contentOwnerDay(facts, videos);
      for (const line of rows.basic) lines.basic.push(`${date},${line}`);
      for (const line of rows.revenue) lines.revenue.push(`${date},${line}`);
      const suffixes = audienceSuffixes(audienceCells(world.ctx, channel, [month]).get(month) ?? []);
      for (const key of rows.mainKeys) for (const suffix of suffixes) lines.demographics.push(`${date},${key}${suffix}`);
    }
    for (const line of lines.basic) generated.views += Number(line.split(',')[viewsColumn]);
    generated.basicRows += lines.basic.length;
    generated.rows += lines.basic.length + lines.revenue.length + lines.demographics.length;
    for (const family of ['basic', 'revenue', 'demographics'] as const) {
      if (lines[family].length > 0) appendFileSync(files[family], `${lines[family].join('\n')}\n`);
    }
    process.stdout.write(`\r  ${Math.min(from + CHANNELS_PER_WRITE, channels.length)} of ${channels.length} channels written`);
  }
  process.stdout.write('\n');
  const metadata = writeMetadata(world, channels, owner, options.folder, 1);
  generated.bytes = [files.basic, files.revenue, files.demographics, metadata].reduce((n, file) => n + statSync(file).size, 0);
  // Issued two days after the day, as YouTube's daily reports are.
  const created = new Date((Date.parse(`${day}T00:00:00Z`) / MS_PER_SECOND + 2 * 86_400) * MS_PER_SECOND).toISOString();
  const job = (type: string, file: string, n: number, systemManaged = false): JobSpec => ({
    id: `job-${type}`,
    reportTypeId: type,
    systemManaged,
    reports: [{ id: `r${n}`, file: `generated/${path.basename(file)}`, startTime: `${day}T07:00:00Z`, createTime: created }],
  });
  generated.scenario = {
    scopes: {
      [owner]: {
        jobs: [
          job('content_owner_basic_a4', files.basic, 1),
          job('content_owner_estimated_revenue_a1', files.revenue, 2),
          job('content_owner_video_metadata_a4', metadata, 3, true),
          job('content_owner_demographics_a1', files.demographics, 4),
        ],
      },
    },
  };
  return generated;
}
