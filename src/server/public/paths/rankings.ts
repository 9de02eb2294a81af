// Compatibility paths of the rankings screens: top channels, top networks, a network's channels. Each
// answers a page of rows (`page` and `limit`); the pages show the total beside them.
import type { PathTable } from '../context';
import { parseParams } from '../params';
import { getTopChannels } from '../rankings/channels';
import { getNetworkChannels, getTopNetworks } from '../rankings/networks';
import { networkChannelsSchema, topChannelsSchema, topNetworksSchema } from '../rankings/query';

export const rankingsPaths = {
  '/stat/get_top_channels': async (ctx, params) => (await getTopChannels(ctx, parseParams(topChannelsSchema, params))).rows,
  '/stat/get_top_networks': async (ctx, params) => (await getTopNetworks(ctx, parseParams(topNetworksSchema, params))).rows,
  '/stat/get_channels_top_by_mcn': async (ctx, params) => (await getNetworkChannels(ctx, parseParams(networkChannelsSchema, params))).rows,
} satisfies PathTable;
