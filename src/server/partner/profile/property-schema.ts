// The request of POST /api/profile/videos (docs/partner-area.md, "Profile and managers"): a publish
// period, the user's channels and titles, and a bounded page.
import * as z from 'zod';
import { DEFAULT_PROPERTY_PAGE_SIZE, MAX_PROPERTY_PAGE, PROPERTY_PAGE_SIZES } from '../../../lib/api/property';
import { checkFilters, filterFields } from '../../stats/schema';

const pageSize = z.literal(PROPERTY_PAGE_SIZES, { error: `must be one of ${PROPERTY_PAGE_SIZES.join(', ')}` });

/**
 * The body of POST /api/profile/videos; dates in pairs and in order, as the stat calls check them.
 * @example parseInput(profileVideosSchema, { date_from: '2026-11-01', date_to: '2026-11-07', per_page: 25 })
 */
export const profileVideosSchema = filterFields
  .pick({ date_from: true, date_to: true, channels: true, titles: true })
  .extend({
    page: z.number().int().min(1).max(MAX_PROPERTY_PAGE).default(1),
    per_page: pageSize.default(DEFAULT_PROPERTY_PAGE_SIZE),
  })
  .superRefine(checkFilters);

export type ProfileVideosInput = z.infer<typeof profileVideosSchema>;
