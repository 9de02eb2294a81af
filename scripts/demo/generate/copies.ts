// Illegal copies: third-party re-uploads of partner videos that Content ID claimed or blocked.
import type { Context } from './calendar';
import { isoDate, unixSeconds } from './dates';
import { COUNTRIES, countryProfile } from './geo';
import { channelYoutubeId, uniqueId, videoId } from './ids';
import type { PartnerChannel } from './model';
import { channelName, personName } from './names';
import { chance, createRng, int, logNormal, pick, pickWeighted, type Rng } from './prng';
import type { IllegalCopyRecord, VideoRecord } from './records';

const BLOCKED_SHARE = 0.3;
/** Share of a claimed copy's ad revenue that reaches the partner. */
const CLAIM_REVENUE_SHARE = 0.5;
const MAX_COPY_VIEWS = 20_000_000;
const COPY_SUFFIXES = ['(full episode)', 'HD', 're-upload', '[NEW]', 'full movie', 'compilation', '2025', 'part 1'];

function uploaderName(rng: Rng): string {
  return chance(rng, 0.5) ? `${personName(rng)}` : `${channelName(rng)} ${int(rng, 1, 2024)}`;
}

interface CopyDraw {
  rng: Rng;
  owner: PartnerChannel;
  titleId: number | null;
  /** Published partner videos per `${channelId}/${titleId}`: what a copy can be a copy of. */
  videosOf: Map<string, VideoRecord[]>;
  ids: { video: Set<string>; claim: Set<string>; uploader: Set<string> };
  /** Chance that the claim blocks the copy (0: always claimed, and no draw). */
  blockedShare: number;
}

function drawCopy(ctx: Context, id: number, draw: CopyDraw): IllegalCopyRecord {
  const { rng, owner, titleId, ids } = draw;
  const { firstFactDay, lastFactDay } = ctx.calendar;
  const detected = firstFactDay + Math.floor((lastFactDay - firstFactDay) * Math.pow(rng.next(), 0.6));
  // The copied video: one of the owner's videos of the title published by the day Content ID found the copy,
  // the claim's reference video; without one the claim names none (the copy is then the UGC channel's).
  // One draw either way, so the copies drawn after this one do not depend on which it is.
  const foundBy = unixSeconds(detected + 1);
  const candidates = (draw.videosOf.get(`${owner.record.id}/${titleId}`) ?? []).filter((v) => (v.publishedAt ?? foundBy) < foundBy);
  const reference = candidates.length > 0 ? pick(rng, candidates) : null;
  const original = reference?.videoTitle ?? pick(rng, [owner.record.title]);
  const country = pickWeighted(rng, COUNTRIES, (c) => c.weight).code;
  const views = Math.min(MAX_COPY_VIEWS, Math.round(logNormal(rng, 1500, 1.6)));
  const blocked = draw.blockedShare > 0 && chance(rng, draw.blockedShare);
  const earnings = (views / 1000) * countryProfile(country).rpm * owner.model.rpmFactor * CLAIM_REVENUE_SHARE;
  return {
    id,
    claimId: uniqueId(ids.claim, () => videoId(rng)),
    videoId: uniqueId(ids.video, () => videoId(rng)),
    videoTitle: `${original} ${pick(rng, COPY_SUFFIXES)}`,
    uploaderYoutubeId: uniqueId(ids.uploader, () => channelYoutubeId(rng)),
    uploaderTitle: uploaderName(rng),
    channelId: owner.record.id,
    titleId,
    referenceVideoId: reference?.videoId ?? null,
    countryCode: country,
    views,
    earningsMicros: blocked ? 0 : Math.round(earnings * 1_000_000),
    claimStatus: blocked ? 'blocked' : 'claimed',
    detectedOn: isoDate(detected),
  };
}

/**
 * scale.illegalCopies copies spread over the network's channels by size, detected over the fact
 * period; then one claimed copy more for each title the UGC pseudo-channel carries without one
 * (its facts are those copies' views), drawn from a stream of its own.
 */
export function generateIllegalCopies(ctx: Context, channels: PartnerChannel[], videos: VideoRecord[]): IllegalCopyRecord[] {
  const rng = createRng(ctx.seed, 'illegal-copies');
  const owners = channels.filter((channel) => channel.record.isUgc === 0);
  const videosOf = new Map<string, VideoRecord[]>();
  for (const video of videos) {
    if (video.publishedAt === null) continue;
    const key = `${video.channelId}/${video.titleId}`;
    videosOf.set(key, [...(videosOf.get(key) ?? []), video]);
  }
  const ids = { video: new Set<string>(), claim: new Set<string>(), uploader: new Set<string>() };
  const copies = Array.from({ length: ctx.scale.illegalCopies }, (_, index): IllegalCopyRecord => {
    const owner = pickWeighted(rng, owners, (channel) => Math.pow(channel.model.baseViews, 0.7));
    const titleId = owner.titleIds[Math.floor(Math.pow(rng.next(), 2) * owner.titleIds.length)] ?? null;
    return drawCopy(ctx, index + 1, { rng, owner, titleId, videosOf, ids, blockedShare: BLOCKED_SHARE });
  });
  const covered = new Set(copies.filter((c) => c.claimStatus === 'claimed').map((c) => c.titleId));
  const ugcRng = createRng(ctx.seed, 'ugc-copies');
  for (const ugc of channels.filter((channel) => channel.record.isUgc === 1)) {
    for (const titleId of ugc.titleIds.filter((id) => !covered.has(id))) {
      const owner = owners.filter((c) => c.titleIds.includes(titleId)).sort((a, b) => b.model.baseViews - a.model.baseViews)[0];
      if (!owner) continue;
      copies.push(drawCopy(ctx, copies.length + 1, { rng: ugcRng, owner, titleId, videosOf, ids, blockedShare: 0 }));
      covered.add(titleId);
    }
  }
  return copies;
}
