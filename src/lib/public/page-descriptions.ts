// Each public page's PageMeta (src/lib/public/page-meta.ts) from the data the page shows: the one place
// their titles, descriptions and canonical query keys are written.
import { periodLabel, rankingVersus } from '../formats/global-format';
import { formatChange, formatNumber } from '../formats/stat-format';
import { rankingMetricLabel } from './ranking-columns';
import type { ChannelInfo } from '../api/public-channels';
import type { CategoryOption, CountryOption, LanguageOption } from '../api/public-global';
import type { PageMeta } from './page-meta';

/** The filters of a ranking or /global as applied, with the names the selects show. */
export interface NamedFilters {
  period: string;
  lang?: { code: string; name: string };
  category?: { id: number; name: string };
  country?: { code: string; name: string };
}

/**
 * The applied filters with the names their selects show (a value missing from a list keeps its code).
 * @example nameFilters({ period: 'now', country: 'US' }, lists).country // { code: 'US', name: 'United States' }
 */
export function nameFilters(
  f: { period: string; lang?: string; category?: number; country?: string },
  lists: { languages: LanguageOption[]; categories: CategoryOption[]; countries: CountryOption[] },
): NamedFilters {
  const out: NamedFilters = { period: f.period };
  if (f.lang) out.lang = { code: f.lang, name: lists.languages.find((l) => l.language_code === f.lang)?.english_name ?? f.lang };
  if (f.category !== undefined) {
    const name = lists.categories.find((c) => c.category_id === f.category)?.category_name ?? `category ${f.category}`;
    out.category = { id: f.category, name };
  }
  if (f.country) out.country = { code: f.country, name: lists.countries.find((c) => c.code2 === f.country)?.country_name ?? f.country };
  return out;
}

/** The period leaves the URL when it is the default ('now'). */
function periodParam(period: string): string | undefined {
  return period === 'now' ? undefined : period;
}

/** ' in Gaming, United States, English' for the filters that apply, '' for none. */
function filterWords(f: NamedFilters): string {
  const names = [f.category?.name, f.country?.name, f.lang?.name].filter((n): n is string => n !== undefined);
  return names.length > 0 ? ` in ${names.join(', ')}` : '';
}

function filterQuery(f: NamedFilters): Record<string, string | undefined> {
  return {
    period: periodParam(f.period),
    lang: f.lang?.code,
    category: f.category ? String(f.category.id) : undefined,
    country: f.country?.code,
  };
}

/**
 * /global with its applied filters.
 * @example globalPageMeta({ period: 'now' }).path // '/global'
 */
export function globalPageMeta(f: NamedFilters): PageMeta {
  return {
    title: `Global statistics${filterWords(f)}`,
    description: `YouTube statistics${filterWords(f)}, ${periodLabel(f.period)}: monthly views, subscribers and estimated watch time by country, category and language, the top channels and networks, trending channels and videos.`,
    path: '/global',
    query: filterQuery(f),
  };
}

/** The canonical `page` of a paged list: left out on the first page. */
const pageQuery = (page: number) => (page > 1 ? String(page) : undefined);

/**
 * /channels with its applied filters, ranking metric and page (the column choice is display only).
 * @example channelsPageMeta({ period: '2026-10' }, 'monthly_views', 'subscriber_count', 2).query // { period: '2026-10', metric: 'monthly_views', page: '2', … }
 */
export function channelsPageMeta(f: NamedFilters, metric: string, defaultMetric: string, page = 1): PageMeta {
  const by = rankingMetricLabel(metric).toLowerCase();
  return {
    title: `Top channels${filterWords(f)}${page > 1 ? `, page ${page}` : ''}`,
    description: `YouTube channels${filterWords(f)} ranked by ${by}, ${periodLabel(f.period)}: subscribers, monthly views and subs, estimated watch time and earnings, and each channel's move ${rankingVersus(f.period)}.`,
    path: '/channels',
    query: { ...filterQuery({ ...f }), metric: metric === defaultMetric ? undefined : metric, page: pageQuery(page) },
  };
}

