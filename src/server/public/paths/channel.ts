// Compatibility paths of the channel page: channel_id ('UC' + 22) and, where a period applies, period.
import { getArchive, getChannelInfo, getChannelUploads, getDailyData, getSimilarChannels } from '../channel';
import { channelParamsSchema, channelPeriodParamsSchema } from '../channel/lookup';
import type { PathTable } from '../context';
import { parseParams } from '../params';

export const channelPaths = {
  '/stat/channel_info': (ctx, params) => {
    const q = parseParams(channelPeriodParamsSchema, params);
    return getChannelInfo(ctx, q.channel_id, q.period);
  },
  '/stat/get_daily_data': (ctx, params) => {
    const q = parseParams(channelPeriodParamsSchema, params);
    return getDailyData(ctx, q.channel_id, q.period);
  },
  '/stat/archive': (ctx, params) => getArchive(ctx, parseParams(channelParamsSchema, params).channel_id),
  '/stat/similar_channels': (ctx, params) => getSimilarChannels(ctx, parseParams(channelParamsSchema, params).channel_id),
  '/stat/channel_uploads': (ctx, params) => getChannelUploads(ctx, parseParams(channelParamsSchema, params).channel_id),
} satisfies PathTable;
