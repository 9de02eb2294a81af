// /compare's figures: each channel's page figures (the channel_info call's, last 30 days) and its monthly
// history, read together, so the comparison shows exactly what each channel's own page shows.
import type { ArchiveRow, ChannelInfo } from '../../lib/api/public-channels';
import { HttpError } from '../http/errors';
import { getArchive, getChannelInfo } from './channel';
import type { PublicContext } from './context';
import { findOwnChannels, searchTextSchema } from './search/lookup';
import type { OverlayChannel } from '../../lib/search/types';

export interface ComparedChannel {
  readonly info: ChannelInfo;
  readonly archive: ArchiveRow[];
}

export interface Comparison {
  /** The channels we track, in the order asked. */
  readonly channels: ComparedChannel[];
  /** Ids asked for that we do not track. */
  readonly unknown: string[];
}

/** A channel's page figures and history, or null when we do not track it (the page's own 404). */
async function compared(ctx: PublicContext, id: string): Promise<ComparedChannel | null> {
  try {
    const [info, archive] = await Promise.all([getChannelInfo(ctx, id, 'now'), getArchive(ctx, id)]);
    return { info, archive };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The channels' figures, all read at once (each is a few primary-key reads; at most MAX_COMPARED).
 * @example const { channels, unknown } = await getComparison(ctx, ['UC…', 'UC…'])
 */
export async function getComparison(ctx: PublicContext, ids: readonly string[]): Promise<Comparison> {
  const found = await Promise.all(ids.map((id) => compared(ctx, id)));
  return {
    channels: found.filter((c): c is ComparedChannel => c !== null),
    unknown: ids.filter((_, i) => found[i] === null),
  };
}

/**
 * Channels whose title matches what a visitor typed in "Add a channel" (or the channel with that id), most
 * subscribed first; nothing for text the search refuses (empty, too long).
 * @example await channelsToAdd(ctx, 'cooking')
 */
export async function channelsToAdd(ctx: PublicContext, text: string): Promise<OverlayChannel[]> {
  const parsed = searchTextSchema.safeParse(text);
  return parsed.success ? findOwnChannels(ctx, parsed.data) : [];
}
