// What a ranking should be, computed here from the seeded tables (the rollups' figures rows and the
// channels) with the pages' definitions of each metric, independently of the rankings' SQL.
import { env } from 'cloudflare:test';
import { estimateEarnings } from '../../../src/lib/public/public-estimates';
import { growthPercent, type RankingMetricKey } from '../../../src/lib/public/ranking-metrics';
import type { ChannelRankingRow } from '../../../src/lib/api/public-channels';
import { previousMonth } from '../rollup/public-world';

export interface Fig {
  channel_id: number;
  subscriber_count: number;
  view_count: number;
  monthly_views: number;
  monthly_subs: number;
  watch_time_minutes: number;
  country_code: string | null;
  category_id: number | null;
  network_id: number | null;
  youtube_id: string;
}

const FIG_COLUMNS = 'c.youtube_id, c.country_code, c.category_id, c.network_id';

/** The period's figures rows as the rollups stored them (the 'now' previous watch time at the public rates). */
export async function figures(period: string, which: 'current' | 'previous'): Promise<Fig[]> {
  let query: string;
  if (period === 'now' && which === 'current') {
    query = `SELECT f.*, ${FIG_COLUMNS} FROM channel_now AS f JOIN channels AS c ON c.id = f.channel_id`;
  } else if (period === 'now') {
    query = `SELECT f.*, ${FIG_COLUMNS}, CAST(round(max(f.monthly_views, 0) * coalesce(o.watch_rate, r.watch_rate, 0)) AS INTEGER) AS watch_time_minutes
      FROM channel_now_previous AS f JOIN channels AS c ON c.id = f.channel_id
      LEFT JOIN estimate_channel_rates AS o ON o.channel_id = f.channel_id
      LEFT JOIN estimate_category_rates AS r ON r.category_id IS c.category_id`;
  } else {
    const month = which === 'current' ? period : previousMonth(period);
    query = `SELECT f.*, ${FIG_COLUMNS} FROM channel_history_monthly AS f JOIN channels AS c ON c.id = f.channel_id WHERE f.month = '${month}'`;
  }
  return (await env.DB.prepare(query).all<Fig>()).results;
}

interface Totals {
  subscriber_count: number;
  view_count: number;
  monthly_views: number;
  monthly_subs: number;
  watch_time_minutes: number;
  low: number;
  high: number;
}

/** A metric's value as the pages define it; null (ranked last) for a percentage without a base. */
function value(metric: RankingMetricKey, t: Totals): number | null {
  switch (metric) {
    case 'subscriber_count':
    case 'view_count':
    case 'monthly_views':
    case 'monthly_subs':
      return t[metric];
    case 'watchtime':
      return t.watch_time_minutes;
    case 'earnings':
      return t.low + t.high;
    case 'subs_growth_pct':
      return growthPercent(t.subscriber_count, t.monthly_subs);
    case 'views_growth_pct':
      return growthPercent(t.view_count, t.monthly_views);
  }
}

const totalsOf = (f: Fig): Totals => {
  const { low, high } = estimateEarnings(f.monthly_views, f.country_code, f.category_id);
  return { ...f, low, high };
};

/** Keys ordered by the metric (nulls last), then subscribers, then monthly views, then the tiebreak. */
function order<K>(rows: [K, Totals][], metric: RankingMetricKey, tiebreak: (a: K, b: K) => number, byFigures = true): K[] {
  const v = (t: Totals) => value(metric, t) ?? -Infinity;
  return [...rows]
    .sort(
      ([ka, a], [kb, b]) =>
        v(b) - v(a) || (byFigures ? b.subscriber_count - a.subscriber_count || b.monthly_views - a.monthly_views : 0) || tiebreak(ka, kb),
    )
    .map(([k]) => k);
}

