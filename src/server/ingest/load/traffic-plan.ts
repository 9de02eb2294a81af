// Traffic source reports -> views, engaged views and watch time per channel, day and source type, and per
// title as well; a re-issued day replaces the (channel, day)s it names. Months follow with the other
// partner rollups (FACT_GRAINS).
import { raw } from '../../db/sql';
import { statement } from '../../db/query';
import type { TrafficSourceRow } from '../parse';
import { channelIdSql, keyValue, type ChannelKey } from './channel-keys';
import { checkChannelIds, ownChannel } from './facts/basic';
import { videoTitles, type VideoTitle } from './facts/daily-plan';
import { addInto, Grain, type KeyPart } from './facts/grain';
import type { Slice } from './files';
import { chunkStatements } from './json-chunks';
import { needsOfKeys, type PlanContext, type ReportPlan } from './plan';
import { TRAFFIC_METRICS } from '../rollup/fact-metrics';

interface TrafficTable {
  readonly name: string;
  /** Key columns after (channel_id, day). */
  readonly keys: readonly string[];
}

const CHANNEL_TABLE: TrafficTable = { name: 'channel_traffic_daily', keys: ['source_type'] };
const TITLE_TABLE: TrafficTable = { name: 'channel_title_traffic_daily', keys: ['title_id', 'video_type', 'source_type'] };

const SLICES = `SELECT ${channelIdSql('value ->> 0')} AS channel_id, value ->> 1 AS day FROM json_each(?1)`;

/** ?1 [channel key, day]: the slices' rows back to zero before the file's sums (a re-issue replaces). */
const resetSql = (
  t: TrafficTable,
) => `WITH s AS (${SLICES}) UPDATE ${t.name} SET ${TRAFFIC_METRICS.map((m) => `${m} = 0`).join(', ')} FROM s
WHERE ${t.name}.channel_id = s.channel_id AND ${t.name}.day = s.day`;

/** ?1 [channel key, day, ...keys, ...TRAFFIC_METRICS]. */
function upsertSql(t: TrafficTable): string {
  const keys = ['channel_id', 'day', ...t.keys];
  const values = [...keys.slice(1), ...TRAFFIC_METRICS].map((_, i) => `value ->> ${i + 1}`);
  return `INSERT INTO ${t.name} (${[...keys, ...TRAFFIC_METRICS].join(', ')})
SELECT ${channelIdSql('value ->> 0')}, ${values.join(', ')} FROM json_each(?1) WHERE true
ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${TRAFFIC_METRICS.map((m) => `${m} = excluded.${m}`).join(', ')}`;
}

/** ?1 channel keys, ?3 days: rows left all zero (a harmless superset of the slices, as the fact grains do). */
const deleteZeroSql = (t: TrafficTable) => `DELETE FROM ${t.name}
WHERE channel_id IN (SELECT ${channelIdSql('value')} FROM json_each(?1)) AND day IN (SELECT value FROM json_each(?3))
  AND ${TRAFFIC_METRICS.map((m) => `${m} = 0`).join(' AND ')}`;

/** The file's sums by (channel, day, source) and by (channel, day, title, video type, source), and its slices. */
function sumTraffic(rows: readonly TrafficSourceRow[], titles: ReadonlyMap<string, VideoTitle>) {
  const channel = new Grain(TRAFFIC_METRICS.length);
  const title = new Grain(TRAFFIC_METRICS.length);
  const slices = new Map<string, Slice>();
  const add = (grain: Grain, key: readonly KeyPart[], values: readonly number[]) => {
    const id = key.map((k) => k ?? '').join('|');
    addInto(grain.get(id) ?? grain.create(id, key), values);
  };
  for (const row of rows) {
    const key: ChannelKey = ownChannel(row);
    slices.set(`${key ?? ''}|${row.date}`, [key, row.date]);
    const values = [row.views, row.engagedViews ?? 0, row.watchTimeMinutes];
    add(channel, [key, row.date, row.sourceType], values);
    const t = row.videoId ? titles.get(row.videoId) : undefined;
    // A video without a title counts in the channel grain only, as in the basic report's title grain.
    if (t && t.titleId !== null) add(title, [key, row.date, t.titleId, t.type, row.sourceType], values);
  }
  return { channel, title, slices: [...slices.values()] };
}

/**
 * Plans a traffic source file: per table, zero the file's (channel, day)s, write its sums (watch time
 * rounded once per key), delete rows left all zero. Claimed third-party copies count for the UGC channel,
 * and for the title they copy, as in every daily family.
 */
export async function planTrafficSource(
  ctx: PlanContext,
  report: { rows: readonly TrafficSourceRow[]; lineCount: number },
): Promise<ReportPlan> {
  checkChannelIds(ctx.fileName, report);
  const titles = await videoTitles(
    ctx.db,
    report.rows.flatMap((r) => (r.videoId ? [r.videoId] : [])),
  );
  const sums = sumTraffic(report.rows, titles);
  const { slices } = sums;
  const keys = [...new Set(slices.map(([key]) => key))];
  const days = [...new Set(slices.map(([, day]) => day))];
  return {
    channels: needsOfKeys(keys),
    slices,
    daily: true,
    snapshot: false,
    channelCount: keys.length,
    statements(db, networkId, _now, known) {
      const sliceJson = slices.map((s) => JSON.stringify(s));
      const keyJson = JSON.stringify(keys);
      const dayJson = JSON.stringify(days);
      const rowsOf = (grain: Grain) => grain.toJson((key) => keyValue(key as ChannelKey, known));
      const writes: Array<[TrafficTable, Grain]> = [
        [CHANNEL_TABLE, sums.channel],
        [TITLE_TABLE, sums.title],
      ];
      return writes.flatMap(([table, grain]) => [
        ...chunkStatements(db, resetSql(table), sliceJson, networkId),
        ...chunkStatements(db, upsertSql(table), rowsOf(grain), networkId),
        statement(db, raw(deleteZeroSql(table), keyJson, networkId, dayJson)),
      ]);
    },
  };
}
