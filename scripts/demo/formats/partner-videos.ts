// Which video a day's title slice is reported under: the channel's latest video of that title and type, or for the UGC channel a claimed copy.
import { isoDate } from '../generate/dates';
import { MS_PER_SECOND, SECONDS_PER_DAY } from '../../../src/lib/dates/time';
import type { PartnerChannel } from '../generate/model';
import type { IllegalCopyRecord, VideoRecord, VideoType } from '../generate/records';

/** The report row's uploader and video for a slice. */
export interface SliceVideo {
  /** channel_id in the report: the partner channel, or the third party that uploaded the copy. */
  channelId: string;
  videoId: string;
  uploaderType: 'self' | 'thirdParty';
}

interface Published {
  day: string;
  videoId: string;
}

/** Finds each slice's video for one partner channel. */
export class PartnerVideos {
  private readonly published = new Map<string, Published[]>();
  private readonly copies = new Map<number, IllegalCopyRecord[]>();

  constructor(
    readonly channel: PartnerChannel,
    videos: readonly VideoRecord[],
    copies: readonly IllegalCopyRecord[],
  ) {
    for (const video of videos) {
      if (video.publishedAt === null || video.titleId === null) continue;
      const key = `${video.titleId}/${video.type}`;
      const list = this.published.get(key) ?? [];
      list.push({ day: isoDate(Math.floor(video.publishedAt / SECONDS_PER_DAY)), videoId: video.videoId });
      this.published.set(key, list);
    }
    for (const list of this.published.values()) list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    if (channel.record.isUgc === 1) {
      // Claimed copies only where a title has any: a blocked copy earns nothing where it is blocked.
      const byTitle = new Map<number, IllegalCopyRecord[]>();
      for (const copy of [...copies].sort((a, b) => a.id - b.id)) {
        if (copy.titleId !== null) byTitle.set(copy.titleId, [...(byTitle.get(copy.titleId) ?? []), copy]);
      }
      for (const [titleId, list] of byTitle) {
        const claimed = list.filter((copy) => copy.claimStatus === 'claimed');
        this.copies.set(titleId, claimed.length > 0 ? claimed : list);
      }
    }
  }

  /** The video of a (title, type) slice on a day; null when the channel has none (never for generated slices). */
  slice(titleId: number, type: VideoType, day: string): SliceVideo | null {
    const { youtubeId } = this.channel.record;
    if (youtubeId === null) {
      const copies = this.copies.get(titleId) ?? [];
      // A title's claimed traffic goes to its copies in turn, a day each (video types a copy apart), so
      // each copy's own thirdParty rows (its views and earnings on the illegal copies pages) are a share
      // of the title's, as many uploads share a title's claims, not all of it on one copy.
      const turn = Math.floor(Date.parse(`${day}T00:00:00Z`) / (SECONDS_PER_DAY * MS_PER_SECOND)) + (type === 'full' ? 0 : 1);
      const copy = copies[turn % Math.max(1, copies.length)];
      return copy ? { channelId: copy.uploaderYoutubeId, videoId: copy.videoId, uploaderType: 'thirdParty' } : null;
    }
    const list = this.published.get(`${titleId}/${type}`) ?? [];
    let low = 0;
    let high = list.length - 1;
    let found: Published | undefined = list[0];
    while (low <= high) {
      const mid = (low + high) >> 1;
      const entry = list[mid] as Published;
      if (entry.day <= day) {
        found = entry;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found ? { channelId: youtubeId, videoId: found.videoId, uploaderType: 'self' } : null;
  }

  /** Where channel-level rows (empty video_id: subscribers on the channel page) are reported. */
  channelLevel(): SliceVideo | null {
    const { youtubeId } = this.channel.record;
    if (youtubeId !== null) return { channelId: youtubeId, videoId: '', uploaderType: 'self' };
    const first = [...this.copies.values()][0]?.[0];
    return first ? { channelId: first.uploaderYoutubeId, videoId: '', uploaderType: 'thirdParty' } : null;
  }
}
