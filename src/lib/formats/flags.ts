// Country names from ISO codes (English, from the runtime's own data); flag images are in
// src/components/public/flag-images.ts.

const NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** The English name of a country code, the code itself when unknown. */
export function countryName(code2: string): string {
  try {
    return NAMES.of(code2) ?? code2;
  } catch {
    return code2;
  }
}
