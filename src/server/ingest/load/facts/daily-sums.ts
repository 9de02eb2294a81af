// Fast in-memory sums of one report per (channel, day), then per country and per video within it.
import type { ChannelKey } from '../channel-keys';
import type { DailyFacts } from './daily-plan';
import type { DailyFamily } from './fact-tables';
import { addInto, Grain, zeroSums, type Sums } from './grain';

interface Bucket {
  readonly key: ChannelKey;
  readonly day: string;
  readonly total: Sums;
  readonly countries: Map<string, Sums>;
  readonly videos: Map<string, Sums>;
  /** One value (views) by `${video id}|${country}`, when the family feeds the title x country grain. */
  readonly videoCountries: Map<string, Sums>;
  /** The first value (views, or partner revenue) by `${video id}|${country}` of claimed copies (UGC bucket only). */
  readonly copies: Map<string, Sums>;
}

function sumsIn(map: Map<string, Sums>, id: string, width: number): Sums {
  let sums = map.get(id);
  if (!sums) {
    sums = zeroSums(width);
    map.set(id, sums);
  }
  return sums;
}

/** Where a family's row adder puts a row's values: one file's sums, or a slice of its days. */
export interface DailySink {
  /** `live`: the row is of a live broadcast (the report's live_or_on_demand), so its video is a live one. */
  add(key: ChannelKey, day: string, country: string | null, videoId: string | null, values: readonly number[], live?: boolean): void;
}

/**
 * Report rows come grouped by day and channel, so the last bucket is kept at hand: a row then costs
 * two string comparisons and one short map lookup per grain instead of building composite keys.
 * @example const sums = new DailySums('basic', 8, true, 0); sums.add(key, day, 'US', videoId, values);
 */
export class DailySums implements DailySink {
  private readonly buckets = new Map<string, Bucket>();
  private last: Bucket | null = null;
  private rows = 0;
  private readonly liveVideos = new Set<string>();

  constructor(
    readonly family: DailyFamily,
    readonly width: number,
    readonly byCountry: boolean,
    /**
     * Also sum this one value (its position in `values`: views) per video and country, for the title x
     * country grain; one number per key keeps a large basic report's memory near what it was.
     */
    readonly videoCountryValue: number | null = null,
  ) {}

  add(key: ChannelKey, day: string, country: string | null, videoId: string | null, values: readonly number[], live = false): void {
    if (live && videoId !== null) this.liveVideos.add(videoId);
    let bucket = this.last;
    if (bucket === null || bucket.key !== key || bucket.day !== day) {
      const id = `${key ?? ''}|${day}`;
      bucket = this.buckets.get(id) ?? null;
      if (bucket === null) {
        bucket = {
          key,
          day,
          total: zeroSums(this.width),
          countries: new Map(),
          videos: new Map(),
          videoCountries: new Map(),
          copies: new Map(),
        };
        this.buckets.set(id, bucket);
      }
      this.last = bucket;
    }
    this.rows++;
    addInto(bucket.total, values);
    if (country !== null) addInto(sumsIn(bucket.countries, country, this.width), values);
    if (videoId !== null) addInto(sumsIn(bucket.videos, videoId, this.width), values);
    if (this.videoCountryValue !== null && videoId !== null && country !== null) {
      const sums = sumsIn(bucket.videoCountries, `${videoId}|${country}`, 1);
      sums[0] = (sums[0] ?? 0) + (values[this.videoCountryValue] ?? 0);
    }
    // A claimed copy's own figures: the family's first column is the one copy_daily keeps of it.
    if (key === null && videoId !== null && country !== null) {
      const sums = sumsIn(bucket.copies, `${videoId}|${country}`, 1);
      sums[0] = (sums[0] ?? 0) + (values[0] ?? 0);
    }
  }

  /** Rows added so far. */
  get rowCount(): number {
    return this.rows;
  }

  /** The sums as channel, country (when the report has countries), video and video x country grains. */
  toFacts(): DailyFacts {
    const facts: DailyFacts = {
      family: this.family,
      channel: new Grain(this.width),
      country: this.byCountry ? new Grain(this.width) : null,
      video: new Grain(this.width),
      videoCountry: this.videoCountryValue === null ? null : new Grain(1),
      copy: new Grain(1),
      slices: [...this.buckets.values()].map(({ key, day }) => [key, day] as const),
      liveVideos: new Set(this.liveVideos),
    };
    const { channel, country: byCountry, video, videoCountry, copy } = facts;
    for (const [id, { key, day, total, countries, videos, videoCountries, copies }] of this.buckets) {
      channel.create(id, [key, day], total);
      if (byCountry) for (const [country, sums] of countries) byCountry.create(`${id}|${country}`, [key, day, country], sums);
      for (const [videoId, sums] of videos) video.create(`${id}|${videoId}`, [key, day, videoId], sums);
      if (videoCountry) {
        for (const [pair, sums] of videoCountries) {
          const [videoId, country] = pair.split('|');
          videoCountry.create(`${id}|${pair}`, [key, day, videoId ?? '', country ?? ''], sums);
        }
      }
      for (const [pair, sums] of copies) {
        const [videoId, country] = pair.split('|');
        copy.create(`${id}|${pair}`, [key, day, videoId ?? '', country ?? ''], sums);
      }
    }
    return facts;
  }
}
