// Compatibility paths of the filter lists.
import type { PathTable } from '../context';
import { listCategories, listChannelCountries, listLanguages, listPeriods, listTrendCountries } from '../lists';

export const listPaths = {
  '/tools/get_langs': (ctx) => listLanguages(ctx),
  '/tools/get_periods': (ctx) => listPeriods(ctx),
  '/tools/get_categories': (ctx) => listCategories(ctx),
  '/tools/get_countries': (ctx) => listChannelCountries(ctx),
  '/trends/countries': (ctx) => listTrendCountries(ctx),
} satisfies PathTable;
