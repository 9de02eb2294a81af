// The traffic sources call's answer (POST /api/stat/traffic), read by the server, the browser client and the tests.

/** Views, engaged views (0 from a2 reports) and watch time, summed over traffic sources. */
export interface TrafficTotals {
  views: number;
  engaged_views: number;
  watch_time_minutes: number;
}

/** One traffic source of the period (traffic_source_type, src/lib/traffic/source-types.ts). */
export interface TrafficSource extends TrafficTotals {
  source_type: number;
  /** The source's name; a code unknown to the table reads "Other (code N)". */
  name: string;
  /** Percent of the period's views from all sources, 2 decimals. */
  share: number;
  /** The source's views in the comparison period; null without one. */
  compare_views: number | null;
}

/** POST /api/stat/traffic: the period's totals, every source with views in it or the comparison (most views first). */
export interface TrafficAnswer extends TrafficTotals {
  sources: TrafficSource[];
  compare: TrafficTotals | null;
  /** Traffic is stored without its country: a countries filter is not applied, and the card says so. */
  not_filtered_by: Array<'countries'>;
}
