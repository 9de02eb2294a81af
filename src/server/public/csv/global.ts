// /global.csv?table=…: one of the tables /global shows (countries, categories, languages, top channels,
// top networks) for the same filters, read by the page's own functions; an unknown table is a 400.
import { countryName } from '../../../lib/formats/flags';
import type { ExportColumn, ExportRow } from '../../export/table';
import type { PublicContext } from '../context';
import type { GlobalFilters } from '../global/filters';
import { getCategoryReports, getCountryReports, getLanguageReports } from '../global/reports';
import { getChannelsByViews, getGlobalTopNetworks, GLOBAL_TOP_LIMIT, TRENDING_POOL } from '../global/top';
import { getFilterLists, readPageFilters } from '../page-filters';
import { csvRefusal, noteLines, periodLine, publicCsv, watchHours } from './download';

interface GlobalCsvTable {
  title: string;
  columns: ExportColumn[];
  rows: (ctx: PublicContext, filters: GlobalFilters) => Promise<ExportRow[]>;
}

const int = (key: string, header: string): ExportColumn => ({ key, header, type: 'integer' });
const text = (key: string, header: string): ExportColumn => ({ key, header, type: 'text' });
const WATCH = int('watch_hours', 'Watch time (hours, estimated)');

/** The tables by their `table=` name, in the page's order. */
const TABLES: Record<string, GlobalCsvTable> = {
  countries: {
    title: 'Countries',
    columns: [
      text('country', 'Country'),
      text('code', 'Country code'),
      int('views', 'Monthly views'),
      int('subs', 'Monthly subs'),
      int('subscribers', 'Subscribers'),
      WATCH,
      int('channels', 'Channels'),
    ],
    rows: async (ctx, filters) =>
      (await getCountryReports(ctx, filters)).map((c) => ({
        country: c.country_code2 === 'ZZ' ? 'Unknown' : c.country_name || countryName(c.country_code2),
        code: c.country_code2 === 'ZZ' ? null : c.country_code2,
        views: c.monthly_views,
        subs: c.estimaited_monthly_subs,
        subscribers: c.estimaited_subscribers,
        watch_hours: watchHours(c.watchtime),
        channels: c.channels_count,
      })),
  },
  categories: {
    title: 'Top categories',
    columns: [
      text('category', 'Category'),
      int('id', 'Category id'),
      int('subscribers', 'Subscribers'),
      int('views', 'Monthly views'),
      WATCH,
      int('subs', 'Monthly subs'),
      int('channels', 'Channels'),
    ],
    rows: async (ctx, filters) =>
      (await getCategoryReports(ctx, filters)).map((c) => ({
        category: c.category_name,
        id: c.id === 0 ? null : c.id,
        subscribers: c.estimaited_subscribers,
        views: c.monthly_views,
        watch_hours: watchHours(c.watchtime),
        subs: c.estimaited_monthly_subs,
        channels: c.channels_count,
      })),
  },
  languages: {
    title: 'Top languages',
    columns: [
      text('language', 'Language'),
      text('code', 'Language code'),
      int('channels', 'Channels'),
      int('views', 'Monthly views'),
      int('subscribers', 'Subscribers'),
    ],
    rows: async (ctx, filters) =>
      (await getLanguageReports(ctx, filters)).map((l) => ({
        language: l.english_name,
        code: l.language_code || null,
        channels: l.channels_count,
        views: l.monthly_views,
        subscribers: l.estimaited_subscribers,
      })),
  },
  'top-channels': {
    title: 'Top channels by monthly views',
    columns: [
      int('rank', 'Rank'),
      text('channel', 'Channel'),
      text('id', 'Channel id'),
      text('country', 'Country'),
      int('views', 'Monthly views'),
      int('subscribers', 'Subscribers'),
      int('subs', 'Monthly subs'),
      { key: 'change', header: 'Monthly views change %', type: 'percent' },
    ],
    // As the page reads them: the head of the 100 channels by views (same order and ties).
    rows: async (ctx, filters) =>
      (await getChannelsByViews(ctx, filters, TRENDING_POOL)).slice(0, GLOBAL_TOP_LIMIT).map((c, i) => ({
        rank: i + 1,
        channel: c.channel_title,
        id: c.channel_id,
        country: c.country_code2,
        views: c.monthly_views,
        subscribers: c.subscriber_count,
        subs: c.monthly_subs,
        change: c.diff,
      })),
  },
  'top-networks': {
    title: 'Top networks by monthly views',
    columns: [
      int('rank', 'Rank'),
      text('network', 'Network'),
      text('id', 'Network id'),
      int('views', 'Monthly views'),
      int('subscribers', 'Subscribers'),
      int('subs', 'Monthly subs'),
      int('moved', 'Places moved'),
    ],
    rows: async (ctx, filters) =>
      (await getGlobalTopNetworks(ctx, filters)).map((n) => ({
        rank: n.num,
        network: n.mcn_name,
        id: n.network_mcn,
        views: n.monthly_views,
        subscribers: n.subscriber_count,
        subs: n.monthly_subs,
        moved: n.diff,
      })),
  },
};

/** The `table=` names, in the page's order. */
export const GLOBAL_CSV_TABLES = Object.keys(TABLES);

/**
 * /global.csv?table=countries&lang=&category=&country=&period=: that table as /global shows it. Filter
 * values fall back as on the page (named in a note line); a missing or unknown table is a 400.
 * @example return globalCsv(publicContext(env), request, url, nowSeconds())
 */
export async function globalCsv(ctx: PublicContext, request: Request, url: URL, now: number): Promise<Response> {
  const name = url.searchParams.get('table') ?? '';
  const table = Object.hasOwn(TABLES, name) ? TABLES[name] : undefined;
  if (!table) {
    const asked = name === '' ? 'No table named' : `Unknown table “${name.slice(0, 40)}”`;
    return csvRefusal(400, `${asked}: add table= with one of ${GLOBAL_CSV_TABLES.join(', ')}.`);
  }
  const lists = await getFilterLists(ctx);
  const { filters, notes } = readPageFilters(url.searchParams, lists, ['lang', 'period', 'country', 'category']);
  const rows = await table.rows(ctx, filters);
  return publicCsv(ctx, request, now, {
    title: table.title,
    filters: [
      periodLine(filters.period),
      ...(filters.country ? [{ label: 'Country', value: filters.country }] : []),
      ...(filters.lang ? [{ label: 'Language', value: filters.lang }] : []),
      ...(filters.category !== undefined ? [{ label: 'Category', value: String(filters.category) }] : []),
      ...noteLines(notes),
    ],
    columns: table.columns,
    rows,
    totals: null,
    fileName: `viewdeck-global-${name}-${filters.period}`,
  });
}
