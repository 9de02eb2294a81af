// Links from the dashboard to the details page: the dashboard's period and filters carried over.
import { type DashboardQuery, writeQuery } from '../dashboard/query';

/**
 * A details path with the dashboard's query added to its own parameters (its own win: Geography's
 * `group_by=countries` stays). Without a query (not settled yet) the path is left as it is.
 * @example detailsHref('/details/views?group_by=countries', query) // '/details/views?group_by=countries&period=89&by=days'
 */
export function detailsHref(path: string, query: DashboardQuery | null): string {
  if (!query) return path;
  const [base = path, own = ''] = path.split('?');
  const params = new URLSearchParams(own);
  for (const [key, value] of new URLSearchParams(writeQuery(query))) if (!params.has(key)) params.set(key, value);
  return `${base}?${params.toString().replace(/%2C/g, ',')}`;
}
