// The Reporting API's traffic_source_type codes and the names the partner area shows for them.

/**
 * Code -> name, as the Reporting API's dimension reference names them (read 2026-10-01); 24 is the Shorts
 * feed, as Studio calls it.
 */
export const TRAFFIC_SOURCE_NAMES: Readonly<Record<number, string>> = {
  0: 'Direct or unknown',
  1: 'YouTube advertising',
  3: 'Browse features',
  4: 'YouTube channels',
  5: 'YouTube search',
  7: 'Suggested videos',
  8: 'Other YouTube features',
  9: 'External',
  11: 'Video cards and annotations',
  14: 'Playlists',
  17: 'Notifications',
  18: 'Playlist pages',
  19: 'Programming from claimed content',
  20: 'Interactive video end screen',
  23: 'Stories',
  24: 'Shorts feed',
  25: 'Product pages',
  26: 'Hashtag pages',
  27: 'Sound pages',
  28: 'Live redirect',
  29: 'Podcasts',
  30: 'Remixed video',
  31: 'Vertical live feed',
  32: 'Related video',
};

/**
 * The name of a source code; a code YouTube added after this table reads "Other (code N)".
 * @example trafficSourceName(24) // 'Shorts feed'
 */
export function trafficSourceName(code: number): string {
  return TRAFFIC_SOURCE_NAMES[code] ?? `Other (code ${code})`;
}
