// Calls refresh every intervalMs while the page is visible: nothing runs in a hidden tab, and a tab
// that becomes visible again asks at once (its list may be an hour old), then every interval again.
import { useEffect } from 'react';

/**
 * Pass a stable refresh (useCallback): a new function restarts the interval.
 * @example useVisibleRefresh(reload, STREAMS_REFRESH_MS)
 */
export function useVisibleRefresh(refresh: () => void, intervalMs: number): void {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const start = () => {
      stop();
      timer = setInterval(() => refresh(), intervalMs);
    };
    const onChange = () => {
      if (document.visibilityState === 'hidden') return stop();
      refresh();
      start();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [refresh, intervalMs]);
}
