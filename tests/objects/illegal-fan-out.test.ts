// Illegal copies with partner data split by network: every sort and page of the table (copies, or grouped
// by channel or title) and every chart answer from the stores what one database holding everything does.
import { beforeAll, describe, expect, it } from 'vitest';
import { getIllegalChart } from '../../src/server/partner/illegal/chart';
import { copiesFilter, copiesOnStores } from '../../src/server/partner/illegal/copies';
import { illegalChartSchema, illegalTableSchema } from '../../src/server/partner/illegal/schema';
import { getIllegalTable } from '../../src/server/partner/illegal/table';
import { ILLEGAL_SORT_COLUMNS } from '../../src/lib/api/illegal';
import { buildSplitWorld, splitEnv, type SplitWorld } from './split-world';
import { oneDatabase } from '../../src/server/stats/stores';

const TODAY = '2026-03-12';
const GROUP_SORTS = ['name', 'copies', 'blocked', 'views', 'earnings'] as const;

let world: SplitWorld;
beforeAll(async () => {
  world = await buildSplitWorld(760_000);
});

describe('illegal copies across network stores', () => {
  for (const who of ['owner', 'spanning'] as const) {
    for (const group_by of ['none', 'channel', 'title'] as const) {
      it(`${who}, table grouped by ${group_by}: every sort, order and page answers as one database does`, async () => {
        const user = world[who];
        let compared = 0;
        // The columns each kind of row sorts by (any other is a 400, tested with the table itself).
        const sorts = group_by === 'none' ? ILLEGAL_SORT_COLUMNS.filter((c) => c !== 'copies' && c !== 'blocked') : GROUP_SORTS;
        for (const sort of sorts) {
          for (const order of ['asc', 'desc'] as const) {
            for (const page of [1, 2, 3]) {
              const body = illegalTableSchema.parse({ group_by, sort, order, page });
              const reference = await getIllegalTable(oneDatabase(world.reference), copiesFilter(user, body, TODAY), body);
              const [db, filter] = await copiesOnStores(splitEnv, copiesFilter(user, body, TODAY));
              expect(await getIllegalTable(db, filter, body), `${sort} ${order} page ${page}`).toEqual(reference);
              compared += reference.rows.length;
            }
          }
        }
        expect(compared).toBeGreaterThan(0);
      });
    }

    it(`${who}: the totals count every copy of the scope, from every store`, async () => {
      const body = illegalTableSchema.parse({});
      const [db, filter] = await copiesOnStores(splitEnv, copiesFilter(world[who], body, TODAY));
      const answer = await getIllegalTable(db, filter, body);
      const channels = who === 'owner' ? world.channels.one : [...world.channels.one, world.channels.two[0] ?? 0, world.channels.none];
      const own = world.copies.filter((c) => channels.includes(Number(c.channel_id)));
      expect(answer.totals.copies).toBe(own.length);
      expect(answer.totals.views).toBe(own.reduce((s, c) => s + Number(c.views), 0));
      expect(answer.total_rows).toBe(own.length);
    });

    it(`${who}: every chart answers as one database does`, async () => {
      const user = world[who];
      for (const group_by of ['none', 'earns', 'copies', 'blocked'] as const) {
        for (const breakdown of ['channel', 'title', 'country'] as const) {
          for (const range of [{}, { date_from: '2026-01-10', date_to: '2026-02-20', chart_period: 'week' as const }]) {
            for (const summary of [false, true]) {
              const body = illegalChartSchema.parse({ group_by, breakdown, summary, ...range });
              const reference = await getIllegalChart(oneDatabase(world.reference), copiesFilter(user, body, TODAY), body, TODAY);
              const [db, filter] = await copiesOnStores(splitEnv, copiesFilter(user, body, TODAY));
              expect(await getIllegalChart(db, filter, body, TODAY), `${group_by} by ${breakdown}`).toEqual(reference);
            }
          }
        }
      }
    });
  }
});
