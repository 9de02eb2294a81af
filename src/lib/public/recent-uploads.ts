// How the channel page's Recent uploads read: growth since the sync first saw a video, the "as of" time.
import { formatAsOf } from './as-of';
import { formatNumber, pluralNoun } from '../formats/stat-format';

/** A day of an ISO 8601 UTC time as the pages write days: '3 Nov 2026'. */
export function uploadDay(iso: string): string {
  return formatAsOf(iso.slice(0, 10));
}

/**
 * A count's growth since the video was first seen, or null when it is unknown (a hidden count).
 * @example signedCount(12345) // '+12,345'; signedCount(-3) // '−3'
 */
export function signedCount(growth: number | null): string | null {
  if (growth === null) return null;
  return growth >= 0 ? `+${formatNumber(growth)}` : formatNumber(growth);
}

/**
 * The views growth line of an upload.
 * @example viewsGrowthText(12345, '2026-11-03T10:00:00.000Z') // '+12,345 views since 3 Nov 2026'
 */
export function viewsGrowthText(growth: number | null, firstSeenAt: string): string | null {
  const signed = signedCount(growth);
  if (signed === null || growth === null) return null;
  return `${signed} ${pluralNoun(Math.abs(growth), 'view', 'views')} since ${uploadDay(firstSeenAt)}`;
}

/**
 * The time the rows were read, in UTC, as the section's "As of" line says it.
 * @example asOfText('2026-11-23T12:05:00.000Z') // 'As of 23 Nov 2026, 12:05 UTC'
 */
export function asOfText(iso: string): string {
  return `As of ${uploadDay(iso)}, ${iso.slice(11, 16)} UTC`;
}
