// Uploads of any size through the archive (/api/admin/uploads): announced, sent in parts that may arrive in
// any order and be resumed, checked whole against their SHA-256 in R2, then loaded from there.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import basicA2 from '../fixtures/youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv?raw';
import { call } from './http';
import { csvForDay, csvRecords, sumBy } from './sync/csv';
import { sha256Hex } from './sync/archive-support';
import { getLoad, loadResult } from './admin-loads';
import { basicCsv, ownerDemographicsCsv } from './ingest/basic-builder';
import { createNetwork } from './ingest/support';
import { everyFactsDb, rowsIn } from './partner-facts';

const AUTH = { Authorization: `Bearer ${env.ADMIN_TOKEN ?? ''}` };
const MIB = 1024 * 1024;
/** 162 rows of 2021-07-27, 400 times over: about 11 MB, two parts of the archive's 8 MiB. */
const TIMES = 400;
const NAME = 'channel_basic_a2_20210727.csv';

function bigFile(): Uint8Array {
  const [header = '', ...lines] = csvForDay(basicA2, '20210727')
    .split('\n')
    .filter((l) => l !== '');
  return new TextEncoder().encode(`${header}\n${Array.from({ length: TIMES }, () => lines.join('\n')).join('\n')}\n`);
}

interface Upload {
  id: number;
  state: string;
  bytes: number;
  partBytes: number;
  parts: number;
  received: number[];
  reason: string | null;
}

async function admin<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await call(`/api/admin/${path}`, { ...init, headers: { ...AUTH, ...init.headers } });
  return { status: res.status, ...((await res.json()) as { data?: T; error?: string }) };
}

const putPart = (id: number, part: number, bytes: Uint8Array) =>
  admin<Upload>(`uploads/${id}/parts/${part}`, {
    method: 'PUT',
    body: bytes.slice(),
    headers: { 'Content-Type': 'application/octet-stream' },
  });

it('takes parts in any order, resumes, checks the whole file and loads it with its stated issue time', async () => {
  const file = bigFile();
  const sha256 = await sha256Hex(file);
  const started = await admin<Upload>('uploads', { body: { name: NAME, bytes: file.length, sha256 } });
  expect(started.status).toBe(201);
  expect(started.data).toMatchObject({ state: 'receiving', bytes: file.length, partBytes: 8 * MIB, parts: 2, received: [] });
  const id = started.data?.id ?? 0;

  expect((await putPart(id, 2, file.subarray(8 * MIB))).data?.received).toEqual([2]);
  // The connection was lost: the same announcement finds the upload and what arrived.
  const resumed = await admin<Upload>('uploads', { body: { name: NAME, bytes: file.length, sha256 } });
  expect(resumed.data).toMatchObject({ id, received: [2] });
  expect((await putPart(id, 1, file.subarray(0, 8 * MIB))).data?.received).toEqual([1, 2]);
  expect((await admin<Upload>(`uploads/${id}/complete`, { body: {} })).data).toMatchObject({ state: 'archived', received: [] });

  const key = await env.DB.prepare('SELECT object_key FROM report_archive WHERE id = ?').bind(id).first<{ object_key: string }>();
  const stored = await env.REPORTS.get(key?.object_key ?? '');
  // Compared by hash: a deep comparison of 11 MB of bytes costs the test runner gigabytes.
  expect(await sha256Hex(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0)))).toBe(sha256);

  const loading = await call(`/api/admin/uploads/${id}/load`, { body: { issued: '2021-07-29T10:00:00Z' }, headers: AUTH });
  const loaded = await loadResult<{ files: Array<{ status: string; rows: number }> }>(loading);
  expect(loaded.files).toMatchObject([{ status: 'loaded', rows: 162 * TIMES }]);
  const views = sumBy(csvRecords(new TextDecoder().decode(file)), 'date', 'views').get('20210727');
  expect(await env.DB.prepare('SELECT sum(views) AS v FROM channel_daily').first()).toEqual({ v: views });
  // The type the load recognised from the header is kept: the unfold's monthFiles reads no header of it again.
  const row = 'SELECT issued_at, load_status, first_day, report_type_id FROM report_archive WHERE id = ?';
  expect(await env.DB.prepare(row).bind(id).first()).toEqual({
    issued_at: Date.parse('2021-07-29T10:00:00Z') / 1000,
    load_status: 'loaded',
    first_day: '2021-07-27',
    report_type_id: 'channel_basic_a2',
  });
});

