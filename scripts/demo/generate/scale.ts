// How much data each scale generates: demo for first start, large for benchmarks, tiny for tests.

export const SCALE_NAMES = ['tiny', 'demo', 'large'] as const;
export type ScaleName = (typeof SCALE_NAMES)[number];

export interface Scale {
  name: ScaleName;
  /** Channels of the partner network, the in-house channel and the UGC pseudo-channel included. */
  partnerChannels: number;
  titles: number;
  /** Average videos per partner channel (bigger channels get more). */
  videosPerChannel: number;
  /** Days of partner facts, ending two days before today (YouTube's report lag). */
  factDays: number;
  /** Tracked public channels besides the partner ones. */
  publicChannels: number;
  /** Public networks besides the partner network. */
  publicNetworks: number;
  /** Months of public history, the current month to date included. */
  historyMonths: number;
  /** Days of public snapshots, ending yesterday. */
  snapshotDays: number;
  trendDays: number;
  trendCountries: readonly string[];
  illegalCopies: number;
  broadcasts: number;
  /** Channels granted one by one to the partner demo user. */
  partnerUserChannels: number;
  /** Positions stored per ranking list (the ranking pages show 200). */
  rankingDepth: number;
}

const TREND_COUNTRIES = ['US', 'GB', 'IN', 'BR', 'DE', 'FR', 'JP', 'KR', 'MX', 'CA', 'RU', 'ES'];

export const SCALES: Readonly<Record<ScaleName, Scale>> = {
  tiny: {
    name: 'tiny',
    partnerChannels: 8,
    titles: 12,
    videosPerChannel: 8,
    factDays: 100,
    publicChannels: 60,
    publicNetworks: 4,
    historyMonths: 13,
    snapshotDays: 90,
    trendDays: 1,
    trendCountries: TREND_COUNTRIES.slice(0, 10),
    illegalCopies: 40,
    broadcasts: 4,
    partnerUserChannels: 3,
    rankingDepth: 1000,
  },
  demo: {
    name: 'demo',
    partnerChannels: 60,
    titles: 150,
    videosPerChannel: 55,
    factDays: 730,
    publicChannels: 3000,
    publicNetworks: 30,
    historyMonths: 13,
    snapshotDays: 90,
    trendDays: 14,
    trendCountries: TREND_COUNTRIES.slice(0, 10),
    illegalCopies: 1500,
    broadcasts: 8,
    partnerUserChannels: 8,
    rankingDepth: 1000,
  },
  large: {
    name: 'large',
    partnerChannels: 500,
    titles: 900,
    videosPerChannel: 150,
    factDays: 1095,
    publicChannels: 100_000,
    publicNetworks: 80,
    historyMonths: 13,
    snapshotDays: 90,
    trendDays: 14,
    trendCountries: TREND_COUNTRIES,
    illegalCopies: 12_000,
    broadcasts: 12,
    partnerUserChannels: 25,
    rankingDepth: 1000,
  },
};

/** Parses a scale name (from the command line). */
export function parseScale(name: string): Scale {
  const scale = (SCALES as Record<string, Scale | undefined>)[name];
  if (!scale) throw new Error(`Unknown scale "${name}": use ${SCALE_NAMES.join(', ')}`);
  return scale;
}
