// The fake Data API's uploads answers: playlistItems.list of the scenario's uploads playlists, videos.list of their videos.
import { readJsonFixture } from './fixtures';
import { googleError, json, type FakeRequest, type FakeResponse } from './responses';
import type { Namespace, UploadVideo } from './state';

/** The recorded playlistItems page (part=contentDetails): its first item is the layout every item is given. */
export const PLAYLIST_ITEMS = 'youtube/data_api/playlistItems.list_contentDetails.DERIVED.json';
/** The recorded video resource with snippet, contentDetails and statistics: the layout of every upload. */
const VIDEO_RESOURCE = 'youtube/data_api/video_resource_snippet-contentDetails-status-statistics-topicDetails_2019.json';

interface RecordedVideo {
  id: string;
  snippet: Record<string, unknown>;
  statistics: Record<string, string>;
  [part: string]: unknown;
}

/** playlistItems.list?playlistId=…&maxResults=…: the playlist's first items, or Google's 404 for an unknown playlist. */
export function playlistItems(ns: Namespace, req: FakeRequest): FakeResponse {
  const playlistId = req.query.get('playlistId') ?? '';
  const videoIds = ns.scenario.uploadPlaylists?.[playlistId];
  if (!videoIds) {
    return googleError(
      404,
      "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
      'playlistNotFound',
    );
  }
  const recorded = readJsonFixture(PLAYLIST_ITEMS) as { items: Record<string, unknown>[] };
  const max = Number(req.query.get('maxResults') ?? 5);
  const items = videoIds.slice(0, max).map((videoId, position) => ({
    ...recorded.items[0],
    id: btoa(`${playlistId}.${position}`),
    contentDetails: { videoId, videoPublishedAt: ns.scenario.uploadVideos?.[videoId]?.publishedAt ?? '2026-01-01T00:00:00Z' },
  }));
  return json({
    kind: 'youtube#playlistItemListResponse',
    etag: 'fake',
    ...(videoIds.length > max ? { nextPageToken: 'CAoQAA' } : {}),
    pageInfo: { totalResults: videoIds.length, resultsPerPage: max },
    items,
  });
}

function uploadItem(id: string, video: UploadVideo) {
  const recorded = readJsonFixture(VIDEO_RESOURCE) as RecordedVideo;
  const thumbnails = JSON.parse(JSON.stringify(recorded.snippet.thumbnails).replaceAll(recorded.id, id)) as unknown;
  const statistics: Record<string, string> = { viewCount: String(video.views), favoriteCount: '0' };
  if (video.likes !== undefined) statistics.likeCount = String(video.likes);
  if (video.comments !== undefined) statistics.commentCount = String(video.comments);
  return { ...recorded, id, snippet: { ...recorded.snippet, title: video.title, publishedAt: video.publishedAt, thumbnails }, statistics };
}

/** videos.list items of the scenario's uploads among these ids (unknown ids are left out, as YouTube does). */
export function uploadVideoItems(ns: Namespace, ids: string[]): unknown[] {
  return ids.flatMap((id) => {
    const video = ns.scenario.uploadVideos?.[id];
    return video ? [uploadItem(id, video)] : [];
  });
}
