// The fake Analytics API reports.query: the recorded day table cut to the asked dates and metrics, and demographics.
import { readJsonFixture } from './fixtures';
import { requireBearer } from './google-auth';
import { googleError, json, type FakeRequest, type FakeResponse } from './responses';
import type { Namespace } from './state';

const DAY_TABLE = 'youtube/analytics_api/reports.query_day_all-core-metrics_2022-01.analytix.json';
const DEMOGRAPHICS = 'sync/analytics-demographics.json';

interface Table {
  kind: string;
  columnHeaders: { name: string; columnType: string; dataType: string }[];
  rows?: (string | number)[][];
}

function dayTable(req: FakeRequest): FakeResponse {
  const table = readJsonFixture(DAY_TABLE) as Table;
  const metrics = (req.query.get('metrics') ?? '').split(',');
  const columns = ['day', ...metrics].map((name) => table.columnHeaders.findIndex((h) => h.name === name));
  const unknown = metrics.find((_, i) => (columns[i + 1] ?? -1) < 0);
  if (unknown) return googleError(400, `Unknown identifier (${unknown}) given in field parameters.metrics.`);
  const from = req.query.get('startDate') ?? '';
  const to = req.query.get('endDate') ?? '';
  const rows = (table.rows ?? []).filter((r) => String(r[0]) >= from && String(r[0]) <= to).map((r) => columns.map((c) => r[c] ?? 0));
  // Like the real API: no data, no rows key at all.
  return json({
    kind: table.kind,
    columnHeaders: columns.map((c) => table.columnHeaders[c]),
    ...(rows.length > 0 ? { rows } : {}),
  });
}

/** Routes /analytics/v2/reports. */
export function analyticsApi(ns: Namespace, req: FakeRequest): FakeResponse {
  const denied = requireBearer(ns, req);
  if (denied) return denied;
  const channel = /^channel==(.+)$/.exec(req.query.get('ids') ?? '')?.[1] ?? '';
  if (!(ns.scenario.analyticsChannels ?? []).includes(channel)) return googleError(403, 'Forbidden', 'forbidden');
  const dimensions = req.query.get('dimensions');
  if (dimensions === 'day') {
    if (ns.scenario.analyticsRevenueForbidden && (req.query.get('metrics') ?? '').includes('estimatedRevenue')) {
      return googleError(403, 'Insufficient permission to access the monetary metrics', 'insufficientPermissions');
    }
    return dayTable(req);
  }
  if (dimensions === 'ageGroup,gender') return json(readJsonFixture(DEMOGRAPHICS));
  return googleError(400, `dimensions ${dimensions ?? ''} are not faked`);
}
