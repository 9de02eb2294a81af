// The details calls' request bodies (src/lib/api/details.ts): the stat filters plus grouping, top field, sort, page, chart period and map metric.
import * as z from 'zod';
import {
  AUDIENCE_GRAPHS,
  DETAIL_SORT_COLUMNS,
  DETAILS_GROUPS,
  DETAILS_MAX_PAGE_SIZE,
  DETAILS_PAGE_SIZE,
  DETAILS_TOP_FIELDS,
} from '../../../lib/api/details';
import { daysInclusive } from '../../../lib/dates/time';
import { chartPeriodProblem, checkFilters, filterFields, type FilterFields } from '../schema';

/** The last page a request may ask for: far past any table (a page past the last answers no rows). */
export const MAX_DETAILS_PAGE = 100_000;

const detailsFields = filterFields.extend({
  top_field: z.enum(DETAILS_TOP_FIELDS),
  group: z.enum(DETAILS_GROUPS).default('channels'),
});

type DetailsFields = z.infer<typeof detailsFields>;

/**
 * The filter rules, plus what the grouping allows: titles have no net subscribers of their own on the
 * subs page (docs/partner-area.md, "Details").
 */
function checkDetails(value: DetailsFields, ctx: z.core.$RefinementCtx<DetailsFields>): void {
  checkFilters(value, ctx as unknown as z.core.$RefinementCtx<FilterFields>);
  if (value.group === 'titles' && value.top_field === 'subscribers') {
    ctx.addIssue({ code: 'custom', path: ['group'], message: 'titles cannot be grouped by on the subscribers table.' });
  }
}

/** POST /api/stat/details/total, /finance, /audience: the common details body. */
export const detailsSchema = detailsFields.superRefine(checkDetails);
export type DetailsInput = z.infer<typeof detailsSchema>;

/** POST /api/stat/details: one sorted page of the table. */
export const detailsTableSchema = detailsFields
  .extend({
    sort: z.enum(DETAIL_SORT_COLUMNS).optional(),
    order: z.enum(['desc', 'asc']).default('desc'),
    page: z.number().int().min(1).max(MAX_DETAILS_PAGE).default(1),
    per_page: z.number().int().min(1).max(DETAILS_MAX_PAGE_SIZE).default(DETAILS_PAGE_SIZE),
  })
  .superRefine(checkDetails);
export type DetailsTableInput = z.infer<typeof detailsTableSchema>;

/** POST /api/stat/details/graph: the chart period is group_date, checked against the range like chart_period. */
export const detailsGraphSchema = detailsFields
  .extend({ group_date: z.enum(['days', 'week', 'month']).optional() })
  .superRefine((value, ctx) => {
    checkDetails(value, ctx as unknown as z.core.$RefinementCtx<DetailsFields>);
    if (value.date_from && value.date_to && value.group_date) {
      const problem = chartPeriodProblem(value.group_date, daysInclusive(value.date_from, value.date_to));
      if (problem) ctx.addIssue({ code: 'custom', path: ['group_date'], message: problem });
    }
  });
export type DetailsGraphInput = z.infer<typeof detailsGraphSchema>;

/** POST /api/stat/details/map: the metric radio (views when left out). */
export const detailsMapSchema = detailsFields.extend({ graph: z.enum(AUDIENCE_GRAPHS).default('views') }).superRefine(checkDetails);
export type DetailsMapInput = z.infer<typeof detailsMapSchema>;
