// The video page's request (GET /api/video/{id} and /video/{id}): which video, and which period.
import * as z from 'zod';
import { CUSTOM, periodOptions } from '../../../lib/dates/periods';
import { badRequest } from '../../http/errors';
import { checkDateBounds, filterFields } from '../../stats/schema';

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const videoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'must be a YouTube video id (11 characters)');

/** A preset of the period menu (periods.ts), or custom dates; no period is the default, Last 28 days. */
export const videoQuerySchema = filterFields
  .pick({ date_from: true, date_to: true })
  .extend({ period: z.string().max(16).optional() })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (Boolean(value.date_from) !== Boolean(value.date_to))
      issue(value.date_from ? 'date_to' : 'date_from', 'date_from and date_to go together');
    if (value.date_from && value.date_to && value.date_from > value.date_to) issue('date_to', 'must not be before date_from');
    if (value.date_from && value.period && value.period !== CUSTOM) issue('period', `must be ${CUSTOM} with dates, or left out`);
  });

export type VideoQuery = z.infer<typeof videoQuerySchema>;

/**
 * Refuses a preset the period menu does not offer today and dates past today's bound (400).
 * @example checkVideoQuery({ period: '27' }, '2026-11-30')
 */
export function checkVideoQuery(query: VideoQuery, today: string): void {
  checkDateBounds(query, today);
  const { period } = query;
  if (period === undefined || period === CUSTOM) {
    if (period === CUSTOM && !query.date_from) throw badRequest('period: custom needs date_from and date_to');
    return;
  }
  const offered = periodOptions(today).map((o) => o.value);
  if (!offered.includes(period)) throw badRequest(`period: must be one of ${offered.join(', ')}`);
}
