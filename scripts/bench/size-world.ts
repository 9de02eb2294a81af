// The size benchmark's one network, drawn by the demo generator but shaped like a real content owner's:
// hundreds of videos per channel, every channel watched in all of the generator's 41 countries.
import { COUNTRIES } from '../demo/generate/geo';
import type { PartnerChannel } from '../demo/generate/model';
import { SCALES, type Scale } from '../demo/generate/scale';
import { buildWorld, type World } from '../demo/generate/world';

/** Average videos per channel (the generator gives big channels up to 3x, small ones 0.3x). */
export const VIDEOS_PER_CHANNEL = 300;
/** Titles drawn per channel of the network (shows; a channel publishes 1-8 of them). */
const TITLES_PER_CHANNEL = 5;
/**
 * Daily views of a channel, at most: the generator's biggest demo channel has 2.5 M a day, whose
 * video x country rows alone would be most of the benchmark's time; a mid-size channel keeps the
 * content-owner shape (hundreds of videos with views in tens of countries) at a cost the bench can load.
 */
export const MAX_DAILY_VIEWS = 150_000;
/** Share of a channel's views that comes from outside its own countries (the generator keeps 6-41). */
const GLOBAL_TAIL = 0.15;

export interface SizeWorldOptions {
  seed: number;
  today: string;
  /** Channels of the largest step (the UGC pseudo-channel is left out of the reports). */
  channels: number;
  days: number;
  /** Average videos per channel (default VIDEOS_PER_CHANNEL): fewer make fewer report rows a channel-day. */
  videosPerChannel?: number;
  /**
   * Daily views of a channel, at least: the generator's many small channels have a handful of video x
   * country cells a day; a floor gives every channel a content owner's rows (bench:sync's 1,000-channel day).
   */
  minDailyViews?: number;
}

/** The demo scale with this many channels and days, and no public side (the benchmark measures partner data). */
function sizeScale(options: SizeWorldOptions): Scale {
  return {
    ...SCALES.tiny,
    // +1: the generator always makes a UGC pseudo-channel, which has no videos of its own.
    partnerChannels: options.channels + 1,
    titles: (options.channels + 1) * TITLES_PER_CHANNEL,
    videosPerChannel: options.videosPerChannel ?? VIDEOS_PER_CHANNEL,
    factDays: options.days,
    publicChannels: 0,
    publicNetworks: 0,
    illegalCopies: 0,
    broadcasts: 0,
    partnerUserChannels: 0,
  };
}

/** Caps a channel's views and adds every other country with a small global share. */
function contentOwnerShape(channel: PartnerChannel, minDailyViews: number): void {
  const model = channel.model;
  model.baseViews = Math.max(Math.min(model.baseViews, MAX_DAILY_VIEWS), minDailyViews);
  const own = new Map(model.countries.map((c) => [c.code, c]));
  const globalTotal = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);
  model.countries = COUNTRIES.map((country) => ({
    code: country.code,
    share: (1 - GLOBAL_TAIL) * (own.get(country.code)?.share ?? 0) + (GLOBAL_TAIL * country.weight) / globalTotal,
    rpm: country.rpm,
  }));
}

/**
 * The network, its channels in report order (the UGC pseudo-channel left out).
 * @example sizeWorld({ seed: 7, today: '2026-11-23', channels: 32, days: 365 }).channels.length // 32
 */
export function sizeWorld(options: SizeWorldOptions): { world: World; channels: PartnerChannel[] } {
  const world = buildWorld({ seed: options.seed, today: options.today, scale: sizeScale(options) }, (channels) => {
    // Every channel reports the whole period (the generator lets some join the network later), so
    // each step adds the same channel-days per channel.
    const first = Math.min(...channels.map((c) => c.factsStart));
    for (const channel of channels) {
      channel.factsStart = first;
      contentOwnerShape(channel, options.minDailyViews ?? 0);
    }
  });
  return { world, channels: world.partnerChannels.filter((c) => c.record.isUgc === 0) };
}

/**
 * The channels a step adds, so that every step has the generator's size mix: channel i belongs to the
 * first step whose total (1, 4, 16 ... units of `perUnit` channels) reaches its position in a
 * round-robin over units, so the 1x network is not simply the biggest channels.
 * @example stepChannels(channels, [1, 4, 16], 2)[0].length // 2
 */
export function stepChannels<T>(channels: readonly T[], steps: readonly number[], perUnit: number): T[][] {
  const units = steps[steps.length - 1] ?? 1;
  // Unit u takes channels u, u + units, u + 2 units ...: each unit spans the whole size range.
  const byUnit = Array.from({ length: units }, (_, u) => channels.filter((_, i) => i % units === u).slice(0, perUnit));
  let from = 0;
  return steps.map((step) => {
    const added = byUnit.slice(from, step).flat();
    from = step;
    return added;
  });
}
