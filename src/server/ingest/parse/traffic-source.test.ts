// The traffic source family on the hand-written fixture in YouTube's observed channel_traffic_source_a3 layout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseReport, type ParsedReport } from './csv-report';
import { detectReportType } from './detect';
import { trafficSourceRowSchema } from './families/traffic-source';

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../..',
  'tests/fixtures/youtube/reporting_csv/channel_traffic_source_a3.handwritten.csv',
);
const text = readFileSync(FIXTURE, 'utf8');
const header = (text.split('\n')[0] ?? '').split(',');
const encode = (csv: string) => new TextEncoder().encode(csv);

function traffic(report: ParsedReport): Extract<ParsedReport, { family: 'traffic_source' }> {
  if (report.family !== 'traffic_source') throw new Error(`expected traffic_source, got ${report.family}`);
  return report;
}

it('reads every row of the observed layout, the source detail as printed (a quoted search term whole)', async () => {
  const report = traffic(await parseReport('report.csv', encode(text), { schemaEveryRow: true }));
  expect(report.type).toBe('channel_traffic_source_a3');
  expect(report.rows).toHaveLength(12);
  expect(report.dates).toEqual(['2026-10-01', '2026-10-02']);
  expect(report.rows[2]).toEqual({
    date: '2026-10-01',
    channelId: 'UCtrafficFixtureChannel1',
    videoId: 'vidTraffic1',
    claimedStatus: null,
    uploaderType: null,
    claimedCopy: false,
    sourceType: 5,
    sourceDetail: 'cats, funny',
    views: 15,
    engagedViews: 15,
    watchTimeMinutes: 20.4,
  });
  expect(report.rows.map((r) => r.sourceType)).toEqual([3, 3, 5, 5, 7, 24, 9, 14, 3, 8, 24, 33]);
  expect(report.rows.map((r) => r.sourceDetail)).toEqual([
    null,
    null,
    'cats, funny',
    null,
    'vidTraffic2',
    'unknown',
    'www.google.com',
    'PLfixturePlaylist01',
    null,
    'ytremote',
    'unknown',
    null,
  ]);
  // 120+30+15+40+55+300+12+8+100+6+250+4
  expect(report.rows.reduce((sum, r) => sum + r.views, 0)).toBe(940);
  for (const row of report.rows) expect(trafficSourceRowSchema.safeParse(row).success).toBe(true);
});

it('recognises a2 (no engaged_views) and the content-owner layouts by their headers', async () => {
  const a2 = header.filter((c) => c !== 'engaged_views');
  const owner = (cols: string[]) => [...cols.slice(0, 3), 'claimed_status', 'uploader_type', ...cols.slice(3)];
  expect(detectReportType('x.csv', header).type.id).toBe('channel_traffic_source_a3');
  expect(detectReportType('x.csv', a2).type.id).toBe('channel_traffic_source_a2');
  expect(detectReportType('x.csv', owner(header)).type.id).toBe('content_owner_traffic_source_a3');
  expect(detectReportType('x.csv', owner(a2)).type.id).toBe('content_owner_traffic_source_a2');
  const line = '20261001,UCtrafficFixtureChannel1,vidTraffic1,claimed,thirdParty,on_demand,not_subscribed,US,7,abc,9,4.5,30,12.5,0,0';
  const report = traffic(await parseReport('r.csv', encode(`${owner(a2).join(',')}\n${line}\n`)));
  expect(report.type).toBe('content_owner_traffic_source_a2');
  expect(report.rows[0]).toMatchObject({
    claimedCopy: true,
    uploaderType: 'thirdParty',
    engagedViews: null,
    views: 9,
    watchTimeMinutes: 4.5,
  });
});

it('names the column of a bad value', async () => {
  const bad = text.replace(
    '20261002,UCtrafficFixtureChannel1,vidTraffic2,on_demand,not_subscribed,FR,33,',
    '20261002,UCtrafficFixtureChannel1,vidTraffic2,on_demand,not_subscribed,FR,x3,',
  );
  await expect(parseReport('channel_traffic_source_a3_1.csv', encode(bad))).rejects.toThrow(/:13: column traffic_source_type/);
});
