// The fake Reporting API: report types, jobs (listed and created), reports by createTime, downloads.
import { gzipSync } from 'node:zlib';
import { statSync } from 'node:fs';
import { csvForDate, fixturePath, readFixture } from './fixtures';
import { requireBearer } from './google-auth';
import { googleError, header, json, type FakeRequest, type FakeResponse } from './responses';
import type { JobSpec, Namespace, ReportSpec } from './state';

/** Reports per page: small, so the client's nextPageToken handling is exercised. */
const REPORTS_PAGE_SIZE = 2;
const DEFAULT_REPORT_TYPES = [
  'channel_basic_a3',
  'channel_basic_a2',
  'channel_demographics_a1',
  'channel_province_a3',
  'channel_reach_basic_a1',
  'content_owner_basic_a4',
  'content_owner_basic_a3',
  'content_owner_demographics_a1',
  'content_owner_estimated_revenue_a1',
  'content_owner_province_a3',
];
/** Created jobs get this createTime; the fixtures' reports are older or newer as each test needs. */
const CREATE_TIME = '2026-03-01T00:00:00.000000Z';

const scopeOf = (req: FakeRequest) => req.query.get('onBehalfOfContentOwner') ?? '';

function reportResource(base: string, job: JobSpec, r: ReportSpec) {
  return {
    id: r.id,
    jobId: job.id,
    startTime: r.startTime,
    endTime: new Date(Date.parse(r.startTime) + 86_400_000).toISOString().replace('.000Z', 'Z'),
    createTime: r.createTime,
    downloadUrl: `${base}/reporting/v1/media/CHANNEL/${encodeURIComponent(job.id)}/${encodeURIComponent(r.id)}?alt=media`,
  };
}

function listReports(ns: Namespace, req: FakeRequest, base: string, jobId: string): FakeResponse {
  const job = ns.jobs(scopeOf(req)).find((j) => j.id === jobId);
  if (!job) return googleError(404, 'Requested entity was not found.', 'notFound');
  const after = req.query.get('createdAfter');
  const reports = (job.reports ?? []).filter((r) => after === null || Date.parse(r.createTime) > Date.parse(after));
  const offset = Number(req.query.get('pageToken') ?? 0);
  const page = reports.slice(offset, offset + REPORTS_PAGE_SIZE);
  const next = offset + REPORTS_PAGE_SIZE < reports.length ? String(offset + REPORTS_PAGE_SIZE) : undefined;
  return json({ reports: page.map((r) => reportResource(base, job, r)), nextPageToken: next });
}

/** A report's rows served `times` over under one header: every sum of the file multiplies by `times`. */
function repeated(csv: string, times: number): string {
  if (times === 1) return csv;
  const [header = '', ...rows] = csv.split('\n').filter((l) => l !== '');
  const block = rows.join('\n');
  return `${header}\n${Array.from({ length: times }, () => block).join('\n')}\n`;
}

/** The file with line `line` (1: the header) made bad: its views column reads "12O4" (a letter O). */
function withBadLine(csv: string, line: number | undefined): string {
  if (line === undefined) return csv;
  const lines = csv.split('\n');
  const views = (lines[0] ?? '').split(',').indexOf('views');
  const fields = (lines[line - 1] ?? '').split(',');
  if (views < 0 || fields.length <= views) throw new Error(`the fake has no line ${line} with views to spoil`);
  fields[views] = '12O4';
  lines[line - 1] = fields.join(',');
  return lines.join('\n');
}

/** A generated file served as it is (bench:sync's hundreds of MB): streamed from disk, not read and packed. */
function isWholeGeneratedFile(report: ReportSpec): boolean {
  const { date, repeat, badLine, cutAt, gzipCut } = report;
  return report.file.startsWith('generated/') && [date, repeat, badLine, cutAt, gzipCut].every((v) => v === undefined);
}

