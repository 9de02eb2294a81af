// The worker's bindings and settings, validated once per request at the edge of the app.
import * as z from 'zod';
import { SNAPSHOT_DAYS_DEFAULT, SNAPSHOT_DAYS_MAX, SNAPSHOT_DAYS_MIN } from './ingest/retention/window';

/** Cloudflare bindings the app expects (wrangler.toml). */
export interface Bindings {
  DB: D1Database;
  KV: KVNamespace;
  FILES: R2Bucket;
  // The report archive: every report file received, kept before it is loaded (docs/sync.md).
  REPORTS: R2Bucket;
  // Loads a day of reports per Workflow instance (src/server/ingest/workflows); absent, the hourly run loads inline.
  REPORT_LOADS?: Workflow;
  // Loads an operator's archived files (uploads, replays, posted imports); absent, the admin API loads inline.
  ARCHIVE_LOADS?: Workflow;
  APP_ENV?: string;
  PUBLIC_URL?: string;
  MAIL_FROM?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  ADMIN_TOKEN?: string;
  SUPPORT_EMAIL?: string;
  // Where partner facts live (src/server/partner-store, docs/partner-store.md); unset = the shared DB.
  PARTNER_STORE?: string;
  // Each network's partner store when PARTNER_STORE=objects (src/server/partner-store/network-store.ts).
  NETWORK_STORE?: DurableObjectNamespace;
  // Scheduled sync with Google (validated in src/server/ingest/sync/settings.ts; see docs/sync.md).
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_REFRESH_TOKEN?: string;
  YOUTUBE_API_KEY?: string;
  GOOGLE_OAUTH_TOKEN_URL?: string;
  GOOGLE_OAUTH_AUTHORIZE_URL?: string;
  GOOGLE_OAUTH_REVOKE_URL?: string;
  GOOGLE_USERINFO_URL?: string;
  // Seals the refresh tokens of YouTube connections (src/server/google/connections/secret.ts, docs/google.md).
  CONNECTIONS_KEY?: string;
  CONNECTIONS_KEY_PREVIOUS?: string;
  YOUTUBE_REPORTING_URL?: string;
  YOUTUBE_DATA_URL?: string;
  YOUTUBE_ANALYTICS_URL?: string;
  TRENDS_COUNTRIES?: string;
  TRENDS_PAGES?: string;
  SNAPSHOT_CALLS_PER_RUN?: string;
  UPLOADS_CALLS_PER_RUN?: string;
  LIVE_SEARCH_UNITS_PER_DAY?: string;
  YOUTUBE_QUOTA_HEADROOM?: string;
  ANALYTICS_LOOKBACK_DAYS?: string;
  REPORT_RETRY_SECONDS?: string;
  REPORT_PIECE_BYTES?: string;
  REPORT_LOAD_STALE_SECONDS?: string;
  // Days of daily public snapshots kept before only the monthly history remains (docs/sync.md).
  PUBLIC_SNAPSHOT_DAYS?: string;
}

const settingsSchema = z.object({
  APP_ENV: z.enum(['local', 'test', 'production']).default('production'),
  PUBLIC_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Viewdeck <no-reply@viewdeck.example>'),
  MAIL_API_URL: z.url().optional(),
  MAIL_API_KEY: z.string().min(1).optional(),
  // Bearer token for /api/admin/*; without it the admin API answers 403 to everyone.
  ADMIN_TOKEN: z.string().min(32).optional(),
  // Where new support tickets are announced (the inbox at /support/inbox holds them either way).
  SUPPORT_EMAIL: z.email().default('support@viewdeck.example'),
  PUBLIC_SNAPSHOT_DAYS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of days')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(SNAPSHOT_DAYS_MIN, `must be at least ${SNAPSHOT_DAYS_MIN} days (the last 30 days and the 60 before them)`)
        .max(SNAPSHOT_DAYS_MAX, `must be at most ${SNAPSHOT_DAYS_MAX} days`),
    )
    .default(SNAPSHOT_DAYS_DEFAULT),
});

export type Settings = z.infer<typeof settingsSchema>;

/**
 * Reads the string settings from the bindings; empty strings count as unset.
 * @example const { APP_ENV } = getSettings(c.env)
 */
export function getSettings(env: Bindings): Settings {
  const known = readSettings.get(env) ?? parseSettings(env);
  readSettings.set(env, known);
  if (known instanceof SettingsError) throw known;
  return known;
}

// Per bindings object: a deploy's settings do not change while an isolate runs, and every request reads
// them several times (the configuration check first); a zod parse each time was ≈3% of a public page's
// CPU in a profile of /global. Nothing writes to a bindings object, tests included.
const readSettings = new WeakMap<Bindings, Settings | SettingsError>();

function parseSettings(env: Bindings): Settings | SettingsError {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string' && v !== ''));
  const parsed = settingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // One line naming each bad setting (zod's own dump is a JSON array nobody reads in a log).
  return new SettingsError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
}

/**
 * PUBLIC_SNAPSHOT_DAYS on its own, for command-line runs that have no worker bindings.
 * @example snapshotDaysSetting(process.env.PUBLIC_SNAPSHOT_DAYS) // 400 when unset
 */
export function snapshotDaysSetting(value: string | undefined): number {
  const parsed = settingsSchema.shape.PUBLIC_SNAPSHOT_DAYS.safeParse(value === '' ? undefined : value);
  if (parsed.success) return parsed.data;
  throw new SettingsError(parsed.error.issues.map((issue) => `PUBLIC_SNAPSHOT_DAYS: ${issue.message}`).join('; '));
}

/** A setting in wrangler.toml or the dashboard has a value the app refuses; the message names it. */
export class SettingsError extends Error {
  constructor(detail: string) {
    super(`Invalid settings: ${detail}`);
    this.name = 'SettingsError';
  }
}

/** Local runs (npm start / npm run dev) and tests: the outbox transport and /dev pages. */
export function isLocal(env: Bindings): boolean {
  const appEnv = getSettings(env).APP_ENV;
  return appEnv === 'local' || appEnv === 'test';
}
