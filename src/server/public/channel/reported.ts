// A network's own figures on its channels' public pages, shown only when the network chose so
// (networks.public_figures = 1, set in the operator console): watch time and estimated revenue as its
// YouTube Analytics reports gave them, read from its partner facts (its store on a split install).
import { first } from '../../db/query';
import { raw } from '../../db/sql';
import { partnerDb } from '../../partner-store';
import type { PublicContext } from '../context';

/** The days a period covers, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** What the network reported over a period's days. */
export interface ReportedFigures {
  views: number;
  watch_time_minutes: number;
  revenue_micros: number;
}

/** The channel as the reader needs it: its network and that network's choice. */
export interface ReportingChannel {
  id: number;
  network_id: number | null;
  store_bucket: number;
  network_public_figures: number | null;
}

/** True when the channel's network shows its own figures publicly. */
export const showsReportedFigures = (channel: ReportingChannel): channel is ReportingChannel & { network_id: number } =>
  channel.network_id !== null && channel.network_public_figures === 1;

/** A day range's sums of channel_daily (a primary-key range); null when the network reported no day of it. */
async function reportedOver(db: D1Database, channelId: number, days: DayRange): Promise<ReportedFigures | null> {
  const row = await first<ReportedFigures & { days: number }>(
    db,
    raw(
      `SELECT count(*) AS days, coalesce(sum(views), 0) AS views, coalesce(sum(watch_time_minutes), 0) AS watch_time_minutes,
      coalesce(sum(partner_revenue_micros), 0) AS revenue_micros
    FROM channel_daily WHERE channel_id = ?1 AND day BETWEEN ?2 AND ?3`,
      channelId,
      days.from,
      days.to,
    ),
    'sql',
  );
  if (!row || row.days === 0) return null;
  return { views: row.views, watch_time_minutes: row.watch_time_minutes, revenue_micros: row.revenue_micros };
}

/**
 * The network's figures over each range (null where it reported nothing), or nulls for every range
 * when the network has not chosen to show them: nothing private is read then.
 * @example const [now, last] = await reportedFigures(ctx, channel, [nowDays, lastDays])
 */
export async function reportedFigures(
  ctx: PublicContext,
  channel: ReportingChannel,
  ranges: ReadonlyArray<DayRange | null>,
): Promise<Array<ReportedFigures | null>> {
  if (!showsReportedFigures(channel)) return ranges.map(() => null);
  const db = partnerDb(ctx.env, channel.network_id, channel.store_bucket);
  // Independent sums of one channel: started together, awaited together.
  return Promise.all(ranges.map((days) => (days ? reportedOver(db, channel.id, days) : Promise.resolve(null))));
}
