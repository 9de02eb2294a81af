// Settings of the scheduled sync with Google, read from the worker's vars and secrets (docs/sync.md).
import * as z from 'zod';
import type { Bindings } from '../env';
import type { OAuthCredentials } from './oauth';
import { LOADING_STALE_SECONDS } from '../ingest/sync/report-records';

/** The YouTube Data API's default daily quota, in units; it resets at midnight US-Pacific. */
export const DATA_API_DAILY_QUOTA = 10_000;
/** Countries whose mostPopular chart is taken every hour unless TRENDS_COUNTRIES says otherwise. */
export const DEFAULT_TRENDS_COUNTRIES = 'US,GB,IN,BR,DE,FR,JP,KR,MX,RU,CA,ID';
/** mostPopular returns at most 200 videos: 4 pages of 50. */
const MAX_TREND_PAGES = 4;
const MAX_LOOKBACK_DAYS = 90;
/**
 * Bytes of plain CSV one load step reads, sums and stages (src/server/ingest/load/pieces.ts). At the
 * measured cost of a report row (docs/scale.md, "A big network's day"), 32 MiB is about 300,000 rows
 * and a few seconds of CPU, far inside a step's limits; the step's heap holds two slices of sums.
 */
const DEFAULT_PIECE_BYTES = 32 * 1024 * 1024;
/** A piece holds at least a header and some rows; above 128 MiB one step's CPU is no longer "well under" 30 s. */
const MIN_PIECE_BYTES = 1_024;
const MAX_PIECE_BYTES = 128 * 1024 * 1024;

const count = (fallback: number, max: number) => z.coerce.number().int().min(0).max(max).default(fallback);
const secret = z.string().trim().min(1).optional();

const schema = z.object({
  GOOGLE_CLIENT_ID: secret,
  GOOGLE_CLIENT_SECRET: secret,
  GOOGLE_REFRESH_TOKEN: secret,
  YOUTUBE_API_KEY: secret,
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  // The consent flow's other endpoints (src/server/google/connections, docs/google.md).
  GOOGLE_OAUTH_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  YOUTUBE_REPORTING_URL: z.url().default('https://youtubereporting.googleapis.com/v1'),
  YOUTUBE_DATA_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  YOUTUBE_ANALYTICS_URL: z.url().default('https://youtubeanalytics.googleapis.com/v2'),
  TRENDS_COUNTRIES: z
    .string()
    .default(DEFAULT_TRENDS_COUNTRIES)
    .transform((list) => [
      ...new Set(
        list
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'expected ISO alpha-2 codes separated by commas'))),
  // 0 turns the hourly trends off.
  TRENDS_PAGES: count(1, MAX_TREND_PAGES),
  SNAPSHOT_CALLS_PER_RUN: count(40, 1_000),
  // playlistItems.list calls (one per channel) the uploads job makes per run; 0 turns it off.
  UPLOADS_CALLS_PER_RUN: count(100, 1_000),
  LIVE_SEARCH_UNITS_PER_DAY: count(2_400, DATA_API_DAILY_QUOTA),
  YOUTUBE_QUOTA_HEADROOM: count(500, DATA_API_DAILY_QUOTA),
  ANALYTICS_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(MAX_LOOKBACK_DAYS).default(7),
  // Seconds a report load's failed step waits before its first retry (then twice as long each time).
  REPORT_RETRY_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  // Bytes of a basic or revenue report one load step reads (larger files are loaded in pieces).
  REPORT_PIECE_BYTES: z.coerce.number().int().min(MIN_PIECE_BYTES).max(MAX_PIECE_BYTES).default(DEFAULT_PIECE_BYTES),
  // Seconds after which a load that has not recorded its reports is taken as lost (docs/sync.md, "Loading").
  REPORT_LOAD_STALE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(LOADING_STALE_SECONDS),
});

