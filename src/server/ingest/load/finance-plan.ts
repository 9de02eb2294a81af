// content_owner_ad_revenue_raw (monthly statement) -> channel_finance_monthly revenue and adjustments, the
// Shorts part of the revenue, and claims revenue attributed to the partner channels whose content earned it.
import type { FinanceRow } from '../parse';
import { channelIdSql, type ChannelKey } from './channel-keys';
import { chunkStatements } from './json-chunks';
import { needsOfKeys, type PlanContext, type ReportPlan } from './plan';
import type { Slice } from './files';

const KNOWN_CHANNELS = 'SELECT youtube_id FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?1))';
const SHORTS = "SELECT video_id FROM videos WHERE type = 'short' AND video_id IN (SELECT value FROM json_each(?1))";
// Copies of the file's network's partner channels only (?2): a copy another network claims is not paid from this
// network's UGC revenue, and a copy of a reference we do not know names the UGC channel itself, which keeps it.
const CLAIMED_COPIES = `SELECT i.video_id, i.channel_id FROM illegal_copies i JOIN channels c ON c.id = i.channel_id
WHERE i.claim_status = 'claimed' AND c.network_id = ?2 AND c.is_ugc = 0 AND i.video_id IN (SELECT value FROM json_each(?1))`;
// ?1 [channel key, month, revenue, adjustment, shorts], ?2 network, ?3 finalized_at.
const UPSERT_MONTHS = `INSERT INTO channel_finance_monthly (channel_id, month, revenue_micros, adjustment_micros, shorts_micros, finalized_at)
SELECT ${channelIdSql('value ->> 0')}, value ->> 1, value ->> 2, value ->> 3, value ->> 4, ?3 FROM json_each(?1) WHERE true
ON CONFLICT (channel_id, month) DO UPDATE SET revenue_micros = excluded.revenue_micros,
  adjustment_micros = excluded.adjustment_micros, shorts_micros = excluded.shorts_micros, finalized_at = excluded.finalized_at`;
// Claims are a part of the UGC channel's month, so they are replaced with it, as channel_finance_monthly is
// per (channel, month) in the file: the months of the file's rows of unknown channels (its UGC months) clear
// that month's claims of the network's channels in this store (?1 the months, ?2 the network), then the
// file's are written (?1 [channel id, month, revenue]). A month without such rows in the file (or a file a
// newer one skips) keeps its claims, as it keeps its UGC revenue. On a network spread over several stores,
// every bucket's part carries the rows of unknown channels, so each store clears and writes its own
// channels' claims of the same months.
const CLEAR_CLAIMS = `DELETE FROM channel_claim_revenue_monthly WHERE month IN (SELECT value FROM json_each(?1))
  AND channel_id IN (SELECT id FROM channels WHERE network_id = ?2)`;
const INSERT_CLAIMS = `INSERT INTO channel_claim_revenue_monthly (channel_id, month, revenue_micros)
SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?1) WHERE true
ON CONFLICT (channel_id, month) DO UPDATE SET revenue_micros = excluded.revenue_micros`;

/** The rows a lookup answers for `ids` (bound as ?1, chunked under D1's limits; `params` bind ?2 …). */
async function lookUp<T>(db: D1Database, sql: string, ids: readonly string[], ...params: unknown[]): Promise<T[]> {
  const rows: T[] = [];
  const values = ids.map((id) => JSON.stringify(id));
  for (const statement of chunkStatements(db, sql, values, ...params)) rows.push(...(await statement.all<T>()).results);
  return rows;
}

const distinct = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => v !== null))];

