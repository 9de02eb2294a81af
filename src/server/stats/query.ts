// Compiles a declarative stats query (metrics, dimensions, range, scope) into one bound D1 statement.
import type { ChartPeriod } from './buckets';
import { DIMENSIONS, type DimensionName, dimensionSql } from './dimensions';
import { basisMonths, earningsBranch } from './earnings';
import { NETWORK_DAY_PARTS, WHOLE_NETWORKS_CTE } from './network-days';
import { type Fragment, join, raw, sql } from '../db/sql';
import { checkGrainColumns, factConditions, grainFor, type OnlyKeys, type Scope, scopeCte } from './filters';
import { type MetricDef, METRICS, type MetricName } from './metrics';
import { coverRange, type Source } from './cover';
import { FOLDED_GRAINS, type Grain, grainTable, heldDays, YEARLY_TABLES } from './source';
import { page, type Page } from './statements';
import { todayUtc } from '../../lib/dates/time';

export interface DayRange {
  from: string;
  to: string;
}

export interface StatQuery {
  scope: Scope;
  metrics: readonly MetricName[];
  dimensions: readonly DimensionName[];
  range: DayRange;
  /** Bucket size of the time dimension. */
  period?: ChartPeriod;
  /** Only these channel ids, title ids or country codes: the series of a breakdown's top rows. */
  only?: OnlyKeys;
  /**
   * Money: the range whose whole months use finance statements (default: the range). A lifetime's
   * day series passes its whole months, so its first and last months match its sums.
   */
  earningsRange?: DayRange;
  /** Today (UTC): untimed sums choose their reads by it (cover.ts); never changes a figure. */
  horizon?: string;
}

/** The n rows with the largest value of a metric. */
export interface TopRows {
  metric: MetricName;
  limit: number;
}

function neededGrain(dimensions: readonly DimensionName[]): Grain | null {
  for (const name of dimensions) {
    const grain = DIMENSIONS[name].grain;
    if (grain) return grain;
  }
  return null;
}

/**
 * Whether a query may subtract rows (cover.ts). A key read only from subtracted rows comes back as 0
 * instead of being absent: harmless for chart buckets (filled with 0 anyway) and figures by country
 * (the location answer drops countries without views), not for a top-channels or top-titles list.
 * Money subtracts only days of a month the range cuts and months or years outside the range, which
 * never use a statement (earnings.ts; a year's row takes its outside months back to their estimates),
 * so the statements' months must be the range's own.
 */
function maySubtract(q: StatQuery, timed: boolean, earnings: boolean): boolean {
  // A folded month's days are gone: its row minus its other days would count the days it left out.
  if (FOLDED_GRAINS.has(grainFor(q.scope.filters, neededGrain(q.dimensions)))) return false;
  const keysMayBeEmpty = timed || q.dimensions.every((d) => d === 'country');
  const basis = q.earningsRange;
  const sameBasis = !basis || (basis.from === q.range.from && basis.to === q.range.to);
  return keysMayBeEmpty && (!earnings || sameBasis);
}

/**
 * One statement: the scope CTE, then each source branch (whole months from the monthly rollup,
 * other days from the daily table) under UNION ALL, summed per dimension. Monthly rows are used
 * only when there is no time dimension or it is bucketed by month: day and week buckets need days.
 * @example compileStatQuery({ scope, metrics: ['views'], dimensions: ['time'], range, period: 'days' })
 */