it('fails an upload whose parts do not add up to the announced SHA-256, and keeps nothing of it', async () => {
  const file = new TextEncoder().encode(csvForDay(basicA2, '20210727'));
  const started = await admin<Upload>('uploads', { body: { name: NAME, bytes: file.length, sha256: '0'.repeat(64) } });
  const id = started.data?.id ?? 0;
  await putPart(id, 1, file);
  const completed = await admin<Upload>(`uploads/${id}/complete`, { body: {} });
  expect(completed.status).toBe(409);
  expect(completed.error).toContain('start the upload again');
  expect((await admin<Upload>(`uploads/${id}`)).data?.state).toBe('failed');
  expect((await env.REPORTS.list({ prefix: 'uploads/' })).objects).toEqual([]);
  expect(await env.DB.prepare('SELECT count(*) AS n FROM channel_daily').first()).toEqual({ n: 0 });
});

it.each([
  ['a name that is not a .csv', { name: 'report.xlsx', bytes: 10, sha256: 'a'.repeat(64) }, 400, 'ending in .csv'],
  ['a size of nothing', { name: NAME, bytes: 0, sha256: 'a'.repeat(64) }, 400, 'bytes'],
  ['a size past 100 GiB', { name: NAME, bytes: 101 * 1024 ** 3, sha256: 'a'.repeat(64) }, 400, '100 GiB'],
  ['a hash that is not hex', { name: NAME, bytes: 10, sha256: 'xyz' }, 400, 'sha256'],
])('refuses %s with a message', async (_, body, status, message) => {
  const answer = await admin('uploads', { body });
  expect(answer.status).toBe(status);
  expect(answer.error).toContain(message);
  expect(await env.DB.prepare('SELECT count(*) AS n FROM report_archive').first()).toEqual({ n: 0 });
});

it('refuses parts of the wrong size or number, gzip, completing early, loading early and unknown uploads', async () => {
  const file = new TextEncoder().encode(csvForDay(basicA2, '20210727'));
  const id = (await admin<Upload>('uploads', { body: { name: NAME, bytes: file.length, sha256: await sha256Hex(file) } })).data?.id ?? 0;
  expect((await putPart(id, 1, file.subarray(1))).status).toBe(400);
  expect((await putPart(id, 2, file)).error).toContain('a number from 1 to 1');
  expect((await putPart(id, 1, new Uint8Array([0x1f, 0x8b, ...file.subarray(2)]))).error).toContain('gunzip');
  expect((await admin(`uploads/${id}/complete`, { body: {} })).error).toContain('lacks parts 1');
  expect((await admin(`uploads/${id}/load`, { body: {} })).status).toBe(409);
  expect((await admin('uploads/999999')).status).toBe(404);
  expect((await admin('uploads/abc')).status).toBe(400);
  await putPart(id, 1, file);
  await admin(`uploads/${id}/complete`, { body: {} });
  const future = await admin(`uploads/${id}/load`, { body: { issued: '2999-01-01T00:00:00Z' } });
  expect(future.status).toBe(400);
  expect(future.error).toContain('future');
  expect((await admin(`uploads/${id}/load`, { body: { dry_run: 'yes' } })).status).toBe(400);
  expect(await env.DB.prepare('SELECT count(*) AS n FROM channel_daily').first()).toEqual({ n: 0 });
});