/** /networks with its applied filters, ranking metric and page. */
export function networksPageMeta(f: NamedFilters, metric: string, defaultMetric: string, page = 1): PageMeta {
  const by = rankingMetricLabel(metric).toLowerCase();
  return {
    title: `Top networks${filterWords(f)}${page > 1 ? `, page ${page}` : ''}`,
    description: `The YouTube networks (MCNs)${filterWords(f)} ranked by ${by}, ${periodLabel(f.period)}: subscribers, monthly views and monthly subs of their channels, and each network's move ${rankingVersus(f.period)}.`,
    path: '/networks',
    query: { ...filterQuery({ ...f, category: undefined }), metric: metric === defaultMetric ? undefined : metric, page: pageQuery(page) },
  };
}

/** A channel's headline figures as its page's cards show them: '1,234 subscribers, …'. */
export function channelHeadline(info: ChannelInfo): string | null {
  const now = info.info_now;
  if (!now) return null;
  const change = info.changes.monthly_views;
  const views = `${formatNumber(now.monthly_views)} monthly views${change === null ? '' : ` (${formatChange(change)} ${rankingVersus(info.period)})`}`;
  return `${formatNumber(now.subscriber_count)} subscribers, ${views}, ${formatNumber(now.view_count)} total views`;
}

/**
 * /channel/{id}: the channel's name, its headline figures of the period and its thumbnail.
 * @example channelPageMeta(info).title // 'Cosmic Cooking'
 */
export function channelPageMeta(info: ChannelInfo): PageMeta {
  const headline = channelHeadline(info);
  const period = periodLabel(info.period);
  return {
    title: info.channel_title,
    description: headline
      ? `${info.channel_title}: ${headline} (${period}). YouTube channel statistics: daily figures, history, rankings and estimated earnings.`
      : `${info.channel_title}: YouTube channel statistics, history and rankings.`,
    path: `/channel/${info.channel_id}`,
    query: { period: periodParam(info.period) },
    image: info.thumbnail_url ? { url: info.thumbnail_url, alt: info.channel_title } : null,
    type: 'profile',
  };
}

/** The network figures its page shows. */
export interface NetworkHeadline {
  network_mcn: string;
  mcn_name: string;
  monthly_views: number;
  monthly_subs: number;
  channels_count: number;
  subscriber_count: number;
}

/** /network/{slug}: the network's name and its totals for the last 30 days; its channels' ranking metric and page. */
export function networkPageMeta(n: NetworkHeadline, list: { metric: string; defaultMetric: string; page: number } | null = null): PageMeta {
  return {
    title: list && list.page > 1 ? `${n.mcn_name}, page ${list.page}` : n.mcn_name,
    description: `${n.mcn_name}: ${formatNumber(n.channels_count)} YouTube channels, ${formatNumber(n.subscriber_count)} subscribers, ${formatNumber(n.monthly_views)} monthly views and ${formatNumber(n.monthly_subs)} monthly subs in the last 30 days, with its channels ranked by monthly views.`,
    path: `/network/${n.network_mcn}`,
    query: list ? { metric: list.metric === list.defaultMetric ? undefined : list.metric, page: pageQuery(list.page) } : undefined,
    type: 'profile',
  };
}

/**
 * /embed/channel/{id}: never indexed, its canonical URL the channel page it summarises.
 * @example embedPageMeta({ channel_id: 'UC…', channel_title: 'Cosmic Cooking', thumbnail_url: '' }).path // '/channel/UC…'
 */
export function embedPageMeta(card: { channel_id: string; channel_title: string; thumbnail_url: string }): PageMeta {
  return {
    title: card.channel_title,
    description: `${card.channel_title}: YouTube channel statistics on Viewdeck.`,
    path: `/channel/${card.channel_id}`,
    image: card.thumbnail_url ? { url: card.thumbnail_url, alt: card.channel_title } : null,
    noindex: true,
  };
}

/** A page that answered 404: named, never indexed. */
export function notFoundMeta(title: string, path: string): PageMeta {
  return { title, description: `${title}. See the top YouTube channels and networks on Viewdeck.`, path, noindex: true };
}

