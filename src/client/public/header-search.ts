// The public header's channel search, enhanced: as a visitor types, the channels we track whose name
// matches appear under the box (the ARIA 1.2 combobox pattern: arrows move through them, Enter opens one,
// one Escape closes the list). Without this script the box is a plain GET form to /find.
// It calls fetch itself rather than the shared client (src/client/api.ts): the bundler puts that client in
// the chunk it shares with the React islands, and this script runs on the ranking pages, whose whole script
// budget is 30 KB gzip. It is a few KB on its own.
import { reduceSearchInput, SEARCH_MIN_CHARS } from '../../lib/search/text';
import type { OverlayChannel } from '../../lib/search/types';

/** Typing pauses this long before a search is sent (one request per pause, the previous one aborted). */
const DEBOUNCE_MS = 250;
/** Suggestions shown; "All results" leads to /find for the rest. */
const MAX_SUGGESTIONS = 8;

// Made on the first suggestion, not when the module runs: a page's first Intl formatter loads ICU's data,
// some 30 ms of main thread in a fresh renderer (a ranking page's largest task after its first paint).
let counts: Intl.NumberFormat | undefined;
const formatCount = (count: number) => (counts ??= new Intl.NumberFormat('en-US')).format(count);

async function suggestions(text: string, signal: AbortSignal): Promise<OverlayChannel[]> {
  const query = new URLSearchParams({ path: '/youtube/api/stat/user_search', str: reduceSearchInput(text), mode: 'channels' });
  const response = await fetch(`/api/analytics?${query}`, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const { data } = (await response.json()) as { data: { body: OverlayChannel[] } };
  // Only channels we track have a page; YouTube's other finds stay in the search overlay of signed-in users.
  return data.body.filter((c) => c.tracked).slice(0, MAX_SUGGESTIONS);
}

function option(channel: OverlayChannel, index: number, listId: string): HTMLLIElement {
  const item = document.createElement('li');
  item.id = `${listId}-${index}`;
  item.setAttribute('role', 'option');
  item.setAttribute('aria-selected', 'false');
  item.dataset.href = `/channel/${encodeURIComponent(channel.channel_id)}`;
  const name = document.createElement('span');
  name.className = 'header-search-name';
  name.textContent = channel.channel_title;
  const subs = document.createElement('span');
  subs.className = 'header-search-subs';
  subs.textContent = channel.subscriber_count === null ? '' : `${formatCount(channel.subscriber_count)} subscribers`;
  item.appendChild(name);
  item.appendChild(subs);
  return item;
}

/**
 * Turns the header's GET form into a combobox with suggestions.
 * @example for (const form of document.querySelectorAll<HTMLFormElement>('form.header-search')) enhanceHeaderSearch(form)
 */
export function enhanceHeaderSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const list = form.querySelector<HTMLUListElement>('[role="listbox"]');
  const status = form.querySelector<HTMLElement>('[role="status"]');
  if (!input || !list || !status) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  let active = -1;

  const items = () => [...list.querySelectorAll<HTMLLIElement>('[role="option"]')];
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const choose = (index: number) => {
    const all = items();
    all.forEach((item, i) => item.setAttribute('aria-selected', String(i === index)));
    active = index;
    const current = all[index];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const show = (channels: OverlayChannel[]) => {
    list.replaceChildren(...channels.map((c, i) => option(c, i, list.id)));
    status.textContent =
      channels.length === 0 ? 'No channel we track matches.' : `${channels.length} channel${channels.length === 1 ? '' : 's'} suggested.`;
    list.hidden = channels.length === 0;
    input.setAttribute('aria-expanded', String(channels.length > 0));
    active = -1;
  };

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');
  input.addEventListener('input', () => {
    clearTimeout(timer);
    pending?.abort();
    const text = input.value.trim();
    if (text.length < SEARCH_MIN_CHARS) {
      close();
      status.textContent = '';
      return;
    }
    timer = setTimeout(() => {
      pending = new AbortController();
      suggestions(text, pending.signal).then(show, (error: unknown) => {
        // A newer keystroke aborted it, or the search failed: the form still submits to /find.
        if (!(error instanceof DOMException && error.name === 'AbortError')) close();
      });
    }, DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    const count = items().length;
    if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      choose(event.key === 'ArrowDown' ? (active + 1) % count : (active - 1 + count) % count);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const href = items()[active]?.dataset.href;
      if (href) location.assign(href);
    }
  });
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const href = (event.target as Element).closest<HTMLLIElement>('[role="option"]')?.dataset.href;
    if (href) location.assign(href);
  });
  input.addEventListener('blur', close);
}
