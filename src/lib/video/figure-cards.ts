// The video page's figures as cards: each figure's text, its change against the comparison and its meaning.
import type { VideoFigures } from '../api/video';
import type { MeaningKey } from '../glossary/metrics';
import { formatChange, formatDuration, formatHours, formatMoney, formatNumber, formatPercent, percentChange } from '../formats/stat-format';
import { SECONDS_PER_MINUTE } from '../dates/time';

export interface FigureCard {
  key: string;
  label: string;
  text: string;
  /** '+12.50%' against the comparison period; null without one (or when it was zero). */
  change: string | null;
  /** The sign of the change: the card colours it. */
  trend: 'up' | 'down' | 'flat' | null;
  meaning: MeaningKey;
}

/** Dollars from micro-dollars, rounded to the cent half away from zero from the integers (statements' rule). */
export function dollarsOf(micros: number): number {
  const cents = Math.floor((Math.abs(micros) + 5_000) / 10_000);
  return (micros < 0 ? -cents : cents) / 100;
}

/** Average view duration in seconds: watch time over views. */
export const avdSeconds = (f: VideoFigures): number => (f.views > 0 ? (f.watch_time_minutes * SECONDS_PER_MINUTE) / f.views : 0);

/** Click-through rate of thumbnail impressions, percent. */
export const ctrPercent = (f: VideoFigures): number => (f.impressions > 0 ? (f.impression_clicks / f.impressions) * 100 : 0);

interface Spec {
  key: string;
  label: string;
  meaning: MeaningKey;
  value: (f: VideoFigures) => number;
  text: (value: number) => string;
  /** Figures shown only when the video has them (impressions need reach reports). */
  optional?: true;
}

const SPECS: readonly Spec[] = [
  { key: 'views', label: 'Views', meaning: 'views', value: (f) => f.views, text: formatNumber },
  { key: 'engaged_views', label: 'Engaged views', meaning: 'engaged_views', value: (f) => f.engaged_views, text: formatNumber },
  { key: 'watch_time', label: 'Watch time', meaning: 'watch_time', value: (f) => f.watch_time_minutes, text: formatHours },
  { key: 'avd', label: 'Average view duration', meaning: 'avd', value: avdSeconds, text: formatDuration },
  { key: 'earnings', label: 'Earnings', meaning: 'partner_revenue', value: (f) => dollarsOf(f.earnings_micros), text: formatMoney },
  {
    key: 'subscribers_gained',
    label: 'Subscribers gained',
    meaning: 'subscribers_gained',
    value: (f) => f.subscribers_gained,
    text: formatNumber,
  },
  { key: 'subscribers_lost', label: 'Subscribers lost', meaning: 'subscribers_lost', value: (f) => f.subscribers_lost, text: formatNumber },
  { key: 'likes', label: 'Likes', meaning: 'engagement', value: (f) => f.likes, text: formatNumber },
  { key: 'comments', label: 'Comments', meaning: 'engagement', value: (f) => f.comments, text: formatNumber },
  { key: 'shares', label: 'Shares', meaning: 'engagement', value: (f) => f.shares, text: formatNumber },
  { key: 'impressions', label: 'Impressions', meaning: 'ctr', value: (f) => f.impressions, text: formatNumber, optional: true },
  { key: 'ctr', label: 'Impressions click-through rate', meaning: 'ctr', value: ctrPercent, text: formatPercent, optional: true },
];

/**
 * The cards in page order; impressions and CTR only when the period or its comparison has impressions.
 * @example figureCards(answer.figures, answer.compare)[0] // { key: 'views', text: '12,345', change: '+4.20%', … }
 */
export function figureCards(figures: VideoFigures, compare: VideoFigures | null): FigureCard[] {
  const reach = figures.impressions > 0 || (compare?.impressions ?? 0) > 0;
  return SPECS.filter((s) => !s.optional || reach).map((s) => {
    const value = s.value(figures);
    const change = compare ? percentChange(value, s.value(compare)) : null;
    return {
      key: s.key,
      label: s.label,
      text: s.text(value),
      change: change === null ? null : formatChange(change),
      trend: change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
      meaning: s.meaning,
    };
  });
}
