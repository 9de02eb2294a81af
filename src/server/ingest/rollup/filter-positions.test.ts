// A filter's lists are the overall orders restricted to its channels: checked against that restriction
// written out directly, on orders where channels enter, leave and move between the two periods.
import { describe, expect, it } from 'vitest';
import { FILTER_COLUMNS, storedValueOf } from '../../public/rankings/filter-slices';
import { filterLists, filterValues } from './filter-positions';

const channels = new Map<number, (string | null)[]>([
  [1, ['US', '24', 'en', '5']],
  [2, ['US', '10', null, null]],
  [3, ['BR', '24', 'pt', '5']],
  [4, [null, '24', 'en', null]],
  [5, ['US', null, 'en', '6']],
  [6, ['BR', '10', 'pt', '6']],
  [7, ['US', '24', 'en', '5']],
]);
// 6 is ranked only in the period; 4 only in the period before (it still counts there).
const current = [5, 1, 7, 3, 2, 6];
const previous = [1, 4, 3, 5, 7, 2];
const valuesOf = (f: number) =>
  filterValues(
    [...channels].map(([id, values]) => [id, values[f]!] as const),
    7,
  );
const listsOf = (f: number) => filterLists(Int32Array.from(current), Int32Array.from(previous), valuesOf(f));

describe('filter lists', () => {
  it("gives each value its channels in the period's order and their positions among its channels before", () => {
    FILTER_COLUMNS.forEach((filter, f) => {
      const inValue = (value: string) => (id: number) => channels.get(id)![f] === value;
      const expected = new Map(
        [...new Set([...channels.values()].map((v) => v[f]).filter((v) => v !== null))]
          .map((value) => {
            const ids = current.filter(inValue(value!));
            const before = previous.filter(inValue(value!));
            const positions = ids.map((id) => (before.includes(id) ? before.indexOf(id) + 1 : null));
            return [value!, { channelIds: ids, previousPositions: positions }] as const;
          })
          .filter(([, list]) => list.channelIds.length > 0),
      );
      expect(listsOf(f), filter).toEqual(expected);
    });
  });

  it('spells out two cases: US, with 4 (no country) left out, and category 24, with 4 counted before', () => {
    expect(listsOf(0).get('US')).toEqual({ channelIds: [5, 1, 7, 2], previousPositions: [2, 1, 3, 4] });
    expect(listsOf(1).get('24')).toEqual({ channelIds: [1, 7, 3], previousPositions: [1, 4, 3] });
  });

  it('lists channels under two columns at once only when they have both', () => {
    const both = filterValues(
      [...channels].map(([id, [country, category, language, network]]) => {
        const columns = {
          country_code: country ?? null,
          category_id: category ?? null,
          language_code: language ?? null,
          network_id: network ?? null,
        };
        return [id, storedValueOf('country_code+language_code', columns)] as const;
      }),
      7,
    );
    const lists = filterLists(Int32Array.from(current), Int32Array.from(previous), both);
    expect([...lists.keys()].sort()).toEqual(['BR|pt', 'US|en']);
    expect(lists.get('US|en')).toEqual({ channelIds: [5, 1, 7], previousPositions: [2, 1, 3] });
  });

  it('codes each value once and leaves channels without one at 0', () => {
    const values = valuesOf(0);
    expect(values.names).toEqual(['US', 'BR']);
    expect([...values.codes]).toEqual([0, 1, 1, 2, 0, 1, 2, 1]);
  });
});
