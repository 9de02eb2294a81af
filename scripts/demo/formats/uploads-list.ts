// Recent uploads as the uploads job reads them: playlistItems.list of the uploads playlist, videos.list of its videos.
import type { DemoUpload } from '../generate/uploads';
import { uploadCounts } from '../generate/uploads';
import { isoTime } from './csv';
import { etag, listPage, videoThumbnails } from './data-api';

/** playlistItems.list?part=contentDetails&playlistId=UU…&maxResults=12: the uploads published by `at`, newest first. */
export function uploadsPlaylistPage(channelId: string, uploads: readonly DemoUpload[], at: number) {
  const playlistId = `UU${channelId.slice(2)}`;
  return listPage(
    'playlistItemListResponse',
    uploads
      .filter((u) => u.publishedAt <= at)
      .map((u) => ({
        kind: 'youtube#playlistItem',
        etag: etag('playlistItem', u.videoId, at),
        id: etag(playlistId, u.videoId),
        contentDetails: { videoId: u.videoId, videoPublishedAt: isoTime(u.publishedAt) },
      })),
    `${playlistId}/${at}`,
  );
}

/** videos.list?part=snippet,statistics,contentDetails for uploads of one channel or several, their counts at `at`. */
export function uploadVideosPage(videos: ReadonlyArray<{ channelId: string; channelTitle: string; upload: DemoUpload }>, at: number) {
  return listPage(
    'videoListResponse',
    videos.map(({ channelId, channelTitle, upload }) => {
      const counts = uploadCounts(upload, at);
      return {
        kind: 'youtube#video',
        etag: etag('upload', upload.videoId, at),
        id: upload.videoId,
        snippet: {
          publishedAt: isoTime(upload.publishedAt),
          channelId,
          title: upload.title,
          description: '',
          thumbnails: videoThumbnails(upload.thumbnailUrl),
          channelTitle,
          categoryId: '24',
          liveBroadcastContent: 'none',
        },
        contentDetails: { duration: `PT${Math.floor(upload.durationSeconds / 60)}M${upload.durationSeconds % 60}S` },
        statistics: {
          viewCount: String(counts.views),
          ...(counts.likes === null ? {} : { likeCount: String(counts.likes) }),
          favoriteCount: '0',
          ...(counts.comments === null ? {} : { commentCount: String(counts.comments) }),
        },
      };
    }),
    `uploads/${videos[0]?.upload.videoId ?? ''}/${at}`,
  );
}
