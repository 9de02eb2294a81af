// Re-import rules: content is applied once, the newest report of a slice wins whatever the order, a dry run writes nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../src/server/ingest/load/import-files';
import type { ImportFile } from '../../../src/server/ingest/load/files';
import { basicCsv } from './basic-builder';
import { all, encode, NOW, sha256Hex, snapshotDatabase } from './support';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const HOUR = 3600;

/** The original report of 1 and 2 March, and YouTube's re-issue of 1 March, issued a day later. */
const ORIGINAL = basicCsv([
  { day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 100, likes: 4 },
  { day: '20260302', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 50, likes: 2 },
]);
const REISSUE = basicCsv([{ day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 90, likes: 1 }]);
const original = (name = 'channel_basic_a3_x.csv'): ImportFile => ({
  name,
  bytes: encode(ORIGINAL),
  issued: { at: NOW - 48 * HOUR, from: 'operator' },
});
const reissue = (name = 'backfill/channel_basic_a3_x.csv'): ImportFile => ({
  name,
  bytes: encode(REISSUE),
  issued: { at: NOW - 24 * HOUR, from: 'operator' },
});

const load = (files: ImportFile[], dryRun = false) => importFiles(env.DB, files, { now: NOW, dryRun });

async function viewsByDay(): Promise<Record<string, number>> {
  const rows = await all<{ day: string; views: number }>('SELECT day, views FROM channel_daily ORDER BY day');
  return Object.fromEntries(rows.map((r) => [r.day, r.views]));
}

const AFTER_REISSUE = { '2026-03-01': 90, '2026-03-02': 50 };

describe('loading a report again', () => {
  it('after its re-issue leaves the re-issue in place (content is applied once)', async () => {
    await load([original()]);
    const second = await load([reissue()]);
    expect(second.files[0]).toMatchObject({ status: 'replaced', decisions: ['replaces 2026-03-01 of channel_basic_a3_x.csv'] });
    const again = await load([original('copy/channel_basic_a3_x.csv')]);
    expect(again.files[0]).toMatchObject({ status: 'unchanged' });
    expect(again.files[0]?.decisions?.[0]).toMatch(/^already loaded as channel_basic_a3_x\.csv; later reports replaced/);
    expect(await viewsByDay()).toEqual(AFTER_REISSUE);
  });
});

describe('several files for one day in one run', () => {
  it.each([
    ['re-issue first (backfill/ sorts first)', () => [reissue(), original()]],
    ['original first', () => [original(), reissue()]],
  ])('keep the newest report whatever the order: %s', async (_, files) => {
    const { files: results } = await load(files());
    const byName = Object.fromEntries(results.map((f) => [f.name, f]));
    expect(byName['channel_basic_a3_x.csv']).toMatchObject({ status: 'loaded' });
    expect(byName['backfill/channel_basic_a3_x.csv']).toMatchObject({
      status: 'replaced',
      decisions: ['replaces 2026-03-01 of channel_basic_a3_x.csv'],
    });
    expect(await viewsByDay()).toEqual(AFTER_REISSUE);
  });
});

describe('a report older than what holds its days', () => {
  it('loads only the days no newer report holds, and says which it left', async () => {
    await load([reissue()]);
    const { files } = await load([original()]);
    expect(files[0]?.status).toBe('loaded');
    expect(files[0]?.decisions).toEqual([
      'skips 2026-03-01: older than backfill/channel_basic_a3_x.csv (issued 2026-03-01 00:00 UTC, this one 2026-02-28 00:00 UTC)',
    ]);
    expect(await viewsByDay()).toEqual(AFTER_REISSUE);
  });

  it('is skipped whole when newer reports hold all its days, and remembered by its content with why', async () => {
    await load([original('new.csv')].map((f) => ({ ...f, issued: { at: NOW, from: 'operator' as const } })));
    const before = await snapshotDatabase();
    const { files } = await load([{ ...original(), bytes: encode(ORIGINAL.replace(',100,', ',101,')) }]);
    expect(files[0]).toMatchObject({ status: 'skipped' });
    const skipped =
      'skipped: 2026-03-01..2026-03-02 (2 days): older than new.csv (issued 2026-03-02 00:00 UTC, this one 2026-02-28 00:00 UTC)';
    expect(files[0]?.decisions).toEqual([skipped]);
    // Nothing changed but the record of the refusal.
    const after = await snapshotDatabase();
    expect({ ...after, report_refusals: [] }).toEqual({ ...before, report_refusals: [] });
    expect(await all('SELECT sha256, name, report_type, status, reason, refused_at FROM report_refusals')).toEqual([
      {
        sha256: await sha256Hex(ORIGINAL.replace(',100,', ',101,')),
        name: 'channel_basic_a3_x.csv',
        report_type: 'channel_basic_a3',
        status: 'skipped',
        reason: `channel_basic_a3_x.csv: ${skipped}`,
        refused_at: NOW,
      },
    ]);
  });
});

describe('a dry run', () => {
  it('reports what a run would do and changes nothing', async () => {
    await load([original()]);
    const before = await snapshotDatabase();
    const other = basicCsv([{ day: '20260305', channel: 'UCbbbbbbbbbbbbbbbbbbbbbb', video: 'ccccccccccc', views: 7 }]);
    const files = () => [reissue(), original('again.csv'), { name: 'channel_basic_a3_other.csv', bytes: encode(other) }];
    const dry = await load(files(), true);
    expect(await snapshotDatabase()).toEqual(before);
    expect(dry.changedDays).toEqual([]);
    const real = await load(files());
    const outcome = (summary: typeof dry) => summary.files.map((f) => [f.name, f.status, f.decisions]);
    expect(outcome(dry)).toEqual(outcome(real));
    expect(outcome(real).map(([, status]) => status)).toEqual(['replaced', 'unchanged', 'loaded']);
  });
});
