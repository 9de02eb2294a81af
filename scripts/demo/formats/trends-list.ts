// Hourly trend charts as videos.list?chart=mostPopular responses: one page of 50 per country and hour.
import type { TrendPositionRecord, TrendVideoRecord } from '../generate/records';
import { isoTime } from './csv';
import { etag, listPage, videoThumbnails } from './data-api';

/** The chart of one country at one hour, in position order. */
export interface TrendChartInput {
  country: string;
  hour: number;
  positions: readonly TrendPositionRecord[];
}

export interface ChartChannel {
  youtubeId: string;
  title: string;
}

/**
 * One mostPopular page. Counters are the video's at that hour; dislikeCount is included as the
 * pre-2022 API returned it (the trend pages show dislikes).
 */
export function mostPopularPage(
  chart: TrendChartInput,
  videos: ReadonlyMap<string, TrendVideoRecord>,
  channels: ReadonlyMap<number, ChartChannel>,
) {
  const items = chart.positions.map((p) => {
    const video = videos.get(p.videoId);
    const channel = video ? channels.get(video.channelId) : undefined;
    if (!video || !channel) throw new Error(`trend video ${p.videoId} or its channel is unknown`);
    const statistics: Record<string, string> = { viewCount: String(p.views), favoriteCount: '0' };
    if (p.likes !== null) statistics.likeCount = String(p.likes);
    if (p.dislikes !== null) statistics.dislikeCount = String(p.dislikes);
    if (p.comments !== null) statistics.commentCount = String(p.comments);
    return {
      kind: 'youtube#video',
      etag: etag(p.videoId, chart.hour, p.views),
      id: p.videoId,
      snippet: {
        publishedAt: isoTime(video.publishedAt),
        channelId: channel.youtubeId,
        title: video.videoTitle,
        description: video.description,
        thumbnails: videoThumbnails(video.thumbnailUrl),
        channelTitle: channel.title,
        ...(video.categoryId === null ? {} : { categoryId: String(video.categoryId) }),
        liveBroadcastContent: 'none',
      },
      statistics,
    };
  });
  return listPage('videoListResponse', items, `${chart.country}/${chart.hour}`);
}
