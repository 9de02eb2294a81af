// Slices of a ranked list read back as the positions they were cut from, for any page and slice size.
import { describe, expect, it } from 'vitest';
import { pagePositions, sliceRange, storedFilterOf, storedValueOf, toSlices, type RankedList } from './filter-slices';

const list: RankedList = {
  channelIds: [41, 7, 19, 3, 88, 12, 5],
  previousPositions: [2, null, 1, 7, 3, null, 4],
};

describe('filter slices', () => {
  it('cuts a list into slices of the size, each with the total', () => {
    expect(toSlices(list, 3)).toEqual([
      { slice: 0, total: 7, channel_ids: '41,7,19', previous_positions: '2,,1' },
      { slice: 1, total: 7, channel_ids: '3,88,12', previous_positions: '7,3,' },
      { slice: 2, total: 7, channel_ids: '5', previous_positions: '4' },
    ]);
    expect(toSlices({ channelIds: [], previousPositions: [] }, 3)).toEqual([]);
  });

  it('reads back every page of every length from the slices its range names', () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      const slices = toSlices(list, size);
      for (let offset = 0; offset <= 8; offset += 1) {
        for (let limit = 1; limit <= 8; limit += 1) {
          const [from, to] = sliceRange(offset, limit, size);
          const read = slices.filter((s) => s.slice === 0 || (s.slice >= from && s.slice <= to)).reverse();
          const expected = list.channelIds
            .map((channelId, i) => ({ position: i + 1, channelId, previousPosition: list.previousPositions[i] }))
            .slice(offset, offset + limit);
          expect(pagePositions(read, offset, limit, size), `size ${size} offset ${offset} limit ${limit}`).toEqual(expected);
        }
      }
    }
  });

  it('names the slices a page falls in', () => {
    expect(sliceRange(0, 100)).toEqual([0, 0]);
    expect(sliceRange(900, 100)).toEqual([0, 0]);
    expect(sliceRange(1000, 100)).toEqual([1, 1]);
    expect(sliceRange(1900, 200)).toEqual([1, 2]);
  });

  it("names the stored filter of a page's conditions in one order, and none for ids or a column twice", () => {
    const us = { column: 'country_code', value: 'US' };
    const music = { column: 'category_id', value: 10 };
    const en = { column: 'language_code', value: 'en' };
    expect(storedFilterOf([us])).toEqual({ filter: 'country_code', value: 'US' });
    expect(storedFilterOf([en, us])).toEqual({ filter: 'country_code+language_code', value: 'US|en' });
    expect(storedFilterOf([en, music, us])).toEqual({ filter: 'country_code+category_id+language_code', value: 'US|10|en' });
    expect(storedFilterOf([music, en])).toEqual({ filter: 'category_id+language_code', value: '10|en' });
    expect(storedFilterOf([{ column: 'network_id', value: 5 }])).toEqual({ filter: 'network_id', value: '5' });
    expect(storedFilterOf([{ column: 'network_id', value: 5 }, us])).toBeNull();
    expect(storedFilterOf([us, us])).toBeNull();
    expect(storedFilterOf([{ column: 'ids', value: '[1]' }])).toBeNull();
  });

  it("gives a channel's value of a stored filter, none when it lacks a column", () => {
    const channel = { country_code: 'US', category_id: '10', language_code: null, network_id: '5' };
    expect(storedValueOf('country_code+category_id', channel)).toBe('US|10');
    expect(storedValueOf('network_id', channel)).toBe('5');
    expect(storedValueOf('country_code+language_code', channel)).toBeNull();
  });
});
