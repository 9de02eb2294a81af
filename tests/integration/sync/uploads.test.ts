// The uploads job against the fake Data API: newest uploads stored with their counts, growth on a later day,
// older uploads pruned, the quota meter, a playlist that answers 404, and the setting that turns it off.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { runSync } from '../../../src/server/ingest/sync/run';
import { UPLOADS_KEPT } from '../../../src/server/ingest/sync/uploads';
import { DATA_API_DAILY_QUOTA } from '../../../src/server/google/settings';
import type { UploadVideo } from './fake/state';
import { createChannel, dataCalls, fakeGoogle, quietInfo, rows, syncBindings } from './helpers';
import { logTexts } from '../log-lines';

const NOW = Date.parse('2026-03-01T12:05:00Z');
const NEXT_DAY = NOW + 86_400_000;
const GOOGLE = 'UCK8sQmJBp8GCxrOtXWBpyEA';
// Not in the channels.list fixture: no snapshot names its playlist, the one stored below is read.
const DEVELOPERS = 'UCdevelopersdevelopers00';
/** The uploads playlist channels.list names for GOOGLE (the 2022 fixture's contentDetails). */
const GOOGLE_UPLOADS = 'UUK8sQmJBp8GCxrOtXWBpyEA';
const DEVELOPERS_UPLOADS = 'UUdevelopersOwnPlaylist';
const ONLY_DATA = { TRENDS_PAGES: '0', LIVE_SEARCH_UNITS_PER_DAY: '0' };
const ONLY_UPLOADS = { ...ONLY_DATA, SNAPSHOT_CALLS_PER_RUN: '0' };

beforeEach(quietInfo);
afterEach(() => {
  vi.restoreAllMocks();
});

const videoId = (n: number) => `vid${String(n).padStart(8, '0')}`;
function video(n: number, views: number, hidden = false): UploadVideo {
  const published = new Date(Date.parse('2026-02-27T00:00:00Z') - n * 3_600_000).toISOString();
  return { title: `Upload ${n}`, publishedAt: published, views, ...(hidden ? {} : { likes: Math.floor(views / 10), comments: n }) };
}

interface StoredUpload {
  youtube_id: string;
  video_id: string;
  position: number;
  title: string;
  view_count: number;
  like_count: number | null;
  comment_count: number | null;
  first_view_count: number;
  first_like_count: number | null;
  first_seen_at: number;
  updated_at: number;
}
type Counts = Record<string, UploadVideo>;
/** The rows the job should hold for a channel's list: latest counts, counts at first sight, times. */
function expected(
  youtubeId: string,
  ids: string[],
  counts: Counts,
  firstCounts: Counts,
  firstSeen: (id: string) => number,
  updatedAt: number,
) {
  return ids.slice(0, UPLOADS_KEPT).map((id, position) => ({
    youtube_id: youtubeId,
    video_id: id,
    position,
    title: counts[id]!.title,
    view_count: counts[id]!.views,
    like_count: counts[id]!.likes ?? null,
    comment_count: counts[id]!.comments ?? null,
    first_view_count: firstCounts[id]!.views,
    first_like_count: firstCounts[id]!.likes ?? null,
    first_seen_at: firstSeen(id),
    updated_at: updatedAt,
  }));
}

const stored = () =>
  rows<StoredUpload>(
    `SELECT c.youtube_id, u.video_id, u.position, u.title, u.view_count, u.like_count, u.comment_count, u.first_view_count,
       u.first_like_count, u.first_seen_at, u.updated_at
     FROM channel_uploads u JOIN channels c ON c.id = u.channel_id ORDER BY c.youtube_id, u.position`,
  );

