// Which channels each demo user sees: the partner a spread of channels, the others the whole network.
import type { Context } from './calendar';
import { unixSeconds } from './dates';
import type { PartnerChannel } from './model';
import type { People } from './people';
import type { ChannelGrantRecord, NetworkGrantRecord } from './records';

export interface Grants {
  channelGrants: ChannelGrantRecord[];
  networkGrants: NetworkGrantRecord[];
}

/**
 * Channels for the partner user: big, middle and small ones alike (every n-th by size),
 * never the in-house or UGC channel.
 */
export function partnerUserChannels(channels: PartnerChannel[], count: number): PartnerChannel[] {
  const regular = channels
    .filter((channel) => channel.record.isUgc === 0 && channel.record.isInhouse === 0)
    .sort((a, b) => b.model.baseViews - a.model.baseViews);
  const step = regular.length / Math.max(1, count);
  const picked = new Set<PartnerChannel>();
  for (let i = 0; i < count && i < regular.length; i++) {
    picked.add(regular[Math.floor(i * step + 1) % regular.length] as PartnerChannel);
  }
  return [...picked].sort((a, b) => a.record.id - b.record.id);
}

/**
 * The network owner, the in-house user (limited by only_inhouse_channels) and the analytics user
 * hold a network grant; the partner user holds channel grants.
 */
export function generateGrants(ctx: Context, people: People, networkId: number, channels: PartnerChannel[]): Grants {
  const createdAt = unixSeconds(ctx.calendar.firstFactDay - 7);
  const { roleUserId } = people;
  return {
    channelGrants: partnerUserChannels(channels, ctx.scale.partnerUserChannels).map((channel) => ({
      userId: roleUserId.partner,
      channelId: channel.record.id,
      createdAt,
    })),
    networkGrants: [roleUserId.network, roleUserId.inhouse, roleUserId.analytics].map((userId) => ({ userId, networkId, createdAt })),
  };
}
