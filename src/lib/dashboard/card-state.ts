// What a dashboard card says instead of figures: no channels yet, or no data in the period; and whether UGC is selected.
import type { BaseAnswer } from '../api/stats';

export const NO_CHANNELS_MESSAGE = 'No channels are connected to your account yet';
export const NO_DATA_MESSAGE = 'No data for this period';

/**
 * True when the base answer holds no figure at all: every sum and every bucket 0 (earnings include the
 * finance statements, so a statement alone is a figure).
 * Fact rows with every metric 0 are never stored, so this means the period has no rows, not a
 * period whose figures happen to be 0 (a lone zero metric still shows as 0).
 * @example isEmptyBase(answer) // true for a month before the channel's first upload
 */
export function isEmptyBase(base: BaseAnswer): boolean {
  // Net subscribers are gained minus lost: both zero leaves nothing for the net to count.
  const sums = [base.sum_partner_revenue, base.sum_views, base.sum_subscribers_gained, base.sum_subscribers_lost, base.sum_watch_time];
  const series = [base.partner_revenue, base.views, base.subscribers, base.watch_time];
  return sums.every((v) => v === 0) && series.every((points) => points.every((p) => p.value === 0));
}

/**
 * The message every card shows instead of its figures, or null: none while the filters have not
 * loaded (query null) or the base figures are still loading or failed.
 */
export function cardMessage(ready: boolean, channelCount: number, base: BaseAnswer | null): string | null {
  if (!ready) return null;
  if (channelCount === 0) return NO_CHANNELS_MESSAGE;
  return base && isEmptyBase(base) ? NO_DATA_MESSAGE : null;
}

/** The key of the UGC pseudo-channel: the one channel without a YouTube id (migrations/0003_catalog.sql). */
export const UGC_CHANNEL = 'ugc';

/**
 * True when the selection (every channel when none is chosen) includes the UGC pseudo-channel, for an
 * account that has it.
 */
export function selectionHasUgc(chosen: readonly string[], accountHasUgc: boolean): boolean {
  return accountHasUgc && (chosen.length === 0 || chosen.includes(UGC_CHANNEL));
}
