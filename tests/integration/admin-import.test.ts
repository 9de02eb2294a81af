import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import basicA2 from '../fixtures/youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv?raw';
import { call } from './http';
import { snapshotDatabase } from './ingest/support';
import { loadResult } from './admin-loads';
import { sha256Hex } from './sync/archive-support';
import { errorAnswer } from './error-answer';

const AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };

function upload(files: Array<[string, string]>, network?: string): Promise<Response> {
  const form = new FormData();
  for (const [name, text] of files) form.append('files', new File([text], name));
  if (network) form.append('network', network);
  return call('/api/admin/import', { method: 'POST', body: form, headers: AUTH });
}

/** Views per day summed straight from the CSV text, by header name. */
function viewsFromCsv(csv: string): number {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const at = header!.split(',').indexOf('views');
  return lines.reduce((n, line) => n + Number(line.split(',')[at]), 0);
}

describe('POST /api/admin/import', () => {
  it('archives an uploaded report, loads it from the archive and refreshes the monthly rollup', async () => {
    const res = await upload([['channel_basic_a2_20210727.csv', basicA2]]);
    const data = await loadResult<{ files: Array<{ status: string; rows: number }>; rejected: number }>(res);
    expect(data.rejected).toBe(0);
    expect(data.files[0]).toMatchObject({ status: 'loaded', rows: basicA2.trim().split('\n').length - 1 });
    const daily = await env.DB.prepare('SELECT sum(views) AS v FROM channel_daily').first<{ v: number }>();
    expect(daily?.v).toBe(viewsFromCsv(basicA2));
    const monthly = await env.DB.prepare('SELECT sum(views) AS v FROM channel_monthly').first<{ v: number }>();
    expect(monthly?.v).toBe(viewsFromCsv(basicA2));
    const archived = await env.DB.prepare(
      'SELECT object_key, name, bytes, sha256, state, load_status, report_type_id FROM report_archive',
    ).all();
    const bytes = new TextEncoder().encode(basicA2);
    expect(archived.results).toEqual([
      expect.objectContaining({ name: 'channel_basic_a2_20210727.csv', bytes: bytes.length, sha256: await sha256Hex(bytes) }),
    ]);
    // The type its load recognised from the header is kept: the unfold's monthFiles reads no header of it again.
    expect(archived.results[0]).toMatchObject({ state: 'archived', load_status: 'loaded', report_type_id: 'channel_basic_a2' });
    const stored = await env.REPORTS.get(String(archived.results[0]?.object_key));
    expect(await sha256Hex(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0)))).toBe(await sha256Hex(bytes));
  });

  it('reports a rejected file with its line and loads nothing of it; the archive keeps it with its verdict', async () => {
    const { report_archive: _before, ...before } = await snapshotDatabase();
    const bad = basicA2.replace(/\n(\d{8},UC[^,]+,[^,]*,[^,]*,[^,]*,[A-Z]{2}),\d+/, '\n$1,many');
    const res = await upload([['channel_basic_a2_bad.csv', bad]]);
    const data = await loadResult<{ files: Array<{ status: string; reason: string }>; rejected: number }>(res);
    expect(data.rejected).toBe(1);
    expect(data.files[0]!.reason).toMatch(/^channel_basic_a2_bad\.csv:2: /);
    const { report_archive: archived, audit_log: audited, ...after } = await snapshotDatabase();
    const { audit_log: _noAudit, ...beforeFacts } = before;
    expect(after).toEqual(beforeFacts);
    expect(archived?.map((row) => JSON.parse(row) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ name: 'channel_basic_a2_bad.csv', state: 'archived', load_status: 'rejected' }),
    ]);
    // The operator's attempt is recorded, with the token as its actor.
    expect(audited?.map((row) => JSON.parse(row) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ actor: 'token', action: 'import', target: 'channel_basic_a2_bad.csv' }),
    ]);
  });

  it('refuses uploads without files, with an unknown network, or without the token', async () => {
    const empty = await call('/api/admin/import', { method: 'POST', body: new FormData(), headers: AUTH });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual(errorAnswer('files: attach at least one report file.'));
    const unknown = await upload([['a.csv', basicA2]], 'no-such-network');
    expect(unknown.status).toBe(404);
    const anonymous = await call('/api/admin/import', { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });
});
