// Demographics reports -> per-day audience cells weighted by the same day's basic views, months refreshed.
import { demographicsKey, rollUpDemographics, type DemographicsRow } from '../../parse';
import { keyValue, type ChannelKey, type KnownChannels } from '../channel-keys';
import { checkChannelIds, ownChannel } from '../facts/basic';
import { videoTitles, type VideoTitle } from '../facts/daily-plan';
import type { KeyPart } from '../facts/grain';
import { dailyPlan, replaceDays } from '../facts/replace-days';
import { chunkStatements } from '../json-chunks';
import type { PlanContext, ReportPlan } from '../plan';
import type { Slice } from '../files';
import { rowError } from '../row-lines';
import { audienceDaysSql, CHANNEL_AUDIENCE, deleteMonthsSql, insertMonthsSql, TITLE_AUDIENCE, VIDEO_AUDIENCE } from './audience-sql';
import { KEYS_PER_READ } from './staged-weights';
import type { WantedWeights } from './weights';

type CellGrain = 'channel' | 'title' | 'video';

/** The grains a demographics file writes, in order, their SQL built once. */
const AUDIENCE_WRITES = (
  [
    ['channel', CHANNEL_AUDIENCE],
    ['title', TITLE_AUDIENCE],
    ['video', VIDEO_AUDIENCE],
  ] as const
).map(([cells, grain]) => ({
  cells,
  days: audienceDaysSql(grain),
  deleteMonths: deleteMonthsSql(grain),
  insertMonths: insertMonthsSql(grain),
}));

interface Group {
  readonly channelId: string;
  readonly day: string;
  readonly key: ChannelKey;
  readonly firstIndex: number;
  readonly rows: DemographicsRow[];
}

