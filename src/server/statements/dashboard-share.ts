// POST /api/stat/share and the forecast's share: the dashboard's earnings as the signed-in account's share
// under its revenue-share terms (docs/partner-area.md, "Your share on the dashboard").
import type { EarningsShareAnswer, Forecast, ForecastAnswer, ForecastShare } from '../../lib/api/stats';
import { monthStart } from '../../lib/dates/time';
import { type ChannelMonthEarnings, channelMonthShare, spreadOverDays } from '../../lib/statements/earnings-share';
import type { PartnerStoreEnv } from '../partner-store';
import { runSettled } from '../stats/bounds';
import { type Bucket, fillPoints } from '../stats/buckets';
import type { Scope } from '../stats/filters';
import { getForecast } from '../stats/forecast';
import { microsToDollars } from '../stats/metrics';
import { compileStatQuery } from '../stats/query';
import type { StatRequest } from '../stats/request';
import { bucketsOf, type StatRow } from '../stats/runner';
import type { StatsDb } from '../stats/stores';
import { booksTarget } from './finance';
import { defaultViewOf, networksWithTerms, readShareBooks, shareRates, type TermsNetwork } from './share-rates';

const channelMonths = (rows: readonly StatRow[], month: (row: StatRow) => string): ChannelMonthEarnings[] =>
  rows.map((row) => ({
    channelId: Number(row.channel_id),
    month: month(row),
    earningsMicros: Number(row.partner_revenue ?? 0),
    financeMicros: Number(row.partner_revenue_finance ?? 0),
  }));

/** The bucket key of each day, walking the days (sorted) and the buckets together. */
function bucketOfDays(days: readonly string[], buckets: readonly Bucket[]): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  for (const day of days) {
    while (i < buckets.length - 1 && buckets[i]!.to < day) i += 1;
    if (buckets[i]) out.set(day, buckets[i]!.key);
  }
  return out;
}

/**
 * Each month's share spread over its days by their earnings, then added up by the chart's buckets
 * (days or weeks): a week across two months takes each month's part at that month's terms.
 */
function bucketShares(dayRows: readonly StatRow[], byMonth: ReadonlyMap<string, number>, buckets: readonly Bucket[]): Map<string, number> {
  const days = new Map<string, Array<{ day: string; micros: number }>>();
  for (const row of dayRows) {
    const day = String(row.bucket);
    const list = days.get(day.slice(0, 7)) ?? [];
    list.push({ day, micros: Number(row.partner_revenue ?? 0) });
    days.set(day.slice(0, 7), list);
  }
  const perDay = new Map<string, number>();
  for (const [month, share] of byMonth) {
    const list = (days.get(month) ?? []).sort((a, b) => a.day.localeCompare(b.day));
    // Share with no day to lie on (no day row that month): the month's first day in the chart.
    const spread = list.length
      ? spreadOverDays(list, share)
      : new Map([[buckets.find((b) => b.to >= monthStart(month))?.from ?? '', share]]);
    for (const [day, micros] of spread) perDay.set(day, (perDay.get(day) ?? 0) + micros);
  }
  const keys = bucketOfDays([...perDay.keys()].sort(), buckets);
  const out = new Map<string, number>();
  for (const [day, micros] of perDay) {
    const key = keys.get(day);
    if (key !== undefined) out.set(key, (out.get(key) ?? 0) + micros);
  }
  return out;
}

/** Each channel month with its share under the account's terms in `networks`. */
async function sharedRows(env: PartnerStoreEnv, userId: number, networks: readonly TermsNetwork[], rows: readonly ChannelMonthEarnings[]) {
  const books = await readShareBooks(env.DB, userId, networks, [...new Set(rows.map((r) => r.channelId))]);
  const rates = await shareRates(booksTarget(env), books, rows);
  return rows.map((row) => ({ ...row, ...channelMonthShare(row, rates) }));
}

/**
 * The request's earnings as the account's share: per channel and month the figures' earnings under the
 * terms that pay the account (channelMonthShare), the chart's buckets from the same months. Null when
 * the account has no terms in any network.
 * @example const share = await getEarningsShare(env, db, request, user.id)
 */
export async function getEarningsShare(
  env: PartnerStoreEnv,
  db: StatsDb,
  req: StatRequest,
  userId: number,
): Promise<EarningsShareAnswer | null> {
  const networks = await networksWithTerms(env.DB, userId);
  return networks.length === 0 ? null : shareOf(env, db, req, userId, networks);
}

