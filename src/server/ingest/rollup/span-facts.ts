// Split install: the partner facts over public spans, summed in the store of each channel's network,
// for the shared public estimates (channels whose facts are in the shared D1 are summed in place there).
import { chunk, type Runner } from './runner';
import { SPAN_FACT_SUMS_SQL } from './public-figures';

/** A channel's span as the shared D1 computes it, with the network whose store holds its facts. */
export interface Span {
  channelId: number;
  networkId: number;
  baseDay: string;
  endDay: string;
}

/** One span's sums: [channel_id, base_day, end_day, views, watch_time_minutes, partner_revenue_micros]. */
export type SpanFact = [number, string, string, number | null, number | null, number | null];

/**
 * Spans one statement sums or writes: a JSON parameter of ~60 bytes each (~120 KB), and a bounded
 * number of index ranges of channel_daily per statement.
 */
export const SPANS_PER_STATEMENT = 2_000;

interface SumRow {
  channel_id: number;
  base_day: string;
  end_day: string;
  fact_views: number | null;
  fact_watch_time_minutes: number | null;
  fact_partner_revenue_micros: number | null;
}

/** The spans of each network's store. */
function spansByPlace(spans: readonly Span[]): Map<number, Span[]> {
  const places = new Map<number, Span[]>();
  for (const span of spans) {
    const list = places.get(span.networkId);
    if (list) list.push(span);
    else places.set(span.networkId, [span]);
  }
  return places;
}

/** Sums the spans in one database: one batch (one call), a statement per SPANS_PER_STATEMENT spans. */
async function sumIn(db: D1Database, spans: readonly Span[]): Promise<SpanFact[]> {
  const parts = chunk(spans, SPANS_PER_STATEMENT);
  const results = await db.batch<SumRow>(
    parts.map((part) => db.prepare(SPAN_FACT_SUMS_SQL).bind(JSON.stringify(part.map((s) => [s.channelId, s.baseDay, s.endDay])))),
  );
  return results.flatMap(({ results: rows }) =>
    rows.map((r): SpanFact => [
      r.channel_id,
      r.base_day,
      r.end_day,
      r.fact_views,
      r.fact_watch_time_minutes,
      r.fact_partner_revenue_micros,
    ]),
  );
}

/**
 * The sums of every span, asked of each store holding some (all at once: the stores are independent
 * databases); one row per span, in spans' order.
 * @example const facts = await spanFacts(runner, [{ channelId: 7, networkId: 2, baseDay: '2026-01-31', endDay: '2026-02-28' }])
 */
export async function spanFacts(runner: Runner, spans: readonly Span[]): Promise<SpanFact[]> {
  const { storeOf } = runner;
  if (!storeOf) throw new Error('Rollups: span facts are read from the stores of a split install only');
  const places = [...spansByPlace(spans)];
  const sums = await Promise.all(places.map(([networkId, list]) => sumIn(storeOf(networkId), list)));
  runner.statements += places.reduce((n, [, list]) => n + Math.ceil(list.length / SPANS_PER_STATEMENT), 0);
  const byKey = new Map(sums.flat().map((fact) => [`${fact[0]}|${fact[1]}|${fact[2]}`, fact]));
  return spans.map((s) => {
    const fact = byKey.get(`${s.channelId}|${s.baseDay}|${s.endDay}`);
    if (!fact) throw new Error(`Rollups: no facts answered for channel ${s.channelId} (${s.baseDay}..${s.endDay})`);
    return fact;
  });
}
