// Where each period's channel figures come from: a history month, channel_now, or 'now' as it stood 30 days earlier.
import { NOW_PERIOD, NOW_PERIOD_DAYS, shiftMonth } from './periods';
import { addDays } from '../../../lib/time';
import { nowSpansSql, spanFiguresSql } from './public-figures';
import { raw } from '../../db/sql';

const COLUMNS = 'channel_id, subscriber_count, view_count, video_count, monthly_views, monthly_subs, watch_time_minutes';

/** Figures of a period for the statements that rank and total it; ?1 is always the period key. */
export interface PeriodSources {
  period: string;
  /** Figures in the period (reads ?1 for a month). */
  current: string;
  /** Figures of the period before, for previous positions (reads ?2). */
  previous: string;
  /** ?1 and ?2. */
  params: [string, string];
}

/** The month's history rows; the previous month's for previous positions. */
function monthSources(month: string): PeriodSources {
  const rows = (param: string) => `SELECT ${COLUMNS} FROM channel_history_monthly WHERE month = ${param}`;
  return { period: month, current: rows('?1'), previous: rows('?2'), params: [month, shiftMonth(month, -1)] };
}

/** channel_now; before it, the 30 days to 30 days before the latest snapshot, from the snapshots. */
function nowSources(latestDay: string): PeriodSources {
  const previous = `SELECT f.channel_id, f.subscriber_count, f.view_count, f.video_count, f.monthly_views, f.monthly_subs,
  0 AS watch_time_minutes FROM (${spanFiguresSql(`(${nowSpansSql(raw('?2'), raw('true')).sql})`)}) AS f`;
  return {
    period: NOW_PERIOD,
    current: `SELECT ${COLUMNS} FROM channel_now`,
    previous,
    params: [NOW_PERIOD, addDays(latestDay, -NOW_PERIOD_DAYS)],
  };
}

/** Sources of a period key ('now' needs the latest snapshot day). */
export function periodSources(period: string, latestDay: string | null): PeriodSources {
  if (period !== NOW_PERIOD) return monthSources(period);
  if (latestDay === null) throw new Error("The 'now' period needs the latest snapshot day");
  return nowSources(latestDay);
}
