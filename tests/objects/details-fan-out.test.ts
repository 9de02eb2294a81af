// Details figures with partner facts split by network: every details call (summary, table pages and
// sorts, finance months, audience, graph, map, the export's rows), grouped by channel, title, country or
// format, answers from the stores what one database holding everything answers, for a one-store and a
// three-store user.
import { beforeAll, describe, expect, it } from 'vitest';
import { getDetailsAudience } from '../../src/server/stats/details/audience';
import { getFinanceMonths } from '../../src/server/stats/details/finance-months';
import { getDetailsGraph } from '../../src/server/stats/details/graph';
import { getDetailsMap } from '../../src/server/stats/details/map';
import { resolveDetails } from '../../src/server/stats/details/request';
import { detailsGraphSchema, detailsMapSchema, detailsSchema, detailsTableSchema } from '../../src/server/stats/details/schema';
import { getDetailsSummary } from '../../src/server/stats/details/summary';
import { detailsRows, getDetailsTable } from '../../src/server/stats/details/table';
import { onStores, type StatsDb, oneDatabase } from '../../src/server/stats/stores';
import type { StatRequest } from '../../src/server/stats/request';
import type { SessionUser } from '../../src/server/auth/session-user';
import { buildSplitWorld, splitEnv, type SplitWorld } from './split-world';

const TODAY = '2026-03-12';

let world: SplitWorld;
beforeAll(async () => {
  world = await buildSplitWorld(740_000);
});

async function both<T>(
  user: SessionUser,
  input: Parameters<typeof resolveDetails>[1],
  answer: (db: StatsDb, req: StatRequest) => Promise<T>,
  subscribers = false,
) {
  const req = resolveDetails(user, input, { today: TODAY, subscribers });
  const [db, split] = await onStores(splitEnv, req);
  return { reference: await answer(oneDatabase(world.reference), req), split: await answer(db, split) };
}

const RANGES = [{}, { date_from: '2025-12-03', date_to: '2026-02-17', compare_from: '2025-11-20', compare_to: '2025-12-02' }];

describe('details across network stores', () => {
  for (const who of ['owner', 'spanning'] as const) {
    for (const top_field of ['partner_revenue', 'views', 'subscribers'] as const) {
      for (const group of ['channels', 'titles', 'countries', 'formats'] as const) {
        if (group === 'titles' && top_field === 'subscribers') continue;
        it(`${who}, ${top_field} by ${group}: every call answers as one database does`, async () => {
          const user = world[who];
          for (const range of RANGES) {
            const common = { ...range, top_field, group };
            const plain = detailsSchema.parse(common);
            const answers: Array<(db: StatsDb, req: StatRequest) => Promise<unknown>> = [getDetailsSummary, getFinanceMonths];
            for (const answer of answers) {
              const { reference, split } = await both(user, plain, answer);
              expect(split, answer.name).toEqual(reference);
            }
            for (const sort of [undefined, 'name', 'views', 'partner_revenue'] as const) {
              for (const page of [1, 2]) {
                const table = detailsTableSchema.parse({ ...common, sort, order: 'asc', page, per_page: 2 });
                const { reference, split } = await both(user, table, (db, req) => getDetailsTable(db, req, table));
                expect(split, `table sorted by ${sort ?? 'default'}, page ${page}`).toEqual(reference);
              }
            }
            const all = detailsTableSchema.parse({ ...common, per_page: 100 });
            const rows = await both(user, all, (db, req) => detailsRows(db, req, all));
            expect(rows.split).toEqual(rows.reference);
            for (const group_date of range === RANGES[0] ? [undefined] : (['days', 'week', 'month'] as const)) {
              const graph = detailsGraphSchema.parse({ ...common, group_date });
              const { reference, split } = await both(user, { ...graph, chart_period: graph.group_date }, (db, req) =>
                getDetailsGraph(db, req, graph),
              );
              expect(split, `graph by ${group_date ?? 'default'}`).toEqual(reference);
            }
            if (group === 'channels') {
              const audience = await both(user, plain, getDetailsAudience);
              expect(audience.split).toEqual(audience.reference);
              for (const graph of ['partner_revenue', 'subscribers', 'views'] as const) {
                const map = detailsMapSchema.parse({ ...common, graph });
                const { reference, split } = await both(user, map, (db, req) => getDetailsMap(db, req, graph), graph === 'subscribers');
                expect(split, `map of ${graph}`).toEqual(reference);
              }
            }
          }
        });
      }
    }
  }
});
