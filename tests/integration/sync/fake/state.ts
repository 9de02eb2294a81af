// What the fake Google server holds per test namespace: the scenario a test set up, jobs created, requests seen.

/** A report of a Reporting API job, served from a fixture CSV (optionally cut to one date). */
export interface ReportSpec {
  id: string;
  /** Fixture reference ('youtube/reporting_csv/…', 'ingest/…'). */
  file: string;
  /** YYYYMMDD: serve only this date's rows. */
  date?: string;
  startTime: string;
  createTime: string;
  /** Answer downloads with this HTTP status instead of the file. */
  failWith?: number;
  /** Serve the rows this many times over (a large report, generated rather than committed). */
  repeat?: number;
  /** Announce the whole length, send this many bytes, then cut the connection (a download broken off). */
  cutAt?: number;
  /** Serve the file gzip-packed without Content-Encoding, cut to half its packed length (a gzip cut short). */
  gzipCut?: boolean;
  /** Serve this line (1 = the header) with its views not a number: a bad row deep in a large file. */
  badLine?: number;
}

export interface JobSpec {
  id: string;
  reportTypeId: string;
  systemManaged?: boolean;
  reports?: ReportSpec[];
}

/** One Reporting API scope: '' for the account's own channel, else a content owner id. */
export interface ScopeSpec {
  jobs?: JobSpec[];
  /** reportTypes.list; a default list of current ids when absent. */
  reportTypes?: string[];
}

/** A video of an uploads playlist as videos.list shows it; likes or comments absent = hidden by the owner. */
export interface UploadVideo {
  title: string;
  publishedAt: string;
  views: number;
  likes?: number;
  comments?: number;
}

export interface Scenario {
  scopes?: Record<string, ScopeSpec>;
  /** channels.list answers from these fixtures' items (by id); default: the 2022 list. */
  channelFixtures?: string[];
  /** Channels the OAuth account may query in the Analytics API (others: 403). */
  analyticsChannels?: string[];
  /** 403 whenever estimatedRevenue is asked for (no monetary scope). */
  analyticsRevenueForbidden?: boolean;
  /** The Google account that consents at /oauth/authorize (consent.ts DEFAULT_ACCOUNT when absent). */
  account?: { subject: string; email: string };
  /** The person at Google's consent screen says no. */
  consentDenied?: boolean;
  /** Every refresh token issued by a consent is refused with invalid_grant (revoked at Google, expired). */
  invalidGrant?: boolean;
  /** channels.list mine=true: the channels each account (by e-mail) owns. */
  ownedChannels?: Record<string, { id: string; title: string }[]>;
  /** Content owner ids onBehalfOfContentOwner is refused for (403). */
  refusedContentOwners?: string[];
  /** Uploads playlists by id: the video ids playlistItems.list lists, newest first; any other playlist answers 404. */
  uploadPlaylists?: Record<string, string[]>;
  /** videos.list answers for these ids, in the recorded video resource's layout. */
  uploadVideos?: Record<string, UploadVideo>;
  /** Answers these statuses (with Retry-After: 0) to the next calls of a path, one each, before answering it. */
  failFirst?: Record<string, number[]>;
}

export interface LoggedRequest {
  method: string;
  /** Path under the namespace, e.g. '/data/v3/videos'. */
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  acceptEncoding: string | null;
}

export class Namespace {
  scenario: Scenario = {};
  readonly createdJobs = new Map<string, JobSpec[]>();
  readonly requests: LoggedRequest[] = [];
  readonly tokens = new Set<string>();
  /** Consent's authorization codes, each used once. */
  readonly codes = new Map<
    string,
    { challenge: string; redirectUri: string; scope: string; account: { subject: string; email: string }; offline: boolean }
  >();
  /** Refresh tokens issued by a consent, and access tokens' grants. */
  readonly refreshTokens = new Map<string, { subject: string; scope: string }>();
  readonly accessGrants = new Map<string, { refreshToken: string | null; subject: string }>();
  readonly accounts = new Map<string, { subject: string; email: string }>();
  readonly revoked = new Set<string>();

  /** A scope's jobs: the scenario's plus those created through POST /jobs. */
  jobs(scope: string): JobSpec[] {
    return [...(this.scenario.scopes?.[scope]?.jobs ?? []), ...(this.createdJobs.get(scope) ?? [])];
  }

  /** Every scope's jobs (downloads name the job, not the scope). */
  allJobs(): JobSpec[] {
    const scopes = new Set(['', ...Object.keys(this.scenario.scopes ?? {}), ...this.createdJobs.keys()]);
    return [...scopes].flatMap((scope) => this.jobs(scope));
  }
}

const namespaces = new Map<string, Namespace>();

export function namespace(name: string): Namespace {
  let ns = namespaces.get(name);
  if (!ns) {
    ns = new Namespace();
    namespaces.set(name, ns);
  }
  return ns;
}
