// Turns a channel's daily views, subscriber changes and uploads into snapshots, monthly history and 'now'.
import { publicSubscriberCount } from './apportion';
import type { Context } from './calendar';
import { NOW_PERIOD_DAYS } from './calendar';
import { isoDate, isoMonth, monthStart } from './dates';
import type { ChannelNowRecord, HistoryRecord, PeriodFigures, SnapshotRecord } from './records';

/** Daily activity of one channel from firstDay to the last snapshot day (arrays share indexes). */
export interface DailyActivity {
  channelId: number;
  firstDay: number;
  views: number[];
  netSubscribers: number[];
  uploads: number[];
  watchTimeMinutes: number[];
  earningsMicros: number[];
  /** Counters at the last snapshot day. */
  subscribers: number;
  lifetimeViews: number;
  videoCount: number;
}

export interface PublicRows {
  snapshots: SnapshotRecord[];
  history: HistoryRecord[];
  now: ChannelNowRecord;
  /** Figures per period: the history months in order, then 'now'. */
  periods: PeriodFigures[];
  /** 'now' as it stood 30 days earlier (previous positions). */
  previousNow: PeriodFigures;
}

function sum(values: number[], from: number, to: number): number {
  let total = 0;
  for (let i = Math.max(0, from); i <= to && i < values.length; i++) total += values[i] ?? 0;
  return total;
}

/** Public counters per day of an activity (index 0 = firstDay), as channels.list would show them. */
export interface DailyCounters {
  subs: number[];
  views: number[];
  videos: number[];
}

/** Counters per day, walked back from the last day's values; subscribers to three significant figures. */
export function dailyCounters(activity: DailyActivity): DailyCounters {
  const n = activity.views.length;
  const subs = new Array<number>(n);
  const views = new Array<number>(n);
  const videos = new Array<number>(n);
  let s = activity.subscribers;
  let v = activity.lifetimeViews;
  let c = activity.videoCount;
  for (let i = n - 1; i >= 0; i--) {
    subs[i] = publicSubscriberCount(s);
    views[i] = Math.max(0, Math.round(v));
    videos[i] = Math.max(0, c);
    s = Math.max(0, s - (activity.netSubscribers[i] ?? 0));
    v -= activity.views[i] ?? 0;
    c -= activity.uploads[i] ?? 0;
  }
  return { subs, views, videos };
}

/** Snapshots for the last scale.snapshotDays days, history months, 'now' and ranking inputs. */
export function publicRows(ctx: Context, activity: DailyActivity): PublicRows {
  const { calendar } = ctx;
  const at = (day: number) => day - activity.firstDay;
  const c = dailyCounters(activity);
  const figures = (fromDay: number, toDay: number): PeriodFigures => ({
    subscriberCount: c.subs[at(toDay)] ?? 0,
    viewCount: c.views[at(toDay)] ?? 0,
    videoCount: c.videos[at(toDay)] ?? 0,
    monthlyViews: sum(activity.views, at(fromDay), at(toDay)),
    monthlySubs: (c.subs[at(toDay)] ?? 0) - (c.subs[at(fromDay - 1)] ?? c.subs[0] ?? 0),
    watchTimeMinutes: sum(activity.watchTimeMinutes, at(fromDay), at(toDay)),
    earningsMicros: sum(activity.earningsMicros, at(fromDay), at(toDay)),
  });
  const snapshots: SnapshotRecord[] = [];
  for (let day = calendar.firstSnapshotDay; day <= calendar.lastSnapshotDay; day++) {
    snapshots.push({
      channelId: activity.channelId,
      day: isoDate(day),
      subscriberCount: c.subs[at(day)] ?? 0,
      viewCount: c.views[at(day)] ?? 0,
      videoCount: c.videos[at(day)] ?? 0,
    });
  }
  const periods = calendar.historyMonths.map((start) => figures(start, Math.min(monthStart(start, 1) - 1, calendar.lastSnapshotDay)));
  const history = periods.map((period, i): HistoryRecord => ({
    channelId: activity.channelId,
    month: isoMonth(calendar.historyMonths[i] ?? 0),
    ...period,
  }));
  const last = calendar.lastSnapshotDay;
  const nowFigures = figures(last - NOW_PERIOD_DAYS + 1, last);
  periods.push(nowFigures);
  return {
    snapshots,
    history,
    periods,
    now: { channelId: activity.channelId, day: isoDate(last), ...nowFigures },
    previousNow: figures(last - 2 * NOW_PERIOD_DAYS + 1, last - NOW_PERIOD_DAYS),
  };
}
