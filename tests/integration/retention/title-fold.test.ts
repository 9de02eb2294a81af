// Title days older than YouTube's backfill window folded into months (migration 0027): the days go, the
// months keep exactly their sums, whole-month answers do not move, and ranges into folded days say so.
import { beforeEach, describe, expect, it } from 'vitest';
import { foldTitleDays } from '../../../src/server/ingest/retention/title-fold';
import { call } from '../http';
import { everyFactsDb, insertPartnerRows, rebuildPartnerRollups, refreshPartnerRollups, rowsIn } from '../partner-facts';
import { daysBetween, type Row } from '../rollup/factory';
import { buildWorld, LAST_DAY, type World } from '../stats/world';

// The world's facts end on 2026-03-10: the window keeps 2026-01-09 on, so November and December 2025 fold.
const FOLDED = ['2025-11', '2025-12'];
const FIRST_TITLE_DAY = '2025-11-20';
const AGES = ['18-24', '25-34'] as const;

let w: World;
let countryRows: Row[];
let audienceRows: Row[];

/** Title x country days and title audience days (fractional, as the importer weighs them) for A's channels. */
async function titleRows(): Promise<void> {
  countryRows = [];
  audienceRows = [];
  let seed = 1;
  for (const ch of [w.ch1, w.ch2, w.ugc]) {
    for (const day of daysBetween(FIRST_TITLE_DAY, LAST_DAY)) {
      for (const [title, type, country] of [
        [w.titles[0], 'full', 'US'],
        [w.titles[0], 'short', 'DE'],
        [w.titles[1], 'full', 'JP'],
      ] as const) {
        countryRows.push({ channel_id: ch.id, day, title_id: title, video_type: type, country_code: country, views: 50 + (seed++ % 97) });
      }
      for (const age of AGES)
        audienceRows.push({
          channel_id: ch.id,
          day,
          title_id: w.titles[0],
          video_type: 'full',
          age_group: age,
          gender: 'female',
          views: 3.3 + (seed++ % 5) / 7,
        });
    }
  }
  await insertPartnerRows('channel_title_country_daily', countryRows);
  await insertPartnerRows('channel_title_audience_daily', audienceRows);
  await insertPartnerRows('channel_title_audience_monthly', audienceMonths());
  await refreshPartnerRollups({ channelDays: countryRows.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
}

/** Sums of rows per key with `month` for `day`: the monthly rows computed from what was inserted. */
function byMonth(rows: Row[], keys: string[], round: boolean): Row[] {
  const sums = new Map<string, Row>();
  for (const r of rows) {
    const month = String(r.day).slice(0, 7);
    const key = JSON.stringify([r.channel_id, month, ...keys.map((k) => r[k])]);
    const into: Row = sums.get(key) ?? {
      channel_id: r.channel_id ?? null,
      month,
      ...Object.fromEntries(keys.map((k) => [k, r[k] ?? null])),
      views: 0,
    };
    into.views = Number(into.views) + Number(r.views);
    sums.set(key, into);
  }
  return [...sums.values()].map((r) => (round ? { ...r, views: Math.round(Number(r.views)) } : r));
}

const audienceMonths = () => byMonth(audienceRows, ['title_id', 'video_type', 'age_group', 'gender'], true);
const countryMonths = () => byMonth(countryRows, ['title_id', 'video_type', 'country_code'], false);

const COUNTRY_KEYS = 'title_id, video_type, country_code';
const AUDIENCE_KEYS = 'title_id, video_type, age_group, gender';

const sortRows = (rows: Row[], keys: string) => {
  const key = (r: Row) => JSON.stringify([r.channel_id, r.month, ...keys.split(', ').map((k) => r[k])]);
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
};

/** A monthly table's rows from every database, in key order. */
async function monthly(table: string, keys: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const db of await everyFactsDb()) rows.push(...(await rowsIn<Row>(db, `SELECT channel_id, month, ${keys}, views FROM ${table}`)));
  return sortRows(rows, keys);
}

async function dailyMonths(table: string): Promise<string[]> {
  const months = new Set<string>();
  for (const db of await everyFactsDb())
    for (const r of await rowsIn<{ m: string }>(db, `SELECT DISTINCT substr(day, 1, 7) AS m FROM ${table}`)) months.add(r.m);
  return [...months].sort();
}

/** Folds every database until nothing is left, one step per call: the bounded runs of the schedule. */
async function foldAll(steps = 1, rowsPerStatement = 100): Promise<number> {
  let calls = 0;
  for (const db of await everyFactsDb()) {
    for (let done = false; !done; calls++) {
      const run = await foldTitleDays(db, { steps, rowsPerStatement, now: 1_800_000_000 });
      expect(run.steps).toBeLessThanOrEqual(steps);
      expect(run.refused).toEqual([]);
      done = run.done;
    }
  }
  return calls;
}

async function answer(path: string, body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const res = await call(path, { session: w.a.session, body });
  return { status: res.status, body: await res.json() };
}

beforeEach(async () => {
  w = await buildWorld();
  await titleRows();
});

describe('folding title days into months', () => {
  it('deletes the days of months before the window in bounded, resumable steps; the months keep their exact sums', async () => {
    expect(await monthly('channel_title_country_monthly', COUNTRY_KEYS)).toEqual(sortRows(countryMonths(), COUNTRY_KEYS));
    const calls = await foldAll();
    // 3 channels x 2 months, each recorded then deleted 100 rows at a time: many calls of one step each.
    expect(calls).toBeGreaterThan(12);
    expect(await dailyMonths('channel_title_country_daily')).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(await dailyMonths('channel_title_audience_daily')).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(await monthly('channel_title_country_monthly', COUNTRY_KEYS)).toEqual(sortRows(countryMonths(), COUNTRY_KEYS));
    expect(await monthly('channel_title_audience_monthly', AUDIENCE_KEYS)).toEqual(sortRows(audienceMonths(), AUDIENCE_KEYS));
    const folds: Row[] = [];
    for (const db of await everyFactsDb())
      folds.push(...(await rowsIn<Row>(db, 'SELECT channel_id, month FROM title_folds ORDER BY channel_id, month')));
    expect(folds).toEqual([w.ch1, w.ch2, w.ugc].flatMap((ch) => FOLDED.map((month) => ({ channel_id: ch.id, month }))));
    // Nothing left: a run does nothing until the data moves on.
    for (const db of await everyFactsDb()) expect(await foldTitleDays(db)).toMatchObject({ folded: 0, deleted: 0, done: true });
  });

  it('a rollup refresh or rebuild after the fold leaves the folded months as they are', async () => {
    await foldAll(50, 100_000);
    await refreshPartnerRollups({ channelDays: [w.ch1, w.ugc].map((ch) => ({ channelId: ch.id, day: '2025-12-15' })) });
    await rebuildPartnerRollups();
    expect(await monthly('channel_title_country_monthly', COUNTRY_KEYS)).toEqual(sortRows(countryMonths(), COUNTRY_KEYS));
  });

  it('leaves a month whose rollup does not hold its days (a pending mark) until it does', async () => {
    await insertPartnerRows('rollup_pending', [{ channel_id: w.ch1.id, month: '2025-11', version: 1 }]);
    const refused: Array<[number, string]> = [];
    for (const db of await everyFactsDb()) refused.push(...(await foldTitleDays(db, { steps: 100 })).refused);
    expect(refused).toEqual([[w.ch1.id, '2025-11']]);
    const [left] = await rowsIn<{ n: number }>(
      w.facts,
      "SELECT count(*) AS n FROM channel_title_country_daily WHERE channel_id = ? AND day BETWEEN '2025-11-01' AND '2025-11-30'",
      w.ch1.id,
    );
    expect(left?.n).toBe(3 * 11);
  });
});

describe('answers over folded title days', () => {
  const WHOLE = { date_from: '2025-11-01', date_to: '2026-02-28', titles: [] as number[] };

  it('whole months answer the same before and after the fold (geography, demography, map)', async () => {
    const body = { ...WHOLE, titles: [w.titles[0]] };
    const calls = [
      ['/api/stat/location', body],
      ['/api/stat/location', { ...body, type_video: 'short' }],
      ['/api/stat/demographics', body],
      ['/api/stat/details/map', { ...body, top_field: 'views', graph: 'views' }],
      ['/api/stat/details/graph', { ...body, top_field: 'views', group: 'countries', group_date: 'month' }],
    ] as const;
    const before = await Promise.all(calls.map(([path, b]) => answer(path, b)));
    for (const got of before) expect(got.status).toBe(200);
    await foldAll(50, 100_000);
    expect(await Promise.all(calls.map(([path, b]) => answer(path, b)))).toEqual(before);
  });

  it('geography leaves out the days of a folded month the range cuts, and names them', async () => {
    await foldAll(50, 100_000);
    const res = await answer('/api/stat/location', { date_from: '2025-12-10', date_to: '2026-02-28', titles: [w.titles[0]] });
    expect(res.status).toBe(200);
    const got = (res.body as { data: { total_views: number; title_days_left_out: unknown } }).data;
    expect(got.title_days_left_out).toEqual([{ from: '2025-12-10', to: '2025-12-31' }]);
    const a = new Set([w.ch1.id, w.ch2.id, w.ugc.id]);
    const expected = countryRows
      .filter(
        (r) => a.has(Number(r.channel_id)) && r.title_id === w.titles[0] && String(r.day) >= '2026-01-01' && String(r.day) <= '2026-02-28',
      )
      .reduce((s, r) => s + Number(r.views), 0);
    expect(got.total_views).toBe(expected);
    // Within the window nothing is left out, and without a titles filter the field stays empty.
    const recent = await answer('/api/stat/location', { date_from: '2026-01-15', date_to: '2026-03-05', titles: [w.titles[0]] });
    expect((recent.body as { data: { title_days_left_out: unknown } }).data.title_days_left_out).toEqual([]);
  });

  it('refuses the map and a day chart that need folded days, saying what to choose instead', async () => {
    await foldAll(50, 100_000);
    const cut = { date_from: '2025-12-10', date_to: '2026-02-28', titles: [w.titles[0]] };
    const map = await answer('/api/stat/details/map', { ...cut, top_field: 'views', graph: 'views' });
    expect(map.status).toBe(400);
    expect(JSON.stringify(map.body)).toContain('2025-12-10..2025-12-31');
    const days = {
      date_from: '2025-12-20',
      date_to: '2026-01-20',
      titles: [w.titles[0]],
      top_field: 'views',
      group: 'countries',
      group_date: 'days',
    };
    const chart = await answer('/api/stat/details/graph', days);
    expect(chart.status).toBe(400);
    expect(JSON.stringify(chart.body)).toContain('chart it by month, or choose a range from 2026-01-01');
    // By channel (no title x country grain) the same range is answered from the title days kept.
    expect((await answer('/api/stat/details/graph', { ...days, group: 'titles' })).status).toBe(200);
  });
});
