// Which locale figures and dates are written in: the reader's, from Accept-Language on the server and
// from the page's <html lang> in the browser, so the first view and the hydrated page read alike.

/** Figures and dates for a reader who names no locale we can format, and on the public pages. */
export const DEFAULT_LOCALE = 'en-US';
/** Longer headers are not a browser's: nothing is read from them. */
const MAX_HEADER_LENGTH = 512;
/** Browsers send a handful of languages; reading past this many is work for nothing. */
const MAX_CHOICES = 12;

/** In the browser, one reader: the page says whose locale it was written in. */
const pageLocale = (): string => (typeof document === 'undefined' ? DEFAULT_LOCALE : document.documentElement.lang || DEFAULT_LOCALE);

let source: () => string = pageLocale;

/**
 * The locale of the request or page under way. The server registers where it keeps each request's
 * (src/server/http/locale-context.ts): one worker renders several readers' pages at once.
 */
export function currentLocale(): string {
  return source();
}

/** Makes currentLocale read the server's per-request locale; called once, when that module loads. */
export function readLocaleFrom(read: () => string): void {
  source = read;
}

/**
 * The reader's first language we can format, from an Accept-Language header; the default when the
 * header is absent, too long, or names nothing Intl knows. Weights (q) order the choices; ties keep
 * the header's order.
 * @example localeFromHeader('de-CH,de;q=0.9,en;q=0.8') // 'de-CH'
 */
export function localeFromHeader(header: string | null | undefined): string {
  if (!header || header.length > MAX_HEADER_LENGTH) return DEFAULT_LOCALE;
  const choices = header
    .split(',')
    .slice(0, MAX_CHOICES)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((c) => c.tag !== '' && c.tag !== '*' && c.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of choices) {
    const known = formattable(tag);
    if (known) return known;
  }
  return DEFAULT_LOCALE;
}

/** The canonical tag when Intl can write numbers and dates for it, else null (malformed or unknown). */
function formattable(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical) return null;
    const numbers = Intl.NumberFormat.supportedLocalesOf([canonical]);
    const dates = Intl.DateTimeFormat.supportedLocalesOf([canonical]);
    return numbers.length > 0 && dates.length > 0 ? canonical : null;
  } catch {
    return null;
  }
}

/**
 * One formatter per locale and kind, made on first use: constructing Intl formatters is the slow part.
 * @example const money = perLocale((l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }))
 */
export function perLocale<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = currentLocale();
    let formatter = made.get(locale);
    if (formatter === undefined) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}
