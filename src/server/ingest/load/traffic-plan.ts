// Traffic source reports -> views, engaged views and watch time per channel, day and source type, per title
// and per video as well; a re-issued day replaces the (channel, day)s it names. Months follow with the
// other partner rollups (FACT_GRAINS).
import type { TrafficSourceRow } from '../parse';
import { channelIdSql, keyValue, type ChannelKey } from './channel-keys';
import { checkChannelIds, ownChannel } from './facts/basic';
import { videoTitles, type VideoTitle } from './facts/daily-plan';
import { addInto, Grain, type KeyPart } from './facts/grain';
import { dailyPlan, replaceDays, type DaysSql } from './facts/replace-days';
import type { Slice } from './files';
import type { PlanContext, ReportPlan } from './plan';
import { TRAFFIC_METRICS } from '../rollup/fact-metrics';

type TrafficGrain = 'channel' | 'title' | 'video';

interface TrafficTable {
  readonly name: string;
  /** Key columns after (channel_id, day). */
  readonly keys: readonly string[];
  readonly grain: TrafficGrain;
}

const TRAFFIC_TABLES: readonly TrafficTable[] = [
  { name: 'channel_traffic_daily', keys: ['source_type'], grain: 'channel' },
  { name: 'channel_title_traffic_daily', keys: ['title_id', 'video_type', 'source_type'], grain: 'title' },
  // The video page's sources (migration 0047): every video the report names, with a title or not.
  { name: 'video_traffic_daily', keys: ['video_id', 'source_type'], grain: 'video' },
];

const SLICES = `SELECT ${channelIdSql('value ->> 0')} AS channel_id, value ->> 1 AS day FROM json_each(?1)`;

/** The table's statements for replacing days (the table name comes from TRAFFIC_TABLES, never from input). */
function trafficSql(t: TrafficTable): DaysSql {
  const keys = ['channel_id', 'day', ...t.keys];
  const values = [...keys.slice(1), ...TRAFFIC_METRICS].map((_, i) => `value ->> ${i + 1}`);
  return {
    reset: `WITH s AS (${SLICES}) UPDATE ${t.name} SET ${TRAFFIC_METRICS.map((m) => `${m} = 0`).join(', ')} FROM s
WHERE ${t.name}.channel_id = s.channel_id AND ${t.name}.day = s.day`,
    upsert: `INSERT INTO ${t.name} (${[...keys, ...TRAFFIC_METRICS].join(', ')})
SELECT ${channelIdSql('value ->> 0')}, ${values.join(', ')} FROM json_each(?1) WHERE true
ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${TRAFFIC_METRICS.map((m) => `${m} = excluded.${m}`).join(', ')}`,
    deleteZero: `DELETE FROM ${t.name}
WHERE channel_id IN (SELECT ${channelIdSql('value')} FROM json_each(?1)) AND day IN (SELECT value FROM json_each(?3))
  AND ${TRAFFIC_METRICS.map((m) => `${m} = 0`).join(' AND ')}`,
  };
}

/** Each table's grain and statements, built once. */
const TRAFFIC_WRITES = TRAFFIC_TABLES.map((t) => ({ grain: t.grain, sql: trafficSql(t) }));

/** The file's sums per grain (keys as the tables' after the channel key and day), and its slices. */
function sumTraffic(rows: readonly TrafficSourceRow[], titles: ReadonlyMap<string, VideoTitle>) {
  const grains: Record<TrafficGrain, Grain> = {
    channel: new Grain(TRAFFIC_METRICS.length),
    title: new Grain(TRAFFIC_METRICS.length),
    video: new Grain(TRAFFIC_METRICS.length),
  };
  const slices = new Map<string, Slice>();
  const add = (grain: Grain, key: readonly KeyPart[], values: readonly number[]) => {
    const id = key.map((k) => k ?? '').join('|');
    addInto(grain.get(id) ?? grain.create(id, key), values);
  };
  for (const row of rows) {
    const key: ChannelKey = ownChannel(row);
    slices.set(`${key ?? ''}|${row.date}`, [key, row.date]);
    const values = [row.views, row.engagedViews ?? 0, row.watchTimeMinutes];
    add(grains.channel, [key, row.date, row.sourceType], values);
    if (!row.videoId) continue;
    add(grains.video, [key, row.date, row.videoId, row.sourceType], values);
    const t = titles.get(row.videoId);
    // A video without a title counts in the channel and video grains only, as in the basic report's title grain.
    if (t && t.titleId !== null) add(grains.title, [key, row.date, t.titleId, t.type, row.sourceType], values);
  }
  return { grains, slices: [...slices.values()] };
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
  const { grains, slices } = sumTraffic(report.rows, titles);
  return dailyPlan(slices, (db, networkId, known, params) =>
    TRAFFIC_WRITES.flatMap(({ grain, sql }) =>
      replaceDays(
        db,
        networkId,
        params,
        sql,
        grains[grain].toJson((key) => keyValue(key as ChannelKey, known)),
      ),
    ),
  );
}
