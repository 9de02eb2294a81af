// /stat/channel_uploads from what the uploads loader stored: playlist order, latest counts, growth since the
// first read (computed here from the records loaded), hidden counts, pruning, the empty answer and errors.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { loadChannelUploads } from '../../../src/server/ingest/api-load';
import type { VideoRecord } from '../../../src/server/ingest/parse';
import type { ChannelUploads } from '../../../src/lib/api/channel-uploads';
import { call } from '../http';

const CHANNEL = 'UCuploadsuploadsuploads0';
const QUIET = 'UCuploadsquietquietquiet';
const FIRST_READ = Date.parse('2026-11-03T10:00:00Z') / 1000;
const SECOND_READ = Date.parse('2026-11-04T10:05:00Z') / 1000;
const api = (query: Record<string, string>) =>
  `/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/channel_uploads', ...query })}`;

function record(id: string, views: number, likes: number | null, comments: number | null, publishedAt: string): VideoRecord {
  return {
    videoId: id,
    channelId: CHANNEL,
    channelTitle: 'Uploads',
    title: `Video ${id}`,
    description: null,
    publishedAt,
    categoryId: '28',
    durationSeconds: 127,
    type: 'full',
    thumbnails: { default: null, medium: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, high: null },
    views,
    likes,
    dislikes: null,
    comments,
  };
}

async function body(query: Record<string, string>): Promise<ChannelUploads> {
  const res = await call(api(query));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { body: ChannelUploads } }).data.body;
}

it('answers the kept uploads newest first with growth since first seen, and nothing for a channel not read yet', async () => {
  for (const id of [CHANNEL, QUIET]) {
    await env.DB.prepare('INSERT INTO channels (youtube_id, title, created_at) VALUES (?, ?, 0)').bind(id, id).run();
  }
  const first = [
    record('aaaaaaaaaa1', 1_000, 50, 4, '2026-11-02T08:00:00Z'),
    record('aaaaaaaaaa2', 9_000, null, null, '2026-10-30T08:00:00Z'),
    record('aaaaaaaaaa3', 70, 1, 0, '2026-10-20T08:00:00Z'),
  ];
  await loadChannelUploads(env.DB, [{ channelId: CHANNEL, videoIds: first.map((v) => v.videoId), outcome: 'listed' }], first, FIRST_READ);
  // A day later: a new upload on top, counts grew, the oldest left the list.
  const second = [
    record('aaaaaaaaaa0', 12, 2, 1, '2026-11-04T09:00:00Z'),
    record('aaaaaaaaaa1', 13_345, 61, 9, '2026-11-02T08:00:00Z'),
    record('aaaaaaaaaa2', 9_500, 40, null, '2026-10-30T08:00:00Z'),
  ];
  const ids = second.map((v) => v.videoId);
  await loadChannelUploads(env.DB, [{ channelId: CHANNEL, videoIds: ids, outcome: 'listed' }], second, SECOND_READ);

  const answer = await body({ channel_id: CHANNEL });
  expect(answer.channel_id).toBe(CHANNEL);
  expect(answer.updated_at).toBe('2026-11-04T10:05:00.000Z');
  expect(answer.uploads.map((u) => u.video_id)).toEqual(ids);
  const firstOf = new Map(first.map((v) => [v.videoId, v]));
  const diff = (latest: number | null, earlier: number | null | undefined) =>
    latest === null || earlier === null || earlier === undefined ? null : latest - earlier;
  expect(answer.uploads).toEqual(
    second.map((v) => {
      const seen = firstOf.get(v.videoId) ?? v;
      return {
        video_id: v.videoId,
        title: v.title,
        published_at: new Date(v.publishedAt).toISOString(),
        thumbnail_url: v.thumbnails.medium,
        duration_seconds: 127,
        views: v.views,
        likes: v.likes,
        comments: v.comments,
        first_seen_at: new Date((firstOf.has(v.videoId) ? FIRST_READ : SECOND_READ) * 1000).toISOString(),
        views_growth: diff(v.views, seen.views),
        likes_growth: diff(v.likes, seen.likes),
        comments_growth: diff(v.comments, seen.comments),
      };
    }),
  );
  // Spelled out: 13,345 − 1,000 views since the first read; likes hidden then are no growth figure now.
  expect(answer.uploads[1]?.views_growth).toBe(12_345);
  expect(answer.uploads[2]?.likes_growth).toBeNull();

  expect(await body({ channel_id: QUIET })).toEqual({ channel_id: QUIET, updated_at: null, uploads: [] });
});

it('is a 404 for an unknown channel and a 400 naming channel_id for a malformed one', async () => {
  expect((await call(api({ channel_id: `UC${'x'.repeat(22)}` }))).status).toBe(404);
  const bad = await call(api({ channel_id: 'nope' }));
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('channel_id');
});
