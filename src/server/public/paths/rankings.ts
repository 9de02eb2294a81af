// Compatibility paths of the rankings screens: top channels, top networks, a network's channels.
import type { PathTable } from '../context';
import { parseParams } from '../params';
import { getTopChannels } from '../rankings/channels';
import { getNetworkChannels, getTopNetworks } from '../rankings/networks';
import { networkChannelsSchema, topChannelsSchema, topNetworksSchema } from '../rankings/query';

export const rankingsPaths = {
  '/stat/get_top_channels': (ctx, params) => getTopChannels(ctx, parseParams(topChannelsSchema, params)),
  '/stat/get_top_networks': (ctx, params) => getTopNetworks(ctx, parseParams(topNetworksSchema, params)),
  '/stat/get_channels_top_by_mcn': (ctx, params) => getNetworkChannels(ctx, parseParams(networkChannelsSchema, params)),
} satisfies PathTable;
