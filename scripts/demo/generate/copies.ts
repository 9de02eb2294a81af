// Illegal copies: third-party re-uploads of partner videos that Content ID claimed or blocked.
import type { Context } from './calendar';
import { isoDate } from './dates';
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
  titlesOf: Map<string, string[]>;
  ids: { video: Set<string>; claim: Set<string>; uploader: Set<string> };
  /** Chance that the claim blocks the copy (0: always claimed, and no draw). */
  blockedShare: number;
}

function drawCopy(ctx: Context, id: number, draw: CopyDraw): IllegalCopyRecord {
  const { rng, owner, titleId, ids } = draw;
  const { firstFactDay, lastFactDay } = ctx.calendar;
  const original = pick(rng, draw.titlesOf.get(`${owner.record.id}/${titleId}`) ?? [owner.record.title]);
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
    countryCode: country,
    views,
    earningsMicros: blocked ? 0 : Math.round(earnings * 1_000_000),
    claimStatus: blocked ? 'blocked' : 'claimed',
    detectedOn: isoDate(firstFactDay + Math.floor((lastFactDay - firstFactDay) * Math.pow(rng.next(), 0.6))),
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
  const titlesOf = new Map<string, string[]>();
  for (const video of videos) {
    const key = `${video.channelId}/${video.titleId}`;
    titlesOf.set(key, [...(titlesOf.get(key) ?? []), video.videoTitle]);
  }
  const ids = { video: new Set<string>(), claim: new Set<string>(), uploader: new Set<string>() };
  const copies = Array.from({ length: ctx.scale.illegalCopies }, (_, index): IllegalCopyRecord => {
    const owner = pickWeighted(rng, owners, (channel) => Math.pow(channel.model.baseViews, 0.7));
    const titleId = owner.titleIds[Math.floor(Math.pow(rng.next(), 2) * owner.titleIds.length)] ?? null;
    return drawCopy(ctx, index + 1, { rng, owner, titleId, titlesOf, ids, blockedShare: BLOCKED_SHARE });
  });
  const covered = new Set(copies.filter((c) => c.claimStatus === 'claimed').map((c) => c.titleId));
  const ugcRng = createRng(ctx.seed, 'ugc-copies');
  for (const ugc of channels.filter((channel) => channel.record.isUgc === 1)) {
    for (const titleId of ugc.titleIds.filter((id) => !covered.has(id))) {
      const owner = owners.filter((c) => c.titleIds.includes(titleId)).sort((a, b) => b.model.baseViews - a.model.baseViews)[0];
      if (!owner) continue;
      copies.push(drawCopy(ctx, copies.length + 1, { rng: ugcRng, owner, titleId, titlesOf, ids, blockedShare: 0 }));
      covered.add(titleId);
    }
  }
  return copies;
}
