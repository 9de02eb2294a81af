// The dates every generator works from, all derived from `today` so the data is always recent.
import { dayNumber, monthStart, unixSeconds } from './dates';
import { HOURS_PER_DAY, SECONDS_PER_HOUR } from '../../../src/lib/dates/time';
import type { Scale } from './scale';

/** YouTube delivers a day's reports about two days later. */
export const REPORT_LAG_DAYS = 2;
/** Public counters are read daily; yesterday is the last complete day. */
export const SNAPSHOT_LAG_DAYS = 1;
/** 'now' covers the 30 days to the latest snapshot (the pages' "Last 30 days"). */
export const NOW_PERIOD_DAYS = 30;

export interface Calendar {
  today: number;
  firstFactDay: number;
  lastFactDay: number;
  firstSnapshotDay: number;
  lastSnapshotDay: number;
  /** First day of the oldest month of public history. */
  historyStart: number;
  /** Month starts of the public history, oldest first; the last one is the current month. */
  historyMonths: number[];
  /** Unix seconds of the first and last trend hours; the last is today 00:00 UTC, never a future hour. */
  firstTrendHour: number;
  lastTrendHour: number;
}

/** Everything the generators need to know about time, for a given today ('YYYY-MM-DD'). */
export function createCalendar(today: string, scale: Scale): Calendar {
  const todayDay = dayNumber(today);
  const lastFactDay = todayDay - REPORT_LAG_DAYS;
  const lastSnapshotDay = todayDay - SNAPSHOT_LAG_DAYS;
  const historyMonths: number[] = [];
  for (let i = scale.historyMonths - 1; i >= 0; i--) historyMonths.push(monthStart(lastSnapshotDay, -i));
  const lastTrendHour = unixSeconds(todayDay);
  return {
    today: todayDay,
    firstFactDay: lastFactDay - scale.factDays + 1,
    lastFactDay,
    firstSnapshotDay: lastSnapshotDay - scale.snapshotDays + 1,
    lastSnapshotDay,
    historyStart: historyMonths[0] ?? monthStart(lastSnapshotDay),
    historyMonths,
    firstTrendHour: lastTrendHour - (scale.trendDays * HOURS_PER_DAY - 1) * SECONDS_PER_HOUR,
    lastTrendHour,
  };
}

/** What every generator receives: the seed, the scale and the calendar. */
export interface Context {
  seed: number;
  scale: Scale;
  calendar: Calendar;
}
