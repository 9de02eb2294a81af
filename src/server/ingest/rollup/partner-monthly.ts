// Monthly rollups of the partner fact grains (FACT_GRAINS), recomputed per (channel, month) bucket.
import { bucketsPerStatement, deleteBucketsSql, deleteOrphansSql, FACT_GRAINS, insertBucketsSql } from './fact-metrics';
import { chunk, readRows, runBatch, type Runner } from './runner';
import { statementSharesSql } from './statement-shares';
import { raw } from '../../db/sql';
import { monthsBetween } from './periods';
import { monthOf } from '../../../lib/dates/time';

/** A channel's month: [channel_id, 'YYYY-MM']. */
export type Bucket = [number, string];

/**
 * Recomputes the buckets at every grain: each chunk's delete and insert (and the statement shares of
 * the refilled title, country and video months) go in one batch, so readers never see a bucket half refilled.
 * The channel grain comes first: the shares are spread over the channel's refilled month estimate.
 */
export async function refreshPartnerMonthly(runner: Runner, buckets: Bucket[]): Promise<void> {
  if (buckets.length === 0) return;
  for (const grain of FACT_GRAINS) {
    for (const part of chunk(buckets, bucketsPerStatement(grain))) {
      const json = JSON.stringify(part);
      await runBatch(runner, [
        raw(deleteBucketsSql(grain), json),
        raw(insertBucketsSql(grain), json),
        ...(grain.statementShares ? [raw(statementSharesSql(grain), json)] : []),
      ]);
    }
  }
}

type ChannelSpan = Record<string, string | number | null>;

/**
 * Every bucket from each channel's first to last fact day at any grain (index seeks per channel,
 * no scan of the fact tables).
 */
async function allBuckets(runner: Runner): Promise<Bucket[]> {
  const ends = FACT_GRAINS.map(
    (g, i) => `(SELECT min(day) FROM ${g.daily} WHERE channel_id = c.id) AS first${i},
    (SELECT max(day) FROM ${g.daily} WHERE channel_id = c.id) AS last${i}`,
  ).join(', ');
  const spans = await readRows<ChannelSpan>(runner, raw(`SELECT c.id AS channelId, ${ends} FROM channels AS c ORDER BY c.id`));
  return spans.flatMap((span) => {
    const days = (prefix: string) => FACT_GRAINS.map((_, i) => span[`${prefix}${i}`]).filter((d): d is string => typeof d === 'string');
    const firsts = days('first');
    const lasts = days('last');
    if (firsts.length === 0) return [];
    const first = firsts.reduce((a, b) => (a < b ? a : b));
    const last = lasts.reduce((a, b) => (a > b ? a : b));
    return monthsBetween(monthOf(first), monthOf(last)).map((month): Bucket => [Number(span.channelId), month]);
  });
}

/** Rebuilds every monthly rollup from the daily tables, then drops months with no daily rows left. */
export async function rebuildPartnerMonthly(runner: Runner): Promise<void> {
  await refreshPartnerMonthly(runner, await allBuckets(runner));
  for (const grain of FACT_GRAINS) await runBatch(runner, [raw(deleteOrphansSql(grain))]);
}
