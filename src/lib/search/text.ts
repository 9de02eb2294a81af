// Search text rules shared by the overlay, /find and the server: link reduction, lengths, FTS5 queries.

/** Overlay and suggestion text: shorter texts send nothing, longer ones are cut. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MAX_CHARS = 150;
/** Typing pauses this long before a search or suggestion request goes out. */
export const SEARCH_DEBOUNCE_MS = 500;

const YOUTUBE_HOST = /(?:^|\/\/|\.)youtube\.com\//i;

/**
 * What the overlay searches for: the text cut to 150 characters, and a YouTube link reduced to its
 * channel part (docs/public-stats.md, "Channel search": the part from '/U' on), so
 * https://www.youtube.com/channel/UCxyz?sub=1 gives 'UCxyz' and https://youtube.com/@name/videos gives '@name'.
 * @example reduceSearchInput('https://www.youtube.com/channel/UC123') // 'UC123'
 */
export function reduceSearchInput(text: string): string {
  const cut = text.trim().slice(0, SEARCH_MAX_CHARS);
  if (!YOUTUBE_HOST.test(cut)) return cut;
  const channel = /\/channel\/(UC[\w-]+)/.exec(cut);
  if (channel?.[1]) return channel[1];
  const handle = /\/(@[^/?#\s]+)/.exec(cut);
  if (handle?.[1]) return decodeURIComponent(handle[1]);
  const fromU = cut.indexOf('/U');
  return fromU >= 0 ? (cut.slice(fromU + 1).split(/[/?#]/)[0] ?? cut) : cut;
}

/** True when the text is long enough to send (after trimming). */
export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_CHARS;
}

/** A full channel id: 'UC' and 22 more characters. */
export const CHANNEL_ID_PATTERN = /^UC[\w-]{22}$/;

/** Words as FTS5's unicode61 tokenizer sees them: runs of letters and digits. */
export function searchTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * One keyword as an FTS5 phrase whose last word may be unfinished ("lofi hip h" finds "Lofi Hip Hop"),
 * or null when it has no words. Tokens are quoted, so no user text is read as FTS5 syntax.
 */
export function ftsPhrase(keyword: string): string | null {
  const tokens = searchTokens(keyword);
  if (tokens.length === 0) return null;
  return `"${tokens.join(' ')}" *`;
}

/**
 * An FTS5 MATCH expression requiring every keyword (each a prefix phrase), or null when none has words.
 * @example ftsQuery(['music', 'lo fi']) // '"music" * AND "lo fi" *'
 */
export function ftsQuery(keywords: readonly string[]): string | null {
  const phrases = keywords.map(ftsPhrase).filter((p): p is string => p !== null);
  return phrases.length > 0 ? phrases.join(' AND ') : null;
}

/** Lower case without accents, as the index compares words ('Música' reads 'musica'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
