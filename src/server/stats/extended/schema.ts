// The body of POST /api/stat/extended: the stat filters plus grouping, sort, page, or graph for the chart.
import * as z from 'zod';
import { ANALYTICS_GROUPS, ANALYTICS_MAX_PAGE, ANALYTICS_SORT_COLUMNS } from '../../../lib/api/analytics';
import { checkFilters, filterFields } from '../schema';

/**
 * The analytics call's body. graph takes 1 / true (the chart) and 0 / false (the table), as the page
 * sends it; page is 1-based and bounded.
 * @example parseInput(analyticsSchema, { date_from: '2026-01-01', date_to: '2026-01-31', group: 'titles', page: 2 })
 */
export const analyticsSchema = filterFields
  .extend({
    group: z.enum(ANALYTICS_GROUPS).default('channels'),
    sort: z.enum(ANALYTICS_SORT_COLUMNS).default('views'),
    order: z.enum(['desc', 'asc']).default('desc'),
    page: z.number().int().min(1).max(ANALYTICS_MAX_PAGE).default(1),
    graph: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  })
  .superRefine(checkFilters);

export type AnalyticsInput = z.infer<typeof analyticsSchema>;
