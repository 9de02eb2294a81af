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

/** scale.illegalCopies copies spread over the network's channels by size, detected over the fact period. */
export function generateIllegalCopies(ctx: Context, channels: PartnerChannel[], videos: VideoRecord[]): IllegalCopyRecord[] {
  const rng = createRng(ctx.seed, 'illegal-copies');
  const owners = channels.filter((channel) => channel.record.isUgc === 0);
  const titlesOf = new Map<string, string[]>();
  for (const video of videos) {
    const key = `${video.channelId}/${video.titleId}`;
    titlesOf.set(key, [...(titlesOf.get(key) ?? []), video.videoTitle]);
  }
  const videoIds = new Set<string>();
  const claimIds = new Set<string>();
  const uploaderIds = new Set<string>();
  const { firstFactDay, lastFactDay } = ctx.calendar;
  return Array.from({ length: ctx.scale.illegalCopies }, (_, index): IllegalCopyRecord => {
    const owner = pickWeighted(rng, owners, (channel) => Math.pow(channel.model.baseViews, 0.7));
    const titleId = owner.titleIds[Math.floor(Math.pow(rng.next(), 2) * owner.titleIds.length)] ?? null;
    const original = pick(rng, titlesOf.get(`${owner.record.id}/${titleId}`) ?? [owner.record.title]);
    const country = pickWeighted(rng, COUNTRIES, (c) => c.weight).code;
    const views = Math.min(MAX_COPY_VIEWS, Math.round(logNormal(rng, 1500, 1.6)));
    const blocked = chance(rng, BLOCKED_SHARE);
    const earnings = (views / 1000) * countryProfile(country).rpm * owner.model.rpmFactor * CLAIM_REVENUE_SHARE;
    return {
      id: index + 1, claimId: uniqueId(claimIds, () => videoId(rng)), videoId: uniqueId(videoIds, () => videoId(rng)),
      videoTitle: `${original} ${pick(rng, COPY_SUFFIXES)}`,
      uploaderYoutubeId: uniqueId(uploaderIds, () => channelYoutubeId(rng)), uploaderTitle: uploaderName(rng),
      channelId: owner.record.id, titleId, countryCode: country, views,
      earningsMicros: blocked ? 0 : Math.round(earnings * 1_000_000),
      claimStatus: blocked ? 'blocked' : 'claimed',
      detectedOn: isoDate(firstFactDay + Math.floor((lastFactDay - firstFactDay) * Math.pow(rng.next(), 0.6))),
    };
  });
}
