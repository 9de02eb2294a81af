// Files loaded by hand carry no issue time: they fill free days, are refused where other content holds days, win with replace.
import { describe, expect, it } from 'vitest';
import { basicCsv } from './basic-builder';
import { all, createNetwork, HOUR, load, NOW, sha256Hex, snapshotDatabase } from './support';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const ORIGINAL = basicCsv([
  { day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 100 },
  { day: '20260302', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 50 },
]);
/** The backfill re-issue of both days, doubled (16,288,880 against 8,144,440 in the incident, in small). */
const REISSUE = basicCsv([
  { day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 200 },
  { day: '20260302', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 100 },
]);
const COPY_OF_ORIGINAL = ORIGINAL.replace(',100,', ',101,');
const ISSUED = NOW - 48 * HOUR;
const REISSUED = NOW - 24 * HOUR;

const WAYS_FORWARD =
  'Load it again with --issued <ISO 8601 time> (upload field "issued") stating when YouTube issued it, so the later issued ' +
  'wins each day, or with --replace (upload field "replace=true") to make it win.';

async function viewsByDay(): Promise<Record<string, number>> {
  const rows = await all<{ day: string; views: number }>('SELECT day, views FROM channel_daily ORDER BY day');
  return Object.fromEntries(rows.map((r) => [r.day, r.views]));
}

const refusals = () => all('SELECT sha256, name, report_type, status, reason, refused_at FROM report_refusals');
const REISSUED_VIEWS = { '2026-03-01': 200, '2026-03-02': 100 };

