// The demo's YouTube search terms: a few dozen per channel, made of its name and the demo's word lists,
// searched with a long tail (the channel's own name most, each further term less), as Studio shows them.
import { ADJECTIVES, NOUNS } from '../generate/words';

/** Distinct terms a channel is found by. */
const TERMS_PER_CHANNEL = 36;
/** What people add to a name when they search. */
const INTENTS = ['full episode', 'for kids', 'song', 'new', 'compilation', 'cartoon', 'best moments', 'live', 'toys', 'how to draw'];
/** Zipf exponent of the terms' popularity: the first term draws about 4 times the fifth's views. */
const TAIL = 0.9;
/** Weight of the searches YouTube names no term for (its privacy thresholds: most small rows are empty). */
const UNNAMED_WEIGHT = 0.35;
/** Terms one video-day's search views go to, at most. */
const TERMS_PER_ROW = 8;

function hashOf(text: string): number {
  let code = 17;
  for (let i = 0; i < text.length; i++) code = (code * 31 + text.charCodeAt(i)) % 2_147_483_629;
  return code;
}

/** A term as people type it: lowercase words, no punctuation (so a report field never needs quoting). */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const vocabularies = new Map<string, readonly string[]>();

/**
 * A channel's search terms, most searched first: its name alone and with intents, then words of the
 * demo's lists with intents. Kept per channel, so every day of it draws from the same few dozen. A
 * channel nobody searches by name (null: the UGC channel, whose views are of others' uploads) has the words only.
 * @example channelTerms('UC…', 'Happy Bear TV')[0] // 'happy bear tv'
 */
export function channelTerms(channelKey: string, channelName: string | null): readonly string[] {
  const known = vocabularies.get(channelKey);
  if (known) return known;
  const seed = hashOf(channelKey);
  const name = plain(channelName ?? '');
  const at = <T>(list: readonly T[], i: number): T => list[(seed + i * 7) % list.length] as T;
  const terms = new Set<string>(name ? [name] : []);
  for (let i = 0; terms.size < TERMS_PER_CHANNEL && i < 200; i++) {
    const intent = at(INTENTS, i);
    const noun = plain(at(NOUNS, i * 3));
    if (i % 3 === 0) terms.add(`${name || noun} ${intent}`);
    else if (i % 3 === 1) terms.add(`${noun} ${intent}`);
    else terms.add(`${plain(at(ADJECTIVES, i * 5))} ${noun}`);
  }
  const list = [...terms].slice(0, TERMS_PER_CHANNEL);
  vocabularies.set(channelKey, list);
  return list;
}

/**
 * The terms one video-day's search views go to, each with its weight (the views split by them), and ''
 * for the searches without a term: more views, more terms, drawn by popularity without repeats.
 * @example searchWeights(terms, 40, 12345) // [['happy bear tv', 1], ['bear song', 0.31], ['', 0.7]]
 */
export function searchWeights(terms: readonly string[], views: number, seed: number): Array<[string, number]> {
  const count = Math.min(terms.length, TERMS_PER_ROW, Math.max(1, Math.round(Math.sqrt(views))));
  const left = terms.map((term, rank) => [term, 1 / (rank + 1) ** TAIL] as [string, number]);
  const chosen: Array<[string, number]> = [];
  let state = seed % 2_147_483_647 || 1;
  for (let k = 0; k < count; k++) {
    state = (state * 48_271) % 2_147_483_647;
    const total = left.reduce((sum, [, w]) => sum + w, 0);
    let point = (state / 2_147_483_647) * total;
    const found = left.findIndex(([, w]) => (point -= w) < 0);
    // A rounding remainder past the last weight lands on the last term.
    const i = found < 0 ? left.length - 1 : found;
    const [picked] = left.splice(i, 1);
    if (picked) chosen.push(picked);
  }
  const named = chosen.reduce((sum, [, w]) => sum + w, 0);
  return [...chosen, ['', (named * UNNAMED_WEIGHT) / (1 - UNNAMED_WEIGHT)]];
}
