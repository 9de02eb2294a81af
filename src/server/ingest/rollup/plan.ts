// Turns the changes a load reports into the deduplicated keys each rollup recomputes.
import type { Bucket } from './partner-monthly';
import { sortedUnique } from './periods';
import { monthOf, SECONDS_PER_HOUR } from '../../../lib/dates/time';

/** What a load changed; the rollups recompute only what depends on it. */
export interface RollupChanges {
  /** Partner facts that changed: (channel, day) pairs. */
  channelDays?: Array<{ channelId: number; day: string }>;
  /** Partner facts that changed, by (channel, month) bucket (what rollup_pending records). */
  channelMonths?: Array<{ channelId: number; month: string }>;
  /** Days whose public channel snapshots changed (any channel). */
  snapshotDays?: string[];
  /** Trend hours (unix seconds, start of hour) whose positions changed, per country. */
  trendHours?: Array<{ country: string; hour: number }>;
}

export interface RefreshPlan {
  /** Partner (channel, month)s to recompute, in key order. */
  buckets: Bucket[];
  snapshotDays: string[];
  trendHours: Array<[string, number]>;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const COUNTRY = /^[A-Z]{2}$/;

function checkDay(day: string): string {
  if (!DAY.test(day)) throw new Error(`Rollups: not a day (YYYY-MM-DD): ${day}`);
  return day;
}

/**
 * The keys to recompute, deduplicated; throws on a malformed key (a caller's bug, not bad input).
 * @example planRefresh({ snapshotDays: ['2026-03-01', '2026-03-01'] }).snapshotDays // ['2026-03-01']
 */
export function planRefresh(changes: RollupChanges): RefreshPlan {
  const channelMonths = [
    ...(changes.channelDays ?? []).map(({ channelId, day }) => ({ channelId, month: monthOf(checkDay(day)) })),
    ...(changes.channelMonths ?? []),
  ];
  const buckets = new Map<string, Bucket>();
  for (const { channelId, month } of channelMonths) {
    if (!Number.isSafeInteger(channelId)) throw new Error(`Rollups: not a channel id: ${channelId}`);
    if (!MONTH.test(month)) throw new Error(`Rollups: not a month (YYYY-MM): ${month}`);
    buckets.set(`${channelId}|${month}`, [channelId, month]);
  }
  const trendHours = new Map<string, [string, number]>();
  for (const { country, hour } of changes.trendHours ?? []) {
    if (!COUNTRY.test(country) || !Number.isSafeInteger(hour) || hour % SECONDS_PER_HOUR !== 0) {
      throw new Error(`Rollups: not a trend hour: ${country} ${hour}`);
    }
    trendHours.set(`${country}|${hour}`, [country, hour]);
  }
  return {
    buckets: [...buckets.values()].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
    snapshotDays: sortedUnique((changes.snapshotDays ?? []).map(checkDay)),
    trendHours: [...trendHours.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])),
  };
}

/** True when nothing changed. */
export function isEmptyPlan(plan: RefreshPlan): boolean {
  return plan.buckets.length === 0 && plan.snapshotDays.length === 0 && plan.trendHours.length === 0;
}