it('follows a load by id: a dry run decides and writes nothing, unknown or malformed ids are refused', async () => {
  const file = new TextEncoder().encode(csvForDay(basicA2, '20210727'));
  const id = (await admin<Upload>('uploads', { body: { name: NAME, bytes: file.length, sha256: await sha256Hex(file) } })).data?.id ?? 0;
  await putPart(id, 1, file);
  await admin(`uploads/${id}/complete`, { body: {} });
  const dry = await loadResult<{ files: Array<{ status: string; rows: number }>; dry_run: boolean }>(
    await call(`/api/admin/uploads/${id}/load`, { body: { dry_run: true }, headers: AUTH }),
  );
  expect(dry).toMatchObject({ dry_run: true, files: [{ status: 'loaded', rows: csvRecords(csvForDay(basicA2, '20210727')).length }] });
  expect(await env.DB.prepare('SELECT count(*) AS n FROM channel_daily').first()).toEqual({ n: 0 });
  expect(await env.DB.prepare('SELECT load_status FROM report_archive WHERE id = ?').bind(id).first()).toEqual({ load_status: null });
  expect((await getLoad('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  const malformed = await getLoad('nope');
  expect(malformed.status).toBe(400);
  expect(malformed.error).toContain('the "load" a start answered');
});

/** A small file announced, sent in one part and completed: its upload id. */
async function archived(name: string, text: string): Promise<number> {
  const file = new TextEncoder().encode(text);
  const id = (await admin<Upload>('uploads', { body: { name, bytes: file.length, sha256: await sha256Hex(file) } })).data?.id ?? 0;
  await putPart(id, 1, file);
  expect((await admin<Upload>(`uploads/${id}/complete`, { body: {} })).data?.state).toBe('archived');
  return id;
}

const PAIR = 'UCpairpairpairpairpair01';

it('loads several uploads as one import: a demographics file is weighted by the basic report beside it', async () => {
  const network = await createNetwork();
  const day = '20260301';
  const basic = basicCsv(
    [
      { day, channel: PAIR, video: 'pairvideo01', country: 'US', views: 500 },
      { day, channel: PAIR, video: 'pairvideo01', country: 'DE', views: 200 },
    ],
    true,
  );
  const shares: Array<[string, string, string, string, number]> = [
    ['pairvideo01', 'US', 'AGE_25_34', 'MALE', 60],
    ['pairvideo01', 'US', 'AGE_18_24', 'FEMALE', 40],
    ['pairvideo01', 'DE', 'AGE_25_34', 'MALE', 100],
  ];
  const basicId = await archived(`content_owner_basic_a4_${day}.csv`, basic);
  const demographicsId = await archived(`content_owner_demographics_a1_${day}.csv`, ownerDemographicsCsv(day, PAIR, shares));

  // Refused before anything loads: no ids, an id twice, an upload that does not exist.
  for (const [ids, message] of [
    [[], 'at least one'],
    [[basicId, basicId], 'once'],
    [[basicId, 999999], 'No upload 999999'],
  ] as const) {
    const refused = await admin('uploads/load', { body: { ids, network: String(network) } });
    expect(refused.status).toBe(400);
    expect(refused.error).toContain(message);
  }
  expect(await env.DB.prepare('SELECT count(*) AS n FROM report_archive WHERE load_status IS NOT NULL').first()).toEqual({ n: 0 });

  // The demographics file first in the request: the import still reads its basic report's views.
  const loaded = await loadResult<{ files: Array<{ name: string; status: string }> }>(
    await call('/api/admin/uploads/load', { body: { ids: [demographicsId, basicId], network: String(network) }, headers: AUTH }),
  );
  expect(loaded.files.map((f) => [f.name, f.status])).toEqual([
    [`content_owner_demographics_a1_${day}.csv`, 'loaded'],
    [`content_owner_basic_a4_${day}.csv`, 'loaded'],
  ]);
  const audience: Array<{ age_group: string; gender: string; views: number }> = [];
  for (const db of await everyFactsDb())
    audience.push(
      ...(await rowsIn<(typeof audience)[number]>(db, 'SELECT age_group, gender, views FROM channel_audience_daily ORDER BY age_group')),
    );
  // 40 % of the 500 US views; 60 % of them and all 200 German views.
  expect(audience).toEqual([
    { age_group: '18-24', gender: 'female', views: 0.4 * 500 },
    { age_group: '25-34', gender: 'male', views: 0.6 * 500 + 200 },
  ]);
});
