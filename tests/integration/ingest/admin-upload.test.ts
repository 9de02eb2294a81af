// POST /api/admin/import with the command line's extras: names with folders, stated issue times, replace, dry runs.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../http';
import { basicCsv } from './basic-builder';
import { all, snapshotDatabase } from './support';
import { loadResult } from '../admin-loads';

const AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const ORIGINAL = basicCsv([{ day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 100 }]);
const REISSUE = basicCsv([{ day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 90 }]);
/** YouTube's createTimes of the original report and of its re-issue a day later. */
const ISSUED = '2026-03-02T08:00:00Z';
const REISSUED = '2026-03-03T08:00:00.123456Z';

interface Answer {
  data?: { files: Array<{ name: string; status: string; reason?: string; decisions?: string[] }>; dry_run: boolean };
  error?: string;
}

/** Uploads [name, text] files with the form's other fields, each [field, value] appended in order. */
async function upload(files: Array<[string, string]>, fields: Array<[string, string]> = []): Promise<{ status: number; body: Answer }> {
  const form = new FormData();
  for (const [name, text] of files) form.append('files', new File([text], name));
  for (const [field, value] of fields) form.append(field, value);
  const res = await call('/api/admin/import', { method: 'POST', body: form, headers: AUTH });
  // A load answers 202 and is followed to its result; a dry run and a refusal answer at once.
  if (res.status === 202) return { status: 202, body: { data: await loadResult<NonNullable<Answer['data']>>(res) } };
  return { status: res.status, body: (await res.json()) as Answer };
}

const views = async () => (await env.DB.prepare('SELECT sum(views) AS v FROM channel_daily').first<{ v: number | null }>())?.v ?? null;

describe('POST /api/admin/import', () => {
  it('keeps the later issued upload by the stated issue times, names files as sent, and a dry run writes nothing', async () => {
    const files: Array<[string, string]> = [
      ['backfill/channel_basic_a3_x.csv', REISSUE],
      ['channel_basic_a3_x.csv', ORIGINAL],
    ];
    const issued: Array<[string, string]> = [
      ['issued', REISSUED],
      ['issued', ISSUED],
    ];
    const before = await snapshotDatabase();
    const dry = await upload(files, [...issued, ['dry_run', 'true']]);
    expect(dry.status).toBe(200);
    expect(dry.body.data?.dry_run).toBe(true);
    expect(await snapshotDatabase()).toEqual(before);
    const real = await upload(files, issued);
    expect(real.body.data?.files).toEqual(dry.body.data?.files);
    expect(real.body.data?.files[0]).toMatchObject({
      name: 'backfill/channel_basic_a3_x.csv',
      status: 'replaced',
      decisions: ['replaces 2026-03-01 of channel_basic_a3_x.csv'],
    });
    expect(await views()).toBe(90);
    expect(await all('SELECT name, issued_at, issued_from FROM report_files ORDER BY issued_at')).toEqual([
      { name: 'channel_basic_a3_x.csv', issued_at: Date.parse(ISSUED) / 1000, issued_from: 'operator' },
      { name: 'backfill/channel_basic_a3_x.csv', issued_at: Math.floor(Date.parse(REISSUED) / 1000), issued_from: 'operator' },
    ]);
  });

  it.each<[string, Array<[string, string]>, string]>([
    [
      'an issued value that is not a time',
      [['issued', '1772400000']],
      'issued: "1772400000" is not an ISO 8601 time with its zone: give when YouTube issued the file, e.g. 2026-11-21T10:04:33Z (the report\'s createTime).',
    ],
    [
      'an issued time without its zone',
      [['issued', '2026-03-02T08:00:00']],
      'issued: "2026-03-02T08:00:00" is not an ISO 8601 time with its zone',
    ],
    ['an issued time in the future', [['issued', '2999-01-01T00:00:00Z']], 'issued: "2999-01-01T00:00:00Z" lies in the future (now '],
    [
      'two issued times for three files',
      [
        ['issued', ISSUED],
        ['issued', ISSUED],
      ],
      'issued: send one time per file (3), one for all, or none.',
    ],
    [
      'issued with replace',
      [
        ['issued', ISSUED],
        ['replace', 'true'],
      ],
      'issued and replace: send one.',
    ],
    ['the old modified field', [['modified', '1772400000']], 'modified: modification times no longer order re-issued reports.'],
    ['a dry_run that is not true or false', [['dry_run', 'yes']], 'dry_run: send true or false.'],
    ['a reapply that is not true or false', [['reapply', 'yes']], 'reapply: send true or false.'],
    ['a replace that is not true or false', [['replace', '1']], 'replace: send true or false.'],
  ])('refuses %s with a 400 that says what to send, and changes nothing', async (_, fields, message) => {
    const before = await snapshotDatabase();
    const three: Array<[string, string]> = [
      ['channel_basic_a3_x.csv', ORIGINAL],
      ['channel_basic_a3_y.csv', REISSUE],
      ['channel_basic_a3_z.csv', ORIGINAL.replace(',100,', ',7,')],
    ];
    const answer = await upload(three, fields);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.startsWith(message)).toBe(true);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it('refuses a re-issue without an issue time, naming what it conflicts with; replace=true makes it win', async () => {
    await upload([['channel_basic_a3_x.csv', ORIGINAL]], [['issued', ISSUED]]);
    const refused = await upload([['backfill/channel_basic_a3_x.csv', REISSUE]]);
    expect(refused.status).toBe(202);
    expect(refused.body.data?.files[0]).toEqual({
      name: 'backfill/channel_basic_a3_x.csv',
      status: 'rejected',
      reportType: 'channel_basic_a3',
      rows: 0,
      days: [],
      channels: 0,
      reason:
        'backfill/channel_basic_a3_x.csv: has no issue time and would replace 2026-03-01 of channel_basic_a3_x.csv ' +
        '(issued 2026-03-02 08:00 UTC as stated by hand) with other figures, so nothing was loaded. Load it again with ' +
        '--issued <ISO 8601 time> (upload field "issued") stating when YouTube issued it, so the later issued wins each day, ' +
        'or with --replace (upload field "replace=true") to make it win.',
    });
    expect(await views()).toBe(100);
    const won = await upload([['backfill/channel_basic_a3_x.csv', REISSUE]], [['replace', 'true']]);
    expect(won.body.data?.files[0]).toMatchObject({
      status: 'replaced',
      decisions: ['replaces 2026-03-01 of channel_basic_a3_x.csv (--replace)'],
    });
    expect(await views()).toBe(90);
    expect(await all('SELECT count(*) AS n FROM report_refusals')).toEqual([{ n: 0 }]);
  });

  it('re-applies content loaded before when asked to, and only then', async () => {
    const files: Array<[string, string]> = [['channel_basic_a3_x.csv', ORIGINAL]];
    await upload(files);
    expect((await upload(files)).body.data?.files[0]?.status).toBe('unchanged');
    const again = await upload(files, [['reapply', 'true']]);
    expect(again.body.data?.files[0]).toMatchObject({
      status: 'loaded',
      decisions: ['re-applied: loaded before', 're-applies 2026-03-01 it holds already'],
    });
    expect(await views()).toBe(100);
  });
});
