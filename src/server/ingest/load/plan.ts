// What loading one parsed report writes: the channels it needs, the slices it owns, its statements.
import type { BasicWeights } from './audience/weights';
import type { ChannelNeeds, KnownChannels } from './channel-keys';
import type { Slice } from './files';

/** Everything a family planner may read: the database (for lookups), the file's network, the import. */
export interface PlanContext {
  readonly db: D1Database;
  readonly fileName: string;
  readonly networkId: number | null;
  /**
   * The bucket of the network's stores the plan writes into (docs/partner-store.md, "A network larger than
   * one store"): 0 for the store that holds the network's UGC channel, and for any install of one store.
   */
  readonly bucket: number;
  readonly now: number;
  /** Country codes of the countries table; others are stored as ZZ. */
  readonly countries: ReadonlySet<string>;
  /** Views per demographics key from the basic files of this import (null when no demographics file came). */
  readonly weights: BasicWeights | null;
}

export interface ReportPlan {
  readonly channels: ChannelNeeds;
  /** (channel, day) pairs of the family the file replaces; empty for snapshots. */
  readonly slices: readonly Slice[];
  /** The slices are days of daily fact tables (they go to changedDays). */
  readonly daily: boolean;
  /** A snapshot without days (video metadata, claims). */
  readonly snapshot: boolean;
  /**
   * The statements write the shared catalogue (titles, videos, channel names): split by network, they
   * run in the shared D1 first, then in the network's store (docs/partner-store.md).
   */
  readonly catalogue?: { readonly customIds: readonly string[] };
  /** Distinct channels written (the UGC channel counts as one). */
  readonly channelCount: number;
  /**
   * The family's writes, after the channels exist; they run in the file's one batch. Rows name the
   * channels in `known` by id (keyValue), the others by YouTube id.
   */
  statements(db: D1Database, networkId: number | null, now: number, known: KnownChannels): D1PreparedStatement[];
}

/** The needs of a plan that only writes to the channels of its slices. */
export function needsOfKeys(keys: Iterable<string | null>): ChannelNeeds {
  const youtubeIds = new Map<string, string | null>();
  let ugc = false;
  for (const key of keys) {
    if (key === null) ugc = true;
    else youtubeIds.set(key, null);
  }
  return { youtubeIds, ugc };
}