export async function expectedChannels(period: string, metric: RankingMetricKey, keep: (f: Fig) => boolean) {
  const cur = (await figures(period, 'current')).filter(keep);
  const prev = (await figures(period, 'previous')).filter(keep);
  const ranked = order(
    cur.map((f) => [f, totalsOf(f)] as [Fig, Totals]),
    metric,
    (a, b) => a.channel_id - b.channel_id,
  );
  const before = order(
    prev.map((f) => [f, totalsOf(f)] as [Fig, Totals]),
    metric,
    (a, b) => a.channel_id - b.channel_id,
  ).map((f) => f.channel_id);
  return ranked.map((f, i) => {
    const was = before.indexOf(f.channel_id);
    const p = prev.find((x) => x.channel_id === f.channel_id);
    return {
      channel_id: f.youtube_id,
      num: i + 1,
      diff: was === -1 ? null : was + 1 - (i + 1),
      subscriber_count: f.subscriber_count,
      view_count: f.view_count,
      monthly_views: f.monthly_views,
      monthly_subs: f.monthly_subs,
      watchtime: f.watch_time_minutes,
      revenue: estimateEarnings(f.monthly_views, f.country_code, f.category_id),
      subs_growth_pct: growthPercent(f.subscriber_count, f.monthly_subs),
      views_growth_pct: growthPercent(f.view_count, f.monthly_views),
      a_monthly_views: p?.monthly_views ?? null,
      a_monthly_subs: p?.monthly_subs ?? null,
    };
  });
}

export const channelShape = (rows: ChannelRankingRow[]) =>
  rows.map((r) => ({
    channel_id: r.channel_id,
    num: r.num,
    diff: r.diff,
    subscriber_count: r.subscriber_count,
    view_count: r.view_count,
    monthly_views: r.monthly_views,
    monthly_subs: r.monthly_subs,
    watchtime: r.watchtime,
    revenue: r.revenue,
    subs_growth_pct: r.subs_growth_pct,
    views_growth_pct: r.views_growth_pct,
    a_monthly_views: r.a_monthly_views,
    a_monthly_subs: r.a_monthly_subs,
  }));

/** Public networks' sums over the kept channels, ranked by the metric then id, with previous positions. */
export async function expectedNetworks(period: string, metric: RankingMetricKey, keep: (f: Fig) => boolean) {
  const { results } = await env.DB.prepare('SELECT id, slug FROM networks WHERE is_public = 1').all<{ id: number; slug: string }>();
  const slugs = new Map(results.map((r) => [r.id, r.slug]));
  const sums = async (which: 'current' | 'previous') => {
    const out = new Map<number, Totals & { channels_count: number }>();
    for (const f of await figures(period, which)) {
      if (f.network_id === null || !slugs.has(f.network_id) || !keep(f)) continue;
      const t = totalsOf(f);
      const s = out.get(f.network_id) ?? {
        subscriber_count: 0,
        view_count: 0,
        monthly_views: 0,
        monthly_subs: 0,
        watch_time_minutes: 0,
        low: 0,
        high: 0,
        channels_count: 0,
      };
      out.set(f.network_id, {
        subscriber_count: s.subscriber_count + t.subscriber_count,
        view_count: s.view_count + t.view_count,
        monthly_views: s.monthly_views + t.monthly_views,
        monthly_subs: s.monthly_subs + t.monthly_subs,
        watch_time_minutes: s.watch_time_minutes + t.watch_time_minutes,
        low: s.low + t.low,
        high: s.high + t.high,
        channels_count: s.channels_count + 1,
      });
    }
    return out;
  };
  const cur = await sums('current');
  const prev = await sums('previous');
  const before = order([...prev], metric, (a, b) => a - b, false);
  return order([...cur], metric, (a, b) => a - b, false).map((id, i) => {
    const s = cur.get(id)!;
    const was = before.indexOf(id);
    return {
      network_mcn: slugs.get(id),
      num: i + 1,
      diff: was === -1 ? null : was + 1 - (i + 1),
      channels_count: s.channels_count,
      subscriber_count: s.subscriber_count,
      view_count: s.view_count,
      monthly_views: s.monthly_views,
      monthly_subs: s.monthly_subs,
      watchtime: s.watch_time_minutes,
      revenue: { low: s.low, high: s.high },
      subs_growth_pct: growthPercent(s.subscriber_count, s.monthly_subs),
      views_growth_pct: growthPercent(s.view_count, s.monthly_views),
    };
  });
}
