// Trending Channels: a carousel of channel cards, 4 in view from 1240px, 3 from 1120px (fewer on narrow screens).
import { useEffect, useState } from 'react';
import { formatChange, formatCompact, pluralNoun } from '../../lib/formats/stat-format';

export interface TrendingItem {
  channel_id: string;
  channel_title: string;
  thumbnail_url: string;
  subscriber_count: number;
  monthly_views: number;
  monthly_subs: number;
  growth: number | null;
}

interface Props {
  channels: TrendingItem[];
}

/** The carousel's breakpoints: slides in view by minimum width (widest first). */
const SLIDES_BY_WIDTH: readonly [number, number][] = [
  [1240, 4],
  [1120, 3],
  [768, 2],
  [0, 1],
];

function slidesFor(width: number): number {
  return SLIDES_BY_WIDTH.find(([min]) => width >= min)?.[1] ?? 1;
}

export default function TrendingCarousel({ channels }: Props) {
  // The server cannot know the width: it renders 3, and the browser adjusts to its width.
  const [perView, setPerView] = useState(3);
  const [start, setStart] = useState(0);

  useEffect(() => {
    const update = () => setPerView(slidesFor(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  const last = Math.max(0, channels.length - perView);
  const first = Math.min(start, last);
  if (channels.length === 0) return <p className="muted">No data</p>;
  return (
    <div className="carousel" data-per-view={perView}>
      <button
        type="button"
        className="carousel-arrow"
        aria-label="Previous channels"
        disabled={first === 0}
        onClick={() => setStart(Math.max(0, first - perView))}
      >
        ‹
      </button>
      <ul className="carousel-track" aria-live="polite">
        {channels.slice(first, first + perView).map((c) => (
          <li key={c.channel_id} className="carousel-slide">
            <a href={`/channel/${c.channel_id}`} className="carousel-card">
              {c.thumbnail_url ? (
                <img src={c.thumbnail_url} alt="" width="64" height="64" loading="lazy" />
              ) : (
                <span className="avatar" aria-hidden="true" />
              )}
              <strong>{c.channel_title}</strong>
              <span className="muted">{`${formatCompact(c.subscriber_count)} ${pluralNoun(c.subscriber_count, 'subscriber', 'subscribers')}`}</span>
              {/* Growth is not a change against another period: it is the period's new subscribers over those it began with. */}
              <span>
                {formatCompact(c.monthly_subs)} monthly subs{c.growth !== null ? ` (${formatChange(c.growth)} of subscribers)` : ''}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="carousel-arrow"
        aria-label="Next channels"
        disabled={first >= last}
        onClick={() => setStart(Math.min(last, first + perView))}
      >
        ›
      </button>
    </div>
  );
}
