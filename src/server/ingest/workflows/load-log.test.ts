import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileResult } from '../load/files';
import type { ReportRecord } from '../sync/report-records';
import { syncRunCounts } from '../sync/run-log';
import { logLoadDone, operatorLoadCounts, reportLoadCounts } from './load-log';

afterEach(() => {
  vi.restoreAllMocks();
});

const record = (status: ReportRecord['status'], rows: number): ReportRecord => ({
  reportId: `r-${status}-${rows}`,
  jobId: 'job',
  reportTypeId: 'channel_basic_a2',
  day: '2026-03-01',
  createTime: '2026-03-02T00:00:00Z',
  downloadUrl: 'https://example.test/r',
  status,
  reason: null,
  rows,
});

const file = (status: FileResult['status'], rows: number): FileResult => ({
  name: `${status}.csv`,
  status,
  reportType: null,
  rows,
  days: [],
  channels: 1,
});

describe('load counters', () => {
  it("counts a day's reports by outcome, the failed and rejected together, and the rows they brought", () => {
    const records = [record('loaded', 120), record('loaded', 30), record('rejected', 0), record('failed', 0), record('superseded', 0)];
    expect(reportLoadCounts('cms1', '2026-03-01', records, 4_200)).toEqual({
      scope: 'cms1',
      day: '2026-03-01',
      reports: 5,
      files: { loaded: 2, rejected: 1, failed: 1, superseded: 1 },
      failed: 2,
      rows: 150,
      duration_ms: 4_200,
    });
  });

  it("counts an operator's load by the importer's verdicts", () => {
    const output = {
      kind: 'upload' as const,
      files: [file('loaded', 10), file('replaced', 5), file('rejected', 0)],
      rollupBuckets: 3,
      changedDays: 2,
      dryRun: false,
      page: null,
    };
    expect(operatorLoadCounts(output, 900)).toEqual({
      kind: 'upload',
      dry_run: false,
      reports: 3,
      files: { loaded: 1, replaced: 1, rejected: 1 },
      failed: 1,
      rows: 15,
      rollup_buckets: 3,
      changed_days: 2,
      duration_ms: 900,
    });
  });

  it('says a load with a failed file as a warning, a clean one as info', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    logLoadDone('report_load.done', 'reports-2026-03-01-a', { reports: 2, failed: 0 });
    logLoadDone('operator_load.done', 'load-b', { reports: 3, failed: 1 });
    expect(info.mock.calls).toEqual([
      [
        {
          level: 'info',
          event: 'report_load.done',
          message: '2 report files, 0 failed',
          run_id: 'reports-2026-03-01-a',
          reports: 2,
          failed: 0,
        },
      ],
    ]);
    expect(warn.mock.calls).toEqual([
      [{ level: 'warn', event: 'operator_load.done', message: '3 report files, 1 failed', run_id: 'load-b', reports: 3, failed: 1 }],
    ]);
  });
});

describe('sync run counters', () => {
  it("counts the run's listed reports by status and each job's rows", () => {
    const result = {
      status: 'ran' as const,
      failed: ['live' as const],
      results: {
        trends: { countries: ['US'], positions: 50 },
        snapshots: { snapshots: 200, missing: 1 },
        reports: {
          scopes: 2,
          createdJobs: [],
          records: [
            { status: 'loading', reportTypeId: 'a', day: '2026-03-01' },
            { status: 'loading', reportTypeId: 'b', day: '2026-03-01' },
            { status: 'superseded', reportTypeId: 'a', day: '2026-02-28' },
          ],
        },
        analytics: { channels: 4, days: 12, months: 0 },
      },
    };
    expect(syncRunCounts(result, { dataApiUnits: 7, durationMs: 1_500 })).toEqual({
      status: 'ran',
      failed_jobs: ['live'],
      reports: { loading: 2, superseded: 1 },
      reports_listed: 3,
      report_scopes: 2,
      trend_positions: 50,
      snapshots: 200,
      live_stored: 0,
      analytics_days: 12,
      data_api_units: 7,
      duration_ms: 1_500,
    });
  });

  it('counts nothing for a run that had no credentials', () => {
    expect(syncRunCounts({ status: 'no-credentials' }, { dataApiUnits: 0, durationMs: 20 })).toMatchObject({
      status: 'no-credentials',
      failed_jobs: [],
      reports: {},
      reports_listed: 0,
      duration_ms: 20,
    });
  });
});
