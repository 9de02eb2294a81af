// content_owner_active_claims (snapshot) -> illegal_copies: third-party uploads claimed or blocked.
import type { ClaimRow } from '../parse';
import { checkVideoAndChannelIds } from './channel-keys';
import { chunkStatements } from './json-chunks';
import type { PlanContext, ReportPlan } from './plan';
import { MS_PER_SECOND } from '../../../lib/dates/time';

const ACTIVE = 'active';
const INACTIVE = 'inactive';
const OWN_CHANNELS = 'SELECT youtube_id FROM channels WHERE network_id = ?2 AND youtube_id IN (SELECT value FROM json_each(?1))';
const PARTNER_VIDEOS = 'SELECT video_id, channel_id, title_id FROM videos WHERE video_id IN (SELECT value FROM json_each(?1))';
// ?1 copies, ?2 network. A copy whose reference video we do not know is the network's UGC channel's, and
// keeps no reference video (migration 0049): the one it names has no page of ours.
const UPSERT_COPIES = `INSERT INTO illegal_copies (claim_id, video_id, video_title, uploader_youtube_id, uploader_title,
  channel_id, title_id, reference_video_id, country_code, views, earnings_micros, claim_status, detected_on)
SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4,
  coalesce(value ->> 5, (SELECT id FROM channels WHERE network_id = ?2 AND is_ugc = 1 ORDER BY id LIMIT 1)),
  value ->> 6, value ->> 10, 'ZZ', value ->> 7, 0, value ->> 8, value ->> 9
FROM json_each(?1) WHERE true
ON CONFLICT (video_id) DO UPDATE SET claim_id = excluded.claim_id, video_title = excluded.video_title,
  uploader_youtube_id = excluded.uploader_youtube_id, uploader_title = excluded.uploader_title,
  channel_id = excluded.channel_id, title_id = excluded.title_id, reference_video_id = excluded.reference_video_id,
  views = excluded.views, claim_status = excluded.claim_status,
  earnings_micros = CASE WHEN excluded.claim_status = 'blocked' THEN 0 ELSE illegal_copies.earnings_micros END,
  detected_on = min(illegal_copies.detected_on, excluded.detected_on)`;
// ?1 video ids whose claims were all released, ?2 network.
const DELETE_RELEASED = `DELETE FROM illegal_copies WHERE video_id IN (SELECT value FROM json_each(?1))
AND channel_id IN (SELECT id FROM channels WHERE network_id = ?2)`;

async function lookup<T>(db: D1Database, sql: string, values: Iterable<string>, ...params: unknown[]): Promise<T[]> {
  const out: T[] = [];
  for (const statement of chunkStatements(
    db,
    sql,
    [...new Set(values)].map((v) => JSON.stringify(v)),
    ...params,
  )) {
    out.push(...(await statement.all<T>()).results);
  }
  return out;
}

interface Copy {
  readonly claim: ClaimRow;
  /** The reference video, its partner channel and title, when it is one of ours (in `videos`). */
  readonly referenceVideoId: string | null;
  readonly channelId: number | null;
  readonly titleId: number | null;
  blocked: boolean;
}

/**
 * Plans a claims snapshot. One illegal copy per claimed video: its active claims (claimed, or
 * blocked when any policy blocks it) on an upload that is not one of the network's own channels'
 * videos. Videos whose claims are all inactive now are removed; pending claims change nothing.
 */
export async function planClaims(ctx: PlanContext, report: { rows: readonly ClaimRow[]; lineCount: number }): Promise<ReportPlan> {
  checkVideoAndChannelIds(ctx.fileName, report);
  const active = report.rows.filter((r) => r.claimStatus === ACTIVE && r.channelId !== null);
  const own = new Set(
    (
      await lookup<{ youtube_id: string }>(
        ctx.db,
        OWN_CHANNELS,
        active.map((r) => r.channelId ?? ''),
        ctx.networkId,
      )
    ).map((r) => r.youtube_id),
  );
  const lookups = active.flatMap((r) => [r.videoId, ...(r.referenceVideoId ? [r.referenceVideoId] : [])]);
  const videos = new Map(
    (await lookup<{ video_id: string; channel_id: number; title_id: number | null }>(ctx.db, PARTNER_VIDEOS, lookups)).map((v) => [
      v.video_id,
      v,
    ]),
  );
  const copies = new Map<string, Copy>();
  // The lowest active claim id names the copy, so the same snapshot always writes the same row.
  for (const claim of [...active].sort((a, b) => (a.claimId < b.claimId ? -1 : 1))) {
    if (own.has(claim.channelId ?? '') || videos.has(claim.videoId)) continue;
    const seen = copies.get(claim.videoId);
    if (seen) {
      seen.blocked ||= claim.blocked;
      continue;
    }
    const reference = claim.referenceVideoId ? videos.get(claim.referenceVideoId) : undefined;
    copies.set(claim.videoId, {
      claim,
      referenceVideoId: reference?.video_id ?? null,
      channelId: reference?.channel_id ?? null,
      titleId: reference?.title_id ?? null,
      blocked: claim.blocked,
    });
  }
  const today = new Date(ctx.now * MS_PER_SECOND).toISOString().slice(0, 10);
  const rows = [...copies.values()].map(({ claim, referenceVideoId, channelId, titleId, blocked }) =>
    JSON.stringify([
      claim.claimId,
      claim.videoId,
      claim.videoTitle ?? '',
      claim.channelId,
      claim.channelTitle ?? claim.uploader ?? '',
      channelId,
      titleId,
      claim.views ?? 0,
      blocked ? 'blocked' : 'claimed',
      claim.claimCreatedAt?.slice(0, 10) ?? today,
      referenceVideoId,
    ]),
  );
  const stillActive = new Set(report.rows.filter((r) => r.claimStatus === ACTIVE).map((r) => r.videoId));
  const released = [...new Set(report.rows.filter((r) => r.claimStatus === INACTIVE && !stillActive.has(r.videoId)).map((r) => r.videoId))];
  const partners = new Set([...copies.values()].map((c) => c.channelId ?? 'ugc'));
  return {
    channels: { youtubeIds: new Map(), ugc: partners.has('ugc') },
    slices: [],
    daily: false,
    snapshot: true,
    channelCount: partners.size,
    statements: (db, networkId) => [
      ...chunkStatements(
        db,
        DELETE_RELEASED,
        released.map((id) => JSON.stringify(id)),
        networkId,
      ),
      ...chunkStatements(db, UPSERT_COPIES, rows, networkId),
    ],
  };
}
