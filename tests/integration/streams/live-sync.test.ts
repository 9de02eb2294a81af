// The live job's path (videos.list parsed, then loaded) writes the broadcast row the page reads, from a
// Data API sample (tests/fixtures/youtube/SOURCES.txt).
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import page from '../../fixtures/youtube/data_api/videos.list_liveStreamingDetails.DERIVED.json';
import type { StreamsAnswer } from '../../../src/lib/api/streams';
import { loadLiveBroadcasts } from '../../../src/server/ingest/api-load';
import { toLiveBroadcasts } from '../../../src/server/ingest/parse';
import { createUser } from '../factories';
import { call, signIn } from '../http';

const [video] = page.items;
if (!video) throw new Error('fixture changed');
const started = Date.parse(video.liveStreamingDetails.actualStartTime) / 1000;
/** The sync ran 25 min 10 s into the stream. */
const SYNC_AT = started + 25 * 60 + 10;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SYNC_AT * 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

it('stores the stream on air with its name, preview, channel, viewers and start, and the page answers it', async () => {
  const channel = await env.DB.prepare('INSERT INTO channels (youtube_id, title, created_at) VALUES (?, ?, 0) RETURNING id')
    .bind(video.snippet.channelId, video.snippet.channelTitle)
    .first<{ id: number }>();
  const user = await createUser();
  await env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, 0)').bind(user.id, channel?.id).run();

  const result = await loadLiveBroadcasts(env.DB, toLiveBroadcasts(page), [video.id], SYNC_AT);
  expect(result).toEqual({ stored: 1, live: 1, endedMissing: 0 });
  expect(
    await env.DB.prepare('SELECT * FROM live_broadcasts')
      .all()
      .then((r) => r.results),
  ).toEqual([
    {
      video_id: video.id,
      channel_id: channel?.id,
      name: video.snippet.title,
      preview_url: video.snippet.thumbnails.medium.url,
      watching_count: Number(video.liveStreamingDetails.concurrentViewers),
      peak_watching_count: Number(video.liveStreamingDetails.concurrentViewers),
      started_at: started,
      ended_at: null,
    },
  ]);
  expect(await env.DB.prepare('SELECT type FROM videos WHERE video_id = ?').bind(video.id).first()).toEqual({ type: 'live' });

  const res = await call('/api/streams', { session: await signIn(user.email, user.password ?? '') });
  expect(((await res.json()) as { data: StreamsAnswer }).data).toEqual({
    online: 1,
    broadcasts: [
      {
        video_id: video.id,
        preview: video.snippet.thumbnails.medium.url,
        name: video.snippet.title,
        channel: video.snippet.channelTitle,
        channel_id: video.snippet.channelId,
        watching: Number(video.liveStreamingDetails.concurrentViewers),
        started: video.liveStreamingDetails.actualStartTime,
        duration: 25,
      },
    ],
  });

  // The next run finds it ended: the row stays, with the end, and leaves the page.
  const ended = structuredClone(page);
  const [again] = ended.items;
  if (!again) throw new Error('fixture changed');
  Object.assign(again.liveStreamingDetails, { actualEndTime: '2019-03-21T19:41:07Z', concurrentViewers: undefined });
  await loadLiveBroadcasts(env.DB, toLiveBroadcasts(ended), [video.id], SYNC_AT + 3600);
  expect(await env.DB.prepare('SELECT ended_at, watching_count FROM live_broadcasts').first()).toEqual({
    ended_at: Date.parse('2019-03-21T19:41:07Z') / 1000,
    watching_count: Number(video.liveStreamingDetails.concurrentViewers),
  });
});
