// The message every card shows instead of figures (no channels yet, no data in the period), from the shared stores.
import { cardMessage, selectionHasUgc } from '../../lib/dashboard/card-state';
import { useAnswer, useChannelSummary, useQuery } from './use-start';

/** null while there is something to show (or still loading). */
export function useCardMessage(): string | null {
  const query = useQuery();
  const { count } = useChannelSummary();
  const base = useAnswer('base');
  return cardMessage(query !== null, count, base.status === 'loaded' ? base.data : null);
}

/** True when the chosen channels (all when none is chosen) include UGC. */
export function useUgcSelected(): boolean {
  const query = useQuery();
  const { hasUgc } = useChannelSummary();
  return query !== null && selectionHasUgc(query.channels, hasUgc);
}