/**
 * Plans a monthly statement. Normal rows (adjustment_type None) are the revenue of their month;
 * adjustment rows, which may be dated in earlier months, are booked in the statement's month (the
 * latest month in the file), as the statement books them. Rows of channels we do not know are claimed
 * third-party uploads (the report has no uploader_type): they go to the network's UGC channel, and where the
 * video is a claimed illegal copy, also to the claims of the partner channel it copies. Normal rows of a
 * video the catalogue types 'short' are the channel month's Shorts part. In a store of the network other
 * than bucket 0 (which holds the UGC channel), rows of unknown channels only feed the claims of the copies
 * that store holds: bucket 0 books them to the UGC channel.
 * @example const plan = await planFinance({ ...ctx, bucket: 0 }, parsed)
 */
export async function planFinance(ctx: PlanContext, report: { rows: readonly FinanceRow[] }): Promise<ReportPlan> {
  const videoIds = distinct(report.rows.map((r) => r.videoId));
  const [knownRows, shortRows, copyRows] = await Promise.all([
    lookUp<{ youtube_id: string }>(ctx.db, KNOWN_CHANNELS, distinct(report.rows.map((r) => r.channelId))),
    lookUp<{ video_id: string }>(ctx.db, SHORTS, videoIds),
    // On a network spread over several stores, every bucket's part has the unknown channels' rows and
    // finds the copies its store holds (docs/partner-store.md, "A network larger than one store").
    lookUp<{ video_id: string; channel_id: number }>(ctx.db, CLAIMED_COPIES, videoIds, ctx.networkId),
  ]);
  const known = new Set(knownRows.map((r) => r.youtube_id));
  const shorts = new Set(shortRows.map((r) => r.video_id));
  const copies = new Map(copyRows.map((r) => [r.video_id, r.channel_id]));
  const statementMonth = report.rows.reduce((latest, r) => (r.date.slice(0, 7) > latest ? r.date.slice(0, 7) : latest), '');
  const months = new Map<string, [ChannelKey, string, number, number, number]>();
  const claims = new Map<string, [number, string, number]>();
  // The months of the rows of unknown channels, whose claims this file replaces in this store.
  const ugcMonths = new Set<string>();
  // Only the UGC channel's store books its revenue; another bucket's store does not hold that channel.
  const booksUgc = ctx.bucket === 0;
  for (const row of report.rows) {
    const key = row.channelId !== null && known.has(row.channelId) ? row.channelId : null;
    const month = row.adjustmentType === null ? row.date.slice(0, 7) : statementMonth;
    if (key === null) ugcMonths.add(month);
    const id = `${key ?? ''}|${month}`;
    const booked = key !== null || booksUgc;
    const sums = months.get(id) ?? [key, month, 0, 0, 0];
    if (row.adjustmentType !== null) sums[3] += row.partnerRevenueMicros;
    else {
      sums[2] += row.partnerRevenueMicros;
      if (key !== null && row.videoId !== null && shorts.has(row.videoId)) sums[4] += row.partnerRevenueMicros;
      const claimed = key === null && row.videoId !== null ? copies.get(row.videoId) : undefined;
      if (claimed !== undefined) {
        const claim = claims.get(`${claimed}|${month}`) ?? [claimed, month, 0];
        claim[2] += row.partnerRevenueMicros;
        claims.set(`${claimed}|${month}`, claim);
      }
    }
    if (booked) months.set(id, sums);
  }
  const slices: Slice[] = [...months.values()].map(([key, month]) => [key, month]);
  const keys = [...new Set(slices.map(([key]) => key))];
  return {
    channels: needsOfKeys(keys),
    slices,
    daily: false,
    snapshot: false,
    channelCount: keys.length,
    statements: (db, networkId, now) => [
      ...chunkStatements(
        db,
        UPSERT_MONTHS,
        [...months.values()].map((m) => JSON.stringify(m)),
        networkId,
        now,
      ),
      ...chunkStatements(
        db,
        CLEAR_CLAIMS,
        [...ugcMonths].map((m) => JSON.stringify(m)),
        networkId,
      ),
      ...chunkStatements(
        db,
        INSERT_CLAIMS,
        [...claims.values()].map((c) => JSON.stringify(c)),
      ),
    ],
  };
}
