// POST /api/stat/base/subscribers/total: running total of net subscribers at the end of each bucket,
// for the selection or (…/channels) for each of the channels with the most subscribers.
import type { ChannelBreakdownRow, Point, SubscribersTotalAnswer, SubscribersTotalChannelsAnswer } from '../../lib/api/stats';
import { BREAKDOWN_ROWS, labelQuery } from './breakdown';
import { addDays } from '../../lib/dates/time';
import { compileStatQuery, compileTopRows, type DayRange } from './query';
import type { Statement } from './statements';
import type { StatRequest } from './request';
import { runSettled } from './bounds';
import { bucketsOf, seriesOf, type StatRow, totalOf } from './runner';
import type { StatsDb } from './stores';

/** Before any channel could have facts (YouTube opened in 2005): the start of "since the first fact". */
export const FIRST_POSSIBLE_DAY = '2005-01-01';

/** The days before the range, or null when the range starts on the first possible day. */
function daysBefore(range: DayRange): DayRange | null {
  const before = { from: FIRST_POSSIBLE_DAY, to: addDays(range.from, -1) };
  return before.from <= before.to ? before : null;
}

/** Adds each bucket's net subscribers to the total before the range. */
function runningTotal(rows: StatRow[], req: StatRequest, start: number): Point[] {
  let total = start;
  return seriesOf(rows, bucketsOf(req.range, req.period), 'subscribers').map((point) => {
    total += point.value;
    return { ...point, value: total };
  });
}

/**
 * The net subscribers before the range (whole months from the rollup) plus the running sum of the
 * range's buckets, in one batch.
 * @example await getSubscribersTotal(env.DB, request)
 */
export async function getSubscribersTotal(db: StatsDb, req: StatRequest): Promise<SubscribersTotalAnswer> {
  const { scope, range, period } = req;
  const series = compileStatQuery({ scope, metrics: ['subscribers'], dimensions: ['time'], range, period });
  // A lifetime starts on the first possible day (LIFETIME_SPAN): nothing lies before it.
  const before = daysBefore(range);
  const statements = [series];
  if (before) statements.push(compileStatQuery({ scope, metrics: ['subscribers'], dimensions: [], range: before, horizon: req.today }));
  const run = await runSettled(db, req, statements);
  if (run.stale) return getSubscribersTotal(db, run.req);
  const [rows = [], beforeRows = []] = run.results;
  const subscribers = runningTotal(rows, run.req, totalOf(beforeRows, 'subscribers'));
  return { subscribers, sum_subscribers: subscribers.at(-1)?.value ?? totalOf(beforeRows, 'subscribers') };
}

/**
 * The channels with the most subscribers at the end of the range (the in-house exclusion is part of
 * the request's scope), each with its running total: the Channels list of "Total subscribers".
 * Two round trips: the top channels, then their totals before the range, series and names.
 * @example await getSubscribersTotalByChannel(env.DB, request)
 */
export async function getSubscribersTotalByChannel(db: StatsDb, req: StatRequest): Promise<SubscribersTotalChannelsAnswer> {
  const { scope } = req;
  const untilEnd = { from: FIRST_POSSIBLE_DAY, to: req.range.to };
  const top = compileTopRows(
    { scope, metrics: ['subscribers'], dimensions: ['channel'], range: untilEnd },
    { metric: 'subscribers', limit: BREAKDOWN_ROWS },
  );
  // The top channels do not depend on the chart period: a lifetime settles its bounds alongside them.
  const first = await runSettled(db, req, [top]);
  const settled = first.req;
  const { range, period } = settled;
  const [topRows = []] = first.results;
  const ids = topRows.map((r) => Number(r.channel_id));
  if (ids.length === 0) return { rows: [] };
  const only = { dimension: 'channel' as const, ids };
  const series = compileStatQuery({ scope, metrics: ['subscribers'], dimensions: ['channel', 'time'], range, period, only });
  const before = daysBefore(range);
  const statements: Statement[] = [series, labelQuery('channels', ids)];
  if (before) statements.push(compileStatQuery({ scope, metrics: ['subscribers'], dimensions: ['channel'], range: before, only }));
  const [seriesRows = [], labels = [], beforeRows = []] = await db.read(statements);
  const label = new Map(labels.map((r) => [Number(r.id), r]));
  const start = new Map(beforeRows.map((r) => [Number(r.channel_id), Number(r.subscribers ?? 0)]));
  const rows = topRows.map((r): ChannelBreakdownRow => {
    const id = Number(r.channel_id);
    const info = label.get(id);
    const points = runningTotal(
      seriesRows.filter((s) => Number(s.channel_id) === id),
      settled,
      start.get(id) ?? 0,
    );
    return {
      id: String(info?.key ?? ''),
      channel_title: String(info?.name ?? ''),
      channel_ico: String(info?.icon ?? ''),
      value: Number(r.subscribers ?? 0),
      points,
    };
  });
  return { rows };
}
