// One scheduled sync run: settings, credentials check (said once when missing), then each job in turn.
import { type Bindings, getSettings } from '../../env';
import { importTarget } from '../import-target';
import { pruneSnapshots } from '../retention/prune';
import { foldTitleRetention } from '../retention/title-fold-run';
import { bumpPublicGeneration } from '../../public/generation';
import { refreshRollups } from '../run-import';
import { syncAnalytics } from './analytics';
import type { SyncContext } from './context';
import { AnalyticsApi } from '../../google/analytics-api';
import { DataApi } from '../../google/data-api';
import { AccessTokens } from '../../google/oauth';
import { ConnectionTokens } from '../../google/connections/tokens';
import { connectionsKeyring } from '../../google/connections/secret';
import { getSealedToken, hasLiveConnections } from '../../google/connections/store';
import { ReportingApi } from '../../google/reporting-api';
import { syncLive } from './live';
import { errorText, syncInfo, syncWarn } from './log';
import { QuotaMeter } from '../../google/quota';
import { syncReference } from './reference';
import { syncReports } from './reports';
import { getSyncSettings, type SyncSettings } from '../../google/settings';
import { syncSnapshots } from './snapshots';
import { syncUploads } from './uploads';
import { clearState, firstTime } from './state';
import { pacificDay } from '../../google/pacific-day';
import { syncTrends } from './trends';
import { MS_PER_SECOND } from '../../../lib/dates/time';

export const NO_CREDENTIALS_MESSAGE = 'no Google credentials configured; nothing to do';
export const NO_CREDENTIALS_KEY = 'notice:no-credentials';
const OAUTH_INCOMPLETE_KEY = 'notice:oauth-incomplete';

type JobResults = {
  publish?: void;
  reference?: Awaited<ReturnType<typeof syncReference>>;
  trends?: Awaited<ReturnType<typeof syncTrends>>;
  live?: Awaited<ReturnType<typeof syncLive>>;
  snapshots?: Awaited<ReturnType<typeof syncSnapshots>>;
  uploads?: Awaited<ReturnType<typeof syncUploads>>;
  reports?: Awaited<ReturnType<typeof syncReports>>;
  analytics?: Awaited<ReturnType<typeof syncAnalytics>>;
};
type JobName = keyof JobResults;

export type SyncResult = { status: 'invalid-settings' | 'no-credentials' } | { status: 'ran'; results: JobResults; failed: JobName[] };

/**
 * What every job (and a report load instance) works with: the databases, the archive, the clock, the
 * quota meter and the API clients the settings allow.
 * @example const ctx = syncContext(env, getSyncSettings(env), Date.now())
 */
export function syncContext(env: Bindings, settings: SyncSettings, now: number): SyncContext {
  const { db, kv, storeOf } = importTarget(env);
  const tokens = settings.oauth ? new AccessTokens(settings.urls.token, settings.oauth) : null;
  const quota = new QuotaMeter(db, pacificDay(now), settings.dailyUnitLimit);
  return {
    db,
    kv,
    storeOf,
    archive: { db, bucket: env.REPORTS },
    loads: env.REPORT_LOADS,
    loadVars: {
      GOOGLE_OAUTH_TOKEN_URL: settings.urls.token,
      YOUTUBE_REPORTING_URL: settings.urls.reporting,
      REPORT_RETRY_SECONDS: String(settings.reportRetrySeconds),
      REPORT_PIECE_BYTES: String(settings.reportPieceBytes),
    },
    settings,
    now,
    quota,
    data: settings.apiKey ? new DataApi(settings.urls.data, settings.apiKey, quota) : null,
    reporting: tokens ? new ReportingApi(settings.urls.reporting, tokens) : null,
    analytics: tokens ? new AnalyticsApi(settings.urls.analytics, tokens) : null,
    ...connectionClients(env, settings, db, now),
  };
}

/**
 * The run's Reporting and Analytics API clients of YouTube connections, one pair per connection sharing its
 * tokens, made on first use. Null (and said in the log) when the OAuth client or CONNECTIONS_KEY is missing
 * or the connection is gone.
 */
function connectionClients(env: Bindings, settings: SyncSettings, db: D1Database, now: number) {
  type Clients = { reporting: ReportingApi; analytics: AnalyticsApi } | null;
  const made = new Map<number, Promise<Clients>>();
  const make = async (connectionId: number): Promise<Clients> => {
    const sealed = await getSealedToken(db, connectionId);
    if (!settings.client || !sealed) {
      if (!settings.client) syncWarn(`connection ${connectionId}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set`);
      return null;
    }
    try {
      const keys = await connectionsKeyring(env);
      const deps = { db, tokenUrl: settings.urls.token, client: settings.client, keys, now: Math.floor(now / MS_PER_SECOND) };
      const tokens = new ConnectionTokens(deps, connectionId, sealed);
      return { reporting: new ReportingApi(settings.urls.reporting, tokens), analytics: new AnalyticsApi(settings.urls.analytics, tokens) };
    } catch (error) {
      syncWarn(`connection ${connectionId}: ${errorText(error)}`);
      return null;
    }
  };
  const clients = (connectionId: number) => {
    if (!made.has(connectionId)) made.set(connectionId, make(connectionId));
    return made.get(connectionId)!;
  };
  return {
    connectionReporting: async (connectionId: number) => (await clients(connectionId))?.reporting ?? null,
    connectionAnalytics: async (connectionId: number) => (await clients(connectionId))?.analytics ?? null,
  };
}

