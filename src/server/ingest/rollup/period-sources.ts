// Where each period's channel figures come from: a history month, or channel_now and channel_now_previous.
import { NOW_PERIOD, shiftMonth } from './periods';

const COLUMNS = 'channel_id, subscriber_count, view_count, video_count, monthly_views, monthly_subs, watch_time_minutes';

/** Figures of a period for the statements that rank and total it; ?1 is always the period key. */
export interface PeriodSources {
  period: string;
  /** Figures in the period (reads ?1 for a month). */
  current: string;
  /** Figures of the period before, for previous positions (reads ?2 for a month). */
  previous: string;
  /** ?1, and ?2 for a month. */
  params: [string] | [string, string];
}

/** The month's history rows; the previous month's for previous positions. */
function monthSources(month: string): PeriodSources {
  const rows = (param: string) => `SELECT ${COLUMNS} FROM channel_history_monthly WHERE month = ${param}`;
  return { period: month, current: rows('?1'), previous: rows('?2'), params: [month, shiftMonth(month, -1)] };
}

/** channel_now; before it, channel_now_previous (written with it by refreshNow: the 30 days to 30 days before). */
const NOW_SOURCES: PeriodSources = {
  period: NOW_PERIOD,
  current: `SELECT ${COLUMNS} FROM channel_now`,
  previous: `SELECT channel_id, subscriber_count, view_count, video_count, monthly_views, monthly_subs,
  0 AS watch_time_minutes FROM channel_now_previous`,
  params: [NOW_PERIOD],
};

/** Sources of a period key. */
export function periodSources(period: string): PeriodSources {
  return period === NOW_PERIOD ? NOW_SOURCES : monthSources(period);
}