async function shareOf(
  env: PartnerStoreEnv,
  db: StatsDb,
  req: StatRequest,
  userId: number,
  networks: readonly TermsNetwork[],
): Promise<EarningsShareAnswer> {
  const { scope, sumRange, period, today: horizon } = req;
  const metrics = ['partner_revenue', 'partner_revenue_finance'] as const;
  const statements = [compileStatQuery({ scope, metrics, dimensions: ['time', 'channel'], range: sumRange, period: 'month', horizon })];
  // Day and week charts spread each month over its days (the same earnings rule: their days add up to the month).
  if (period !== 'month') {
    statements.push(
      compileStatQuery({
        scope,
        metrics: ['partner_revenue'],
        dimensions: ['time'],
        range: req.range,
        period: 'days',
        earningsRange: sumRange,
        horizon,
      }),
    );
  }
  const run = await runSettled(db, req, statements);
  if (run.stale) return shareOf(env, db, run.req, userId, networks);
  const rows = await sharedRows(
    env,
    userId,
    networks,
    channelMonths(run.results[0] ?? [], (row) => String(row.bucket)),
  );
  const byMonth = new Map<string, number>();
  const notCovered = new Set<number>();
  let total = 0;
  let finance = 0;
  let notCoveredMicros = 0;
  for (const row of rows) {
    total += row.shareMicros;
    finance += row.financeMicros;
    byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.shareMicros);
    if (!row.covered && row.earningsMicros !== 0) {
      notCovered.add(row.channelId);
      notCoveredMicros += row.earningsMicros;
    }
  }
  const buckets = bucketsOf(run.req.range, run.req.period);
  const values = run.req.period === 'month' ? byMonth : bucketShares(run.results[1] ?? [], byMonth, buckets);
  return {
    default_view: defaultViewOf(networks),
    sum_share: microsToDollars(total),
    finance: microsToDollars(finance),
    estimate: microsToDollars(total - finance),
    share: fillPoints(buckets, new Map([...values].map(([key, micros]) => [key, microsToDollars(micros)]))),
    not_covered: { channels: notCovered.size, earnings: microsToDollars(notCoveredMicros) },
  };
}

/** Dollars × a ratio of micros, to the cent. */
const scaled = (dollars: number, part: number, whole: number) => Math.round((dollars * part * 100) / whole) / 100;

/**
 * The forecast of the account's share: this month so far under its terms (estimates: the ads share of
 * each channel), and the forecast in the same proportion. Null without terms or without earnings so far.
 */
async function forecastShare(
  env: PartnerStoreEnv,
  db: StatsDb,
  scope: Scope,
  userId: number,
  forecast: Forecast,
): Promise<ForecastShare | null> {
  const networks = await networksWithTerms(env.DB, userId);
  if (networks.length === 0) return null;
  const range = { from: monthStart(forecast.month), to: forecast.as_of };
  const query = compileStatQuery({ scope, metrics: ['partner_revenue', 'partner_revenue_finance'], dimensions: ['channel'], range });
  const [result = []] = await db.read([query]);
  const rows = await sharedRows(
    env,
    userId,
    networks,
    channelMonths(result, () => forecast.month),
  );
  const earned = rows.reduce((sum, r) => sum + r.earningsMicros, 0);
  if (earned <= 0) return null;
  const share = rows.reduce((sum, r) => sum + r.shareMicros, 0);
  return {
    month_to_date: microsToDollars(share),
    forecast: scaled(forecast.forecast, share, earned),
    low: scaled(forecast.low, share, earned),
    high: scaled(forecast.high, share, earned),
  };
}

/**
 * POST /api/stat/forecast's answer: the month's forecast (getForecast) and, for an account with terms, its share.
 * @example const forecast = await getForecastAnswer(env, db, scope, user.id)
 */
export async function getForecastAnswer(
  env: PartnerStoreEnv,
  db: StatsDb,
  scope: Scope,
  userId: number,
  today?: string,
  latest?: string | null,
): Promise<ForecastAnswer | null> {
  const forecast = await getForecast(db, scope, today, latest);
  return forecast && { ...forecast, share: await forecastShare(env, db, scope, userId, forecast) };
}
