// Demographics reports -> per-day audience cells weighted by the same day's basic views, months refreshed.
import { raw } from '../../../db/sql';
import { statement } from '../../../db/query';
import { demographicsKey, rollUpDemographics, type DemographicsRow } from '../../parse';
import { keyValue, type ChannelKey } from '../channel-keys';
import { checkChannelIds, ownChannel } from '../facts/basic';
import { videoTitles, type VideoTitle } from '../facts/daily-plan';
import { chunkStatements } from '../json-chunks';
import { needsOfKeys, type PlanContext, type ReportPlan } from '../plan';
import type { Slice } from '../files';
import { rowError } from '../row-lines';
import {
  DELETE_MONTHS,
  DELETE_TITLE_MONTHS,
  DELETE_ZERO_DAYS,
  DELETE_ZERO_TITLE_DAYS,
  INSERT_MONTHS,
  INSERT_TITLE_MONTHS,
  RESET_DAYS,
  RESET_TITLE_DAYS,
  UPSERT_DAYS,
  UPSERT_TITLE_DAYS,
} from './audience-sql';
import { KEYS_PER_READ } from './staged-weights';
import type { WantedWeights } from './weights';

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

type TitleCell = [ChannelKey, string, number, string, string, string, number];

/** A group's rows by the title (and video type) of their video; videos without a title drop out. */
function rowsByTitle(rows: readonly DemographicsRow[], titles: ReadonlyMap<string, VideoTitle>) {
  const byTitle = new Map<string, { titleId: number; type: string; rows: DemographicsRow[] }>();
  for (const row of rows) {
    const title = row.videoId ? titles.get(row.videoId) : undefined;
    if (!title || title.titleId === null) continue;
    const id = `${title.titleId}|${title.type}`;
    const entry = byTitle.get(id) ?? { titleId: title.titleId, type: title.type, rows: [] };
    entry.rows.push(row);
    byTitle.set(id, entry);
  }
  return byTitle.values();
}

/** What a file's groups add up to: audience cells, title audience cells and the slices they write. */
interface Cells {
  readonly cells: Map<string, [ChannelKey, string, string, string, number]>;
  readonly titleCells: Map<string, TitleCell>;
  readonly slices: Map<string, Slice>;
}

/** Adds one group's cells, weighted by its day's views per key, to the file's. */
function addGroup(
  group: Group,
  views: ReadonlyMap<string, number>,
  titles: ReadonlyMap<string, VideoTitle>,
  { cells, titleCells, slices }: Cells,
): void {
  slices.set(`${group.key ?? ''}|${group.day}`, [group.key, group.day]);
  for (const cell of rollUpDemographics(group.rows, views).cells) {
    const id = `${group.key ?? ''}|${group.day}|${cell.ageGroup}|${cell.gender}`;
    const sum = cells.get(id) ?? [group.key, group.day, cell.ageGroup, cell.gender, 0];
    sum[4] += cell.views;
    cells.set(id, sum);
  }
  for (const title of rowsByTitle(group.rows, titles)) {
    for (const cell of rollUpDemographics(title.rows, views).cells) {
      const id = `${group.key ?? ''}|${group.day}|${title.titleId}|${title.type}|${cell.ageGroup}|${cell.gender}`;
      const sum = titleCells.get(id) ?? [group.key, group.day, title.titleId, title.type, cell.ageGroup, cell.gender, 0];
      sum[6] += cell.views;
      titleCells.set(id, sum);
    }
  }
}

/**
 * Plans a demographics file. views_percentage is a share within its row key, so each cell is
 * weighted by that key's views from a basic file of the same import (rollUpDemographics); a file
 * whose day and channel have no basic file in the import is rejected rather than guessed. The keys
 * carry the video, so the same weighting per title gives the title grain.
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
  const sums: Cells = { cells: new Map(), titleCells: new Map(), slices: new Map() };
  const { cells, titleCells, slices } = sums;
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
      addGroup(group, views, titles, sums);
    }
  }
  const sliceList = [...slices.values()];
  const keys = [...new Set(sliceList.map(([key]) => key))];
  return {
    channels: needsOfKeys(keys),
    slices: sliceList,
    daily: true,
    snapshot: false,
    channelCount: keys.length,
    statements(db, networkId, _now, known) {
      const sliceJson = sliceList.map((s) => JSON.stringify(s));
      const months = [...new Set(sliceList.map(([key, day]) => JSON.stringify([key, day.slice(0, 7)])))];
      const nonZero = [...cells.values()].filter((c) => c[4] > 0).map(([key, ...rest]) => JSON.stringify([keyValue(key, known), ...rest]));
      const titleNonZero = [...titleCells.values()]
        .filter((c) => c[6] > 0)
        .map(([key, ...rest]) => JSON.stringify([keyValue(key, known), ...rest]));
      const days = JSON.stringify([...new Set(sliceList.map(([, day]) => day))]);
      return [
        ...chunkStatements(db, RESET_DAYS, sliceJson, networkId),
        ...chunkStatements(db, UPSERT_DAYS, nonZero, networkId),
        statement(db, raw(DELETE_ZERO_DAYS, JSON.stringify(keys), networkId, days)),
        ...chunkStatements(db, DELETE_MONTHS, months, networkId),
        ...chunkStatements(db, INSERT_MONTHS, months, networkId),
        ...chunkStatements(db, RESET_TITLE_DAYS, sliceJson, networkId),
        ...chunkStatements(db, UPSERT_TITLE_DAYS, titleNonZero, networkId),
        statement(db, raw(DELETE_ZERO_TITLE_DAYS, JSON.stringify(keys), networkId, days)),
        ...chunkStatements(db, DELETE_TITLE_MONTHS, months, networkId),
        ...chunkStatements(db, INSERT_TITLE_MONTHS, months, networkId),
      ];
    },
  };
}
