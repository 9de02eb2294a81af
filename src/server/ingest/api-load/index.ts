// Loaders for YouTube's JSON API responses (Data API, Analytics API) into D1: one batch per call.
export { loadAnalyticsAudience, loadAnalyticsDaily } from './analytics';
export { isChannelId, upsertChannelStatements, upsertChannels, type PublicChannel } from './channels';
export { loadLiveBroadcasts } from './live';
export { loadReferenceData, type ReferenceData } from './reference';
export { loadChannelSnapshots, loadSnapshotPages, type SnapshotPage } from './snapshots';
export { loadChannelUploads, uploadsPlaylistStatements, type ChannelUploadList } from './uploads';
export { loadTrendCharts, loadTrendPositions, TREND_DESCRIPTION_MAX_CHARS, type TrendChart } from './trends';
export { unixSeconds } from './unix-time';
