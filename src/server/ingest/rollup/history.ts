// channel_history_monthly and channel_now from the daily public snapshots.
import { boundFactsCte, ESTIMATE_COLUMNS, monthSpansSql, nowSpansSql, RATE_JOINS, type SpanFacts, spanFiguresSql } from './public-figures';
import { ensureRates } from './rates';
import { chunk, readRows, runBatch, type Runner } from './runner';
import { type Span, type SpanFact, spanFacts, SPANS_PER_STATEMENT } from './span-facts';
import { type Fragment, raw } from '../../db/sql';

const FIGURE_COLUMNS = 'subscriber_count, view_count, video_count, monthly_views, monthly_subs, watch_time_minutes, earnings_micros';

/** ?2 is null (every channel) or a JSON array of channel ids. */
const CHANNEL_FILTER = '(?2 IS NULL OR c.id IN (SELECT value FROM json_each(?2)))';
/**
 * Split install: a channel whose network has a store (network_stores) keeps its facts there; any other
 * (no network, or a network of the public rankings) keeps them, if it has any, in the shared D1, where
 * the default statement sums them in place. Only the first kind costs bound statements.
 */
const IN_STORE = 'EXISTS (SELECT 1 FROM network_stores AS ns WHERE ns.network_id = c.network_id)';
const STORE_FILTER = `${CHANNEL_FILTER} AND ${IN_STORE}`;
const SHARED_FILTER = `${CHANNEL_FILTER} AND NOT ${IN_STORE}`;

/** 'bound' statements read their facts from ?3 (boundFactsCte). */
const factsCte = (facts: SpanFacts) => (facts === 'bound' ? `,\n${boundFactsCte('?3')}` : '');

// Upsert: months the snapshots cannot derive are not selected, so imported rows stay untouched.
const historySql = (
  facts: SpanFacts,
  filter = CHANNEL_FILTER,
) => `INSERT OR REPLACE INTO channel_history_monthly (channel_id, month, ${FIGURE_COLUMNS})
WITH spans AS MATERIALIZED (${monthSpansSql(filter)})${factsCte(facts)},
f AS (${spanFiguresSql('spans', facts)})
SELECT f.channel_id, f.month, f.subscriber_count, f.view_count, f.video_count, f.monthly_views, f.monthly_subs,
  ${ESTIMATE_COLUMNS}
FROM f ${RATE_JOINS}`;

const HISTORY_SQL = historySql('daily');
const HISTORY_SHARED_SQL = historySql('daily', SHARED_FILTER);
const HISTORY_BOUND_SQL = historySql('bound');

/** The spans of a statement's `spans` CTE (same parameters, STORE_FILTER), with each channel's network. */
const spansOfSql = (spansSql: string) => `WITH spans AS (${spansSql})
SELECT sp.channel_id AS channelId, c.network_id AS networkId, sp.base_day AS baseDay, sp.end_day AS endDay
FROM spans AS sp JOIN channels AS c ON c.id = sp.channel_id ORDER BY sp.channel_id`;

const HISTORY_SPANS_SQL = spansOfSql(monthSpansSql(STORE_FILTER));

/**
 * Split install: the spans the statement would compute (read in the shared D1), their facts summed in
 * each store, then the writes reading those sums, SPANS_PER_STATEMENT channels per statement (?2 the
 * chunk's channels, ?3 its facts). The statements are returned to go out in one batch.
 */
async function boundWrites(runner: Runner, spansRead: Fragment, sql: string, first: string): Promise<Fragment[]> {
  const spans = await readRows<Span>(runner, spansRead);
  const facts = await spanFacts(runner, spans);
  return chunk(facts, SPANS_PER_STATEMENT).map((part: SpanFact[]) => ({
    sql,
    params: [first, JSON.stringify(part.map((fact) => fact[0])), JSON.stringify(part)],
  }));
}

/**
 * Recomputes the months (one batch each, every channel or only channelIds) that the snapshots can
 * derive: counters at the month's last snapshot, growth since the last snapshot before the month.
 * Split (runner.storeOf), the channels of networks with a store read their facts from there first;
 * the others are written by the default statement in the same batch.
 */
export async function refreshHistory(runner: Runner, months: string[], channelIds: number[] | null): Promise<void> {
  const channels = channelIds === null ? null : JSON.stringify(channelIds);
  if (months.length > 0) await ensureRates(runner);
  for (const month of months) {
    const monthJson = JSON.stringify([month]);
    if (!runner.storeOf) await runBatch(runner, [{ sql: HISTORY_SQL, params: [monthJson, channels] }]);
    else {
      const bound = await boundWrites(runner, raw(HISTORY_SPANS_SQL, monthJson, channels), HISTORY_BOUND_SQL, monthJson);
      await runBatch(runner, [{ sql: HISTORY_SHARED_SQL, params: [monthJson, channels] }, ...bound]);
    }
  }
}

const nowSql = (facts: SpanFacts, filter = CHANNEL_FILTER) => `INSERT INTO channel_now (channel_id, day, ${FIGURE_COLUMNS})
WITH spans AS MATERIALIZED (${nowSpansSql(raw('?1'), raw(filter)).sql})${factsCte(facts)},
f AS (${spanFiguresSql('spans', facts)})
SELECT f.channel_id, f.end_day, f.subscriber_count, f.view_count, f.video_count, f.monthly_views, f.monthly_subs,
  ${ESTIMATE_COLUMNS}
FROM f ${RATE_JOINS}`;

const NOW_SQL = nowSql('daily');
const NOW_SHARED_SQL = nowSql('daily', SHARED_FILTER);
const NOW_BOUND_SQL = nowSql('bound');
const NOW_SPANS_SQL = spansOfSql(nowSpansSql(raw('?1'), raw(STORE_FILTER)).sql);

const CLEAR_NOW_SQL = 'DELETE FROM channel_now WHERE ?1 IS NULL OR channel_id IN (SELECT value FROM json_each(?1))';

/**
 * Replaces channel_now (all of it, or channelIds' rows) with the 30 days to latestDay; channels with
 * no snapshot in those days drop out. One batch: readers see the old rows or the new ones. Split, the
 * stores' sums are read before the batch, which stays one.
 */
export async function refreshNow(runner: Runner, latestDay: string, channelIds: number[] | null): Promise<void> {
  const channels = channelIds === null ? null : JSON.stringify(channelIds);
  await ensureRates(runner);
  const inserts = runner.storeOf
    ? [
        { sql: NOW_SHARED_SQL, params: [latestDay, channels] },
        ...(await boundWrites(runner, raw(NOW_SPANS_SQL, latestDay, channels), NOW_BOUND_SQL, latestDay)),
      ]
    : [{ sql: NOW_SQL, params: [latestDay, channels] }];
  await runBatch(runner, [{ sql: CLEAR_NOW_SQL, params: [channels] }, ...inserts]);
}
