// The trend pages' country choice: a comma separated list (?country_trends=US,GB), at most three.

/** Country multi-selects allow at most 3 (docs/public-stats.md, "Trends"). */
export const MAX_TREND_COUNTRIES = 3;
export const DEFAULT_TREND_COUNTRY = 'US';
const CODE = /^[A-Z]{2}$/;

/**
 * The codes of a list given as 'US,GB' or as repeated values, upper-cased, without repeats; null
 * when one of them is not a two-letter code.
 * @example parseCountryList(['us,gb', 'US']) // ['US', 'GB']
 */
export function parseCountryList(values: readonly string[]): string[] | null {
  const codes: string[] = [];
  for (const part of values.flatMap((value) => value.split(','))) {
    const code = part.trim().toUpperCase();
    if (code === '') continue;
    if (!CODE.test(code)) return null;
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

/**
 * The countries a trend page shows: the asked ones the item charted in (first three), else the
 * first three it charted in.
 */
export function chooseCountries(asked: readonly string[] | null, charted: readonly string[]): string[] {
  const known = (asked ?? []).filter((code) => charted.includes(code));
  return (known.length > 0 ? known : charted).slice(0, MAX_TREND_COUNTRIES);
}

/** The title's country: 'the' goes before a few names (docs/public-stats.md, "/trends"). */
export function trendsTitle(code: string, name: string): string {
  return ['US', 'GB', 'AE'].includes(code) ? `Trends in the ${name}` : `Trends in ${name}`;
}
