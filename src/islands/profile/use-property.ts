// The PROPERTY block's state: the URL's tab, period, page and page size, the videos page for them
// (asked again on every change, the call before it aborted) and the channels.
import { useEffect, useRef, useState } from 'react';
import { apiGet, apiPost, errorMessage, leaveIfSignedOut } from '../../client/api';
import type { ProfileVideosAnswer } from '../../lib/api/property';
import type { ChannelOption } from '../../lib/api/stats';
import { propertyBody, writePropertyQuery, type PropertyQuery, type PropertyStart } from '../../lib/partner/property-query';
import { showToast } from '../../stores/toast';

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/** A failed call: a signed-out session leaves for sign-in, an abort is silent, anything else is a toast. */
function report(error: unknown): void {
  if (isAbort(error) || leaveIfSignedOut(error)) return;
  showToast(errorMessage(error));
}

/**
 * The block's state from the server's first view; choose() applies a new state to the URL and the list.
 * @example const { query, videos, loading, choose } = useProperty(start)
 */
export function useProperty(start: PropertyStart) {
  const [query, setQuery] = useState(start.query);
  const [videos, setVideos] = useState<ProfileVideosAnswer | null>(start.videos.data);
  const [channels, setChannels] = useState<ChannelOption[] | null>(start.channels.data);
  const [loading, setLoading] = useState(start.videos.status === 'idle');
  const inFlight = useRef<AbortController | null>(null);

  /** Asks for a state's page; the caller shows loading first (the first view starts loading). */
  const load = (next: PropertyQuery) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    apiPost('/api/profile/videos', propertyBody(next), controller.signal)
      .then(setVideos, report)
      .finally(() => {
        if (inFlight.current === controller) setLoading(false);
      });
  };

  // Lists the server could not read are asked for once the island runs; leaving aborts the call.
  useEffect(() => {
    if (start.videos.status === 'idle') load(start.query);
    if (start.channels.status === 'idle') apiGet('/api/profile/channels').then(setChannels, report);
    return () => inFlight.current?.abort();
    // Once, for the server's first view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (next: PropertyQuery) => {
    setQuery(next);
    history.replaceState(history.state, '', `${location.pathname}${writePropertyQuery(next)}${location.hash}`);
    const samePage =
      next.page === query.page &&
      next.perPage === query.perPage &&
      next.period.from === query.period.from &&
      next.period.to === query.period.to;
    if (samePage) return;
    setLoading(true);
    load(next);
  };

  return { query, videos, channels, loading, choose };
}
