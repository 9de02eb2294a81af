// What statements should say, computed here from the world's rows with plain arithmetic (the product's
// rule written again: gross × bps / 10,000 rounded down; exact in doubles at these sizes).
import type { RevenueKind } from '../../../src/lib/api/statements';
import type { StatementsWorld } from './world';

export type Shares = Record<RevenueKind, number>;

export const floorShare = (gross: number, bps: number) => Math.floor((gross * bps) / 10_000);

/** Gross by kind of one channel month, as the statement splits it. */
export function grossOf(world: StatementsWorld, channelId: number, month: string): Record<RevenueKind, number> {
  const f = world.finance.find((r) => r.channel_id === channelId && r.month === month);
  const claimsOf = (id: number) =>
    world.claims.filter((c) => c.channel_id === id && c.month === month).reduce((s, c) => s + c.revenue_micros, 0);
  if (channelId === world.ugc) {
    const claimed = world.claims.filter((c) => c.month === month).reduce((s, c) => s + c.revenue_micros, 0);
    return { ads: 0, shorts: 0, claims: (f?.revenue_micros ?? 0) - claimed, adjustments: f?.adjustment_micros ?? 0 };
  }
  return {
    ads: (f?.revenue_micros ?? 0) - (f?.shorts_micros ?? 0),
    shorts: f?.shorts_micros ?? 0,
    claims: claimsOf(channelId),
    adjustments: f?.adjustment_micros ?? 0,
  };
}

/** A partner's amount of a month over the channels they are paid for, each with its shares. */
export function partnerAmount(world: StatementsWorld, month: string, paid: Array<{ channelId: number; shares: Shares }>): number {
  let sum = 0;
  for (const { channelId, shares } of paid) {
    const gross = grossOf(world, channelId, month);
    for (const kind of Object.keys(gross) as RevenueKind[]) sum += floorShare(gross[kind], shares[kind]);
  }
  return sum;
}

/** YouTube's total for the network in a month: every channel's revenue and adjustments. */
export const youtubeTotal = (world: StatementsWorld, month: string) =>
  world.finance.filter((f) => f.month === month).reduce((s, f) => s + f.revenue_micros + f.adjustment_micros, 0);
