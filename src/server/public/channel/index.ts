// The channel page's server functions, shared by the page and its compatibility paths.
export { getArchive } from './archive';
export { getDailyData } from './daily';
export { getChannelInfo } from './info';
export { channelIdSchema, channelParamsSchema, channelPeriodParamsSchema, findChannel } from './lookup';
export { getSimilarChannels, SIMILAR_LIMIT } from './similar';
export type {
  ArchiveRow,
  ChannelChanges,
  ChannelInfo,
  ChannelInfoFigures,
  DailyData,
  DailyRow,
  DatedValue,
  SimilarChannel,
  TopPositions,
} from '../../../lib/api/public-channels';
