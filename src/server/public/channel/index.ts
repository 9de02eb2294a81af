// The channel page's server functions, shared by the page and its compatibility paths.
export { getArchive, type ArchiveRow } from './archive';
export { getDailyData, type DailyData, type DailyRow, type DatedValue } from './daily';
export { getChannelInfo, type ChannelChanges, type ChannelInfo, type ChannelInfoFigures, type TopPositions } from './info';
export { channelIdSchema, channelParamsSchema, channelPeriodParamsSchema, findChannel } from './lookup';
export { getSimilarChannels, SIMILAR_LIMIT, type SimilarChannel } from './similar';
