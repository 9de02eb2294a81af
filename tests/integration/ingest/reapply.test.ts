// --reapply: files loaded before the title grains existed fill them, and the newest-issued rule still holds.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ImportFile, ImportOptions } from '../../../src/server/ingest/load/files';
import { runImport } from '../../../src/server/ingest/run-import';
import { basicCsv, ownerDemographicsCsv } from './basic-builder';
import { all, createNetwork, encode, NOW, snapshotDatabase } from './support';

const PARTNER = 'UCpartnerpartnerpartner1';
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
ownvideo001,${PARTNER},Partner,Episode 1,600,SHOW
ownshort001,${PARTNER},Partner,Teaser,30,OTHER
`;
const demographicsCsv = (rows: Array<[string, string, string, string, number]>) => ownerDemographicsCsv('20260301', PARTNER, rows);

const BASIC = basicCsv(
  [
    { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 500, likes: 9 },
    { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'DE', views: 100 },
    { day: '20260301', channel: PARTNER, video: 'ownshort001', country: 'DE', views: 40 },
  ],
  true,
);
const SHARES = demographicsCsv([
  ['ownvideo001', 'US', 'AGE_25_34', 'MALE', 60],
  ['ownvideo001', 'US', 'AGE_18_24', 'FEMALE', 40],
  ['ownvideo001', 'DE', 'AGE_25_34', 'FEMALE', 100],
  ['ownshort001', 'DE', 'AGE_65_', 'MALE', 100],
]);
const BASIC_NAME = 'content_owner_basic_a4_20260301.csv';
const SHARES_NAME = 'content_owner_demographics_a1_20260301.csv';

/**
 * The grains migrations 0016 (titles) and 0047 (videos' audience) added: a database that loaded its
 * reports before then has no rows in them.
 */
const TITLE_GRAINS = [
  'channel_title_country_daily',
  'channel_title_country_monthly',
  'channel_title_audience_daily',
  'channel_title_audience_monthly',
  'video_audience_daily',
  'video_audience_monthly',
];
const HOUR = 3600;

function file(name: string, text: string, issuedAt: number): ImportFile {
  return { name, bytes: encode(text), issued: { at: issuedAt, from: 'operator' } };
}

async function setUp(): Promise<ImportOptions> {
  const networkId = await createNetwork();
  const options = { networkId, now: NOW };
  await runImport({ db: env.DB, kv: env.KV }, [file('content_owner_video_metadata_a4_x.csv', METADATA, NOW - 9 * HOUR)], options);
  return options;
}

async function dropTitleGrains(): Promise<void> {
  for (const table of TITLE_GRAINS) await env.DB.prepare(`DELETE FROM ${table}`).run();
}

async function titleGrainRows(): Promise<number> {
  let rows = 0;
  for (const table of TITLE_GRAINS) rows += (await all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n ?? 0;
  return rows;
}

/** The whole database but each file's load time (a re-applied file is loaded again). */
async function contents(): Promise<Record<string, string[]>> {
  const snapshot = await snapshotDatabase();
  snapshot.report_files = (await all('SELECT sha256, name, status, days, rows, issued_at, issued_from, superseded_at FROM report_files'))
    .map((r) => JSON.stringify(r))
    .sort();
  return snapshot;
}

describe('re-applying files loaded before the title grains existed', () => {
  it('fills the title grains and leaves every other table as it was', async () => {
    const options = await setUp();
    const pair = [file(BASIC_NAME, BASIC, NOW - 2 * HOUR), file(SHARES_NAME, SHARES, NOW - 2 * HOUR)];
    const first = await runImport({ db: env.DB, kv: env.KV }, pair, options);
    expect(first.files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
    const clean = await contents();
    await dropTitleGrains();

    // Without --reapply the same content is never applied again: the grains stay empty.
    const plain = await runImport({ db: env.DB, kv: env.KV }, pair, options);
    expect(plain.files.map((f) => f.status)).toEqual(['unchanged', 'unchanged']);
    expect(await titleGrainRows()).toBe(0);

    const dry = await runImport({ db: env.DB, kv: env.KV }, pair, { ...options, reapply: true, dryRun: true });
    expect(dry.files.map((f) => f.decisions)).toEqual([
      ['re-applied: loaded before', 're-applies 2026-03-01 it holds already'],
      ['re-applied: loaded before', 're-applies 2026-03-01 it holds already'],
    ]);
    expect(await titleGrainRows()).toBe(0);

    const run = await runImport({ db: env.DB, kv: env.KV }, pair, { ...options, reapply: true });
    expect(run.files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
    expect(await titleGrainRows()).toBeGreaterThan(0);
    expect(await contents()).toEqual(clean);
  });

  it('never takes back a day a re-issue holds, in one run or after it', async () => {
    const options = await setUp();
    const original = [file(BASIC_NAME, BASIC, NOW - 5 * HOUR), file(SHARES_NAME, SHARES, NOW - 5 * HOUR)];
    const reissue = [
      file(
        'backfill/content_owner_basic_a4_20260301.csv',
        basicCsv([{ day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 50 }], true),
        NOW - 2 * HOUR,
      ),
      file(
        'backfill/content_owner_demographics_a1_20260301.csv',
        demographicsCsv([['ownvideo001', 'US', 'AGE_45_54', 'FEMALE', 100]]),
        NOW - 2 * HOUR,
      ),
    ];
    await runImport({ db: env.DB, kv: env.KV }, original, options);
    expect((await runImport({ db: env.DB, kv: env.KV }, reissue, options)).files.map((f) => f.status)).toEqual(['replaced', 'replaced']);
    const clean = await contents();
    await dropTitleGrains();

    const older = await runImport({ db: env.DB, kv: env.KV }, original, { ...options, reapply: true });
    expect(older.files.map((f) => f.status)).toEqual(['skipped', 'skipped']);
    expect(older.files[0]?.decisions?.[1]).toMatch(/^skipped: 2026-03-01: older than backfill\/content_owner_basic_a4_20260301\.csv/);
    expect(await titleGrainRows()).toBe(0);

    // Both at once, the older given last: the re-issue's figures fill the grains.
    const both = await runImport({ db: env.DB, kv: env.KV }, [...reissue, ...original], { ...options, reapply: true });
    expect(both.files.map((f) => f.status)).toEqual(['loaded', 'loaded', 'skipped', 'skipped']);
    expect(await all('SELECT country_code, views FROM channel_title_country_daily')).toEqual([{ country_code: 'US', views: 50 }]);
    expect(await all('SELECT age_group, gender, views FROM channel_title_audience_monthly')).toEqual([
      { age_group: '45-54', gender: 'female', views: 50 },
    ]);
    expect(await contents()).toEqual(clean);
  });
});