/** Runs one job; a failure is logged and the run goes on with the next job. */
async function attempt<T>(name: JobName, job: () => Promise<T>, failed: JobName[]): Promise<T | undefined> {
  try {
    return await job();
  } catch (error) {
    failed.push(name);
    syncWarn(`${name} failed: ${errorText(error)}`);
    return undefined;
  }
}

/**
 * Finishes the rollup refresh of loads that were cut off (an import request or an earlier run past a
 * limit), whatever the credentials: their facts are in, their monthly figures would stay stale.
 */
async function refreshPending(env: Bindings): Promise<void> {
  try {
    const { pendingBuckets } = await refreshRollups(importTarget(env), { rebuild: false });
    if (pendingBuckets > 0) syncInfo(`rollups: refreshed ${pendingBuckets} (channel, month) buckets left pending by an earlier load`);
  } catch (error) {
    syncWarn(`rollups: pending refresh failed, the next run tries again: ${errorText(error)}`);
  }
}

/**
 * Prunes a bounded batch of daily public snapshots past the window, whatever the credentials (an
 * instance fed by imports alone keeps growing too). A failure is logged; the next run resumes the pass.
 */
async function pruneRetention(env: Bindings, nowSeconds: number): Promise<void> {
  try {
    const windowDays = getSettings(env).PUBLIC_SNAPSHOT_DAYS;
    const done = await pruneSnapshots(env.DB, { windowDays, now: nowSeconds });
    if (done.deleted > 0) {
      const where = done.passDone ? 'pass done' : 'pass goes on next run';
      syncInfo(`retention: removed ${done.deleted} daily snapshots before ${done.cutoff} in ${done.statements} statements (${where})`);
    }
  } catch (error) {
    syncWarn(`retention: pruning failed, the next run tries again: ${errorText(error)}`);
  }
}

/**
 * Runs every job the configured credentials allow, after the rollups earlier loads left pending. Without any credentials it does nothing and
 * logs so once (a D1 flag, cleared when credentials appear), not every hour.
 * @example ctx.waitUntil(runSync(env, { now: controller.scheduledTime }))
 */
export async function runSync(env: Bindings, options: { now?: number } = {}): Promise<SyncResult> {
  const now = options.now ?? Date.now();
  const nowSeconds = Math.floor(now / MS_PER_SECOND);
  await refreshPending(env);
  // After the pending refresh: a month is pruned only once its history holds its last snapshot.
  await pruneRetention(env, nowSeconds);
  await foldTitleRetention(env, nowSeconds);
  let settings: SyncSettings;
  try {
    settings = getSyncSettings(env);
  } catch (error) {
    syncWarn(`settings are invalid, nothing done: ${errorText(error)}`);
    return { status: 'invalid-settings' };
  }
  if (!settings.oauth && !settings.apiKey && !(await hasLiveConnections(env.DB))) {
    if (await firstTime(env.DB, NO_CREDENTIALS_KEY, nowSeconds)) syncInfo(NO_CREDENTIALS_MESSAGE);
    return { status: 'no-credentials' };
  }
  await clearState(env.DB, NO_CREDENTIALS_KEY);
  if (settings.oauthIncomplete && (await firstTime(env.DB, OAUTH_INCOMPLETE_KEY, nowSeconds))) {
    syncWarn('GOOGLE_REFRESH_TOKEN needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; its reports and the Analytics API are skipped');
  }
  const ctx = syncContext(env, settings, now);
  const failed: JobName[] = [];
  // Order: daily reference data first (trend videos name their category), the hourly chart next,
  // the bulk snapshot slice after the smaller Data API jobs so it cannot starve them; the OAuth
  // APIs have their own quotas.
  const results: JobResults = {};
  results.reference = await attempt('reference', () => syncReference(ctx), failed);
  results.trends = await attempt('trends', () => syncTrends(ctx), failed);
  results.live = await attempt('live', () => syncLive(ctx), failed);
  results.snapshots = await attempt('snapshots', () => syncSnapshots(ctx), failed);
  // After the snapshots, which name each channel's uploads playlist.
  results.uploads = await attempt('uploads', () => syncUploads(ctx), failed);
  results.reports = await attempt('reports', () => syncReports(ctx), failed);
  results.analytics = await attempt('analytics', () => syncAnalytics(ctx), failed);
  // The jobs refresh the rollups the public pages read: cached pages start again.
  await attempt('publish', () => bumpPublicGeneration(env.KV), failed);
  return { status: 'ran', results, failed };
}
