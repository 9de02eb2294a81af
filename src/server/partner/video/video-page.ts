// The video page's answer: the video in the user's scope, its period, figures, chart and breakdowns.
import type { VideoAnswer } from '../../../lib/api/video';
import { CUSTOM, customPeriod, DEFAULT_PERIOD, type Period, presetFor, previousRange } from '../../../lib/dates/periods';
import { daysInclusive, monthOf } from '../../../lib/dates/time';
import type { SessionUser } from '../../auth/session-user';
import { notFound } from '../../http/errors';
import type { PartnerStoreEnv } from '../../partner-store';
import { getDates } from '../../stats/catalog';
import { scopeFor } from '../../stats/filters';
import { DAILY_CHART_MAX_DAYS } from '../../stats/request';
import { type RangeParts, splitRange } from '../../stats/source';
import { statsDbFor } from '../../stats/stores';
import { findVideo } from './find-video';
import { breakdownStatements, readBreakdowns } from './video-breakdowns';
import { basisOf, daySeries, monthSeries, sumPeriod, type VideoTarget, videoDaysStatement, videoMonthsStatement } from './video-figures';
import { checkVideoQuery, type VideoQuery } from './video-schema';
import type { Statement } from '../../stats/statements';

/** Every month a report can hold: a lifetime reads the monthly rows only. */
const LIFETIME_PARTS: RangeParts = { months: { from: '0000-01', to: '9999-12' }, days: [] };

/**
 * The period a query asks for: its preset (rolling presets ending on the channel's latest day, as on the
 * dashboard), its custom dates, or Last 28 days.
 */
export function videoPeriod(query: VideoQuery, today: string, latest: string | null): Period {
  if (query.date_from && query.date_to) return customPeriod(query.date_from, query.date_to, null);
  const value = query.period && query.period !== CUSTOM ? query.period : DEFAULT_PERIOD;
  const period = presetFor(value, today, latest);
  if (!period) throw new Error(`period ${value} passed checkVideoQuery but is no preset`);
  return period;
}

/** Statements of the period's months and days: a day chart reads every day, else only the days outside whole months. */
function periodStatements(target: VideoTarget, parts: RangeParts, days: RangeParts['days']): Statement[] {
  return [
    ...(parts.months ? [videoMonthsStatement(target, parts.months)] : []),
    ...(days.length > 0 ? [videoDaysStatement(target, days)] : []),
  ];
}

/**
 * Everything the video page shows, for a user who may see the video (else 404, as for a video that does
 * not exist). Two round trips: the channel's latest day (the default period ends on it), then one batch.
 * @example await getVideoPage(env, user, 'dQw4w9WgXcQ', { period: '27' }, '2026-11-30')
 */
export async function getVideoPage(
  env: PartnerStoreEnv,
  user: SessionUser,
  videoId: string,
  query: VideoQuery,
  today: string,
): Promise<VideoAnswer> {
  checkVideoQuery(query, today);
  const video = await findVideo(env.DB, user, videoId);
  if (!video) throw notFound(`No video ${videoId} among your channels.`);
  const { db, scope } = await statsDbFor(env, scopeFor(user, { channels: [video.channel_id] }));
  const latest = (await getDates(db, scope)).max_date;
  const period = videoPeriod(query, today, latest);
  const range = period.from && period.to ? { from: period.from, to: period.to } : null;
  const compareRange = previousRange(period);
  const chart = range && daysInclusive(range.from, range.to) <= DAILY_CHART_MAX_DAYS ? 'day' : 'month';
  const parts = range ? splitRange(range.from, range.to) : LIFETIME_PARTS;
  const compareParts = compareRange ? splitRange(compareRange.from, compareRange.to) : null;
  const target: VideoTarget = { videoId, scope };
  const main = periodStatements(target, parts, chart === 'day' && range ? [range] : parts.days);
  const before = compareParts ? periodStatements(target, compareParts, compareParts.days) : [];
  const rows = await db.read([...main, ...before, ...breakdownStatements(target, parts)]);
  const take = (p: RangeParts, statements: number, offset: number) => {
    const list = rows.slice(offset, offset + statements);
    return { months: p.months ? (list.shift() ?? []) : [], days: list.shift() ?? [] };
  };
  const mainRows = take(parts, main.length, 0);
  const figures = sumPeriod(mainRows, parts);
  const compare = compareParts ? sumPeriod(take(compareParts, before.length, main.length), compareParts) : null;
  const firstMonth = range ? monthOf(range.from) : String(mainRows.months[0]?.period ?? '');
  const lastMonth = range ? monthOf(range.to) : String(mainRows.months.at(-1)?.period ?? '');
  const series = !range
    ? mainRows.months.length > 0
      ? monthSeries(mainRows, firstMonth, lastMonth)
      : []
    : chart === 'day'
      ? daySeries(mainRows, range.from, range.to)
      : monthSeries(mainRows, firstMonth, lastMonth);
  return {
    video,
    period,
    range,
    compare_range: compareRange,
    chart_period: chart,
    latest_day: latest,
    figures,
    compare,
    earnings_basis: basisOf(figures),
    series,
    ...readBreakdowns(rows.slice(main.length + before.length)),
  };
}