export interface SyncSettings {
  /** Refresh-token credentials for the Reporting and Analytics APIs; null when not all three are set. */
  oauth: OAuthCredentials | null;
  /**
   * GOOGLE_REFRESH_TOKEN is set without the client id and secret it goes with: worth a warning. (The
   * client alone is how an install that connects YouTube from the product runs: docs/google.md.)
   */
  oauthIncomplete: boolean;
  /** Data API key; null when unset. */
  apiKey: string | null;
  urls: { token: string; authorize: string; revoke: string; userinfo: string; reporting: string; data: string; analytics: string };
  /** The OAuth client (for the consent flow and for connections); null unless both are set. */
  client: { clientId: string; clientSecret: string } | null;
  trendsCountries: string[];
  trendsPages: number;
  snapshotCallsPerRun: number;
  /** Channels whose uploads playlist one run reads (a playlistItems.list call each, plus videos.list per 50 videos). */
  uploadsCallsPerRun: number;
  liveSearchUnitsPerDay: number;
  /** The Data API units the sync may spend in a Pacific day: the quota minus the headroom. */
  dailyUnitLimit: number;
  analyticsLookbackDays: number;
  reportRetrySeconds: number;
  /** Bytes of a large basic or revenue report a load step reads and stages (src/server/ingest/load/pieces.ts). */
  reportPieceBytes: number;
  /** Seconds after which the hourly run takes a load that has not recorded its reports as lost (sync/lost-loads.ts). */
  reportLoadStaleSeconds: number;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Validates the sync settings; empty strings count as unset. Throws an Error naming the field.
 * @example const settings = getSyncSettings(env); if (!settings.apiKey) ...
 */
export function getSyncSettings(env: Bindings): SyncSettings {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => (typeof v === 'string' && v !== '') || typeof v === 'number'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') ?? 'settings'}: ${issue?.message ?? 'invalid'}`);
  }
  const s = parsed.data;
  const oauth =
    s.GOOGLE_CLIENT_ID && s.GOOGLE_CLIENT_SECRET && s.GOOGLE_REFRESH_TOKEN
      ? { clientId: s.GOOGLE_CLIENT_ID, clientSecret: s.GOOGLE_CLIENT_SECRET, refreshToken: s.GOOGLE_REFRESH_TOKEN }
      : null;
  return {
    oauth,
    oauthIncomplete: oauth === null && s.GOOGLE_REFRESH_TOKEN !== undefined,
    client: s.GOOGLE_CLIENT_ID && s.GOOGLE_CLIENT_SECRET ? { clientId: s.GOOGLE_CLIENT_ID, clientSecret: s.GOOGLE_CLIENT_SECRET } : null,
    apiKey: s.YOUTUBE_API_KEY ?? null,
    urls: {
      token: s.GOOGLE_OAUTH_TOKEN_URL,
      authorize: s.GOOGLE_OAUTH_AUTHORIZE_URL,
      revoke: s.GOOGLE_OAUTH_REVOKE_URL,
      userinfo: s.GOOGLE_USERINFO_URL,
      reporting: withoutTrailingSlash(s.YOUTUBE_REPORTING_URL),
      data: withoutTrailingSlash(s.YOUTUBE_DATA_URL),
      analytics: withoutTrailingSlash(s.YOUTUBE_ANALYTICS_URL),
    },
    trendsCountries: s.TRENDS_COUNTRIES,
    trendsPages: s.TRENDS_PAGES,
    snapshotCallsPerRun: s.SNAPSHOT_CALLS_PER_RUN,
    uploadsCallsPerRun: s.UPLOADS_CALLS_PER_RUN,
    liveSearchUnitsPerDay: s.LIVE_SEARCH_UNITS_PER_DAY,
    dailyUnitLimit: DATA_API_DAILY_QUOTA - s.YOUTUBE_QUOTA_HEADROOM,
    analyticsLookbackDays: s.ANALYTICS_LOOKBACK_DAYS,
    reportRetrySeconds: s.REPORT_RETRY_SECONDS,
    reportPieceBytes: s.REPORT_PIECE_BYTES,
    reportLoadStaleSeconds: s.REPORT_LOAD_STALE_SECONDS,
  };
}
