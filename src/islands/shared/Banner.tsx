// The red or green message above a form; alert and status roles make screen readers announce it.
import type { BannerMessage } from './use-banner';

export default function Banner({ banner }: { banner: BannerMessage | null }) {
  if (!banner) return null;
  return (
    <p className={`banner banner-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
      {banner.text}
    </p>
  );
}