describe('a file without an issue time', () => {
  it('loads into days no file holds, recorded as issued when loaded', async () => {
    const { files } = await load([['channel_basic_a3_x.csv', ORIGINAL]]);
    expect(files[0]).toMatchObject({ status: 'loaded', decisions: [] });
    expect(await all('SELECT issued_at, issued_from FROM report_files')).toEqual([{ issued_at: NOW, issued_from: 'load' }]);
  });

  it('that would replace days another file holds is rejected, names that file and the ways forward, and writes nothing else', async () => {
    await load([['backfill/channel_basic_a3_x.csv', REISSUE, REISSUED]]);
    const before = await snapshotDatabase();
    const dry = await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL]], { dryRun: true });
    const { files } = await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL]]);
    const reason =
      'copy/channel_basic_a3_x.csv: has no issue time and would replace 2026-03-01..2026-03-02 (2 days) of ' +
      `backfill/channel_basic_a3_x.csv (issued 2026-03-01 00:00 UTC as stated by hand) with other figures, so nothing was loaded. ${WAYS_FORWARD}`;
    expect(files[0]).toEqual({
      name: 'copy/channel_basic_a3_x.csv',
      status: 'rejected',
      reportType: 'channel_basic_a3',
      rows: 0,
      days: [],
      channels: 0,
      reason,
    });
    expect(dry.files).toEqual(files);
    expect(await viewsByDay()).toEqual(REISSUED_VIEWS);
    const after = await snapshotDatabase();
    expect({ ...after, report_refusals: [] }).toEqual({ ...before, report_refusals: [] });
    expect(await refusals()).toEqual([
      {
        sha256: await sha256Hex(COPY_OF_ORIGINAL),
        name: 'copy/channel_basic_a3_x.csv',
        report_type: 'channel_basic_a3',
        status: 'rejected',
        reason,
        refused_at: NOW,
      },
    ]);
  });

  it('is refused whole even when only some of its days are held, naming each holder', async () => {
    await load([['a.csv', basicCsv([{ day: '20260301', channel: CHANNEL, views: 7 }]), ISSUED]]);
    await load([['b.csv', basicCsv([{ day: '20260303', channel: CHANNEL, views: 9 }])]]);
    const three = basicCsv(['20260301', '20260302', '20260303'].map((day) => ({ day, channel: CHANNEL, views: 1 })));
    const { files } = await load([['channel_basic_a3_three.csv', three]]);
    expect(files[0]?.reason).toBe(
      'channel_basic_a3_three.csv: has no issue time and would replace 2026-03-01 of a.csv (issued 2026-02-28 00:00 UTC as stated by hand); ' +
        `2026-03-03 of b.csv (loaded 2026-03-02 00:00 UTC without an issue time) with other figures, so nothing was loaded. ${WAYS_FORWARD}`,
    );
    expect(await viewsByDay()).toEqual({ '2026-03-01': 7, '2026-03-03': 9 });
  });

  it('given twice in one import for one day: the first loads, the second is refused', async () => {
    const { files } = await load([
      ['channel_basic_a3_x.csv', ORIGINAL],
      ['backfill/channel_basic_a3_x.csv', REISSUE],
    ]);
    expect(files.map((f) => f.status)).toEqual(['loaded', 'rejected']);
    expect(files[1]?.reason).toMatch(
      /^backfill\/channel_basic_a3_x\.csv: has no issue time and would replace 2026-03-01\.\.2026-03-02 \(2 days\) of channel_basic_a3_x\.csv \(loaded /,
    );
    expect(await viewsByDay()).toEqual({ '2026-03-01': 100, '2026-03-02': 50 });
  });

  it('with replace wins over a report issued later, is recorded with the load time, and its refusal is forgotten', async () => {
    await load([['backfill/channel_basic_a3_x.csv', REISSUE, REISSUED]]);
    await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL]]);
    expect(await refusals()).toHaveLength(1);
    const { files } = await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL]], { replace: true });
    expect(files[0]).toMatchObject({
      status: 'replaced',
      decisions: ['replaces 2026-03-01..2026-03-02 (2 days) of backfill/channel_basic_a3_x.csv (--replace)'],
    });
    expect(await viewsByDay()).toEqual({ '2026-03-01': 101, '2026-03-02': 50 });
    expect(await all('SELECT name, issued_at, issued_from, superseded_at FROM report_files ORDER BY id')).toEqual(
      [
        { name: 'backfill/channel_basic_a3_x.csv', issued_at: REISSUED, issued_from: 'operator', superseded_at: NOW },
        { name: 'copy/channel_basic_a3_x.csv', issued_at: NOW, issued_from: 'load' },
      ].map((r) => ({ superseded_at: null, ...r })),
    );
    expect(await refusals()).toEqual([]);
  });

  it('refused before is decided again: with the same options refused again, with --issued loaded by its issue time', async () => {
    await load([['backfill/channel_basic_a3_x.csv', REISSUE, REISSUED]]);
    await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL]]);
    const again = await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL]], { now: NOW + HOUR });
    expect(again.files[0]?.status).toBe('rejected');
    expect(await all('SELECT refused_at FROM report_refusals')).toEqual([{ refused_at: NOW + HOUR }]);
    // Stated as issued before the re-issue: it loads none of its days, and is remembered as skipped.
    const older = await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL, ISSUED]]);
    expect(older.files[0]).toMatchObject({ status: 'skipped' });
    expect(await all('SELECT status FROM report_refusals')).toEqual([{ status: 'skipped' }]);
    expect(await viewsByDay()).toEqual(REISSUED_VIEWS);
    // Stated as issued after it: it wins both days, and nothing is refused any more.
    const newer = await load([['copy/channel_basic_a3_x.csv', COPY_OF_ORIGINAL, REISSUED + HOUR]]);
    expect(newer.files[0]).toMatchObject({ status: 'replaced' });
    expect(await viewsByDay()).toEqual({ '2026-03-01': 101, '2026-03-02': 50 });
    expect(await refusals()).toEqual([]);
  });

  it('meets a report with its issue time by that time against its own load time', async () => {
    await load([['channel_basic_a3_x.csv', ORIGINAL]]);
    // YouTube's report created before the hand file was loaded: the hand file keeps its days.
    const earlier = await load([['youtube/channel_basic_a3_x.csv', REISSUE, NOW - HOUR]]);
    expect(earlier.files[0]?.decisions).toEqual([
      'skipped: 2026-03-01..2026-03-02 (2 days): older than channel_basic_a3_x.csv (issued 2026-03-02 00:00 UTC, this one 2026-03-01 23:00 UTC)',
    ]);
    // One created after it: the re-issue wins.
    const later = await load([['youtube/channel_basic_a3_y.csv', REISSUE.replace(',200,', ',201,'), NOW + HOUR]], { now: NOW + 2 * HOUR });
    expect(later.files[0]?.status).toBe('replaced');
    expect(await viewsByDay()).toEqual({ '2026-03-01': 201, '2026-03-02': 100 });
  });

  it('as a snapshot is refused where another snapshot of the network is in effect', async () => {
    const network = await createNetwork();
    const metadata = (title: string) => `video_id,channel_id,channel_display_name,video_title,video_length,custom_id
ownvideo001,${CHANNEL},Partner,${title},600,SHOW
`;
    await load([['content_owner_video_metadata_a4_1.csv', metadata('Episode 1'), ISSUED]], { networkId: network });
    const { files } = await load([['content_owner_video_metadata_a4_2.csv', metadata('Old title')]], { networkId: network });
    expect(files[0]?.reason).toBe(
      'content_owner_video_metadata_a4_2.csv: has no issue time and would replace the video metadata snapshot of ' +
        `content_owner_video_metadata_a4_1.csv (issued 2026-02-28 00:00 UTC as stated by hand) with other figures, so nothing was loaded. ${WAYS_FORWARD}`,
    );
    expect(await all('SELECT video_title FROM videos')).toEqual([{ video_title: 'Episode 1' }]);
    const replaced = await load([['content_owner_video_metadata_a4_2.csv', metadata('Old title')]], { networkId: network, replace: true });
    expect(replaced.files[0]?.status).toBe('replaced');
    expect(await all('SELECT video_title FROM videos')).toEqual([{ video_title: 'Old title' }]);
  });

  it('read a slice of days at a time is refused before any slice is staged for good', async () => {
    const days = ['20260301', '20260302', '20260303', '20260304'];
    const lines = (views: number) =>
      days.flatMap((day) => [1, 2, 3].map((v) => ({ day, channel: CHANNEL, video: `video000000${v}`, views })));
    await load([['channel_basic_a3_first.csv', basicCsv(lines(1)), ISSUED]], { sliceRows: 3 });
    const before = await snapshotDatabase();
    const { files } = await load([['channel_basic_a3_again.csv', basicCsv(lines(2))]], { sliceRows: 3 });
    expect(files[0]?.status).toBe('rejected');
    expect(files[0]?.reason).toMatch(/would replace 2026-03-01\.\.2026-03-04 \(4 days\) of channel_basic_a3_first\.csv/);
    const after = await snapshotDatabase();
    expect({ ...after, report_refusals: [] }).toEqual({ ...before, report_refusals: [] });
    expect(await all('SELECT count(*) AS n FROM import_staged')).toEqual([{ n: 0 }]);
  });
});
