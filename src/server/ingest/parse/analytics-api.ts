// YouTube Analytics API reports.query results (channels without a CMS) to our daily records.
import * as z from 'zod';
import { ApiResponseError, ValueError } from './report-error';
import * as v from './values';
import { toAgeGroup, toGender, type AgeGroup, type Gender } from './vocabulary';

const SOURCE = 'reports.query';

export const analyticsQueryResponseSchema = z.object({
  kind: z.literal('youtubeAnalytics#resultTable'),
  columnHeaders: z
    .array(
      z.object({
        name: z.string().min(1),
        columnType: z.enum(['DIMENSION', 'METRIC']),
        dataType: z.string(),
      }),
    )
    .min(1),
  /** Omitted entirely when there is no data. */
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).optional(),
});
export type AnalyticsQueryResponse = z.infer<typeof analyticsQueryResponseSchema>;
type Cell = string | number | null;

type MetricKind = 'count' | 'net' | 'decimal' | 'micros';
/** Analytics API metric -> our field and how to read it; other metrics are ignored. */
const DAILY_METRICS = {
  views: ['views', 'count'],
  estimatedMinutesWatched: ['watchTimeMinutes', 'decimal'],
  subscribersGained: ['subscribersGained', 'count'],
  subscribersLost: ['subscribersLost', 'count'],
  likes: ['likes', 'net'],
  dislikes: ['dislikes', 'net'],
  comments: ['comments', 'count'],
  shares: ['shares', 'count'],
  estimatedRevenue: ['estimatedRevenueMicros', 'micros'],
} as const satisfies Record<string, readonly [string, MetricKind]>;
type DailyField = (typeof DAILY_METRICS)[keyof typeof DAILY_METRICS][0];
const DAILY_DIMENSIONS = new Set(['day', 'country', 'video']);

/** One day of a channel (optionally per country / video); null = metric not requested. */
export type AnalyticsDailyRow = {
  date: string;
  channelId: string;
  countryCode: string | null;
  videoId: string | null;
} & Record<DailyField, number | null>;

function parseResponse(response: unknown): AnalyticsQueryResponse {
  const parsed = analyticsQueryResponseSchema.safeParse(response);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiResponseError(SOURCE, `${issue?.path.join('.') || 'response'}: ${issue?.message ?? 'invalid'}`);
}

function readMetric(cell: Cell, kind: MetricKind, name: string): number {
  if (typeof cell !== 'number' || !Number.isFinite(cell)) throw new ValueError(`${name}: ${JSON.stringify(cell)} is not a number`);
  if (kind === 'micros') return v.microsFromNumber(cell, name);
  if ((kind === 'count' || kind === 'net') && !Number.isInteger(cell)) throw new ValueError(`${name}: ${cell} is not a whole number`);
  if (kind !== 'net' && cell < 0) throw new ValueError(`${name}: ${cell} is negative`);
  return cell;
}

/** Runs `read` over the rows, turning a bad value into an error naming the row. */
function mapRows<T>(table: AnalyticsQueryResponse, read: (row: Cell[]) => T): T[] {
  return (table.rows ?? []).map((row, i) => {
    try {
      if (row.length !== table.columnHeaders.length)
        throw new ValueError(`expected ${table.columnHeaders.length} cells, found ${row.length}`);
      return read(row);
    } catch (error) {
      if (error instanceof ValueError) throw new ApiResponseError(SOURCE, `row ${i + 1}: ${error.message}`);
      throw error;
    }
  });
}

const columnOf = (table: AnalyticsQueryResponse, name: string) => table.columnHeaders.findIndex((h) => h.name === name);
const text = (cell: Cell | undefined, name: string) => {
  if (typeof cell !== 'string') throw new ValueError(`${name}: ${JSON.stringify(cell)} is not text`);
  return cell;
};

/**
 * Maps a `dimensions=day[,country|video]` result. An empty result (no `rows`) is no rows.
 * @example toAnalyticsDailyRows(await res.json(), { channelId: 'UC…' })
 */
export function toAnalyticsDailyRows(response: unknown, context: { channelId: string }): AnalyticsDailyRow[] {
  const table = parseResponse(response);
  const dims = table.columnHeaders.filter((h) => h.columnType === 'DIMENSION').map((h) => h.name);
  const other = dims.find((d) => !DAILY_DIMENSIONS.has(d));
  if (!dims.includes('day')) throw new ApiResponseError(SOURCE, 'the day dimension is missing');
  if (other) throw new ApiResponseError(SOURCE, `dimension ${other} is not supported for daily rows`);
  const iDay = columnOf(table, 'day');
  const iCountry = columnOf(table, 'country');
  const iVideo = columnOf(table, 'video');
  const metrics = Object.entries(DAILY_METRICS).map(([name, [field, kind]]) => ({ name, field, kind, at: columnOf(table, name) }));
  return mapRows(table, (row) => {
    const record: AnalyticsDailyRow = {
      date: v.day(text(row[iDay], 'day'), 'day'),
      channelId: context.channelId,
      countryCode: iCountry < 0 ? null : v.country(text(row[iCountry], 'country'), 'country'),
      videoId: iVideo < 0 ? null : text(row[iVideo], 'video'),
      views: null,
      watchTimeMinutes: null,
      subscribersGained: null,
      subscribersLost: null,
      likes: null,
      dislikes: null,
      comments: null,
      shares: null,
      estimatedRevenueMicros: null,
    };
    for (const m of metrics) if (m.at >= 0) record[m.field] = readMetric(row[m.at] ?? null, m.kind, m.name);
    return record;
  });
}

export interface AnalyticsDemographicsCell {
  readonly ageGroup: AgeGroup;
  readonly gender: Gender;
  /** Share (0-100) of the whole query's logged-in views: weight it by that period's views. */
  readonly viewerPercentage: number;
}

/** Maps a `dimensions=ageGroup,gender&metrics=viewerPercentage` result. */
export function toAnalyticsDemographics(response: unknown): AnalyticsDemographicsCell[] {
  const table = parseResponse(response);
  const iAge = columnOf(table, 'ageGroup');
  const iGender = columnOf(table, 'gender');
  const iShare = columnOf(table, 'viewerPercentage');
  if (Math.min(iAge, iGender, iShare) < 0) {
    throw new ApiResponseError(SOURCE, 'expected ageGroup, gender and viewerPercentage columns');
  }
  return mapRows(table, (row) => {
    const share = readMetric(row[iShare] ?? null, 'decimal', 'viewerPercentage');
    if (share > 100) throw new ValueError(`viewerPercentage: ${share} is over 100`);
    return {
      ageGroup: toAgeGroup(text(row[iAge], 'ageGroup'), 'ageGroup'),
      gender: toGender(text(row[iGender], 'gender'), 'gender'),
      viewerPercentage: share,
    };
  });
}
