// The fake Data API v3: channels, mostPopular pages, videos by id, live search, uploads playlists, reference lists, from fixtures.
import { readJsonFixture } from './fixtures';
import { requireApiKey } from './google-auth';
import { googleError, json, type FakeRequest, type FakeResponse } from './responses';
import type { Namespace } from './state';
import { playlistItems, uploadVideoItems } from './uploads';

interface Item {
  id: string | { videoId?: string };
  snippet: {
    channelId?: string;
    title: string;
    liveBroadcastContent?: string;
    thumbnails?: unknown;
    channelTitle?: string;
    publishedAt?: string;
  };
}
interface ListFixture {
  kind: string;
  items: Item[];
  nextPageToken?: string;
}

const DATA = 'youtube/data_api';
const CHANNELS_2022 = `${DATA}/channels.list_snippet-contentDetails-statistics-brandingSettings_2022.json`;
const MOST_POPULAR = `${DATA}/videos.list_chart-mostPopular_snippet-player_2019.trimmed.json`;
/** The second chart page: the recorded video resource (with statistics) as a one-item list. */
const SECOND_PAGE_VIDEO = `${DATA}/video_resource_snippet-contentDetails-status-statistics-topicDetails_2019.json`;
const LIVE_VIDEOS = 'ingest/videos.list_liveStreamingDetails.json';
const REFERENCE: Record<string, string> = {
  videoCategories: `${DATA}/videoCategories.list_regionCode_2019.json`,
  i18nLanguages: `${DATA}/i18nLanguages.list_2019.json`,
  i18nRegions: `${DATA}/i18nRegions.list_2019.json`,
};

const list = (ref: string) => readJsonFixture(ref) as ListFixture;
const ids = (req: FakeRequest) => (req.query.get('id') ?? '').split(',').filter(Boolean);

function channels(ns: Namespace, req: FakeRequest): FakeResponse {
  const pool = new Map<string, Item>();
  for (const ref of ns.scenario.channelFixtures ?? [CHANNELS_2022]) for (const item of list(ref).items) pool.set(String(item.id), item);
  const items = ids(req).flatMap((id) => pool.get(id) ?? []);
  return json({
    kind: 'youtube#channelListResponse',
    etag: 'fake',
    pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    items,
  });
}

function videos(ns: Namespace, req: FakeRequest): FakeResponse {
  if (req.query.get('chart') === 'mostPopular') {
    if (req.query.get('pageToken') === list(MOST_POPULAR).nextPageToken) {
      return json({ kind: 'youtube#videoListResponse', etag: 'fake', items: [readJsonFixture(SECOND_PAGE_VIDEO)] });
    }
    return json(list(MOST_POPULAR));
  }
  const wanted = new Set(ids(req));
  const live = list(LIVE_VIDEOS).items.filter((item) => wanted.has(String(item.id)));
  return json({ ...list(LIVE_VIDEOS), items: [...live, ...uploadVideoItems(ns, ids(req))] });
}

/** search.list?eventType=live&channelId=…: the channel's live videos among the recorded streams. */
function search(req: FakeRequest): FakeResponse {
  if (req.query.get('eventType') !== 'live' || req.query.get('type') !== 'video')
    return googleError(400, 'only live video searches are faked');
  const items = list(LIVE_VIDEOS)
    .items.filter((v) => v.snippet.channelId === req.query.get('channelId') && v.snippet.liveBroadcastContent === 'live')
    .map((v) => ({ kind: 'youtube#searchResult', etag: 'fake', id: { kind: 'youtube#video', videoId: v.id }, snippet: v.snippet }));
  return json({
    kind: 'youtube#searchListResponse',
    etag: 'fake',
    regionCode: 'US',
    pageInfo: { totalResults: items.length, resultsPerPage: 50 },
    items,
  });
}

/** Routes /data/v3/<resource>. */
export function dataApi(ns: Namespace, req: FakeRequest): FakeResponse {
  const denied = requireApiKey(req);
  if (denied) return denied;
  const resource = req.path.split('/').filter(Boolean)[2] ?? '';
  if (resource === 'channels') return channels(ns, req);
  if (resource === 'videos') return videos(ns, req);
  if (resource === 'playlistItems') return playlistItems(ns, req);
  if (resource === 'search') return search(req);
  const reference = REFERENCE[resource];
  if (reference) return json(readJsonFixture(reference));
  return googleError(404, `No such resource ${resource}`, 'notFound');
}
