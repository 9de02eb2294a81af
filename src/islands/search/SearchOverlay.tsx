// The shell's search overlay: channels by name or YouTube link, or top (trending) videos by title or id.
import { useRef, useState } from 'react';
import Icon from '../shared/Icon';
import { useHydrated } from '../shared/use-hydrated';
import { SEARCH_MAX_CHARS, reduceSearchInput } from '../../lib/search/text';
import { searchOverlayChannels, searchTrendVideos, type OverlayChannel, type TrendVideo } from './search-api';
import { useDebouncedSearch, type SearchState } from './use-debounced-search';
import { OverlayChannels, OverlayVideos } from './OverlayResults';
import './search.css';

type Mode = 'channels' | 'videos';
const PLACEHOLDER: Record<Mode, string> = { channels: 'YouTube link or Channel name', videos: 'Video ID' };

/** Channels mode reduces a YouTube link to its channel part; top-videos mode sends the text as typed. */
const runChannels = (text: string, signal: AbortSignal) => searchOverlayChannels(reduceSearchInput(text), signal);
const runVideos = (text: string, signal: AbortSignal) => searchTrendVideos(text, signal);

export default function SearchOverlay() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<Mode>('channels');
  const [text, setText] = useState('');
  // Enabled once React runs it: a click before then would do nothing.
  const hydrated = useHydrated();
  const state = useDebouncedSearch<OverlayChannel | TrendVideo>(text, mode === 'channels' ? runChannels : runVideos, mode);

  const open = () => dialog.current?.showModal();
  const close = () => dialog.current?.close();
  // Whatever closed it (Back, Escape), the next opening starts empty, in Channels.
  const reset = () => {
    setMode('channels');
    setText('');
  };

  return (
    <>
      <button className="header-button" type="button" title="Search for a channel" data-search-trigger disabled={!hydrated} onClick={open}>
        <Icon name="search" />
        <span className="header-button-label">Search</span>
      </button>
      {/* One Escape closes it: the search box would otherwise take the first one to clear its text. */}
      <dialog
        ref={dialog}
        className="search-overlay"
        aria-label="Search"
        onClose={reset}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          close();
        }}
      >
        <div className="search-overlay-bar">
          <button className="button button-secondary" type="button" onClick={close}>
            Back
          </button>
          <input
            type="search"
            aria-label={PLACEHOLDER[mode]}
            placeholder={PLACEHOLDER[mode]}
            maxLength={SEARCH_MAX_CHARS}
            value={text}
            autoFocus
            onChange={(event) => setText(event.target.value.slice(0, SEARCH_MAX_CHARS))}
          />
        </div>
        <div className="search-modes" role="group" aria-label="Search in">
          {(['channels', 'videos'] as const).map((m) => (
            <button key={m} type="button" className="button button-secondary" aria-pressed={mode === m} onClick={() => setMode(m)}>
              {m === 'channels' ? 'Channels' : 'Top videos'}
            </button>
          ))}
        </div>
        <Results mode={mode} state={state} />
      </dialog>
    </>
  );
}

function Results({ mode, state }: { mode: Mode; state: SearchState<OverlayChannel | TrendVideo> }) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading')
    return (
      <p className="muted" role="status">
        Searching…
      </p>
    );
  if (state.status === 'error' || state.rows.length === 0) return <p className="empty">No data available</p>;
  return mode === 'channels' ? (
    <OverlayChannels rows={state.rows as OverlayChannel[]} />
  ) : (
    <OverlayVideos rows={state.rows as TrendVideo[]} />
  );
}
