// Compatibility paths of the trends screens: the hourly chart, a trending video, a channel's trends.
import { clampTrendHour } from '../../../lib/trends/hour';
import { notFound } from '../../http/errors';
import type { PathTable } from '../context';
import { getTrendChannel } from '../trend-channel';
import { mainCountry, parseParams, requireCountry, trendChannelSchema, trendsMainSchema, trendVideoSchema } from '../trend-params';
import { getTrendVideo } from '../trend-video';
import { getTrendItems } from '../trends';

export const trendsPaths = {
  '/trends/main': async (ctx, params) => {
    const q = parseParams(trendsMainSchema, params);
    const country = mainCountry(q);
    await requireCountry(ctx, country, q.country_trends ? 'country_trends' : 'country');
    return getTrendItems(ctx, { country, hour: clampTrendHour(q.hour, ctx.now), limit: q.limit, offset: q.offset });
  },
  '/trends/video': async (ctx, params) => {
    const q = parseParams(trendVideoSchema, params);
    const report = await getTrendVideo(ctx, q.video_id, q.country_trends);
    if (!report) throw notFound(`No trending video ${q.video_id}.`);
    return report;
  },
  '/trends/channel': async (ctx, params) => {
    const q = parseParams(trendChannelSchema, params);
    const report = await getTrendChannel(ctx, q.channel_id, q.period, q.country_trends);
    if (!report) throw notFound(`No channel ${q.channel_id}.`);
    return report;
  },
} satisfies PathTable;