/** Rows by (channel as reported, day, own or claimed copy): each group is weighted by one day's basic views. */
function groupRows(rows: readonly DemographicsRow[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  rows.forEach((row, index) => {
    const id = `${row.channelId}|${row.date}|${row.claimedCopy ? 1 : 0}`;
    let group = groups.get(id);
    if (!group) {
      group = { channelId: row.channelId, day: row.date, key: ownChannel(row), firstIndex: index, rows: [] };
      groups.set(id, group);
    }
    group.rows.push(row);
  });
  return groups;
}

/**
 * Groups a batch at a time, each with the (channel, day) and keys whose weights it needs: a batch closes
 * once it names KEYS_PER_READ keys, so the weights of a day loaded in pieces are read a bounded batch at
 * a time (and a few reads, not one per channel, cover a network's day).
 */
function* weightBatches(groups: Iterable<Group>): Generator<Array<{ group: Group; wanted: WantedWeights }>> {
  let batch: Array<{ group: Group; wanted: WantedWeights }> = [];
  let keys = 0;
  for (const group of groups) {
    const wanted = { channelId: group.channelId, day: group.day, keys: new Set(group.rows.map(demographicsKey)) };
    batch.push({ group, wanted });
    keys += wanted.keys.size;
    if (keys >= KEYS_PER_READ) {
      yield batch;
      batch = [];
      keys = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** A group's rows by the title (and video type) of their video; videos without a title drop out. */
function rowsByTitle(rows: readonly DemographicsRow[], titles: ReadonlyMap<string, VideoTitle>) {
  const byTitle = new Map<string, { key: KeyPart[]; rows: DemographicsRow[] }>();
  for (const row of rows) {
    const title = row.videoId ? titles.get(row.videoId) : undefined;
    if (!title || title.titleId === null) continue;
    const id = `${title.titleId}|${title.type}`;
    const entry = byTitle.get(id) ?? { key: [title.titleId, title.type], rows: [] };
    entry.rows.push(row);
    byTitle.set(id, entry);
  }
  return byTitle.values();
}

/** A group's rows by their video, titled or not; rows without a video (the channel page) drop out. */
function rowsByVideo(rows: readonly DemographicsRow[]) {
  const byVideo = new Map<string, { key: KeyPart[]; rows: DemographicsRow[] }>();
  for (const row of rows) {
    if (!row.videoId) continue;
    const entry = byVideo.get(row.videoId) ?? { key: [row.videoId], rows: [] };
    entry.rows.push(row);
    byVideo.set(row.videoId, entry);
  }
  return byVideo.values();
}

/** One grain's cells: [channel key, day, ...grain keys, age group, gender] and their weighted views. */
type GrainCells = Map<string, { readonly key: readonly KeyPart[]; views: number }>;

/** What a file's groups add up to: cells per grain and the slices they write. */
type Cells = Readonly<Record<CellGrain, GrainCells>> & { readonly slices: Map<string, Slice> };

/** Adds the weighted cells of `rows` under `key` ([channel key, day, ...grain keys]). */
function addCells(into: GrainCells, key: readonly KeyPart[], rows: readonly DemographicsRow[], views: ReadonlyMap<string, number>) {
  for (const cell of rollUpDemographics(rows, views).cells) {
    const parts = [...key, cell.ageGroup, cell.gender];
    const id = parts.map((p) => p ?? '').join('|');
    const sum = into.get(id);
    if (sum) sum.views += cell.views;
    else into.set(id, { key: parts, views: cell.views });
  }
}

/** Adds one group's cells, weighted by its day's views per key, to the file's: whole, per title, per video. */
function addGroup(group: Group, views: ReadonlyMap<string, number>, titles: ReadonlyMap<string, VideoTitle>, cells: Cells): void {
  const head: KeyPart[] = [group.key, group.day];
  cells.slices.set(`${group.key ?? ''}|${group.day}`, [group.key, group.day]);
  addCells(cells.channel, head, group.rows, views);
  for (const title of rowsByTitle(group.rows, titles)) addCells(cells.title, [...head, ...title.key], title.rows, views);
  for (const video of rowsByVideo(group.rows)) addCells(cells.video, [...head, ...video.key], video.rows, views);
}

/** A grain's cells above zero as JSON rows, the channel named as keyValue does. */
function cellRows(cells: GrainCells, known: KnownChannels): string[] {
  return [...cells.values()]
    .filter((c) => c.views > 0)
    .map(({ key: [channel = null, ...rest], views }) => JSON.stringify([keyValue(channel as ChannelKey, known), ...rest, views]));
}

/**
 * Plans a demographics file. views_percentage is a share within its row key, so each cell is
 * weighted by that key's views from a basic file of the same import (rollUpDemographics); a file
 * whose day and channel have no basic file in the import is rejected rather than guessed. The keys
 * carry the video, so the same weighting per title and per video gives the title and video grains.
 */
export async function planDemographics(
  ctx: PlanContext,
  report: { rows: readonly DemographicsRow[]; lineCount: number },
): Promise<ReportPlan> {
  checkChannelIds(ctx.fileName, report);
  const titles = await videoTitles(
    ctx.db,
    report.rows.flatMap((r) => (r.videoId ? [r.videoId] : [])),
  );
  const cells: Cells = { channel: new Map(), title: new Map(), video: new Map(), slices: new Map() };
  for (const batch of weightBatches(groupRows(report.rows).values())) {
    const weights = (await ctx.weights?.viewsFor(batch.map((b) => b.wanted))) ?? [];
    for (const [n, { group }] of batch.entries()) {
      const views = weights[n];
      if (!views) {
        throw rowError(
          ctx.fileName,
          report,
          group.firstIndex,
          `no basic report for channel ${group.channelId} on ${group.day} in this import: ` +
            "load the demographics file together with that day's basic report (its views weight views_percentage)",
        );
      }
      addGroup(group, views, titles, cells);
    }
  }
  const slices = [...cells.slices.values()];
  const months = [...new Set(slices.map(([key, day]) => JSON.stringify([key, day.slice(0, 7)])))];
  // Per grain: its days replaced, then its months refreshed from them.
  return dailyPlan(slices, (db, networkId, known, params) =>
    AUDIENCE_WRITES.flatMap((write) => [
      ...replaceDays(db, networkId, params, write.days, cellRows(cells[write.cells], known)),
      ...chunkStatements(db, write.deleteMonths, months, networkId),
      ...chunkStatements(db, write.insertMonths, months, networkId),
    ]),
  );
}
