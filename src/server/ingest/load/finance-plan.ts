// content_owner_ad_revenue_raw (monthly statement) -> channel_finance_monthly revenue and adjustments.
import type { FinanceRow } from '../parse';
import { channelIdSql, type ChannelKey } from './channel-keys';
import { chunkStatements } from './json-chunks';
import { needsOfKeys, type PlanContext, type ReportPlan } from './plan';
import type { Slice } from './files';

const KNOWN_CHANNELS = 'SELECT youtube_id FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?1))';
// ?1 [channel key, month, revenue, adjustment], ?2 network, ?3 finalized_at.
const UPSERT_MONTHS = `INSERT INTO channel_finance_monthly (channel_id, month, revenue_micros, adjustment_micros, finalized_at)
SELECT ${channelIdSql('value ->> 0')}, value ->> 1, value ->> 2, value ->> 3, ?3 FROM json_each(?1) WHERE true
ON CONFLICT (channel_id, month) DO UPDATE SET revenue_micros = excluded.revenue_micros,
  adjustment_micros = excluded.adjustment_micros, finalized_at = excluded.finalized_at`;

async function knownChannels(db: D1Database, rows: readonly FinanceRow[]): Promise<Set<string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.channelId === null ? [] : [JSON.stringify(r.channelId)])))];
  const known = new Set<string>();
  for (const statement of chunkStatements(db, KNOWN_CHANNELS, ids)) {
    const { results } = await statement.all<{ youtube_id: string }>();
    for (const r of results) known.add(r.youtube_id);
  }
  return known;
}

/**
 * Plans a monthly statement. Normal rows (adjustment_type None) are the revenue of their month;
 * adjustment rows, which may be dated in earlier months, are booked in the statement's month (the
 * latest month in the file), as the statement books them. Rows of channels we do not know are claimed
 * third-party uploads (the report has no uploader_type): they go to the network's UGC channel.
 */
export async function planFinance(ctx: PlanContext, report: { rows: readonly FinanceRow[] }): Promise<ReportPlan> {
  const known = await knownChannels(ctx.db, report.rows);
  const statementMonth = report.rows.reduce((latest, r) => (r.date.slice(0, 7) > latest ? r.date.slice(0, 7) : latest), '');
  const months = new Map<string, [ChannelKey, string, number, number]>();
  for (const row of report.rows) {
    const key = row.channelId !== null && known.has(row.channelId) ? row.channelId : null;
    const month = row.adjustmentType === null ? row.date.slice(0, 7) : statementMonth;
    const id = `${key ?? ''}|${month}`;
    const sums = months.get(id) ?? [key, month, 0, 0];
    if (row.adjustmentType === null) sums[2] += row.partnerRevenueMicros;
    else sums[3] += row.partnerRevenueMicros;
    months.set(id, sums);
  }
  const slices: Slice[] = [...months.values()].map(([key, month]) => [key, month]);
  const keys = [...new Set(slices.map(([key]) => key))];
  return {
    channels: needsOfKeys(keys),
    slices,
    daily: false,
    snapshot: false,
    channelCount: keys.length,
    statements: (db, networkId, now) =>
      chunkStatements(
        db,
        UPSERT_MONTHS,
        [...months.values()].map((m) => JSON.stringify(m)),
        networkId,
        now,
      ),
  };
}
