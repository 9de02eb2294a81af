// The message every card shows instead of figures (no channels yet, no data in the period), from the shared stores.
import { useStore } from '@nanostores/react';
import { $base } from '../../stores/dashboard-data';
import { $channelOptions, $query } from '../../stores/dashboard';
import { cardMessage, selectionHasUgc } from '../../lib/card-state';

/** null while there is something to show (or still loading). */
export function useCardMessage(): string | null {
  const query = useStore($query);
  const channels = useStore($channelOptions);
  const base = useStore($base);
  return cardMessage(query !== null, channels, base.status === 'loaded' ? base.data : null);
}

/** True when the chosen channels (all when none is chosen) include UGC. */
export function useUgcSelected(): boolean {
  const query = useStore($query);
  const channels = useStore($channelOptions);
  return query !== null && selectionHasUgc(query.channels, channels);
}
