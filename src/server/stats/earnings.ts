// Earnings by one rule: per channel and month, the finance statement where that channel has one, else the estimate.
import { type Fragment, raw, sql } from '../db/sql';
import { GRAIN_TABLES, type Grain, SHARE_GRAINS, splitRange } from './source';
import { storedMonthsBranch, storedYearsBranch } from './statement-shares';

/** Whole months ('YYYY-MM', both included) whose statements replace the estimate. */
export interface BasisMonths {
  from: string;
  to: string;
}

/**
 * The months of a range that may use statements: only whole months, because a statement covers its
 * whole month and cannot be cut to a part of it (the days at a range's edges stay estimates).
 * @example basisMonths({ from: '2026-07-15', to: '2026-09-30' }) // { from: '2026-08', to: '2026-09' }
 */
export function basisMonths(range: { from: string; to: string }): BasisMonths | null {
  return splitRange(range.from, range.to).months;
}

/**
 * Days inside one (channel, month) in a fixed order (the primary key after channel), so the running
 * sums below are the same on every read. The rollups spread title and country months in their key
 * order by the same cut (migration 0020, rollup/statement-shares.ts).
 */
const ROW_ORDER: Record<Grain, string> = {
  channel: 'day',
  country: 'day, country_code',
  title: 'day, title_id, video_type',
  // Views only (no money): listed so every grain has an order.
  title_country: 'day, title_id, video_type, country_code',
};

/**
 * The share of a statement up to a running weight: finance × run / total, truncated, and exactly the
 * statement when the run reaches the total. Row shares are differences of consecutive cuts, so the
 * rows of a (channel, month) add up to its statement to the micro, whatever the rounding of each cut.
 */
const cut = (run: string, total: string) =>
  `(CASE WHEN (${run}) = ${total} THEN basis_finance ELSE CAST(basis_finance * (${run}) / ${total} AS INTEGER) END)`;

/**
 * A row's part of its channel's statement: in proportion to its estimate. Reads revenue_running (the
 * running sum of the estimates up to this row), partner_revenue_micros, basis_finance (the statement)
 * and basis_estimate (the channel's month estimate). The rollups store it for title and country months.
 * @example `SELECT ${ALLOCATED} AS share FROM (...)`
 */
export const ALLOCATED = `(${cut('revenue_running', 'basis_estimate')} - ${cut('revenue_running - partner_revenue_micros', 'basis_estimate')})`;

export interface EarningsBranchInput {
  /** Dimension keys as SQL select items over the source's columns. */
  dimensions: string[];
  /** The other metric columns the branch selects (plain column names). */
  columns: string[];
  source: 'daily' | 'monthly' | 'yearly';
  grain: Grain;
  /** The conditions on the fact rows other than their keys' span, and their values. */
  filter: Fragment;
  /** Read a network's days added up instead of the grain's table (network_daily, migration 0034). */
  table?: 'network_daily';
  /** The first and last key the branch reads ('YYYY-MM-DD' days, 'YYYY-MM' months or 'YYYY' years). */
  span: { from: string; to: string };
  /**
   * Also select statement_used: 1 where the row is a channel's whole month of the basis with its statement
   * in use, 0 where with its estimate, NULL otherwise. Only rows of one channel and month can say so.
   */
  counts?: boolean;
}

/** Whether a branch's rows lie in any month whose statements count (else they are all estimates). */
function touchesBasis(input: EarningsBranchInput, months: BasisMonths): boolean {
  return input.span.from.slice(0, 7) <= months.to && input.span.to.slice(0, 7) >= months.from;
}

/** The rows a daily or monthly branch reads: its filter and its days or months. */
function rowsOf(input: EarningsBranchInput): { table: string; where: Fragment } {
  const source = input.source === 'daily' ? 'daily' : 'monthly';
  const key = source === 'daily' ? 'day' : 'month';
  return {
    table: input.table ?? GRAIN_TABLES[input.grain][source],
    where: sql`${input.filter} AND ${raw(key)} BETWEEN ${input.span.from} AND ${input.span.to}`,
  };
}

/**
 * Whole months at the channel grain: one row per channel and month, which is the statement's whole
 * weight, so its share is the statement itself (where the month's estimate is positive) and no running
 * sum is needed: the same figure as the spread below. The row carries its statement (migration 0018),
 * so nothing else is read.
 */
function channelMonthsBranch(input: EarningsBranchInput, head: string, months: BasisMonths): Fragment {
  const { table, where } = rowsOf(input);
  const inBasis = sql`month BETWEEN ${months.from} AND ${months.to}`;
  const basis = sql`(statement_micros IS NOT NULL AND partner_revenue_micros > 0 AND ${inBasis})`;
  // One column for both counts: 1 where the statement is in use, 0 where the estimate is, NULL outside the basis.
  const counts = input.counts ? sql`, CASE WHEN ${inBasis} THEN ${basis} END AS statement_used` : raw('');
  return sql`SELECT ${raw(head)}
      CASE WHEN ${basis} THEN statement_micros ELSE partner_revenue_micros END AS partner_revenue_micros,
      CASE WHEN ${basis} THEN statement_micros ELSE 0 END AS finance_micros${counts}
    FROM ${raw(table)} WHERE ${where}`;
}

