// The Broadcasts page's cards: rendered by the server with its first answer, then refreshed every
// minute while the page is visible (docs/partner-area.md, "Broadcasts").
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet, errorMessage, leaveIfSignedOut } from '../../client/api';
import type { StreamCard, StreamsAnswer } from '../../lib/api/streams';
import { formatNumber } from '../../lib/formats/stat-format';
import { hasMoreCards, shownCards, startedLabel, STREAMS_REFRESH_MS } from '../../lib/partner/streams';
import { useHydrated } from '../shared/use-hydrated';
import { useVisibleRefresh } from './use-visible-refresh';

function Card({ card }: { card: StreamCard }) {
  return (
    <li className="stream-card card" aria-label={card.name}>
      {card.preview ? <img src={card.preview} alt="" width={320} height={180} loading="lazy" /> : <div className="stream-preview-empty" />}
      <h2>
        <a href={`https://www.youtube.com/watch?v=${card.video_id}`} rel="noopener noreferrer" target="_blank">
          {card.name}
        </a>
      </h2>
      <dl>
        <dt>Channel</dt>
        <dd>{card.channel}</dd>
        <dt>Watching now</dt>
        <dd>{formatNumber(card.watching)}</dd>
        <dt>Started</dt>
        <dd>
          <time dateTime={card.started}>{startedLabel(card.started)}</time>
        </dd>
        <dt>Duration</dt>
        <dd>{formatNumber(card.duration)} min</dd>
      </dl>
    </li>
  );
}

/** `initial` is the server's answer, or null when it could not read one (the island asks at once). */
export default function LiveBroadcasts({ initial }: { initial: StreamsAnswer | null }) {
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    apiGet('/api/streams', { signal: controller.signal })
      .then((data) => {
        setAnswer(data);
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || leaveIfSignedOut(error)) return;
        setFailure(errorMessage(error));
      });
  }, []);
  useVisibleRefresh(reload, STREAMS_REFRESH_MS);
  // The server could not read the list: ask once now rather than a minute from now.
  useEffect(() => {
    if (initial === null) reload();
  }, [initial, reload]);

  const cards = answer?.broadcasts ?? [];
  return (
    // data-hydrated: the refresh is listening from then on (browser tests wait for it before hiding the page).
    <section className="streams" aria-label="Live broadcasts" data-hydrated={hydrated || undefined}>
      <p className="streams-online" data-testid="streams-online">
        Online: <strong>{formatNumber(answer?.online ?? 0)}</strong>
      </p>
      {failure && (
        <p className="banner banner-error" role="alert">
          {failure}
        </p>
      )}
      {answer && cards.length === 0 && <p className="muted">No broadcasts are live on your channels right now.</p>}
      <ul className="stream-cards">
        {shownCards(cards, expanded).map((card) => (
          <Card key={card.video_id} card={card} />
        ))}
      </ul>
      {hasMoreCards(cards.length) && (
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={expanded}
          disabled={!hydrated}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Hide' : 'Show more'}
        </button>
      )}
    </section>
  );
}
