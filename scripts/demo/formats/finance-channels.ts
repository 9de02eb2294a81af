// How a channel's finalized month is booked in the statement: in parts the importer tells apart again (Shorts, claims).
import { attributedCopies, copiesByOwner, generateClaimRevenue } from '../generate/claim-revenue';
import { channelYoutubeId, videoId } from '../generate/ids';
import { createRng } from '../generate/prng';
import type { ClaimRevenueRecord, FinanceRecord, IllegalCopyRecord } from '../generate/records';
import type { World } from '../generate/world';
import type { FinanceChannel, FinancePart } from './finance-report';
import type { SliceVideo } from './partner-videos';
import type { ChannelState } from './partner-reports';

/** What the UGC channel's statement rows are booked under: the claims of each month, and who uploaded what. */
export interface UgcBooking {
  readonly claims: Map<string, ClaimRevenueRecord[]>;
  readonly copies: readonly IllegalCopyRecord[];
  /** An upload no claim of ours names, for the part of the month the UGC channel keeps. */
  readonly unclaimed: SliceVideo;
  /** Takes the claims of the UGC channel's months (generateClaimRevenue) from every channel's finance records. */
  addClaims(finance: readonly FinanceRecord[]): void;
}

/** The UGC channel's booking, its claims added once every channel's finance is known (they follow from its months). */
export function ugcBooking(world: World, copies: readonly IllegalCopyRecord[]): UgcBooking {
  const rng = createRng(world.ctx.seed, 'unclaimed-upload');
  const ugcIds = new Set(world.partnerChannels.filter((c) => c.record.isUgc === 1).map((c) => c.record.id));
  const claims = new Map<string, ClaimRevenueRecord[]>();
  const attributed = attributedCopies(copies);
  return {
    claims,
    copies: attributed,
    unclaimed: { channelId: channelYoutubeId(rng), videoId: videoId(rng), uploaderType: 'thirdParty' },
    addClaims(finance) {
      for (const claim of generateClaimRevenue(
        finance.filter((f) => ugcIds.has(f.channelId)),
        attributed,
      ))
        claims.set(claim.month, [...(claims.get(claim.month) ?? []), claim]);
    },
  };
}

/** The UGC channel's parts: each owner's claims under its first copy found by then, the rest under an unclaimed upload. */
function ugcParts(record: FinanceRecord, booking: UgcBooking): FinancePart[] {
  const claims = booking.claims.get(record.month) ?? [];
  const owners = copiesByOwner(booking.copies, record.month);
  const parts: FinancePart[] = claims.map((claim) => {
    const copy = owners.get(claim.channelId)?.[0];
    if (!copy) throw new Error(`channel ${claim.channelId} has claims in ${record.month} but no copy found by then`);
    const video: SliceVideo = { channelId: copy.uploaderYoutubeId, videoId: copy.videoId, uploaderType: 'thirdParty' };
    return { amount: claim.revenueMicros, video: () => video };
  });
  const claimed = claims.reduce((sum, c) => sum + c.revenueMicros, 0);
  return [...parts, { amount: record.revenueMicros - claimed, video: () => booking.unclaimed }];
}

/**
 * A channel's statement rows: a partner channel's Shorts part under one of its shorts and the rest under a
 * long-form video of its first title; the UGC channel's as ugcParts.
 */
export function financeChannel(state: ChannelState, ugc: UgcBooking): FinanceChannel {
  const titleId = state.channel.titleIds[0] ?? 0;
  const countryCode = state.channel.model.countries[0]?.code ?? 'ZZ';
  const bookedUnder = (day: string) => {
    const video = state.videos.slice(titleId, 'full', day) ?? state.videos.channelLevel();
    if (!video) throw new Error(`channel ${state.channel.record.id} has no video to book its finance under`);
    return { video, countryCode };
  };
  const shortCell = state.channel.cells.find((cell) => cell.type === 'short');
  const short = (day: string) => {
    const video = shortCell ? state.videos.slice(shortCell.titleId, 'short', day) : null;
    if (!video) throw new Error(`channel ${state.channel.record.id} has Shorts revenue but no short to book it under`);
    return video;
  };
  return {
    dailyRevenue: (day) => state.revenue.get(day) ?? 0,
    bookedUnder,
    parts: (record) =>
      state.channel.record.isUgc === 1
        ? ugcParts(record, ugc)
        : [
            { amount: record.shortsMicros, video: short },
            { amount: record.revenueMicros - record.shortsMicros, video: (day) => bookedUnder(day).video },
          ],
  };
}
