// How the operator console writes times and sizes (server-rendered pages and the upload island).

/**
 * A unix time (seconds) to the minute, in UTC, as the console shows it.
 * @example utcMinute(1_764_000_000) // '2025-11-24 16:00 UTC'
 */
export function utcMinute(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

/**
 * A duration in seconds as hours and minutes ('3 h 05 min'), or '–' when unknown.
 * @example lagText(11_100) // '3 h 05 min'
 */
export function lagText(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.max(0, Math.round(seconds / 60));
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The query string of a console list page with `page` replaced (other filters kept). */
export function pageHref(url: URL, page: number): string {
  const query = new URLSearchParams(url.search);
  if (page <= 1) query.delete('page');
  else query.set('page', String(page));
  const text = query.toString();
  return `${url.pathname}${text ? `?${text}` : ''}`;
}
