// The channel page's server functions, shared by the page and its compatibility paths (their answer
// types are in src/lib/api/public-channels.ts).
export { getArchive } from './archive';
export { getDailyData } from './daily';
export { getChannelInfo } from './info';
export { channelIdSchema, channelParamsSchema, channelPeriodParamsSchema, findChannel } from './lookup';
export { getSimilarChannels, SIMILAR_LIMIT } from './similar';
export { getProjections, type ChannelProjections } from './projection';
export { getChannelUploads } from './uploads';
