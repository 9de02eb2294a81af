// The same files with issue times, loaded in every order, one call each or all at once, and twice, give the same figures.
import { describe, expect, it } from 'vitest';
import { basicCsv } from './basic-builder';
import { all, HOUR, isoDay, load, NOW, readCsvRecords, type GivenFile } from './support';

const A = 'UCaaaaaaaaaaaaaaaaaaaaaa';
const B = 'UCbbbbbbbbbbbbbbbbbbbbbb';

/**
 * Four reports of two channels over 1-3 March: an original, YouTube's re-issue of its first day (and
 * of B's), a later re-issue of the second day, and an older report that arrives last in some orders.
 * Every slice is held by two or three of them, with distinct issue times.
 */
const FILES: readonly (readonly [string, string, number])[] = [
  [
    'channel_basic_a3_original.csv',
    basicCsv([
      { day: '20260301', channel: A, video: 'vaaaaaaaaa1', country: 'US', views: 100, likes: 5 },
      { day: '20260301', channel: A, video: 'vaaaaaaaaa2', country: 'DE', views: 40, likes: 1 },
      { day: '20260302', channel: A, video: 'vaaaaaaaaa1', country: 'US', views: 70, likes: 2 },
      { day: '20260301', channel: B, video: 'vbbbbbbbbb1', country: 'FR', views: 11 },
    ]),
    NOW - 30 * HOUR,
  ],
  [
    'backfill/channel_basic_a3_first_day.csv',
    basicCsv([
      { day: '20260301', channel: A, video: 'vaaaaaaaaa1', country: 'US', views: 200, likes: 9 },
      { day: '20260301', channel: B, video: 'vbbbbbbbbb1', country: 'FR', views: 13, likes: 1 },
    ]),
    NOW - 20 * HOUR,
  ],
  [
    'backfill/channel_basic_a3_second_day.csv',
    basicCsv([
      { day: '20260302', channel: A, video: 'vaaaaaaaaa1', country: 'GB', views: 75, likes: 3 },
      { day: '20260303', channel: A, video: 'vaaaaaaaaa1', country: 'US', views: 8 },
    ]),
    NOW - 10 * HOUR,
  ],
  [
    'old/channel_basic_a3_early.csv',
    basicCsv([
      { day: '20260301', channel: A, video: 'vaaaaaaaaa1', country: 'US', views: 1 },
      { day: '20260302', channel: B, video: 'vbbbbbbbbb1', country: 'FR', views: 3, likes: 1 },
      { day: '20260303', channel: A, video: 'vaaaaaaaaa1', country: 'US', views: 2 },
    ]),
    NOW - 40 * HOUR,
  ],
];

type Figures = Record<string, { views: number; likes: number }>;

/**
 * What each (channel, day) must show, from the files' text alone: the rows of the file issued last
 * among those that hold the slice, summed.
 */
function expectedFigures(files: readonly (readonly [string, string, number])[]): Figures {
  const latest = new Map<string, { issued: number; views: number; likes: number }>();
  for (const [, text, issued] of files) {
    const sums = new Map<string, { views: number; likes: number }>();
    for (const row of readCsvRecords(text)) {
      const slice = `${row.channel_id} ${isoDay(row.date ?? '')}`;
      const sum = sums.get(slice) ?? { views: 0, likes: 0 };
      sums.set(slice, { views: sum.views + Number(row.views), likes: sum.likes + Number(row.likes) });
    }
    for (const [slice, sum] of sums) if ((latest.get(slice)?.issued ?? -1) < issued) latest.set(slice, { issued, ...sum });
  }
  return Object.fromEntries([...latest].sort().map(([slice, { views, likes }]) => [slice, { views, likes }]));
}

async function storedFigures(): Promise<Figures> {
  const rows = await all<{ youtube_id: string; day: string; views: number; likes: number }>(
    'SELECT c.youtube_id, d.day, d.views, d.likes FROM channel_daily d JOIN channels c ON c.id = d.channel_id ORDER BY 1, 2',
  );
  return Object.fromEntries(rows.map((r) => [`${r.youtube_id} ${r.day}`, { views: r.views, likes: r.likes }]));
}

/** Country views summed per (channel, day): the grain a re-issue must replace too, not add to. */
async function storedCountryViews(): Promise<Record<string, number>> {
  const rows = await all<{ slice: string; views: number }>(
    `SELECT c.youtube_id || ' ' || d.day AS slice, sum(d.views) AS views FROM channel_country_daily d
     JOIN channels c ON c.id = d.channel_id GROUP BY 1 ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.slice, r.views]));
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const EXPECTED = expectedFigures(FILES);
const ORDERS = permutations([0, 1, 2, 3]).map((order) => [order.join(''), order] as const);
const inOrder = (order: readonly number[]): GivenFile[] => order.map((i) => FILES[i] as GivenFile);

describe('files with issue times in any order', () => {
  it('expect figures that tell the orders apart (every slice held by two or more files)', () => {
    expect(EXPECTED).toEqual({
      [`${A} 2026-03-01`]: { views: 200, likes: 9 },
      [`${A} 2026-03-02`]: { views: 75, likes: 3 },
      [`${A} 2026-03-03`]: { views: 8, likes: 0 },
      [`${B} 2026-03-01`]: { views: 13, likes: 1 },
      [`${B} 2026-03-02`]: { views: 3, likes: 1 },
    });
  });

  it.each(ORDERS)('order %s, one import per file, then all again: the latest issued holds each day', async (_, order) => {
    const first: string[] = [];
    for (const file of inOrder(order)) first.push(...(await load([file])).files.map((f) => f.status));
    expect(await storedFigures()).toEqual(EXPECTED);
    // Again: content loaded is never applied twice; a file skipped whole (every day held by a later
    // issue) was never loaded, so it is decided again, and skipped again.
    const again = await load(inOrder(order));
    expect(again.files.map((f) => f.status)).toEqual(first.map((status) => (status === 'skipped' ? 'skipped' : 'unchanged')));
    const skipped = again.files.filter((f) => f.status === 'skipped').map((f) => f.name);
    expect((await all<{ name: string }>('SELECT name FROM report_refusals ORDER BY name')).map((r) => r.name)).toEqual(skipped.sort());
    expect(await storedFigures()).toEqual(EXPECTED);
    expect(await storedCountryViews()).toEqual(Object.fromEntries(Object.entries(EXPECTED).map(([slice, f]) => [slice, f.views])));
  });

  it.each(ORDERS)('order %s, all in one import: the same figures', async (_, order) => {
    const { files } = await load(inOrder(order));
    expect(files.some((f) => f.status === 'rejected')).toBe(false);
    expect(await storedFigures()).toEqual(EXPECTED);
    expect(await all('SELECT count(*) AS n FROM report_refusals')).toEqual([{ n: 0 }]);
  });
});

describe('two files with the same issue time for one day', () => {
  it('the one loaded later wins: figures then depend on the order, so state distinct times', async () => {
    const [, first = ''] = FILES[0] ?? [];
    const [, second = ''] = FILES[1] ?? [];
    await load([['channel_basic_a3_p.csv', first, NOW - HOUR]]);
    const { files } = await load([['channel_basic_a3_q.csv', second, NOW - HOUR]]);
    expect(files[0]).toMatchObject({ status: 'replaced', decisions: ['replaces 2026-03-01 for 2 channels of channel_basic_a3_p.csv'] });
    expect((await storedFigures())[`${A} 2026-03-01`]).toEqual({ views: 200, likes: 9 });
  });
});
