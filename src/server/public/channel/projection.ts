// The channel page's projections: the last FIT_DAYS of the channel's daily public counters (channel_snapshots,
// the same rows as its Daily statistics table), projected by src/lib/public/projection.ts.
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import type { PublicContext } from '../context';
import { requireChannel } from './lookup';
import { FIT_DAYS, projectCounter, type CounterProjection } from '../../../lib/public/projection';

export interface ChannelProjections {
  /** Subscribers, never below 0; null with too little history. */
  readonly subscribers: CounterProjection | null;
  /** Total views, never below the last count. */
  readonly views: CounterProjection | null;
}

/**
 * Subscribers and total views 30, 90 and 365 days after the channel's latest snapshot; a 404 when the
 * channel is unknown. One range read on the table's (channel, day) key: at most FIT_DAYS rows.
 * @example const { subscribers, views } = await getProjections(ctx, 'UC0000000000000000000001')
 */
export async function getProjections(ctx: PublicContext, youtubeId: string): Promise<ChannelProjections> {
  const channel = await requireChannel(ctx, youtubeId);
  const rows = await all<{ day: string; subscriber_count: number; view_count: number }>(
    ctx.db,
    raw(
      `SELECT day, subscriber_count, view_count FROM channel_snapshots
    WHERE channel_id = ?1 AND day > date((SELECT max(day) FROM channel_snapshots WHERE channel_id = ?1), '-${FIT_DAYS} days')
    ORDER BY day`,
      channel.id,
    ),
    'sql',
  );
  return {
    subscribers: projectCounter(
      rows.map((r) => ({ day: r.day, value: r.subscriber_count })),
      { floorAtLast: false },
    ),
    views: projectCounter(
      rows.map((r) => ({ day: r.day, value: r.view_count })),
      { floorAtLast: true },
    ),
  };
}
