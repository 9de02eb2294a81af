// Planning a Reporting API pull: jobs to create, days to load together, how far a cursor may move.
import { describe, expect, it } from 'vitest';
import type { ReportingJob, ReportingReport } from '../../google/reporting-api';
import { advanceCursor, jobsToCreate, planDays, reportDay, reportFileName, type PendingReport } from './report-plan';

const job = (id: string, reportTypeId: string): ReportingJob => ({ id, reportTypeId });
const report = (id: string, startTime: string, createTime: string): ReportingReport => ({
  id,
  startTime,
  endTime: startTime,
  createTime,
  downloadUrl: `https://x/${id}`,
});
const pending = (j: ReportingJob, r: ReportingReport): PendingReport => ({ job: j, report: r, day: reportDay(r), family: 'basic' });

describe('jobsToCreate', () => {
  it('creates the newest loadable version of each missing family, and nothing for a family with any job', () => {
    const offered = ['channel_basic_a2', 'channel_basic_a3', 'channel_demographics_a1', 'channel_province_a3', 'content_owner_basic_a4'];
    expect(jobsToCreate('channel', offered, [])).toEqual(['channel_basic_a3', 'channel_demographics_a1']);
    expect(jobsToCreate('channel', offered, [job('j', 'channel_basic_a2')])).toEqual(['channel_demographics_a1']);
    expect(jobsToCreate('content_owner', offered, [])).toEqual(['content_owner_basic_a4']);
    expect(
      jobsToCreate('content_owner', ['content_owner_basic_a3', 'content_owner_estimated_revenue_a1'], [job('j', 'channel_basic_a3')]),
    ).toEqual(['content_owner_basic_a3', 'content_owner_estimated_revenue_a1']);
    // Traffic sources: the newest version of the scope's own report (a3 over a2).
    const traffic = ['channel_traffic_source_a2', 'channel_traffic_source_a3', 'content_owner_traffic_source_a2'];
    expect(jobsToCreate('channel', traffic, [])).toEqual(['channel_traffic_source_a3']);
    expect(jobsToCreate('content_owner', traffic, [])).toEqual(['content_owner_traffic_source_a2']);
    expect(jobsToCreate('channel', traffic, [job('j', 'channel_traffic_source_a2')])).toEqual([]);
  });
});

describe('planDays', () => {
  it('groups by Pacific day, oldest first, and keeps only the newest report of a job and day', () => {
    const basic = job('b', 'channel_basic_a3');
    const demo = job('d', 'channel_demographics_a1');
    const first = report('b1', '2026-03-01T08:00:00Z', '2026-03-03T00:00:00Z');
    const backfill = report('b2', '2026-03-01T08:00:00Z', '2026-03-05T00:00:00.5Z');
    const earlier = report('b0', '2026-02-28T08:00:00Z', '2026-03-02T00:00:00Z');
    const demographics = report('d1', '2026-03-01T08:00:00Z', '2026-03-03T00:00:01Z');
    const plan = planDays([pending(basic, first), pending(basic, backfill), pending(demo, demographics), pending(basic, earlier)]);
    expect(plan.days.map((d) => [d.day, d.reports.map((p) => p.report.id)])).toEqual([
      ['2026-02-28', ['b0']],
      ['2026-03-01', ['b2', 'd1']],
    ]);
    expect(plan.superseded.map((p) => p.report.id)).toEqual(['b1']);
  });

  it('reads the day in US-Pacific, across daylight saving', () => {
    expect(reportDay(report('r', '2026-03-08T08:00:00Z', 'x'))).toBe('2026-03-08');
    expect(reportDay(report('r', '2026-03-09T07:00:00Z', 'x'))).toBe('2026-03-09');
  });
});

describe('advanceCursor', () => {
  const reports = [
    report('c', '2026-03-03T08:00:00Z', '2026-03-05T00:00:00Z'),
    report('a', '2026-03-01T08:00:00Z', '2026-03-03T00:00:00.250000Z'),
    report('b', '2026-03-02T08:00:00Z', '2026-03-04T00:00:00Z'),
  ];
  it('moves to the last report done before the first one not done, in createTime order', () => {
    expect(advanceCursor(reports, new Set(['a', 'b', 'c']), null)).toBe('2026-03-05T00:00:00Z');
    expect(advanceCursor(reports, new Set(['a', 'c']), null)).toBe('2026-03-03T00:00:00.250000Z');
    expect(advanceCursor(reports, new Set(['b', 'c']), '2026-03-01T00:00:00Z')).toBe('2026-03-01T00:00:00Z');
    expect(advanceCursor([], new Set(), null)).toBeNull();
  });
});

it('names files by report type so the importer recognises them', () => {
  expect(reportFileName('channel_basic_a3', '2026-03-01', 'abc/1:2')).toBe('channel_basic_a3_20260301_abc_1_2.csv');
});
