// YouTube Reporting API v1: report types, jobs, reports listed by createTime, report downloads.
import * as z from 'zod';
import type { TokenSource } from './oauth';
import { apiUrl, GoogleApiError, send, sendJson } from './http';

const API = 'reporting';
/** A report of a big network is hundreds of MB: its download may take minutes, not the API calls' minute. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

const reportTypesSchema = z.object({
  reportTypes: z
    .array(z.object({ id: z.string().min(1), deprecateTime: z.string().optional(), systemManaged: z.boolean().optional() }))
    .default([]),
  nextPageToken: z.string().optional(),
});
const jobSchema = z.object({
  id: z.string().min(1),
  reportTypeId: z.string().min(1),
  name: z.string().optional(),
  createTime: z.string().optional(),
  systemManaged: z.boolean().optional(),
});
const jobsSchema = z.object({ jobs: z.array(jobSchema).default([]), nextPageToken: z.string().optional() });
const reportSchema = z.object({
  id: z.string().min(1),
  jobId: z.string().optional(),
  startTime: z.string().min(1),
  endTime: z.string().min(1),
  createTime: z.string().min(1),
  downloadUrl: z.string().min(1),
});
const reportsSchema = z.object({ reports: z.array(reportSchema).default([]), nextPageToken: z.string().optional() });

export type ReportingJob = z.infer<typeof jobSchema>;
export type ReportingReport = z.infer<typeof reportSchema>;

/** Whose reports: a CMS content owner (onBehalfOfContentOwner) or, null, the authorised account's channel. */
export interface ReportingScope {
  contentOwnerId: string | null;
}

/**
 * A Reporting API client for one run.
 * @example const jobs = await reporting.listJobs({ contentOwnerId: 'abc' })
 */
export class ReportingApi {
  readonly #origin: string;

  constructor(
    private readonly baseUrl: string,
    private readonly tokens: TokenSource,
  ) {
    this.#origin = new URL(baseUrl).origin;
  }

  async #get<T extends z.ZodType>(
    schema: T,
    path: string,
    scope: ReportingScope,
    params: Record<string, string | boolean | undefined> = {},
  ): Promise<z.infer<T>> {
    const url = apiUrl(this.baseUrl, path, { ...params, onBehalfOfContentOwner: scope.contentOwnerId });
    return sendJson(API, schema, url, { headers: { Authorization: await this.tokens.header() } });
  }

  /** Report types the scope may create jobs for; deprecated ones are left out. */
  async listReportTypes(scope: ReportingScope): Promise<string[]> {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.#get(reportTypesSchema, 'reportTypes', scope, { pageToken });
      ids.push(...page.reportTypes.filter((t) => !t.deprecateTime).map((t) => t.id));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return ids;
  }

  /** The scope's jobs; content owners also get their system-managed (financial) jobs. */
  async listJobs(scope: ReportingScope): Promise<ReportingJob[]> {
    const jobs: ReportingJob[] = [];
    let pageToken: string | undefined;
    do {
      const includeSystemManaged = scope.contentOwnerId === null ? undefined : 'true';
      const page = await this.#get(jobsSchema, 'jobs', scope, { pageToken, includeSystemManaged });
      jobs.push(...page.jobs);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return jobs;
  }

  /** Creates a job; YouTube then generates a report a day (and backfills about 30 days). */
  async createJob(scope: ReportingScope, reportTypeId: string, name: string): Promise<ReportingJob> {
    const url = apiUrl(this.baseUrl, 'jobs', { onBehalfOfContentOwner: scope.contentOwnerId });
    return sendJson(API, jobSchema, url, {
      method: 'POST',
      headers: { Authorization: await this.tokens.header(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ reportTypeId, name }),
    });
  }

  /** A job's reports created after a createTime (all of them when null), every page. */
  async listReports(scope: ReportingScope, jobId: string, createdAfter: string | null): Promise<ReportingReport[]> {
    const reports: ReportingReport[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.#get(reportsSchema, `jobs/${encodeURIComponent(jobId)}/reports`, scope, {
        createdAfter: createdAfter ?? undefined,
        pageToken,
      });
      reports.push(...page.reports);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return reports;
  }

  /**
   * Opens a report's download as a stream (gzip asked for; the archive unpacks a gzip body either way),
   * so a large report is never held whole. The bearer token only goes to the Reporting API's own host.
   */
  async openDownload(report: Pick<ReportingReport, 'id' | 'downloadUrl'>): Promise<ReadableStream<Uint8Array>> {
    if (new URL(report.downloadUrl).origin !== this.#origin) {
      throw new GoogleApiError(API, 0, `report ${report.id}: download URL is not on ${this.#origin}`);
    }
    const res = await send(
      API,
      report.downloadUrl,
      { headers: { Authorization: await this.tokens.header(), 'Accept-Encoding': 'gzip' } },
      // One attempt: a load step that fails is retried with its own backoff (workflows/report-day-load.ts).
      { timeoutMs: DOWNLOAD_TIMEOUT_MS, retry: { attempts: 1 } },
    );
    if (!res.body) throw new GoogleApiError(API, res.status, `report ${report.id}: the download has no body`);
    return res.body;
  }
}
