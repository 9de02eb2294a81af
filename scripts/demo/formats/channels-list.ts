// Public channel counters as channels.list responses: 50 channels a page, counts as strings, subscribers as YouTube rounds them.
import type { ChannelRecord } from '../generate/records';
import { isoTime } from './csv';
import { avatarThumbnails, etag, listPage, PAGE_SIZE } from './data-api';

/** A tracked channel's counters on one day (subscribers already rounded to 3 significant figures). */
export interface ChannelCounters {
  record: ChannelRecord;
  subscribers: number;
  views: number;
  videos: number;
}

/** One channels.list?part=snippet,contentDetails,statistics,brandingSettings item. */
function channelItem(day: string, c: ChannelCounters) {
  const { record } = c;
  const id = record.youtubeId ?? '';
  return {
    kind: 'youtube#channel',
    etag: etag(id, day, c.views),
    id,
    snippet: {
      title: record.title,
      description: '',
      publishedAt: isoTime(record.publishedAt ?? 0),
      thumbnails: avatarThumbnails(record.thumbnailUrl),
      localized: { title: record.title, description: '' },
      ...(record.countryCode && record.countryCode !== 'ZZ' ? { country: record.countryCode } : {}),
    },
    contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${id.slice(2)}` } },
    statistics: {
      viewCount: String(c.views),
      subscriberCount: String(c.subscribers),
      hiddenSubscriberCount: false,
      videoCount: String(c.videos),
    },
    brandingSettings: {
      channel: { title: record.title },
      ...(record.bannerUrl ? { image: { bannerExternalUrl: record.bannerUrl } } : {}),
    },
  };
}

/** The day's channels.list responses for these channels, PAGE_SIZE per page. */
export function channelsListPages(day: string, channels: readonly ChannelCounters[]): ReturnType<typeof channelListPage>[] {
  const pages = [];
  for (let i = 0; i < channels.length; i += PAGE_SIZE) pages.push(channelListPage(day, channels.slice(i, i + PAGE_SIZE)));
  return pages;
}

function channelListPage(day: string, channels: readonly ChannelCounters[]) {
  return listPage(
    'channelListResponse',
    channels.map((c) => channelItem(day, c)),
    `${day}/${channels[0]?.record.youtubeId ?? ''}`,
  );
}
