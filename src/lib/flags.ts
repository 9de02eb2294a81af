// Country flags as emoji from ISO codes: no image requests, and screen readers get the country name.

const REGIONAL_A = 0x1f1e6;

/**
 * The flag emoji of a two-letter code; '' for unknown ('ZZ') or malformed codes.
 * @example flagEmoji('US') // '🇺🇸'
 */
export function flagEmoji(code2: string | null | undefined): string {
  if (!code2 || !/^[A-Z]{2}$/.test(code2) || code2 === 'ZZ') return '';
  return String.fromCodePoint(...[...code2].map((ch) => REGIONAL_A + ch.charCodeAt(0) - 65));
}

const NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** The English name of a country code, the code itself when unknown. */
export function countryName(code2: string): string {
  try {
    return NAMES.of(code2) ?? code2;
  } catch {
    return code2;
  }
}
