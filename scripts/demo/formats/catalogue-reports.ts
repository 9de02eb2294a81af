// The CMS snapshots: content_owner_video_metadata_a4 (videos, their titles' custom ids) and content_owner_active_claims_a3 (copies).
import { slugify } from '../generate/names';
import type { IllegalCopyRecord, TitleRecord, VideoRecord } from '../generate/records';
import { CsvText, isoTime } from './csv';
import type { DemoFile } from './report-file';

const METADATA_HEADER = [
  'video_id',
  'channel_id',
  'channel_display_name',
  'time_uploaded',
  'time_published',
  'video_title',
  'video_length',
  'video_privacy_status',
  'custom_id',
];
const CLAIMS_HEADER = [
  'claim_id',
  'channel_id',
  'video_id',
  'reference_video_id',
  'custom_id',
  'claim_status',
  'claim_origin',
  'video_title',
  'channel_display_name',
  'views',
  'claim_policy_block',
  'claim_created_date',
];

/**
 * The CMS custom id the network gives every video of a title (the importer's title key): the title's
 * name as a slug, with its number when two names share one.
 */
export function customIds(titles: readonly TitleRecord[]): Map<number, string> {
  const seen = new Set<string>();
  const out = new Map<number, string>();
  for (const title of titles) {
    let id = slugify(title.title) || `title-${title.id}`;
    if (seen.has(id)) id = `${id}-${title.id}`;
    seen.add(id);
    out.set(title.id, id);
  }
  return out;
}

export interface CatalogueInput {
  owner: string;
  videos: readonly VideoRecord[];
  /** YouTube id and name per partner channel id. */
  channels: ReadonlyMap<number, { youtubeId: string | null; title: string }>;
  customIds: ReadonlyMap<number, string>;
  copies: readonly IllegalCopyRecord[];
}

/** Every partner video, titles first-seen in title order (so the importer numbers them in that order). */
export function videoMetadataReport(input: CatalogueInput): DemoFile {
  const csv = new CsvText(METADATA_HEADER);
  const ordered = [...input.videos].sort(
    (a, b) =>
      (a.titleId ?? 0) - (b.titleId ?? 0) ||
      a.channelId - b.channelId ||
      (a.publishedAt ?? 0) - (b.publishedAt ?? 0) ||
      (a.videoId < b.videoId ? -1 : 1),
  );
  for (const video of ordered) {
    const channel = input.channels.get(video.channelId);
    if (!channel?.youtubeId) continue;
    const published = video.publishedAt === null ? null : isoTime(video.publishedAt);
    csv.add([
      video.videoId,
      channel.youtubeId,
      channel.title,
      published,
      published,
      video.videoTitle,
      video.durationSeconds,
      published === null ? 'private' : 'public',
      video.titleId === null ? null : (input.customIds.get(video.titleId) ?? null),
    ]);
  }
  return { path: `reports/catalogue/content_owner_video_metadata_a4_${input.owner}.csv`, text: csv.text() };
}

/**
 * One active claim per copy. The reference video is the owner's video the copy copies (so the importer
 * finds the partner channel and title, and keeps the video); a blocking policy names the copy's country.
 */
export function activeClaimsReport(input: CatalogueInput): DemoFile {
  const csv = new CsvText(CLAIMS_HEADER);
  for (const copy of input.copies) {
    csv.add([
      copy.claimId,
      copy.uploaderYoutubeId,
      copy.videoId,
      copy.referenceVideoId,
      copy.titleId === null ? null : (input.customIds.get(copy.titleId) ?? null),
      'active',
      'Video Match',
      copy.videoTitle,
      copy.uploaderTitle,
      copy.views,
      copy.claimStatus === 'blocked' ? copy.countryCode : '',
      copy.detectedOn,
    ]);
  }
  return { path: `reports/catalogue/content_owner_active_claims_a3_${input.owner}.csv`, text: csv.text() };
}
