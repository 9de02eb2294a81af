// Loaders for YouTube's JSON API responses (Data API, Analytics API) into D1: one batch per call.
export { loadAnalyticsAudience, loadAnalyticsDaily } from './analytics';
export { isChannelId, upsertChannels, type PublicChannel } from './channels';
export { loadLiveBroadcasts } from './live';
export { loadReferenceData, type ReferenceData } from './reference';
export { loadChannelSnapshots } from './snapshots';
export { loadTrendPositions, TREND_DESCRIPTION_MAX_CHARS } from './trends';
export { unixSeconds } from './unix-time';