export function compileStatQuery(q: StatQuery): Fragment {
  const period = q.period ?? 'days';
  const grain = grainFor(q.scope.filters, neededGrain(q.dimensions));
  const timed = q.dimensions.includes('time');
  const columns = [...new Set(q.metrics.flatMap((m) => METRICS[m].columns))];
  // Money is read through the per-(channel, month) basis, which needs monthly or daily rows.
  const earnings = q.metrics.some((m) => (METRICS[m] as MetricDef).earnings);
  checkGrainColumns(q.scope.filters, grain, columns, earnings);
  const months = earnings ? basisMonths(q.earningsRange ?? q.range) : null;
  const counts = q.metrics.some((m) => (METRICS[m] as MetricDef).channelCounts);
  const earningsValues = ['partner_revenue_micros', 'finance_micros', ...(counts ? ['statement_used'] : [])];
  // The rows every branch reads, before its keys' span: the scope and filters, and the series' keys.
  const filter = factConditions(q.scope, grain, q.only);
  const branches: Fragment[] = [];
  const keyAliases = q.dimensions.map((d) => DIMENSIONS[d].alias);
  // A subtracted branch is the same rows with every value negated (keys kept).
  const push = (branch: Fragment, values: string[], sign: 1 | -1) =>
    branches.push(
      sign === 1 ? branch : sql`SELECT ${raw([...keyAliases, ...values.map((c) => `-${c} AS ${c}`)].join(', '))} FROM (${branch})`,
    );
  /** One source's rows of the range, added or subtracted; `rows` reads other rows than the scope's (network days). */
  const branch = (source: Source, from: string, to: string, sign: 1 | -1 = 1, rows?: (typeof NETWORK_DAY_PARTS)[number]) => {
    const keys = q.dimensions.map((d) => dimensionSql(d, source, period));
    const read = rows?.filter ?? filter;
    if (earnings) {
      const others = columns.filter((c) => c !== 'partner_revenue_micros');
      const table = rows?.table === 'network_daily' ? rows.table : undefined;
      const input = { dimensions: keys, columns: others, source, grain, filter: read, span: { from, to }, counts, table };
      push(earningsBranch(input, months), [...others, ...earningsValues], sign);
      return;
    }
    const key = { daily: 'day', monthly: 'month', yearly: 'year' }[source];
    const held = raw(source === 'daily' ? heldDays(grain) : '');
    const table = rows?.table ?? grainTable(grain, source);
    if (!table) throw new Error(`The ${grain} grain has no ${source} table.`);
    const select = raw([...keys, ...columns].join(', ') || '1');
    push(sql`SELECT ${select} FROM ${raw(table)} WHERE ${read} AND ${raw(key)} BETWEEN ${from} AND ${to}${held}`, columns, sign);
  };
  // Days of the whole channel grain: the networks the scope holds most of, read as their days added up.
  // Keyed by time alone: a network's days have no channel to key or pick by.
  const networkDays = timed && period !== 'month' && grain === 'channel' && !q.only && q.dimensions.every((d) => d === 'time');
  if (networkDays) {
    for (const part of NETWORK_DAY_PARTS) branch('daily', q.range.from, q.range.to, part.sign, part);
  } else if (timed && period !== 'month') {
    branch('daily', q.range.from, q.range.to);
  } else {
    // Sums and month buckets read the coarsest rows that answer them exactly (cover.ts): years (untimed;
    // with money too, from the statement shares the yearly rows hold), months, and days only at the edges.
    const options = {
      yearly: !timed && Boolean(YEARLY_TABLES[grain]),
      subtract: maySubtract(q, timed, earnings),
      horizon: q.horizon ?? todayUtc(),
    };
    for (const part of coverRange(q.range.from, q.range.to, options)) branch(part.source, part.from, part.to, part.sign);
  }

  const scoped = scopeCte(q.scope);
  const scope = networkDays ? sql`${scoped},\n  ${raw(WHOLE_NETWORKS_CTE)}` : scoped;
  const values = q.metrics.map((m) => `${METRICS[m].sql} AS ${m}`);
  const grouped = keyAliases.length ? `\nGROUP BY ${keyAliases.join(', ')}` : '';
  return sql`${scope}\nSELECT ${raw([...keyAliases, ...values].join(', '))}\nFROM (${join(branches, '\nUNION ALL\n')})${raw(grouped)}`;
}

/**
 * The query's rows with the largest value of a metric, ties by their keys.
 * @example compileTopRows({ scope, metrics: ['views'], dimensions: ['channel'], range }, { metric: 'views', limit: 10 })
 */
export function compileTopRows(q: StatQuery, top: TopRows): Page {
  const keys = q.dimensions.map((d) => ({ column: DIMENSIONS[d].alias }));
  return page(compileStatQuery(q), [{ column: top.metric, desc: true }, ...keys], Math.trunc(top.limit));
}
