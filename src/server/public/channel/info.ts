// /stat/channel_info: a channel's header, its figures in a period and the period before, and its top positions.
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import { estimateEarnings } from '../../../lib/public/public-estimates';
import { publicPercentChange } from '../../../lib/public/changes';
import type { PublicContext } from '../context';
import { periodDays, periodFigures, watchRate, type PeriodFigures } from './figures';
import { getChannelGrade } from './grade';
import { requireChannel, type ChannelRow } from './lookup';
import { reportedFigures, type ReportedFigures } from './reported';
import type { ChannelChanges, ChannelInfo, ChannelInfoFigures, TopPositions } from '../../../lib/api/public-channels';

const RATE_DECIMALS = 1_000;
const MICROS_PER_DOLLAR = 1_000_000;

/** Watch time and earnings: the network's own when it reported the period, else the public estimate. */
function watchAndEarnings(channel: ChannelRow, figures: PeriodFigures, reported: ReportedFigures | null) {
  if (reported) {
    const dollars = Math.round(reported.revenue_micros / MICROS_PER_DOLLAR);
    const rate = reported.views > 0 ? reported.watch_time_minutes / reported.views : 0;
    return {
      earnings: { low: dollars, high: dollars, estimated: false },
      k_watchtime: Math.round(rate * RATE_DECIMALS) / RATE_DECIMALS,
      watchtime: reported.watch_time_minutes,
      figures_source: 'network' as const,
    };
  }
  return {
    earnings: { ...estimateEarnings(figures.monthly_views, channel.country_code, channel.category_id), estimated: true },
    k_watchtime: Math.round(watchRate(figures) * RATE_DECIMALS) / RATE_DECIMALS,
    watchtime: figures.watch_time_minutes,
    figures_source: 'estimate' as const,
  };
}

function describe(channel: ChannelRow, figures: PeriodFigures | null, reported: ReportedFigures | null): ChannelInfoFigures | null {
  if (!figures) return null;
  return {
    period: figures.period,
    banner_url: channel.banner_url,
    monthly_views: figures.monthly_views,
    subscriber_count: figures.subscriber_count,
    monthly_subs: figures.monthly_subs,
    view_count: figures.view_count,
    video_count: figures.video_count,
    ...watchAndEarnings(channel, figures, reported),
    category_list:
      channel.category_id !== null && channel.category_name !== null
        ? [{ category_id: channel.category_id, category_name: channel.category_name }]
        : [],
    lang_list:
      channel.language_code !== null && channel.english_name !== null
        ? [{ language_code: channel.language_code, english_name: channel.english_name }]
        : [],
    mcn_name: channel.network_name,
    network_mcn: channel.network_is_public === 1 ? channel.network_slug : null,
    network_isself: channel.network_is_partner === 1 ? 1 : 0,
  };
}

function changesOf(now: ChannelInfoFigures | null, last: ChannelInfoFigures | null): ChannelChanges {
  const change = (pick: (f: ChannelInfoFigures) => number) => (now && last ? publicPercentChange(pick(now), pick(last)) : null);
  // A reported figure is not compared with an estimate: no change rather than a misleading one.
  const sameSource = now?.figures_source === last?.figures_source;
  const sourced = (pick: (f: ChannelInfoFigures) => number) => (sameSource ? change(pick) : null);
  return {
    monthly_views: change((f) => f.monthly_views),
    subscriber_count: change((f) => f.subscriber_count),
    monthly_subs: change((f) => f.monthly_subs),
    watchtime: sourced((f) => f.watchtime),
    view_count: change((f) => f.view_count),
    // The range's ends move together, so the change of its middle stands for both.
    earnings: sourced((f) => f.earnings.low + f.earnings.high),
  };
}

/** The channel's positions in the period's stored rankings (channel_rankings_by_channel). */
async function topPositions({ db }: PublicContext, channelId: number, period: string): Promise<TopPositions> {
  const results = await all<{ scope: string; position: number }>(
    db,
    raw(
      `SELECT scope, position FROM channel_rankings
    WHERE channel_id = ?1 AND period = ?2 AND scope IN ('overall', 'category', 'language')`,
      channelId,
      period,
    ),
    'sql',
  );
  const at = (scope: string) => results.find((r) => r.scope === scope)?.position ?? null;
  return { overall: at('overall'), category: at('category'), lang: at('language') };
}

/**
 * The channel page's header and cards; a 404 when the channel is unknown. Watch time and earnings are
 * the public estimates unless the channel's network shows its own figures (reported.ts).
 * @example const info = await getChannelInfo(ctx, 'UC0000000000000000000001', 'now')
 */
export async function getChannelInfo(ctx: PublicContext, youtubeId: string, period: string): Promise<ChannelInfo> {
  const channel = await requireChannel(ctx, youtubeId);
  // Independent reads of one channel: started together, awaited together.
  const [{ now, last, nowDay }, top, standing] = await Promise.all([
    periodFigures(ctx, channel.id, period),
    topPositions(ctx, channel.id, period),
    getChannelGrade(ctx, channel.id),
  ]);
  const days = [now, last].map((figures) => (figures ? periodDays(figures, nowDay) : null));
  const [reportedNow = null, reportedLast = null] = await reportedFigures(ctx, channel, days);
  const infoNow = describe(channel, now, reportedNow);
  const infoLast = describe(channel, last, reportedLast);
  return {
    channel_id: channel.youtube_id,
    channel_title: channel.title,
    thumbnail_url: channel.thumbnail_url,
    country_code2: channel.country_code,
    period,
    info_now: infoNow,
    info_last: infoLast,
    top_positions: top,
    changes: changesOf(infoNow, infoLast),
    as_of: standing.day,
    grade: standing.grade,
  };
}
