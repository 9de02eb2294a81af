// A details page state for the tests of the code that reads and writes it: September 2026, views, table tab.
import { DEFAULT_SORT, type DetailsQuery } from '../details/query';

/**
 * A settled details query, with `over` on top.
 * @example detailsQueryOf({ id: 'audience', tab: 'chart' })
 */
export const detailsQueryOf = (over: Partial<DetailsQuery> = {}): DetailsQuery => ({
  id: 'views',
  tab: 'table',
  period: { value: 'custom', from: '2026-09-01', to: '2026-09-30', custom: true },
  chartPeriod: 'days',
  chartMode: 'total',
  channels: [],
  titles: [],
  countries: [],
  group: 'channels',
  graph: 'views',
  sort: DEFAULT_SORT,
  page: 1,
  ...over,
});
