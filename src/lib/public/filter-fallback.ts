// Public pages' filters from the URL: a value the lists do not know falls back to the default, and says so.

/** One option a filter select offers. */
export interface KnownOption {
  value: string;
  label: string;
}

/** A filter of a page: its URL key, the options the select offers and what it shows when no value applies. */
export interface FilterSpec {
  key: string;
  /** What the value names, for the note: 'country', 'language'. */
  noun: string;
  options: readonly KnownOption[];
  /** The value used when the URL gives none or an unknown one ('' = no filter). */
  fallback: string;
  /** How the fallback reads in the note: 'all countries', 'the last 30 days'. */
  fallbackLabel: string;
  /** Turns a URL value into the form the options use (e.g. a day into its month). */
  normalize?: (raw: string) => string;
}

export interface ResolvedFilter {
  value: string;
  /** Shown to the visitor when the URL's value was not used; null when it was (or none was given). */
  note: string | null;
}

/** A value quoted in a note is cut to this many characters: the note is for people, not for echoing URLs. */
export const NOTE_VALUE_MAX_CHARS = 40;

function quoted(raw: string): string {
  return raw.length > NOTE_VALUE_MAX_CHARS ? `${raw.slice(0, NOTE_VALUE_MAX_CHARS)}…` : raw;
}

/**
 * The option a URL value names (case aside), or the fallback with a note saying what was shown instead.
 * @example resolveFilter('XX', countrySpec) // { value: '', note: 'Unknown country XX: showing all countries' }
 */
export function resolveFilter(raw: string | null | undefined, spec: FilterSpec): ResolvedFilter {
  const given = (raw ?? '').trim();
  if (given === '' || given === spec.fallback) return { value: spec.fallback, note: null };
  const wanted = (spec.normalize ? spec.normalize(given) : given).toLowerCase();
  const match = spec.options.find((o) => o.value.toLowerCase() === wanted);
  if (match) return { value: match.value, note: null };
  return { value: spec.fallback, note: `Unknown ${spec.noun} ${quoted(given)}: showing ${spec.fallbackLabel}` };
}

/**
 * Every filter of a page at once: the values by key and the notes in the filters' order.
 * @example resolveFilters(url.searchParams, [countrySpec, periodSpec]) // { values: { country: '', period: 'now' }, notes: [...] }
 */
export function resolveFilters(params: URLSearchParams, specs: readonly FilterSpec[]): { values: Record<string, string>; notes: string[] } {
  const values: Record<string, string> = {};
  const notes: string[] = [];
  for (const spec of specs) {
    const { value, note } = resolveFilter(params.get(spec.key), spec);
    values[spec.key] = value;
    if (note) notes.push(note);
  }
  return { values, notes };
}

/** A 'YYYY-MM-DD' period names its month; other values pass unchanged. */
export function monthOfPeriod(raw: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw.slice(0, 7) : raw;
}
