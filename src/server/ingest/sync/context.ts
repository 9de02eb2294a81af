// What every sync job gets: the database, settings, the run's clock, the quota meter and API clients.
import type { SyncSettings } from '../../google/settings';
import type { QuotaMeter } from '../../google/quota';
import type { AnalyticsApi } from '../../google/analytics-api';
import type { DataApi } from '../../google/data-api';
import type { ReportingApi } from '../../google/reporting-api';
import { MS_PER_SECOND } from '../../../lib/dates/time';
import type { StoreOf } from '../load/import-session';
import type { ArchiveTarget } from '../archive/archive-report';
import type { Bindings } from '../../env';

/**
 * The run's own values of the settings a load reads besides its secrets (the Google endpoints, the retry
 * delay), so an instance works against the endpoints the run listed from even if the settings change.
 */
export type LoadVars = Pick<Bindings, 'GOOGLE_OAUTH_TOKEN_URL' | 'YOUTUBE_REPORTING_URL' | 'REPORT_RETRY_SECONDS' | 'REPORT_PIECE_BYTES'>;

export interface SyncContext {
  db: D1Database;
  /** Where an import's new public data generation goes (see runImport). */
  kv: KVNamespace;
  /** Each network's store when partner data is split (importTarget); absent on a default install. */
  storeOf?: StoreOf;
  /** Where every report file is kept before it is loaded (docs/sync.md, "Report archive"). */
  archive: ArchiveTarget;
  /** Where a day's reports are loaded: a Workflow instance each (REPORT_LOADS); absent, inline in the run. */
  loads?: Workflow;
  /** The run's endpoint and retry settings, handed to each load instance. */
  loadVars: LoadVars;
  settings: SyncSettings;
  /** The run's start, unix milliseconds (the cron's scheduledTime; pinned in tests). */
  now: number;
  quota: QuotaMeter;
  /** Null without YOUTUBE_API_KEY. */
  data: DataApi | null;
  /** Null without the three OAuth secrets. */
  reporting: ReportingApi | null;
  /** A YouTube connection's Reporting API client (its tokens unsealed once per run); null when it cannot be used. */
  connectionReporting(connectionId: number): Promise<ReportingApi | null>;
  /** The same connection's Analytics API client, sharing its tokens. */
  connectionAnalytics(connectionId: number): Promise<AnalyticsApi | null>;
  /** Null without the three OAuth secrets. */
  analytics: AnalyticsApi | null;
}

/** The run's start in unix seconds, as the tables store times. */
export const nowSeconds = (ctx: SyncContext) => Math.floor(ctx.now / MS_PER_SECOND);
