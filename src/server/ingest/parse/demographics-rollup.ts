// Rolls demographics up to views by age x gender, weighting each row's share by its key's views.
import type { BasicRow, DemographicsRow } from './families';
import { AGE_GROUPS, GENDERS, type AgeGroup, type Gender } from './vocabulary';

const PERCENT = 100;

type KeyFields = Pick<
  DemographicsRow,
  'date' | 'channelId' | 'videoId' | 'claimedStatus' | 'uploaderType' | 'liveOrOnDemand' | 'subscribedStatus' | 'countryCode'
>;

/**
 * The row key within which views_percentage is a share: every dimension of the demographics
 * report except age_group and gender, i.e. (date, channel, video, claimed_status, uploader_type,
 * live_or_on_demand, subscribed_status, country). The same fields exist on basic rows, which
 * is where the views come from. (Google does not state the key outright; this is the report's
 * own grain, the only reading under which the shares of one key sum to 100.)
 */
export function demographicsKey(row: KeyFields): string {
  return `${row.date}|${row.channelId}|${demographicsKeyWithinDay(row)}`;
}

/**
 * The key without its date and channel: what tells a row apart within its channel's day. Weights staged
 * per (channel, day) store only this part (import_staged_weights): `date|channel|` in front of it gives
 * demographicsKey back.
 */
export function demographicsKeyWithinDay(row: Omit<KeyFields, 'date' | 'channelId'>): string {
  return `${row.videoId ?? ''}|${row.claimedStatus ?? ''}|${row.uploaderType ?? ''}|${row.liveOrOnDemand}|${row.subscribedStatus}|${row.countryCode}`;
}

/** Views per demographics key, summed from the basic report of the same days. */
export function viewsByDemographicsKey(basicRows: Iterable<BasicRow>): Map<string, number> {
  const views = new Map<string, number>();
  for (const row of basicRows) {
    const key = demographicsKey(row);
    views.set(key, (views.get(key) ?? 0) + row.views);
  }
  return views;
}

export interface DemographicsCell {
  readonly ageGroup: AgeGroup;
  readonly gender: Gender;
  /** Estimated views (fractional): sum over keys of key views x share / 100. */
  readonly views: number;
}

export interface DemographicsRollup {
  /** Every age x gender cell, in AGE_GROUPS then GENDERS order, zeros included. */
  readonly cells: DemographicsCell[];
  readonly totalViews: number;
  /** Keys that have shares but no views in viewsByKey: they add nothing. */
  readonly keysWithoutViews: number;
}

/**
 * Weighted roll-up: never averages percentages (a 60% share of 1,000 views outweighs a 10%
 * share of 100). Shares are not rescaled when a key's cells sum to under 100 (YouTube leaves out
 * cells with too little data): those views stay unattributed rather than being guessed.
 * @example rollUpDemographics(report.rows, viewsByDemographicsKey(basic.rows))
 */
export function rollUpDemographics(rows: Iterable<DemographicsRow>, viewsByKey: ReadonlyMap<string, number>): DemographicsRollup {
  const sums = new Float64Array(AGE_GROUPS.length * GENDERS.length);
  const missing = new Set<string>();
  for (const row of rows) {
    const key = demographicsKey(row);
    const views = viewsByKey.get(key);
    if (views === undefined) {
      missing.add(key);
      continue;
    }
    const cell = AGE_GROUPS.indexOf(row.ageGroup) * GENDERS.length + GENDERS.indexOf(row.gender);
    sums[cell] = (sums[cell] ?? 0) + (views * row.viewsPercentage) / PERCENT;
  }
  const cells = AGE_GROUPS.flatMap((ageGroup, a) =>
    GENDERS.map((gender, g) => ({ ageGroup, gender, views: sums[a * GENDERS.length + g] ?? 0 })),
  );
  const totalViews = cells.reduce((sum, c) => sum + c.views, 0);
  return { cells, totalViews, keysWithoutViews: missing.size };
}
