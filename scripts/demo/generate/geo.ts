// Viewer countries and languages the demo draws from: audience weights, revenue per mille, language homes.

export interface CountryProfile {
  code: string;
  /** Share of a global audience, before a channel's language pulls it towards its home countries. */
  weight: number;
  /** Estimated partner revenue in USD per 1,000 long-form views (Shorts earn far less). */
  rpm: number;
}

// Ordered by audience; ZZ is YouTube's "unknown country" and is always present.
export const COUNTRIES: readonly CountryProfile[] = [
  { code: 'US', weight: 18, rpm: 5.6 },
  { code: 'IN', weight: 14, rpm: 0.45 },
  { code: 'BR', weight: 7, rpm: 0.9 },
  { code: 'ID', weight: 5, rpm: 0.45 },
  { code: 'MX', weight: 4.5, rpm: 1.0 },
  { code: 'GB', weight: 4, rpm: 4.0 },
  { code: 'DE', weight: 3.5, rpm: 3.8 },
  { code: 'RU', weight: 3.5, rpm: 0.4 },
  { code: 'PH', weight: 3, rpm: 0.4 },
  { code: 'JP', weight: 3, rpm: 2.6 },
  { code: 'VN', weight: 2.8, rpm: 0.35 },
  { code: 'TR', weight: 2.6, rpm: 0.6 },
  { code: 'FR', weight: 2.6, rpm: 2.8 },
  { code: 'KR', weight: 2.2, rpm: 2.2 },
  { code: 'CA', weight: 2.2, rpm: 4.2 },
  { code: 'ES', weight: 2.1, rpm: 2.0 },
  { code: 'IT', weight: 2, rpm: 2.2 },
  { code: 'TH', weight: 2, rpm: 0.7 },
  { code: 'EG', weight: 1.9, rpm: 0.3 },
  { code: 'PK', weight: 1.8, rpm: 0.2 },
  { code: 'AR', weight: 1.7, rpm: 0.6 },
  { code: 'CO', weight: 1.6, rpm: 0.7 },
  { code: 'SA', weight: 1.5, rpm: 2.0 },
  { code: 'BD', weight: 1.5, rpm: 0.2 },
  { code: 'PL', weight: 1.4, rpm: 1.3 },
  { code: 'UA', weight: 1.3, rpm: 0.3 },
  { code: 'AU', weight: 1.3, rpm: 4.5 },
  { code: 'NG', weight: 1.1, rpm: 0.3 },
  { code: 'MY', weight: 1, rpm: 0.8 },
  { code: 'PE', weight: 1, rpm: 0.7 },
  { code: 'KZ', weight: 0.9, rpm: 0.4 },
  { code: 'NL', weight: 0.9, rpm: 3.5 },
  { code: 'CL', weight: 0.8, rpm: 1.0 },
  { code: 'AE', weight: 0.8, rpm: 2.5 },
  { code: 'ZA', weight: 0.8, rpm: 1.2 },
  { code: 'RO', weight: 0.7, rpm: 1.0 },
  { code: 'SE', weight: 0.6, rpm: 3.8 },
  { code: 'BE', weight: 0.6, rpm: 3.0 },
  { code: 'PT', weight: 0.6, rpm: 1.5 },
  { code: 'CZ', weight: 0.5, rpm: 1.4 },
  { code: 'ZZ', weight: 1.5, rpm: 0.8 },
];

export const UNKNOWN_COUNTRY = 'ZZ';

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

/** The profile of a country code from COUNTRIES. */
export function countryProfile(code: string): CountryProfile {
  const country = BY_CODE.get(code);
  if (!country) throw new Error(`No demo profile for country ${code}`);
  return country;
}

export interface LanguageProfile {
  code: string;
  /** Share of channels speaking it. */
  weight: number;
  /** Where its audience lives, with relative weights. */
  homes: Readonly<Record<string, number>>;
}

export const LANGUAGES: readonly LanguageProfile[] = [
  { code: 'en', weight: 40, homes: { US: 45, GB: 10, CA: 6, AU: 5, IN: 12, PH: 6, NG: 3, ZA: 2 } },
  { code: 'es', weight: 14, homes: { MX: 28, ES: 16, AR: 12, CO: 12, US: 10, PE: 7, CL: 7 } },
  { code: 'pt', weight: 7, homes: { BR: 88, PT: 8 } },
  { code: 'ru', weight: 7, homes: { RU: 65, UA: 14, KZ: 12 } },
  { code: 'hi', weight: 6, homes: { IN: 92 } },
  { code: 'de', weight: 4, homes: { DE: 85, NL: 4 } },
  { code: 'fr', weight: 4, homes: { FR: 70, BE: 10, CA: 10 } },
  { code: 'ar', weight: 3.5, homes: { SA: 30, EG: 35, AE: 12 } },
  { code: 'id', weight: 3, homes: { ID: 92, MY: 4 } },
  { code: 'ja', weight: 2.5, homes: { JP: 96 } },
  { code: 'ko', weight: 2, homes: { KR: 92 } },
  { code: 'tr', weight: 2, homes: { TR: 94 } },
  { code: 'vi', weight: 1.5, homes: { VN: 95 } },
  { code: 'th', weight: 1.2, homes: { TH: 95 } },
  { code: 'pl', weight: 1, homes: { PL: 94 } },
  { code: 'it', weight: 1, homes: { IT: 94 } },
];

const LANGUAGE_BY_CODE = new Map(LANGUAGES.map((language) => [language.code, language]));

/** The profile of a language code from LANGUAGES. */
export function languageProfile(code: string): LanguageProfile {
  const language = LANGUAGE_BY_CODE.get(code);
  if (!language) throw new Error(`No demo profile for language ${code}`);
  return language;
}

/** The main country of a language's audience (a channel's own country usually). */
export function homeCountry(language: LanguageProfile): string {
  const [best] = Object.entries(language.homes).sort((a, b) => b[1] - a[1]);
  return best ? best[0] : 'US';
}
