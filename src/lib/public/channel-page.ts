// What the channel page says about rankings, changes and its daily table, kept pure so it is tested alone.
import { formatChange } from '../formats/stat-format';
import { formatSignedCount } from './changes';

/** The daily table shows this many rows until Show more. */
export const DAILY_FIRST_ROWS = 6;

/** The daily table's columns a visitor can hide (Date always stays). */
export const DAILY_COLUMNS = [
  { key: 'subscriber_count', label: 'Subscribers' },
  { key: 'view_count', label: 'Total Views' },
  { key: 'daily_subs', label: 'New Subscribers' },
  { key: 'daily_views', label: 'Views' },
] as const;
export type DailyColumn = (typeof DAILY_COLUMNS)[number]['key'];

export interface RankPositions {
  overall: number | null;
  category: number | null;
  lang: number | null;
}

/**
 * Top-rank labels of a channel: overall, in its category, in its language (unranked ones left out).
 * @example rankLabels({ overall: 12, category: 3, lang: null }, 'Gaming', 'English') // ['#12 overall', '#3 in Gaming']
 */
export function rankLabels(top: RankPositions, categoryName: string | null, languageName: string | null): string[] {
  const labels: string[] = [];
  if (top.overall !== null) labels.push(`#${top.overall} overall`);
  if (top.category !== null && categoryName) labels.push(`#${top.category} in ${categoryName}`);
  if (top.lang !== null && languageName) labels.push(`#${top.lang} in ${languageName}`);
  return labels;
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

/**
 * A card's change as shown and its direction: the percent change, else (when there was no positive base
 * to take a percent of) the absolute change, else 'none' with a dash.
 * @example describeChange(12.5) // { text: '+12.50%', direction: 'up' }
 * @example describeChange(null, 1000) // { text: '+1,000', direction: 'up' }
 */
export function describeChange(change: number | null, absolute: number | null = null): { text: string; direction: ChangeDirection } {
  const direction = (value: number): ChangeDirection => (value > 0 ? 'up' : value < 0 ? 'down' : 'flat');
  if (change !== null) return { text: formatChange(change), direction: direction(change) };
  if (absolute !== null) return { text: formatSignedCount(absolute), direction: direction(absolute) };
  return { text: '—', direction: 'none' };
}

/**
 * Whether a series of changes holds nothing to draw: every value 0 (a chart of it is an empty 0–1 axis).
 * @example nothingChanged([0, 0, 0]) // true; nothingChanged([0, 3]) // false; nothingChanged([]) // false
 */
export function nothingChanged(values: readonly number[]): boolean {
  return values.length > 0 && values.every((v) => v === 0);
}

/**
 * The YouTube address of a channel.
 * @example youtubeChannelUrl('UC0000000000000000000001') // 'https://www.youtube.com/channel/UC0000000000000000000001'
 */
export function youtubeChannelUrl(youtubeId: string): string {
  return `https://www.youtube.com/channel/${encodeURIComponent(youtubeId)}`;
}

/**
 * The channel's trends page (/trend/channel/{UC id}), for the same period when it is a month.
 * @example trendChannelHref('UC0000000000000000000001', '2026-10') // '/trend/channel/UC0000000000000000000001?period=2026-10'
 */
export function trendChannelHref(youtubeId: string, period: string): string {
  const path = `/trend/channel/${encodeURIComponent(youtubeId)}`;
  return period === 'now' ? path : `${path}?${new URLSearchParams({ period: period.slice(0, 7) })}`;
}
