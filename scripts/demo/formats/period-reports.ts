// A few months of a channel group's partner facts as five content-owner reports: basic, estimated revenue, reach,
// traffic sources, demographics.
import type { AudienceCell } from '../generate/audience';
import { dayNumber, weekday } from '../generate/dates';
import type { ChannelDayFacts } from '../generate/facts';
import { compactDay, CsvText, usd } from './csv';
import { dayLines } from './partner-day';
import type { PartnerVideos } from './partner-videos';
import { PARTNER_REVENUE_REQUIRED } from '../../../src/server/ingest/parse/families/partner-revenue';
import { REACH_REQUIRED } from '../../../src/server/ingest/parse/families/reach';
import { compactMonth, type DemoFile } from './report-file';

/** The dimensions the basic and demographics reports open with, in YouTube's column order. */
const VIDEO_DAY_KEY = [
  'date',
  'channel_id',
  'video_id',
  'claimed_status',
  'uploader_type',
  'live_or_on_demand',
  'subscribed_status',
  'country_code',
];
/**
 * content_owner_basic_a4, engaged views after views as in the channel report's observed header;
 * metrics the generator does not model are left out.
 */
export const BASIC_HEADER = [
  ...VIDEO_DAY_KEY,
  'views',
  'engaged_views',
  'comments',
  'shares',
  'watch_time_minutes',
  'subscribers_gained',
  'subscribers_lost',
  'likes',
  'dislikes',
];
/** The estimated revenue report's required columns: the demo fills only those. */
export const REVENUE_HEADER = [...PARTNER_REVENUE_REQUIRED];
/** content_owner_reach_basic_a1's observed header. */
export const REACH_HEADER = [...REACH_REQUIRED];
/**
 * content_owner_traffic_source_a3: the observed channel_traffic_source_a3 header with claimed_status and
 * uploader_type after video_id, as every content-owner report has them.
 */
export const TRAFFIC_HEADER = [
  ...VIDEO_DAY_KEY,
  'traffic_source_type',
  'traffic_source_detail',
  'views',
  'engaged_views',
  'watch_time_minutes',
  'average_view_duration_seconds',
  'average_view_duration_percentage',
  'red_views',
  'red_watch_time_minutes',
];
export const DEMOGRAPHICS_HEADER = [...VIDEO_DAY_KEY, 'age_group', 'gender', 'views_percentage'];
const GENDER_CODES: Record<string, string> = { male: 'MALE', female: 'FEMALE', user_specified: 'GENDER_OTHER' };
const PERCENT_DIGITS = 6;
/**
 * Demographics are written for one day a week (Mondays): daily rows would cost as much to load as the
 * basic report, and the monthly audience the importer derives keeps the month's mix either way.
 */
const DEMOGRAPHICS_WEEKDAY = 1;

/** '25-34' -> 'AGE_25_34', '65+' -> 'AGE_65_' (the reports' trailing underscore). */
function ageCode(group: string): string {
  return `AGE_${group.replace('+', '_').replace('-', '_')}`;
}

/**
 * A month's audience cells as the demographics columns after the key: ',AGE_25_34,MALE,12.345678'.
 * @example audienceSuffixes([{ ageGroup: '25-34', gender: 'male', weight: 1 }]) // [',AGE_25_34,MALE,100.000000']
 */
export function audienceSuffixes(audience: readonly AudienceCell[]): string[] {
  const total = audience.reduce((sum, cell) => sum + cell.weight, 0);
  if (total <= 0) return [];
  return audience.map(
    (cell) =>
      `,${ageCode(cell.ageGroup)},${GENDER_CODES[cell.gender] ?? 'GENDER_OTHER'},${((100 * cell.weight) / total).toFixed(PERCENT_DIGITS)}`,
  );
}

/** Collects a period's rows (whole months), channel-day by channel-day, and turns them into its files. */
export class PeriodReports {
  private readonly basic = new CsvText(BASIC_HEADER);
  private readonly revenue = new CsvText(REVENUE_HEADER);
  private readonly demographics = new CsvText(DEMOGRAPHICS_HEADER);
  private readonly reach = new CsvText(REACH_HEADER);
  private readonly traffic = new CsvText(TRAFFIC_HEADER);
  private readonly suffixes = new Map<readonly AudienceCell[], string[]>();

  /**
   * First and last month ('YYYY-MM'); part names a channel group when the network is split over several
   * files; day ('YYYY-MM-DD') names a one-day file as YouTube's daily reports are named.
   */
  constructor(
    readonly first: string,
    readonly last: string,
    private readonly owner: string,
    private readonly part: number | null,
    private readonly day: string | null = null,
  ) {}

  /**
   * Adds a channel-day. On Mondays demographics go on the day's biggest row, with the month's audience
   * mix as shares of its signed-in viewers (the importer weights them by that row's views).
   */
  addDay(facts: ChannelDayFacts, videos: PartnerVideos, audience: readonly AudienceCell[]): void {
    const date = compactDay(facts.total.day);
    const lines = dayLines(facts, videos);
    for (const line of lines.basic) this.basic.addLine(`${date},${line}`);
    for (const [key, micros] of lines.revenue) this.revenue.addLine(`${date},${key},${usd(micros)}`);
    for (const line of lines.reach) this.reach.addLine(`${date},${line}`);
    for (const line of lines.traffic) this.traffic.addLine(`${date},${line}`);
    if (lines.mainKey === null || weekday(dayNumber(facts.total.day)) !== DEMOGRAPHICS_WEEKDAY) return;
    let suffixes = this.suffixes.get(audience);
    if (!suffixes) {
      suffixes = audienceSuffixes(audience);
      this.suffixes.set(audience, suffixes);
    }
    for (const suffix of suffixes) this.demographics.addLine(`${date},${lines.mainKey}${suffix}`);
  }

  get rows(): number {
    return this.basic.rows;
  }

  /**
   * The files, named so the importer (and npm run import) finds the report type and the network.
   * Demographics are written on Mondays only, so a period without one (a first month of two days) has
   * none, and no file: its header alone would be the same bytes in every channel group's file, which the
   * importer rightly takes as loaded already.
   */
  files(): DemoFile[] {
    const span = this.first === this.last ? compactMonth(this.first) : `${compactMonth(this.first)}-${compactMonth(this.last)}`;
    const months = this.day === null ? span : compactDay(this.day);
    const suffix = `${this.owner}_${months}${this.part === null ? '' : `_${this.part}`}.csv`;
    const folder = `reports/${months}`;
    return [
      { path: `${folder}/content_owner_basic_a4_${suffix}`, text: this.basic.text() },
      { path: `${folder}/content_owner_estimated_revenue_a1_${suffix}`, text: this.revenue.text() },
      ...(this.reach.rows > 0 ? [{ path: `${folder}/content_owner_reach_basic_a1_${suffix}`, text: this.reach.text() }] : []),
      ...(this.traffic.rows > 0 ? [{ path: `${folder}/content_owner_traffic_source_a3_${suffix}`, text: this.traffic.text() }] : []),
      ...(this.demographics.rows > 0
        ? [{ path: `${folder}/content_owner_demographics_a1_${suffix}`, text: this.demographics.text() }]
        : []),
    ];
  }
}
