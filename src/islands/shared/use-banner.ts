// A form's banner message that disappears by itself (banners and messages vanish after 15 s).
import { useCallback, useEffect, useState } from 'react';

export const BANNER_VISIBLE_MS = 15_000;

export interface BannerMessage {
  kind: 'error' | 'success';
  text: string;
  /** Restarts the timer when the same text is shown twice in a row. */
  id: number;
}

/**
 * @example const { banner, showBanner } = useBanner(); showBanner('error', err.message)
 */
export function useBanner() {
  const [banner, setBanner] = useState<BannerMessage | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const showBanner = useCallback((kind: BannerMessage['kind'], text: string) => {
    setBanner((previous) => ({ kind, text, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const clearBanner = useCallback(() => setBanner(null), []);

  return { banner, showBanner, clearBanner };
}
