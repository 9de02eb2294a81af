// POST /api/admin/import with the command line's extras: names with folders, modification times, dry runs.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../http';
import { basicCsv } from './basic-builder';
import { snapshotDatabase } from './support';

const AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';
const ORIGINAL = basicCsv([{ day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 100 }]);
const REISSUE = basicCsv([{ day: '20260301', channel: CHANNEL, video: 'aaaaaaaaaaa', views: 90 }]);

interface Answer {
  data?: { files: Array<{ name: string; status: string; decisions?: string[] }>; dry_run: boolean };
  error?: string;
}

async function upload(
  files: Array<[string, string, number]>,
  dryRun?: string,
  reapply?: string,
): Promise<{ status: number; body: Answer }> {
  const form = new FormData();
  for (const [name, text] of files) form.append('files', new File([text], name));
  for (const [, , modified] of files) form.append('modified', String(modified));
  if (dryRun !== undefined) form.append('dry_run', dryRun);
  if (reapply !== undefined) form.append('reapply', reapply);
  const res = await call('/api/admin/import', { method: 'POST', body: form, headers: AUTH });
  return { status: res.status, body: (await res.json()) as Answer };
}

const views = async () => (await env.DB.prepare('SELECT sum(views) AS v FROM channel_daily').first<{ v: number | null }>())?.v ?? null;

describe('POST /api/admin/import', () => {
  it('keeps the newer upload by modification time, names files as sent, and a dry run writes nothing', async () => {
    const files: Array<[string, string, number]> = [
      ['backfill/channel_basic_a3_x.csv', REISSUE, 1_772_400_000],
      ['channel_basic_a3_x.csv', ORIGINAL, 1_772_300_000],
    ];
    const before = await snapshotDatabase();
    const dry = await upload(files, 'true');
    expect(dry.status).toBe(200);
    expect(dry.body.data?.dry_run).toBe(true);
    expect(await snapshotDatabase()).toEqual(before);
    const real = await upload(files);
    expect(real.body.data?.files).toEqual(dry.body.data?.files);
    expect(real.body.data?.files[0]).toMatchObject({
      name: 'backfill/channel_basic_a3_x.csv',
      status: 'replaced',
      decisions: ['replaces 2026-03-01 of channel_basic_a3_x.csv'],
    });
    expect(await views()).toBe(90);
  });

  it('refuses modification times that are not one unix time per file, and a dry_run that is not true or false', async () => {
    const form = new FormData();
    form.append('files', new File([ORIGINAL], 'channel_basic_a3_x.csv'));
    form.append('modified', 'yesterday');
    const res = await call('/api/admin/import', { method: 'POST', body: form, headers: AUTH });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'modified: each value is a time in unix seconds.' });
    const bad = await upload([['channel_basic_a3_x.csv', ORIGINAL, 1]], 'yes');
    expect(bad).toEqual({ status: 400, body: { error: 'dry_run: send true or false.' } });
    expect(await views()).toBeNull();
    expect(await upload([['channel_basic_a3_x.csv', ORIGINAL, 1]], undefined, 'yes')).toEqual({
      status: 400,
      body: { error: 'reapply: send true or false.' },
    });
  });

  it('re-applies content loaded before when asked to, and only then', async () => {
    const files: Array<[string, string, number]> = [['channel_basic_a3_x.csv', ORIGINAL, 1_772_300_000]];
    await upload(files);
    expect((await upload(files)).body.data?.files[0]?.status).toBe('unchanged');
    const again = await upload(files, undefined, 'true');
    expect(again.body.data?.files[0]).toMatchObject({
      status: 'loaded',
      decisions: ['re-applied: loaded before', 're-applies 2026-03-01 it holds already'],
    });
    expect(await views()).toBe(100);
  });
});
