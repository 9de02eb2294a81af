// The analytics page with partner facts split by network: its table (every grouping, sorts, pages), its
// chart and its spreadsheet answer from the stores what one database holding everything answers.
import { beforeAll, describe, expect, it } from 'vitest';
import { getAnalyticsExport } from '../../src/server/partner/analytics/export';
import { getAnalytics } from '../../src/server/stats/extended';
import { analyticsSchema } from '../../src/server/stats/extended/schema';
import type { SessionUser } from '../../src/server/auth/session-user';
import { buildSplitWorld, splitEnv, type SplitWorld } from './split-world';

const TODAY = '2026-03-12';

let world: SplitWorld;
beforeAll(async () => {
  world = await buildSplitWorld(750_000);
});

const analyst = (user: SessionUser): SessionUser => ({ ...user, dashboard: 'analytics' });

describe('analytics across network stores', () => {
  for (const who of ['owner', 'spanning'] as const) {
    for (const group of ['channels', 'titles', 'countries'] as const) {
      it(`${who}, by ${group}: the table, the chart and the spreadsheet answer as one database does`, async () => {
        const user = analyst(world[who]);
        const reference = { DB: world.reference };
        for (const range of [
          {},
          { date_from: '2025-12-03', date_to: '2026-02-17', compare_from: '2025-11-01', compare_to: '2025-12-02' },
        ]) {
          for (const sort of ['views', 'partner_revenue', 'title', 'rpm', 'video_count'] as const) {
            for (const page of [1, 2]) {
              const body = analyticsSchema.parse({ ...range, group, sort, order: 'asc', page });
              expect(await getAnalytics(splitEnv, user, body, TODAY), `${sort} page ${page}`).toEqual(
                await getAnalytics(reference, user, body, TODAY),
              );
            }
          }
          const graph = analyticsSchema.parse({ ...range, group, graph: true });
          expect(await getAnalytics(splitEnv, user, graph, TODAY)).toEqual(await getAnalytics(reference, user, graph, TODAY));
        }
        const search = `?period=2025-12-03_2026-02-17&group=${group}`;
        expect(await getAnalyticsExport(splitEnv, user, search, TODAY)).toEqual(await getAnalyticsExport(reference, user, search, TODAY));
      });
    }
  }
});
