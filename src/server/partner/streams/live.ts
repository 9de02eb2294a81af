// The Broadcasts page's answer: the streams on air on the session user's channels, from live_broadcasts.
import { MAX_STREAM_CARDS, type StreamCard, type StreamsAnswer } from '../../../lib/api/streams';
import { MS_PER_SECOND, SECONDS_PER_MINUTE } from '../../../lib/dates/time';
import { allBatch } from '../../db/query';
import { sql } from '../../db/sql';
import { type Scope, scopeCte } from '../../stats/filters';

interface BroadcastRow {
  video_id: string;
  preview_url: string;
  name: string;
  channel: string;
  channel_id: string;
  watching_count: number;
  started_at: number;
}

/**
 * Whole minutes from `startedAt` to `now` (both unix seconds); 0 for a start the clock has not reached
 * (a sync host a little ahead of this one).
 * @example minutesOnAir(1_700_000_000, 1_700_000_000 + 150) // 2
 */
export function minutesOnAir(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / SECONDS_PER_MINUTE));
}

/**
 * The streams on air (ended_at IS NULL) on the scope's channels, newest first, and how many there are.
 * `now` (unix seconds) is the caller's clock, so durations can be tested at a pinned time.
 * @example await getLiveBroadcasts(env.DB, scopeFor(user, {}), nowSeconds())
 */
export async function getLiveBroadcasts(db: D1Database, scope: Scope, now: number): Promise<StreamsAnswer> {
  const cte = scopeCte(scope);
  const onAir = sql`b.ended_at IS NULL AND b.channel_id IN (SELECT channel_id FROM scope)`;
  // The count and the cards in one batch: one round trip, one snapshot of the table.
  const [cards, count] = await allBatch<[BroadcastRow, { online: number }]>(
    db,
    [
      sql`${cte} SELECT b.video_id, b.preview_url, b.name, c.title AS channel, coalesce(c.youtube_id, 'ugc') AS channel_id,
        b.watching_count, b.started_at
      FROM live_broadcasts b JOIN channels c ON c.id = b.channel_id
      WHERE ${onAir} ORDER BY b.started_at DESC, b.video_id LIMIT ${MAX_STREAM_CARDS}`,
      sql`${cte} SELECT count(*) AS online FROM live_broadcasts b WHERE ${onAir}`,
    ],
    'sql',
  );
  return {
    online: count[0]?.online ?? 0,
    broadcasts: cards.map((row): StreamCard => ({
      video_id: row.video_id,
      preview: row.preview_url,
      name: row.name,
      channel: row.channel,
      channel_id: row.channel_id,
      watching: row.watching_count,
      started: new Date(row.started_at * MS_PER_SECOND).toISOString().replace('.000Z', 'Z'),
      duration: minutesOnAir(row.started_at, now),
    })),
  };
}
