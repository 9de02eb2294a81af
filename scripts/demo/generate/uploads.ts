// A tracked channel's recent uploads for the channel page: 12 videos and their counts as two reads saw them.
import { SECONDS_PER_DAY } from '../../../src/lib/dates/time';
import { previewUrl } from './images';
import { videoId } from './ids';
import { titleName, videoTitle } from './names';
import { chance, createRng, int, uniform } from './prng';

/** Uploads the sync keeps per channel (UPLOADS_KEPT in src/server/ingest/sync/uploads.ts). */
export const DEMO_UPLOADS_PER_CHANNEL = 12;
/** Days between the first read of a channel's uploads and today's: the growth the page shows. */
export const DEMO_UPLOADS_FIRST_READ_DAYS = 7;
// A video gains most of its views in its first days: views(age) = total × (1 − e^(−age / DECAY_DAYS)).
const DECAY_DAYS = 6;
const HIDDEN_LIKES = 0.05;

export interface DemoUpload {
  videoId: string;
  title: string;
  /** Unix seconds. */
  publishedAt: number;
  thumbnailUrl: string;
  durationSeconds: number;
  /** Views it will reach; likes and comments are shares of the views. */
  totalViews: number;
  likeShare: number;
  commentShare: number;
  likesHidden: boolean;
}

/** A video's counts at a moment (null likes and comments when the owner hides them). */
export function uploadCounts(u: DemoUpload, at: number): { views: number; likes: number | null; comments: number | null } {
  const ageDays = Math.max(0, (at - u.publishedAt) / SECONDS_PER_DAY);
  const views = Math.round(u.totalViews * (1 - Math.exp(-ageDays / DECAY_DAYS)));
  return {
    views,
    likes: u.likesHidden ? null : Math.round(views * u.likeShare),
    comments: u.likesHidden ? null : Math.round(views * u.commentShare),
  };
}

/**
 * The channel's newest uploads, newest first, published before `now` (unix seconds). A stream of the
 * seed's generator of its own (createRng(seed, 'uploads', channel)), so no other phase's numbers move.
 * @example generateUploads(1, 42, unixSeconds(today)).length // 12
 */
export function generateUploads(seed: number, channelId: number, now: number): DemoUpload[] {
  const rng = createRng(seed, 'uploads', channelId);
  const show = titleName(rng);
  const scale = Math.exp(uniform(rng, 6, 14));
  let publishedAt = now - int(rng, 1, 36) * 3_600;
  return Array.from({ length: DEMO_UPLOADS_PER_CHANNEL }, () => {
    const upload: DemoUpload = {
      videoId: videoId(rng),
      title: videoTitle(rng, 'full', show),
      publishedAt,
      thumbnailUrl: previewUrl(rng),
      durationSeconds: int(rng, 60, 3_600),
      totalViews: Math.round(scale * uniform(rng, 0.3, 3)),
      likeShare: uniform(rng, 0.01, 0.06),
      commentShare: uniform(rng, 0.0005, 0.004),
      likesHidden: chance(rng, HIDDEN_LIKES),
    };
    publishedAt -= int(rng, 1, 6) * SECONDS_PER_DAY + int(rng, 0, 23) * 3_600;
    return upload;
  });
}
