// Compatibility paths of the global stats page (docs/public-stats.md, "Global stats"); every one takes lang, category, country, period.
import type { PathTable } from '../context';
import { readGlobalFilters } from '../global/filters';
import { getDiffReport, getMainGraph } from '../global/overview';
import { getCategoryReports, getCountryReports, getLanguageReports } from '../global/reports';
import { getGlobalTopChannels, getGlobalTopNetworks, getTopRandomChannels } from '../global/top';

export const globalPaths = {
  '/stat/get_diff_report': (ctx, params) => getDiffReport(ctx, readGlobalFilters(params)),
  '/stat/get_main_graph': (ctx, params) => getMainGraph(ctx, readGlobalFilters(params)),
  '/stat/get_country_reports': (ctx, params) => getCountryReports(ctx, readGlobalFilters(params)),
  '/stat/get_category_reports': (ctx, params) => getCategoryReports(ctx, readGlobalFilters(params)),
  '/stat/get_language_reports': (ctx, params) => getLanguageReports(ctx, readGlobalFilters(params)),
  '/stat/top_random_channels': (ctx, params) => getTopRandomChannels(ctx, readGlobalFilters(params)),
  '/stat/get_global_top_channels': (ctx, params) => getGlobalTopChannels(ctx, readGlobalFilters(params)),
  '/stat/get_global_top_networks': (ctx, params) => getGlobalTopNetworks(ctx, readGlobalFilters(params)),
} satisfies PathTable;
