// Demographics weighted by a basic file of several slices of rows loaded with them: its views per key are
// staged (import_staged_weights) instead of kept as rows, weigh exactly as the rows would, the latest
// basic file for a (channel, day) still wins, and nothing staged outlives the import, however it ends.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { importTarget } from '../../../src/server/ingest/import-target';
import { importSplit } from '../../../src/server/ingest/load/import-files';
import type { ImportOptions } from '../../../src/server/ingest/load/files';
import type { ReportSource } from '../../../src/server/ingest/parse/report-source';
import { factsDb, rowsIn } from '../partner-facts';
import { basicCsv, type BasicLine } from './basic-builder';
import { createNetwork, encode, HOUR, isoDay, loadInstall, NOW, type GivenFile } from './support';

const A = 'UCslicedaudienceaaaaaaa1';
const B = 'UCslicedaudiencebbbbbbb2';
const DAYS = ['20260301', '20260302'];
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
slicedvid01,${A},A,Episode 1,600,SHOW
slicedvid02,${A},A,Episode 2,600,SHOW
slicedvid03,${A},A,Teaser,30,TEASER
slicedvid11,${B},B,Episode 1,600,SHOW
slicedvid12,${B},B,Episode 2,600,SHOW
slicedvid13,${B},B,Teaser,30,TEASER
`;
const VIDEOS: Record<string, string[]> = {
  [A]: ['slicedvid01', 'slicedvid02', 'slicedvid03'],
  [B]: ['slicedvid11', 'slicedvid12', 'slicedvid13'],
};
const TITLE: Record<string, string> = { '1': 'SHOW', '2': 'SHOW', '3': 'TEASER' };
const TYPE: Record<string, string> = { SHOW: 'full', TEASER: 'short' };
/** 12 basic rows per channel's day, 49 in all: five slices of ten, ending inside days and channels. */
const SLICE_ROWS = 10;

/** Every (video, country, subscribed) of each channel's day, views distinct multiples of 10; one key again at the end. */
function basicLines(scale = 1): BasicLine[] {
  const lines = DAYS.flatMap((day, d) =>
    [A, B].flatMap((channel, c) =>
      (VIDEOS[channel] ?? []).flatMap((video, v) =>
        ['US', 'FR'].flatMap((country, k) =>
          (['subscribed', 'not_subscribed'] as const).map((subscribed, s) => ({
            day,
            channel,
            video,
            country,
            subscribed,
            views: scale * 10 * (1 + 100 * d + 40 * c + 8 * v + 2 * k + s),
          })),
        ),
      ),
    ),
  );
  // A key's views from two rows in different slices (the first day's, in the last slice).
  return [...lines, { day: '20260301', channel: A, video: 'slicedvid01', country: 'US', subscribed: 'subscribed', views: 70 * scale }];
}

/** Channel A's first day within one slice (9 rows): every key its shares name, the key of two rows too. */
const oneSliceLines = (scale = 1) =>
  basicLines(scale).filter((l) => l.day === '20260301' && l.channel === A && !(l.country === 'FR' && l.video !== 'slicedvid02'));

type Share = [day: string, channel: string, video: string, country: string, subscribed: string, age: string, gender: string, pct: number];

/** Shares of four keys per channel's day, the key with two rows among them; each key's shares add up to 100. */
function shares(day: string): Share[] {
  return [A, B].flatMap((channel) => {
    const [v1 = '', v2 = '', v3 = ''] = VIDEOS[channel] ?? [];
    return [
      [day, channel, v1, 'US', 'subscribed', 'AGE_25_34', 'MALE', 60],
      [day, channel, v1, 'US', 'subscribed', 'AGE_18_24', 'FEMALE', 40],
      [day, channel, v1, 'US', 'not_subscribed', 'AGE_65_', 'USER_SPECIFIED', 100],
      [day, channel, v2, 'FR', 'not_subscribed', 'AGE_25_34', 'MALE', 30],
      [day, channel, v2, 'FR', 'not_subscribed', 'AGE_25_34', 'FEMALE', 70],
      [day, channel, v3, 'US', 'subscribed', 'AGE_13_17', 'FEMALE', 50],
      [day, channel, v3, 'US', 'subscribed', 'AGE_25_34', 'MALE', 50],
    ] satisfies Share[];
  });
}

const DEMOGRAPHICS_HEADER =
  'date,channel_id,video_id,claimed_status,uploader_type,live_or_on_demand,subscribed_status,country_code,age_group,gender,views_percentage';

function demographicsCsv(rows: readonly Share[]): string {
  const lines = rows.map(([day, channel, video, country, subscribed, age, gender, pct]) =>
    [day, channel, video, 'claimed', 'self', 'on_demand', subscribed, country, age, gender, pct].join(','),
  );
  return `${[DEMOGRAPHICS_HEADER, ...lines].join('\n')}\n`;
}

/** Both days' demographics files; `at` states their issue time, `order` reorders their shares (other content, the same figures). */
const demographicsFiles = (at?: number, order: (rows: Share[]) => Share[] = (rows) => rows): GivenFile[] =>
  DAYS.map((day) => {
    const file = [`content_owner_demographics_a1_${day}.csv`, demographicsCsv(order(shares(day)))] as const;
    return at === undefined ? file : [...file, at];
  });

const AGE: Record<string, string> = { AGE_13_17: '13-17', AGE_18_24: '18-24', AGE_25_34: '25-34', AGE_65_: '65+' };
const GENDER: Record<string, string> = { MALE: 'male', FEMALE: 'female', USER_SPECIFIED: 'user_specified' };

/**
 * The audience figures computed from the CSV lines alone: each share times its key's views (the rows of
 * `basic` with the same day, channel, video, subscribed status and country), daily, then monthly rounded;
 * per channel, title and video.
 */
function expected(basic: readonly BasicLine[], rows: readonly Share[]) {
  const views = new Map<string, number>();
  for (const l of basic) {
    const key = [l.day, l.channel, l.video, l.subscribed, l.country].join('|');
    views.set(key, (views.get(key) ?? 0) + l.views);
  }
  const daily = new Map<string, number>();
  const monthly = new Map<string, number>();
  const titles = new Map<string, number>();
  const videoDays = new Map<string, number>();
  const videoMonths = new Map<string, number>();
  const add = (into: Map<string, number>, key: string, value: number) => into.set(key, (into.get(key) ?? 0) + value);
  for (const [day, channel, video, country, subscribed, age, gender, pct] of rows) {
    const cellViews = (pct / 100) * (views.get([day, channel, video, subscribed, country].join('|')) ?? Number.NaN);
    const cell = `${AGE[age]}|${GENDER[gender]}`;
    const title = TITLE[video.slice(-1)] ?? '';
    add(daily, `${channel}|${isoDay(day)}|${cell}`, cellViews);
    add(monthly, `${channel}|${isoDay(day).slice(0, 7)}|${cell}`, cellViews);
    add(titles, `${channel}|${isoDay(day).slice(0, 7)}|${title}|${TYPE[title]}|${cell}`, cellViews);
    add(videoDays, `${channel}|${isoDay(day)}|${video}|${cell}`, cellViews);
    add(videoMonths, `${channel}|${isoDay(day).slice(0, 7)}|${video}|${cell}`, cellViews);
  }
  const listed = (m: Map<string, number>, round: (n: number) => number) =>
    [...m].map(([key, n]) => ({ key, views: round(n) })).sort((a, b) => (a.key < b.key ? -1 : 1));
  return {
    daily: listed(daily, (n) => Math.round(n * 1000) / 1000),
    monthly: listed(monthly, Math.round),
    titles: listed(titles, Math.round),
    videoDays: listed(videoDays, (n) => Math.round(n * 1000) / 1000),
    videoMonths: listed(videoMonths, Math.round),
  };
}

async function stored(network: number) {
  const db = factsDb(network);
  const listed = async (sql: string, round: (n: number) => number) =>
    (await rowsIn<{ key: string; views: number }>(db, sql))
      .map((r) => ({ key: r.key, views: round(r.views) }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
  return {
    daily: await listed(
      `SELECT c.youtube_id || '|' || d.day || '|' || d.age_group || '|' || d.gender AS key, d.views
       FROM channel_audience_daily AS d JOIN channels AS c ON c.id = d.channel_id`,
      (n) => Math.round(n * 1000) / 1000,
    ),
    monthly: await listed(
      `SELECT c.youtube_id || '|' || d.month || '|' || d.age_group || '|' || d.gender AS key, d.views
       FROM channel_audience_monthly AS d JOIN channels AS c ON c.id = d.channel_id`,
      (n) => n,
    ),
    titles: await listed(
      `SELECT c.youtube_id || '|' || d.month || '|' || t.custom_id || '|' || d.video_type || '|' || d.age_group || '|' || d.gender AS key, d.views
       FROM channel_title_audience_monthly AS d JOIN channels AS c ON c.id = d.channel_id JOIN titles AS t ON t.id = d.title_id`,
      (n) => n,
    ),
    videoDays: await listed(
      `SELECT c.youtube_id || '|' || d.day || '|' || d.video_id || '|' || d.age_group || '|' || d.gender AS key, d.views
       FROM video_audience_daily AS d JOIN channels AS c ON c.id = d.channel_id`,
      (n) => Math.round(n * 1000) / 1000,
    ),
    videoMonths: await listed(
      `SELECT c.youtube_id || '|' || d.month || '|' || d.video_id || '|' || d.age_group || '|' || d.gender AS key, d.views
       FROM video_audience_monthly AS d JOIN channels AS c ON c.id = d.channel_id`,
      (n) => n,
    ),
  };
}

/** Rows staged under any import id, in the shared D1 and in the network's database (its store when split). */
async function leftStaged(network: number): Promise<number> {
  let n = 0;
  for (const db of new Set([env.DB, factsDb(network)])) {
    const [row] = await rowsIn<{ n: number }>(
      db,
      'SELECT (SELECT count(*) FROM import_staged) + (SELECT count(*) FROM import_staged_weights) AS n',
    );
    n += row?.n ?? 0;
  }
  return n;
}

/** A database that counts the writes of staged views and fails every batch once `failing()` says so. */
function watched(db: D1Database, seen: { weightWrites: number }, failing: () => boolean): D1Database {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          if (sql.startsWith('INSERT INTO import_staged_weights')) seen.weightWrites += 1;
          return target.prepare(sql);
        };
      }
      if (key === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          if (failing()) throw new Error('D1_ERROR: the connection was lost');
          return target.batch(statements);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Bytes read 256 at a time, as a file on disk is in larger pieces: slices close (and stage) between them. */
function chunked(bytes: Uint8Array): ReportSource {
  return {
    open() {
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) controller.close();
          else controller.enqueue(bytes.slice(at, (at += 256)));
        },
      });
    },
  };
}

/**
 * One import into the install (split: the network's store), files of `sliceRows` rows per slice, through
 * databases that count staged views and fail every batch from the moment `failFrom` starts to be read.
 */
async function importWatched(files: readonly GivenFile[], network: number, failFrom: string | null = null) {
  const seen = { weightWrites: 0 };
  let failing = false;
  const { db, storeOf } = importTarget(env);
  const options: ImportOptions = {
    now: NOW,
    networkId: network,
    sliceRows: SLICE_ROWS,
    onProgress: (event) => {
      if (event.file === failFrom) failing = true;
    },
  };
  const given = files.map(([name, content, at]) => ({
    name,
    source: chunked(typeof content === 'string' ? encode(content) : content),
    ...(at === undefined ? {} : { issued: { at, from: 'operator' as const } }),
  }));
  const watchedStore = storeOf && ((id: number) => watched(storeOf(id), seen, () => failing));
  const summary = importSplit(
    watched(db, seen, () => failing),
    watchedStore ?? null,
    given,
    options,
  );
  return { summary, seen };
}

async function withMetadata(): Promise<number> {
  const network = await createNetwork();
  await loadInstall([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
  return network;
}

const basicFile = (lines: BasicLine[], name = 'content_owner_basic_a4_20260301.csv', at?: number): GivenFile =>
  at === undefined ? [name, basicCsv(lines, true)] : [name, basicCsv(lines, true), at];

const allShares = () => DAYS.flatMap(shares);

it('weighs demographics by the views a basic file of several slices staged per key, exactly as its rows', async () => {
  const network = await withMetadata();
  const lines = basicLines();
  const { summary, seen } = await importWatched([basicFile(lines), ...demographicsFiles()], network);
  const { files } = (await summary).summary;
  expect(files.map((f) => [f.status, f.rows])).toEqual([
    ['loaded', 49],
    ['loaded', 14],
    ['loaded', 14],
  ]);
  // Staged, not kept: the views went out per key with the slices.
  expect(seen.weightWrites).toBeGreaterThan(0);
  expect(await stored(network)).toEqual(expected(lines, allShares()));
  expect(await leftStaged(network)).toBe(0);
});

it('a file within one slice still weighs by its rows, staging nothing', async () => {
  const network = await withMetadata();
  const lines = oneSliceLines();
  expect(lines.length).toBeLessThanOrEqual(SLICE_ROWS);
  const files = [
    basicFile(lines),
    [`content_owner_demographics_a1_20260301.csv`, demographicsCsv(shares('20260301').filter((s) => s[1] === A))] as const,
  ];
  const { summary, seen } = await importWatched(files, network);
  expect((await summary).summary.files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  expect(seen.weightWrites).toBe(0);
  expect(await stored(network)).toEqual(
    expected(
      lines,
      shares('20260301').filter((s) => s[1] === A),
    ),
  );
});

it('removes the staged views when a demographics file is rejected', async () => {
  const network = await withMetadata();
  const lines = basicLines();
  const orphan = demographicsCsv(shares('20260305'));
  const { summary } = await importWatched(
    [basicFile(lines), ...demographicsFiles(), ['content_owner_demographics_a1_20260305.csv', orphan]],
    network,
  );
  expect((await summary).summary.files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'loaded', 'rejected']);
  expect(await stored(network)).toEqual(expected(lines, allShares()));
  expect(await leftStaged(network)).toBe(0);
});

it('removes the staged views of a basic file rejected after some of its slices', async () => {
  const network = await withMetadata();
  // A bad row in the fourth slice: three slices' views were staged before the file was rejected.
  const bad = basicLines().map((l, i) => (i === 35 ? { ...l, channel: 'ZZZZZZ' } : l));
  const second = await importWatched([basicFile(bad), ...demographicsFiles()], network);
  const { files } = (await second.summary).summary;
  expect(files.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(second.seen.weightWrites).toBeGreaterThan(0);
  expect(await leftStaged(network)).toBe(0);
});

it('removes the staged views when a later file fails the import', async () => {
  const network = await withMetadata();
  const [first] = demographicsFiles();
  const { summary, seen } = await importWatched([basicFile(basicLines()), ...demographicsFiles()], network, first?.[0]);
  await expect(summary).rejects.toThrow('the connection was lost');
  expect(seen.weightWrites).toBeGreaterThan(0);
  expect(await leftStaged(network)).toBe(0);
});

it.each([
  // [case, the earlier file's lines, the later one's, the lines whose views the stored figures weigh]
  ['a basic file of several slices issued after another for the same days', () => oneSliceLines(3), basicLines, () => basicLines()],
  [
    'a file within one slice issued after a basic file of several slices, for its days',
    basicLines,
    () => oneSliceLines(3),
    () => [...basicLines().filter((l) => !(l.day === '20260301' && l.channel === A)), ...oneSliceLines(3)],
  ],
])('%s gives the views', async (_, early, late, weighed) => {
  const network = await withMetadata();
  const { summary } = await importWatched(
    [
      basicFile(early(), 'content_owner_basic_a4_early.csv', NOW - 2 * HOUR),
      basicFile(late(), 'content_owner_basic_a4_late.csv', NOW - HOUR),
      ...demographicsFiles(),
    ],
    network,
  );
  expect((await summary).summary.files.map((f) => f.status)).toEqual(['loaded', 'replaced', 'loaded', 'loaded']);
  expect(await stored(network)).toEqual(expected(weighed(), allShares()));
  expect(await leftStaged(network)).toBe(0);
});

it('a basic file of several slices skipped for a later re-issue still weighs its demographics to their own decision', async () => {
  const network = await withMetadata();
  const late = await importWatched([basicFile(basicLines(3), undefined, NOW - HOUR), ...demographicsFiles(NOW - HOUR)], network);
  expect((await late.summary).summary.files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'loaded']);
  const clean = await stored(network);
  expect(clean).toEqual(expected(basicLines(3), allShares()));

  // Issued earlier (its shares in another order: other content, not 'unchanged'), loaded later: every
  // day is the re-issue's, so all three are skipped, none rejected.
  const early = await importWatched(
    [
      basicFile(basicLines(), 'content_owner_basic_a4_early.csv', NOW - 3 * HOUR),
      ...demographicsFiles(NOW - 3 * HOUR, (rows) => rows.reverse()),
    ],
    network,
  );
  expect((await early.summary).summary.files.map((f) => f.status)).toEqual(['skipped', 'skipped', 'skipped']);
  expect(early.seen.weightWrites).toBeGreaterThan(0);
  expect(await stored(network)).toEqual(clean);
  expect(await leftStaged(network)).toBe(0);
});

it('a basic file of several slices loaded before is read again as a stream to weigh new demographics, its views staged', async () => {
  const network = await withMetadata();
  const lines = basicLines();
  const first = await importWatched([basicFile(lines)], network);
  expect((await first.summary).summary.files.map((f) => f.status)).toEqual(['loaded']);

  const again = await importWatched([basicFile(lines), ...demographicsFiles()], network);
  expect((await again.summary).summary.files.map((f) => f.status)).toEqual(['unchanged', 'loaded', 'loaded']);
  // Staged per key as it was read, not kept as rows.
  expect(again.seen.weightWrites).toBeGreaterThan(0);
  expect(await stored(network)).toEqual(expected(lines, allShares()));
  expect(await leftStaged(network)).toBe(0);
});

it('a basic file within one slice loaded before still weighs by its rows, staging nothing', async () => {
  const network = await withMetadata();
  const lines = oneSliceLines();
  const own = shares('20260301').filter((s) => s[1] === A);
  await (
    await importWatched([basicFile(lines)], network)
  ).summary;
  const again = await importWatched([basicFile(lines), ['content_owner_demographics_a1_20260301.csv', demographicsCsv(own)]], network);
  expect((await again.summary).summary.files.map((f) => f.status)).toEqual(['unchanged', 'loaded']);
  expect(again.seen.weightWrites).toBe(0);
  expect(await stored(network)).toEqual(expected(lines, own));
});