/** A day's earnings and their finance part in a basis month, from what the day's row stores. */
interface StoredDay {
  earnings: string;
  finance: string;
}

/**
 * Channel days carry their share of their month's statement, stored by the same running cut as the
 * spread below (migration 0033; NULL: no statement, or no positive month estimate).
 */
const CHANNEL_DAY: StoredDay = {
  earnings: 'coalesce(statement_share_micros, partner_revenue_micros)',
  finance: 'coalesce(statement_share_micros, 0)',
};
/** A network's days hold those two summed over its channels (network_daily, migration 0034). */
const NETWORK_DAY: StoredDay = { earnings: 'earnings_micros', finance: 'statement_share_micros' };

/**
 * Days whose rows store their earnings: a day of a basis month reads them, any other day its estimate,
 * so a day chart over years reads columns per row instead of a window over every channel day.
 */
function storedDaysBranch(head: string, rows: Fragment, months: BasisMonths, stored: StoredDay): Fragment {
  const basis = sql`substr(day, 1, 7) BETWEEN ${months.from} AND ${months.to}`;
  return sql`SELECT ${raw(head)}
      CASE WHEN ${basis} THEN ${raw(stored.earnings)} ELSE partner_revenue_micros END AS partner_revenue_micros,
      CASE WHEN ${basis} THEN ${raw(stored.finance)} ELSE 0 END AS finance_micros
    ${rows}`;
}

/**
 * One source branch of a query with money in it: the fact rows with `partner_revenue_micros` replaced by
 * the earnings (the statement's share where the channel has one for the row's month, else the
 * estimate) and `finance_micros` the part of them that comes from statements. Rows outside the basis
 * months are estimates as they are, and whole months at the channel grain take their statement as it
 * is; otherwise the statement is spread
 * over the rows of its channel and month (days, titles, countries) in proportion to their estimates;
 * the weight's total is the channel's whole estimate of the month, so a title or country gets the
 * same share of the statement as it has of the estimate. A statement whose channel has no positive
 * estimate that month has nothing to be spread over: that month stays the estimate. Title and country
 * months and years read that spread as the rollups stored it (statement-shares.ts), and so do channel
 * days (migration 0033); title and country days spread at query time, by the running sum below.
 */
export function earningsBranch(input: EarningsBranchInput, months: BasisMonths | null): Fragment {
  if (input.source === 'yearly') return storedYearsBranch(input, months);
  const select = [...input.dimensions, ...input.columns].join(', ');
  const head = select ? `${select}, ` : '';
  const { table, where } = rowsOf(input);
  const rows = sql`FROM ${raw(table)} WHERE ${where}`;
  if (!months || !touchesBasis(input, months)) {
    const counts = input.counts ? ', NULL AS statement_used' : '';
    return sql`SELECT ${raw(head)}partner_revenue_micros, 0 AS finance_micros${raw(counts)} ${rows}`;
  }
  if (input.source === 'monthly' && input.grain === 'channel') return channelMonthsBranch(input, head, months);
  if (input.counts) throw new Error('Channel counts need the basis months as channel monthly rows.');
  if (input.source === 'monthly' && SHARE_GRAINS.has(input.grain)) return storedMonthsBranch(input, months);
  if (input.source !== 'daily') throw new Error(`The ${input.grain} grain has no money by month.`);
  if (input.table === 'network_daily') return storedDaysBranch(head, rows, months, NETWORK_DAY);
  if (input.grain === 'channel') return storedDaysBranch(head, rows, months, CHANNEL_DAY);
  const month = raw('substr(day, 1, 7)');
  const allocated = raw(ALLOCATED);
  // The channel's month estimate and its statement (carried on the same row, migration 0018): one
  // primary-key seek per row's (channel, month).
  return sql`SELECT ${raw(head)}
      CASE WHEN basis_channel IS NULL THEN partner_revenue_micros ELSE ${allocated} END AS partner_revenue_micros,
      CASE WHEN basis_channel IS NULL THEN 0 ELSE ${allocated} END AS finance_micros
    FROM (SELECT x.*, CASE WHEN bm.statement_micros IS NOT NULL THEN bm.channel_id END AS basis_channel,
        bm.statement_micros AS basis_finance, bm.partner_revenue_micros AS basis_estimate
      FROM (SELECT *, ${month} AS revenue_month,
          sum(partner_revenue_micros) OVER running AS revenue_running
        ${rows}
        WINDOW running AS (PARTITION BY channel_id, ${month} ORDER BY ${raw(ROW_ORDER[input.grain])} ROWS UNBOUNDED PRECEDING)) x
      LEFT JOIN channel_monthly bm ON bm.channel_id = x.channel_id AND bm.month = x.revenue_month AND bm.month BETWEEN ${months.from} AND ${months.to}
        AND bm.partner_revenue_micros > 0)`;
}
