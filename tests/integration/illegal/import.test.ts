// The claims report to the illegal copies table: a claims snapshot file loaded by the importer shows up
// in POST /api/illegal/table for a user granted the network, and for nobody else.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import claims from '../../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import metadata from '../../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import { createUser } from '../factories';
import { call, signIn } from '../http';
import { createNetwork, loadInstall, readCsvRecords } from '../ingest/support';
import type { IllegalTableAnswer } from '../../../src/lib/api/illegal';

async function table(session: string): Promise<IllegalTableAnswer> {
  const res = await call('/api/illegal/table', { session, body: { sort: 'video', order: 'asc' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: IllegalTableAnswer }).data;
}

it("lists the claims report's active claims on third-party uploads as copies of the network's channel", async () => {
  const network = await createNetwork();
  const { files } = await loadInstall(
    [
      ['content_owner_video_metadata_a4_20260301.csv', metadata],
      ['content_owner_active_claims_a3_20260301.csv', claims],
    ],
    { networkId: network },
  );
  expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
  const granted = await createUser();
  const other = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(granted.id, network).run();

  // Expected from the file itself: active claims with an uploader channel, blocked when a policy blocks.
  const active = readCsvRecords(claims).filter((r) => r.claim_status === 'ACTIVE' && r.channel_id);
  const answer = await table(await signIn(granted.email, granted.password ?? ''));
  if (answer.group_by !== 'none') throw new Error('expected copy rows');
  expect(answer.rows.map((r) => [r.video_id, r.video_title, r.uploader_id, r.uploader_title, r.views, r.status, r.found])).toEqual(
    active
      .sort((a, b) => (a.video_title ?? '').toLowerCase().localeCompare((b.video_title ?? '').toLowerCase()))
      .map((r) => [
        r.video_id,
        r.video_title,
        r.channel_id,
        r.channel_display_name,
        Number(r.views),
        r.claim_policy_block ? 'blocked' : 'claimed',
        r.claim_created_date,
      ]),
  );
  const reference = readCsvRecords(metadata).find((m) => m.video_id === active[0]?.reference_video_id);
  expect(answer.rows.every((r) => r.channel_id === reference?.channel_id)).toBe(true);
  expect(answer.totals.views).toBe(active.reduce((s, r) => s + Number(r.views), 0));

  const outsider = await table(await signIn(other.email, other.password ?? ''));
  expect(outsider.totals.copies).toBe(0);
});
