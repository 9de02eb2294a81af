// /compare: which channels a URL names, and their monthly histories on one shared axis of months.
import { CHANNEL_ID_PATTERN } from '../search/text';

/** At most this many channels side by side: the table and a chart's legend stay readable at 390 px. */
export const MAX_COMPARED = 4;
/** Fewer than this is not a comparison yet: the page asks for another channel. */
export const MIN_COMPARED = 2;

/** What the `c` parameter named: the channel ids, in order and each once, or why it cannot be used. */
export type ComparedIds = { ok: true; ids: string[] } | { ok: false; problem: string };

/**
 * The channel ids of `?c=UC…,UC…` (repeated `c` parameters too), in the order given, each once; a
 * value that is not a channel id, or more than MAX_COMPARED channels, is refused with a sentence that
 * says what to change.
 * @example readComparedIds(new URLSearchParams('c=UCaaaaaaaaaaaaaaaaaaaaaa,UCbbbbbbbbbbbbbbbbbbbbbb'))
 */
export function readComparedIds(params: URLSearchParams): ComparedIds {
  const values = params
    .getAll('c')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  // Bounded before any other work: a URL cannot make the page read more than a few channels.
  if (values.length > MAX_COMPARED * 2) return { ok: false, problem: `Compare at most ${MAX_COMPARED} channels at a time.` };
  const bad = values.find((value) => !CHANNEL_ID_PATTERN.test(value));
  if (bad !== undefined) {
    return { ok: false, problem: `"${bad.slice(0, 40)}" is not a YouTube channel id (UC followed by 22 letters, digits, - or _).` };
  }
  const ids = [...new Set(values)];
  if (ids.length > MAX_COMPARED) return { ok: false, problem: `Compare at most ${MAX_COMPARED} channels at a time.` };
  return { ok: true, ids };
}

/**
 * The comparison page of these channels.
 * @example compareHref(['UCaaaaaaaaaaaaaaaaaaaaaa']) // '/compare?c=UCaaaaaaaaaaaaaaaaaaaaaa'
 */
export function compareHref(ids: readonly string[]): string {
  return ids.length === 0 ? '/compare' : `/compare?c=${ids.join(',')}`;
}

/** One channel's value per month ('YYYY-MM-01'), as the archive gives it. */
export interface MonthValues {
  readonly months: readonly string[];
  readonly values: readonly number[];
}

/**
 * Several channels' monthly series on one axis: every month any of them has, oldest first, and each
 * channel's value in it, or null where that channel has no figure (so a line starts where its data does,
 * rather than at a made-up zero).
 * @example alignMonths([{ months: ['2026-01-01'], values: [5] }, { months: ['2026-02-01'], values: [7] }])
 * // { months: ['2026-01-01', '2026-02-01'], series: [[5, null], [null, 7]] }
 */
export function alignMonths(channels: readonly MonthValues[]): { months: string[]; series: (number | null)[][] } {
  const months = [...new Set(channels.flatMap((c) => c.months))].sort();
  const series = channels.map((c) => {
    const byMonth = new Map(c.months.map((month, i) => [month, c.values[i] ?? null]));
    return months.map((month) => byMonth.get(month) ?? null);
  });
  return { months, series };
}