it('stores the newest uploads with their counts, grows them on a later day and prunes those pushed out', async () => {
  // GOOGLE lists 13 uploads (12 kept), one with hidden likes and comments; DEVELOPERS 3 under its own playlist id.
  const googleIds = Array.from({ length: 13 }, (_, i) => videoId(i + 1));
  const developersIds = [videoId(101), videoId(102), videoId(103)];
  const first: Record<string, UploadVideo> = Object.fromEntries([
    ...googleIds.map((id, i) => [id, video(i + 1, 1_000 * (i + 1), i === 2)] as const),
    ...developersIds.map((id, i) => [id, video(101 + i, 500 + i)] as const),
  ]);
  const google = await fakeGoogle({
    uploadPlaylists: { [GOOGLE_UPLOADS]: googleIds, [DEVELOPERS_UPLOADS]: developersIds },
    uploadVideos: first,
  });
  await createChannel(GOOGLE);
  const developers = await createChannel(DEVELOPERS);
  await rows('INSERT INTO channel_upload_fetches (channel_id, uploads_playlist_id) VALUES (?, ?)', developers, DEVELOPERS_UPLOADS);
  // The snapshot slice runs first and keeps GOOGLE's uploads playlist (channels.list contentDetails).
  const result = await runSync(syncBindings(google, ['apiKey'], ONLY_DATA), { now: NOW });
  expect(result).toMatchObject({ status: 'ran', failed: [], results: { uploads: { channels: 2, uploads: 15, noUploads: 0, skipped: 0 } } });

  const playlistCalls = dataCalls(await google.requests(), 'playlistItems');
  expect(playlistCalls.map((c) => [c.query.playlistId, c.query.part, c.query.maxResults])).toEqual([
    [GOOGLE_UPLOADS, 'contentDetails', String(UPLOADS_KEPT)],
    [DEVELOPERS_UPLOADS, 'contentDetails', String(UPLOADS_KEPT)],
  ]);
  // 15 videos: one videos.list call across both channels.
  const videoCalls = dataCalls(await google.requests(), 'videos');
  expect(videoCalls.map((c) => [c.query.part, c.query.id?.split(',').length])).toEqual([['snippet,statistics,contentDetails', 15]]);
  expect(await rows('SELECT units, calls FROM sync_quota WHERE job = ?', 'uploads')).toEqual([{ units: 3, calls: 3 }]);

  const seen = Math.floor(NOW / 1000);
  expect(await stored()).toEqual([
    ...expected(GOOGLE, googleIds, first, first, () => seen, seen),
    ...expected(DEVELOPERS, developersIds, first, first, () => seen, seen),
  ]);

  // Later the same UTC day nothing is due.
  await runSync(syncBindings(google, ['apiKey'], ONLY_UPLOADS), { now: NOW + 3_600_000 });
  expect(dataCalls(await google.requests(), 'playlistItems')).toHaveLength(2);

  // The next day GOOGLE has a new upload on top: the 12th of yesterday is pushed out; counts grew.
  const newest = videoId(0);
  const later: Record<string, UploadVideo> = Object.fromEntries(
    Object.entries({ ...first, [newest]: video(0, 42) }).map(([id, v]) => [
      id,
      { ...v, views: v.views + 7, ...(v.likes === undefined ? {} : { likes: v.likes + 1 }) },
    ]),
  );
  await google.setup({
    uploadPlaylists: { [GOOGLE_UPLOADS]: [newest, ...googleIds], [DEVELOPERS_UPLOADS]: developersIds },
    uploadVideos: later,
  });
  await runSync(syncBindings(google, ['apiKey'], ONLY_UPLOADS), { now: NEXT_DAY });
  const firstSeen = (id: string) => (id === newest ? seen + 86_400 : seen);
  const all = await stored();
  const firstCounts = { ...first, [newest]: later[newest]! };
  expect(all.filter((r) => r.youtube_id === GOOGLE)).toEqual(
    expected(GOOGLE, [newest, ...googleIds], later, firstCounts, firstSeen, seen + 86_400),
  );
  expect(all.some((r) => r.video_id === googleIds[UPLOADS_KEPT - 1])).toBe(false);
  // Growth since first seen: the stored counts' difference is what the fake added.
  const grown = all.find((r) => r.video_id === googleIds[0]);
  expect(grown && grown.view_count - grown.first_view_count).toBe(7);
});

it('marks a channel whose uploads playlist answers 404, stops at the quota without sending, and does nothing at 0', async () => {
  const google = await fakeGoogle({ uploadPlaylists: { [GOOGLE_UPLOADS]: [videoId(1)] }, uploadVideos: { [videoId(1)]: video(1, 10) } });
  const gone = await createChannel('UCgonegonegonegonegone00');
  const googleId = await createChannel(GOOGLE);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

  // Off: no call at all.
  const off = await runSync(syncBindings(google, ['apiKey'], { ...ONLY_UPLOADS, UPLOADS_CALLS_PER_RUN: '0' }), { now: NOW });
  expect(off).toMatchObject({ status: 'ran', failed: [], results: { uploads: { channels: 0, uploads: 0 } } });
  expect(dataCalls(await google.requests(), 'playlistItems')).toEqual([]);

  // The day's limit leaves 2 units after the reference job's 3: both playlists are read (the 404 one paid
  // too), the videos.list call is refused before it is sent, so only the 404 channel is marked read.
  const limited = { ...ONLY_UPLOADS, YOUTUBE_QUOTA_HEADROOM: String(DATA_API_DAILY_QUOTA - 5) };
  const run = await runSync(syncBindings(google, ['apiKey'], limited), { now: NOW });
  expect(run).toMatchObject({ status: 'ran', failed: [], results: { uploads: { channels: 1, uploads: 0, noUploads: 1, skipped: 1 } } });
  expect(dataCalls(await google.requests(), 'videos')).toEqual([]);
  expect(await rows('SELECT units, calls FROM sync_quota WHERE job = ?', 'uploads')).toEqual([{ units: 2, calls: 2 }]);
  expect(logTexts(warn)).toContain("sync: uploads: stopped: Data API quota: uploads needs 1 units; 5 of the day's 5 already used");
  expect(await rows('SELECT channel_id, fetched_at, outcome FROM channel_upload_fetches ORDER BY channel_id')).toEqual([
    { channel_id: gone, fetched_at: Math.floor(NOW / 1000), outcome: 'no-uploads' },
  ]);
  expect(await rows('SELECT count(*) AS n FROM channel_uploads')).toEqual([{ n: 0 }]);

  // A new Pacific day: only the channel left unread is due, and its upload is stored.
  const nextDay = await runSync(syncBindings(google, ['apiKey'], ONLY_UPLOADS), { now: NEXT_DAY });
  expect(nextDay).toMatchObject({ results: { uploads: { channels: 2, uploads: 1, noUploads: 1 } } });
  expect(await rows('SELECT channel_id, video_id, view_count FROM channel_uploads')).toEqual([
    { channel_id: googleId, video_id: videoId(1), view_count: 10 },
  ]);
});