/** /trends: a country's hourly chart; the hour is part of the canonical URL only when one was asked for. */
export function trendsPageMeta(title: string, query: { country?: string; day?: string; time?: string; page?: string }): PageMeta {
  return {
    title,
    description: `${title}: YouTube's most popular videos hour by hour, with each video's position, its change since the hour before, views and best position.`,
    path: '/trends',
    query,
  };
}

/** /trend/video/{id}: the video's title, channel and views, its thumbnail. */
export function trendVideoMeta(
  v: { video_id: string; title: string; channel_title: string; views: string | null; thumbnail_url: string },
  countries: readonly string[],
): PageMeta {
  const views = v.views === null ? '' : `, ${formatNumber(Number(v.views))} views`;
  return {
    title: v.title,
    description: `${v.title} by ${v.channel_title}${views}: its positions on YouTube's hourly trending charts by country, with views, likes and comments over time.`,
    path: `/trend/video/${v.video_id}`,
    query: { country_trends: countries.length > 0 ? countries.join(',') : undefined },
    image: v.thumbnail_url ? { url: v.thumbnail_url, alt: v.title } : null,
  };
}

/** /trend/channel/{id}: the channel's trending history in a period. */
export function trendChannelMeta(c: { channel_id: string; channel_title: string; thumbnail_url: string }, period: string): PageMeta {
  return {
    title: `${c.channel_title}: trends`,
    description: `${c.channel_title} on YouTube's trending charts, ${periodLabel(period)}: its best position per day and country, and the videos that charted.`,
    path: `/trend/channel/${c.channel_id}`,
    query: { period: periodParam(period) },
    image: c.thumbnail_url ? { url: c.thumbnail_url, alt: c.channel_title } : null,
  };
}

type Pairs = readonly (readonly [string, string])[];

/**
 * /find with the search's applied fields; a field at its default (the 10,000 monthly views a bare /find
 * starts at) is left out, and the table/cards view is display only.
 * @example findPageMeta([['form_str', 'cats']], []).query // { form_str: ['cats'] }
 */
export function findPageMeta(params: Pairs, defaults: Pairs): PageMeta {
  const isDefault = (key: string, value: string) => defaults.some(([k, v]) => k === key && v === value);
  const query: Record<string, string[]> = {};
  for (const [key, value] of params) if (!isDefault(key, value)) (query[key] ??= []).push(value);
  return {
    title: 'Search for a channel',
    description:
      'Search YouTube channels by keyword, category, country and language, monthly views, subscribers and average views per video.',
    path: '/find',
    query,
  };
}

/** The sign-in page, the site's home. */
export const HOME_META: PageMeta = {
  title: 'Log in',
  description:
    'Viewdeck: analytics for video channels. Partners sign in for their earnings, views and audience; everyone can browse YouTube channel and network rankings, global statistics, trends and channel search.',
  path: '/',
};

/**
 * /compare: the channels' names and headline figures; a comparison of fewer than two channels, or one that
 * answered an error, is not indexed.
 * @example comparePageMeta([infoA, infoB], ['UCa…', 'UCb…'], true).title // 'Compare Cosmic Cooking and Hana Club'
 */
export function comparePageMeta(channels: readonly ChannelInfo[], ids: readonly string[], ok: boolean): PageMeta {
  const names = channels.map((c) => c.channel_title);
  const title =
    names.length === 0 ? 'Compare channels' : `Compare ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' and ' : ''}${names.at(-1)}`;
  const figures = channels.map((c) => `${c.channel_title}: ${channelHeadline(c) ?? 'no figures yet'}`).join('; ');
  return {
    title,
    description:
      names.length === 0
        ? 'Compare two to four YouTube channels side by side: subscribers, views, growth and their monthly histories.'
        : `${title} side by side, last 30 days. ${figures}.`,
    path: '/compare',
    query: ids.length > 0 ? { c: ids.join(',') } : undefined,
    noindex: !ok || channels.length < 2,
  };
}
