// POST /api/stat/base/subscribers/total: running total of net subscribers at the end of each bucket.
import type { Point } from './buckets';
import { addDays } from './days';
import { compileStatQuery } from './query';
import type { StatRequest } from './request';
import { bucketsOf, runBatch, seriesOf, totalOf } from './runner';

/** Before any channel could have facts (YouTube opened in 2005): the start of "since the first fact". */
export const FIRST_POSSIBLE_DAY = '2005-01-01';

export interface SubscribersTotalAnswer {
  subscribers: Point[];
  sum_subscribers: number;
}

/**
 * The net subscribers before the range (whole months from the rollup) plus the running sum of the
 * range's buckets, in one batch.
 * @example await getSubscribersTotal(env.DB, request)
 */
export async function getSubscribersTotal(db: D1Database, req: StatRequest): Promise<SubscribersTotalAnswer> {
  const { scope, range, period } = req;
  const series = compileStatQuery({ scope, metrics: ['subscribers'], dimensions: ['time'], range, period });
  const before = { from: FIRST_POSSIBLE_DAY, to: addDays(range.from, -1) };
  const statements = [series];
  if (before.from <= before.to) statements.push(compileStatQuery({ scope, metrics: ['subscribers'], dimensions: [], range: before }));
  const [rows = [], beforeRows = []] = await runBatch(db, statements);
  let total = totalOf(beforeRows, 'subscribers');
  const subscribers = seriesOf(rows, bucketsOf(range, period), 'subscribers').map((point) => {
    total += point.value;
    return { ...point, value: total };
  });
  return { subscribers, sum_subscribers: total };
}
