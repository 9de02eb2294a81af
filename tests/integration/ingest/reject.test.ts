// A bad file writes nothing and says where and why; unknown columns are fine, missing ones are not.
import { expect, it } from 'vitest';
import demographics from '../../fixtures/youtube/reporting_csv/channel_demographics_a1.from_fivetran_seed.csv?raw';
import revenue from '../../fixtures/ingest/content_owner_estimated_revenue_a1_20260301.csv?raw';
import { basicCsv } from './basic-builder';
import { all, createNetwork, load, snapshotDatabase } from './support';

const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const lines = [1, 2, 3, 4, 5].map((n) => ({ day: '20260301', channel: CHANNEL, video: `video${n}xxxx`, views: n * 10 }));
const good = basicCsv(lines);

it('a file with one bad row writes nothing, and its reason names the line', async () => {
  await load([['channel_basic_a3_earlier.csv', basicCsv([{ day: '20260228', channel: CHANNEL, views: 7 }])]]);
  const before = await snapshotDatabase();
  // Line 5 is the fourth data row.
  const bad = good
    .split('\n')
    .map((line, i) => (i === 4 ? line.replace(',40,40,', ',4O,40,') : line))
    .join('\n');
  const { files, changedDays } = await load([['channel_basic_a3_20260301.csv', bad]]);
  expect(files[0]).toMatchObject({
    status: 'rejected',
    rows: 0,
    reason: 'channel_basic_a3_20260301.csv:5: column views: "4O" is not a whole number',
  });
  expect(changedDays).toEqual([]);
  expect(await snapshotDatabase()).toEqual(before);
});

it('a bad file does not stop the good ones of the same import', async () => {
  const { files } = await load([
    ['channel_basic_a3_bad.csv', good.replace('20260301', '20260231')],
    ['channel_basic_a3_good.csv', good],
  ]);
  expect(files.map((f) => f.status)).toEqual(['rejected', 'loaded']);
  expect(files[0]?.reason).toBe('channel_basic_a3_bad.csv:2: column date: "20260231" is not a date (YYYYMMDD)');
  expect(await all<{ views: number }>('SELECT views FROM channel_daily')).toEqual([{ views: 150 }]);
});

it('ignores unknown columns and rejects a missing required column by name', async () => {
  const extra = good
    .replace('\n', ',mystery_metric\n')
    .replace(/\n(?=.)/g, '\n')
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : `${line},42`))
    .join('\n');
  const missing = good
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .filter((_, i) => i !== 8)
        .join(','),
    )
    .join('\n');
  const { files } = await load([
    ['channel_basic_a3_extra.csv', extra],
    ['channel_basic_a3_missing.csv', missing],
  ]);
  expect(files[0]).toMatchObject({ status: 'loaded', rows: 5 });
  expect(files[1]).toMatchObject({
    status: 'rejected',
    reason: 'channel_basic_a3_missing.csv:1: missing required column comments (channel_basic_a3)',
  });
  expect(await all('SELECT views FROM channel_daily')).toEqual([{ views: 150 }]);
});

it('a content-owner report without a network asks for --network and writes nothing', async () => {
  const before = await snapshotDatabase();
  const { files } = await load([['content_owner_estimated_revenue_a1_20260301.csv', revenue]]);
  expect(files[0]?.status).toBe('rejected');
  expect(files[0]?.reason).toContain(
    'content_owner_estimated_revenue_a1_20260301.csv: content_owner_estimated_revenue_a1 is a content-owner report',
  );
  expect(files[0]?.reason).toContain('pass --network <id>');
  expect(await snapshotDatabase()).toEqual(before);
});

it('finds the network from the content owner id in the file name, and refuses a network that does not exist', async () => {
  const network = await createNetwork('AcmeCMS01');
  const { files } = await load(
    [
      ['content_owner_estimated_revenue_a1_AcmeCMS01_20260301.csv', revenue],
      ['content_owner_estimated_revenue_a1_other.csv', revenue.replace('20260301', '20260302')],
    ],
    {},
  );
  expect(files[0]).toMatchObject({ status: 'loaded', channels: 2 });
  expect(files[1]?.status).toBe('rejected');
  const channel = await all<{ network_id: number }>('SELECT network_id FROM channels WHERE youtube_id = ?', 'UCK8sQmJBp8GCxrOtXWBpyEA');
  expect(channel).toEqual([{ network_id: network }]);
  const missing = await load([['channel_basic_a3_x.csv', good]], { networkId: network + 100 });
  expect(missing.files[0]?.reason).toBe(`channel_basic_a3_x.csv: network ${network + 100} does not exist`);
});

it('refuses a channel id that is not a YouTube channel id (the anonymised demographics sample)', async () => {
  const { files } = await load([['channel_demographics_a1.csv', demographics]]);
  expect(files[0]).toMatchObject({
    status: 'rejected',
    reportType: 'channel_demographics_a1',
    reason: 'channel_demographics_a1.csv:2: column channel_id: "ZZZZZZ" is not a YouTube channel id (UC followed by 22 characters)',
  });
});

it('rejects what is not a report: empty, not gzip, not a known report type', async () => {
  const { files } = await load([
    ['channel_basic_a3_empty.csv', ''],
    ['channel_basic_a3_broken.csv.gz', new Uint8Array([0x1f, 0x8b, 1, 2, 3])],
    ['notes.csv', 'a,b\n1,2\n'],
  ]);
  expect(files.map((f) => f.reason)).toEqual([
    'channel_basic_a3_empty.csv: the file is empty (not even a header line)',
    'channel_basic_a3_broken.csv.gz: not a readable gzip file',
    'notes.csv:1: unknown report type: no report id in the file name and no known header; columns seen: a, b',
  ]);
  expect(files.every((f) => f.status === 'rejected' && f.reportType === null)).toBe(true);
});
