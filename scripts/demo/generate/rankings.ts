// Public rollups over all tracked channels: channel rankings, network totals and global totals per period.
import type { Context } from './calendar';
import { compareText, isoMonth } from './dates';
import type { GlobalStatsRecord, NetworkStatsRecord, PeriodFigures, RankingRecord, TaggedRecord } from './records';

export interface RankedChannel {
  channelId: number;
  categoryId: number | null;
  languageCode: string | null;
  countryCode: string | null;
  networkId: number | null;
  /** History months in order, then 'now'. */
  periods: PeriodFigures[];
  previousNow: PeriodFigures;
}

type Scope = RankingRecord['scope'];
type Positions = Record<Scope, Map<number, number>>;

function scopeKey(channel: RankedChannel, scope: Scope): string | null {
  if (scope === 'overall') return '';
  if (scope === 'category') return channel.categoryId === null ? null : String(channel.categoryId);
  return scope === 'language' ? channel.languageCode : channel.countryCode;
}

const SCOPES: readonly Scope[] = ['overall', 'category', 'language', 'country'];

/** Every channel's position in each of its lists, by subscribers (then monthly views, then id). */
function positions(channels: RankedChannel[], figures: (channel: RankedChannel) => PeriodFigures): Positions {
  const order = [...channels].sort((a, b) => {
    const fa = figures(a);
    const fb = figures(b);
    return fb.subscriberCount - fa.subscriberCount || fb.monthlyViews - fa.monthlyViews || a.channelId - b.channelId;
  });
  const out: Positions = { overall: new Map(), category: new Map(), language: new Map(), country: new Map() };
  const counters = new Map<string, number>();
  for (const channel of order) {
    for (const scope of SCOPES) {
      const key = scopeKey(channel, scope);
      if (key === null) continue;
      const position = (counters.get(`${scope}:${key}`) ?? 0) + 1;
      counters.set(`${scope}:${key}`, position);
      out[scope].set(channel.channelId, position);
    }
  }
  return out;
}

/** Period keys in the order of RankedChannel.periods. */
function periodKeys(ctx: Context): string[] {
  return [...ctx.calendar.historyMonths.map((start) => isoMonth(start)), 'now'];
}

/**
 * The first rankingDepth positions of every list in every period, with the previous period's positions,
 * in primary key order (appending to the B-tree is much faster than inserting all over it).
 */
export function* channelRankings(ctx: Context, channels: RankedChannel[]): Generator<TaggedRecord> {
  const keys = periodKeys(ctx);
  const byId = new Map(channels.map((channel) => [channel.channelId, channel]));
  let previous: Positions | null = null;
  for (let p = 0; p < keys.length; p++) {
    const period = keys[p] as string;
    const current = positions(channels, (channel) => channel.periods[p] as PeriodFigures);
    const before = period === 'now' ? positions(channels, (channel) => channel.previousNow) : previous;
    const rows: RankingRecord[] = [];
    for (const scope of SCOPES) {
      for (const [channelId, position] of current[scope]) {
        if (position > ctx.scale.rankingDepth) continue;
        const channel = byId.get(channelId) as RankedChannel;
        rows.push({
          period,
          scope,
          scopeKey: scopeKey(channel, scope) ?? '',
          position,
          channelId,
          previousPosition: before?.[scope].get(channelId) ?? null,
        });
      }
    }
    rows.sort((a, b) => compareText(a.scope, b.scope) || compareText(a.scopeKey, b.scopeKey) || a.position - b.position);
    for (const row of rows) yield { table: 'channel_rankings', row };
    previous = current;
  }
}

interface NetworkTotals {
  channelsCount: number;
  subscriberCount: number;
  monthlyViews: number;
  monthlySubs: number;
}

function networkTotals(channels: RankedChannel[], figures: (channel: RankedChannel) => PeriodFigures): Map<number, NetworkTotals> {
  const totals = new Map<number, NetworkTotals>();
  for (const channel of channels) {
    if (channel.networkId === null) continue;
    const f = figures(channel);
    const t = totals.get(channel.networkId) ?? { channelsCount: 0, subscriberCount: 0, monthlyViews: 0, monthlySubs: 0 };
    t.channelsCount++;
    t.subscriberCount += f.subscriberCount;
    t.monthlyViews += f.monthlyViews;
    t.monthlySubs += f.monthlySubs;
    totals.set(channel.networkId, t);
  }
  return totals;
}

function networkPositions(totals: Map<number, NetworkTotals>): Map<number, number> {
  const order = [...totals.entries()].sort((a, b) => b[1].monthlyViews - a[1].monthlyViews || a[0] - b[0]);
  return new Map(order.map(([id], index) => [id, index + 1]));
}

/** Each network's totals and position by monthly views, per period. */
export function networkStats(ctx: Context, channels: RankedChannel[]): NetworkStatsRecord[] {
  const keys = periodKeys(ctx);
  const rows: NetworkStatsRecord[] = [];
  let previous: Map<number, number> | null = null;
  keys.forEach((period, p) => {
    const totals = networkTotals(channels, (channel) => channel.periods[p] as PeriodFigures);
    const current = networkPositions(totals);
    const before = period === 'now' ? networkPositions(networkTotals(channels, (channel) => channel.previousNow)) : previous;
    for (const [networkId, t] of totals) {
      rows.push({ networkId, period, ...t, position: current.get(networkId) ?? 1, previousPosition: before?.get(networkId) ?? null });
    }
    previous = current;
  });
  return rows;
}

/** Totals per period and (category, language, country). */
export function globalStats(ctx: Context, channels: RankedChannel[]): GlobalStatsRecord[] {
  const rows = new Map<string, GlobalStatsRecord>();
  periodKeys(ctx).forEach((period, p) => {
    for (const channel of channels) {
      const f = channel.periods[p] as PeriodFigures;
      const categoryId = channel.categoryId ?? 0;
      const languageCode = channel.languageCode ?? '';
      const countryCode = channel.countryCode ?? 'ZZ';
      const key = `${period}|${categoryId}|${languageCode}|${countryCode}`;
      const row = rows.get(key) ?? {
        period,
        categoryId,
        languageCode,
        countryCode,
        channelsCount: 0,
        subscriberCount: 0,
        monthlyViews: 0,
        monthlySubs: 0,
        videoCount: 0,
        watchTimeMinutes: 0,
      };
      row.channelsCount++;
      row.subscriberCount += f.subscriberCount;
      row.monthlyViews += f.monthlyViews;
      row.monthlySubs += f.monthlySubs;
      row.videoCount += f.videoCount;
      row.watchTimeMinutes += f.watchTimeMinutes;
      rows.set(key, row);
    }
  });
  return [...rows.values()].sort(
    (a, b) =>
      compareText(a.period, b.period) ||
      a.categoryId - b.categoryId ||
      compareText(a.languageCode, b.languageCode) ||
      compareText(a.countryCode, b.countryCode),
  );
}