function download(ns: Namespace, req: FakeRequest, jobId: string, reportId: string): FakeResponse {
  const report = ns
    .allJobs()
    .find((j) => j.id === jobId)
    ?.reports?.find((r) => r.id === reportId);
  if (!report) return googleError(404, 'Requested entity was not found.', 'notFound');
  if (report.failWith) return googleError(report.failWith, 'Backend Error', 'backendError');
  if (isWholeGeneratedFile(report)) {
    const file = fixturePath(report.file);
    return {
      status: 200,
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(statSync(file).size) },
      body: '',
      file,
    };
  }
  const text = readFixture(report.file).toString('utf8');
  const served = repeated(report.date ? csvForDate(text, report.date) : text, report.repeat ?? 1);
  const body = Buffer.from(withBadLine(served, report.badLine), 'utf8');
  if (report.gzipCut) {
    const packed = gzipSync(body);
    return { status: 200, headers: { 'Content-Type': 'application/octet-stream' }, body: packed.subarray(0, packed.length >> 1) };
  }
  if (report.cutAt !== undefined) {
    const headers = { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length) };
    return { status: 200, headers, body, cutAt: report.cutAt };
  }
  if (!(header(req, 'accept-encoding') ?? '').includes('gzip'))
    return { status: 200, headers: { 'Content-Type': 'application/octet-stream' }, body };
  return { status: 200, headers: { 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip' }, body: gzipSync(body) };
}

function createJob(ns: Namespace, req: FakeRequest): FakeResponse {
  const { reportTypeId, name } = JSON.parse(req.body || '{}') as { reportTypeId?: string; name?: string };
  const scope = scopeOf(req);
  const offered = ns.scenario.scopes?.[scope]?.reportTypes ?? DEFAULT_REPORT_TYPES;
  if (!reportTypeId || !offered.includes(reportTypeId))
    return googleError(400, `Invalid report type ${reportTypeId ?? ''}`, 'invalidArgument');
  if (ns.jobs(scope).some((j) => j.reportTypeId === reportTypeId)) return googleError(409, 'Job already exists', 'alreadyExists');
  const job: JobSpec = { id: `created-${scope || 'own'}-${reportTypeId}`, reportTypeId, reports: [] };
  ns.createdJobs.set(scope, [...(ns.createdJobs.get(scope) ?? []), job]);
  return json({ id: job.id, reportTypeId, name, createTime: CREATE_TIME });
}

/** Routes /reporting/v1/… (base: the namespace's URL, for download links). */
export function reportingApi(ns: Namespace, req: FakeRequest, base: string): FakeResponse {
  const denied = requireBearer(ns, req);
  if (denied) return denied;
  const parts = req.path.split('/').filter(Boolean).slice(2).map(decodeURIComponent);
  const scope = scopeOf(req);
  if (ns.scenario.refusedContentOwners?.includes(scope)) {
    return googleError(403, 'The caller does not have permission', 'forbidden');
  }
  if (parts[0] === 'reportTypes' && parts.length === 1) {
    return json({ reportTypes: (ns.scenario.scopes?.[scope]?.reportTypes ?? DEFAULT_REPORT_TYPES).map((id) => ({ id, name: id })) });
  }
  if (parts[0] === 'jobs' && parts.length === 1 && req.method === 'POST') return createJob(ns, req);
  if (parts[0] === 'jobs' && parts.length === 1) {
    const jobs = ns.jobs(scope).filter((j) => !j.systemManaged || req.query.get('includeSystemManaged') === 'true');
    return json({
      jobs: jobs.map((j) => ({
        id: j.id,
        reportTypeId: j.reportTypeId,
        name: j.id,
        createTime: CREATE_TIME,
        systemManaged: Boolean(j.systemManaged),
      })),
    });
  }
  if (parts[0] === 'jobs' && parts[2] === 'reports' && parts[1]) return listReports(ns, req, base, parts[1]);
  if (parts[0] === 'media' && parts[2] && parts[3]) return download(ns, req, parts[2], parts[3]);
  return googleError(404, `No such method ${req.method} ${req.path}`, 'notFound');
}
