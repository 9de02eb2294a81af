// The illegal copies calls' bodies: found-day range, channels, titles, and each view's own choices.
import * as z from 'zod';
import { isRealDay } from '../../../lib/dates/time';
import { ILLEGAL_BREAKDOWNS, ILLEGAL_CHART_GROUPS, ILLEGAL_SORT_COLUMNS, ILLEGAL_TABLE_GROUPS } from '../../../lib/api/illegal';
import { MAX_LIST_ITEMS, MIN_DAY } from '../../stats/schema';

/** The highest page asked for: far past any real table, it only keeps OFFSET bounded. */
export const MAX_PAGE = 100_000;

const day = z
  .string()
  .refine(isRealDay, 'must be a real date as YYYY-MM-DD')
  .refine((d) => d >= MIN_DAY, `must not be before ${MIN_DAY}`);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_LIST_ITEMS, `at most ${MAX_LIST_ITEMS} items`);

const filterFields = z.object({
  date_from: day.optional(),
  date_to: day.optional(),
  channels: list(z.string().regex(/^(UC[A-Za-z0-9_-]{22}|ugc)$/, "must be a YouTube channel id (UC…) or 'ugc'")).optional(),
  titles: list(z.number().int().positive()).optional(),
});

/** Dates in pairs and in order. */
function checkRange<T extends z.infer<typeof filterFields>>(value: T, ctx: z.core.$RefinementCtx<T>): void {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (value.date_from && !value.date_to) issue('date_to', 'required with date_from');
  else if (value.date_to && !value.date_from) issue('date_from', 'required with date_to');
  else if (value.date_from && value.date_to && value.date_from > value.date_to) issue('date_to', 'must not be before date_from');
}

export const illegalTableSchema = filterFields
  .extend({
    group_by: z.enum(ILLEGAL_TABLE_GROUPS).optional(),
    sort: z.enum(ILLEGAL_SORT_COLUMNS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    page: z.number().int().min(1).max(MAX_PAGE).optional(),
  })
  .superRefine(checkRange);
export type IllegalTableInput = z.infer<typeof illegalTableSchema>;

export const illegalChartSchema = filterFields
  .extend({
    group_by: z.enum(ILLEGAL_CHART_GROUPS).optional(),
    breakdown: z.enum(ILLEGAL_BREAKDOWNS).optional(),
    summary: z.boolean().optional(),
    chart_period: z.enum(['days', 'week', 'month']).optional(),
  })
  .superRefine(checkRange);
export type IllegalChartInput = z.infer<typeof illegalChartSchema>;
