// The claims report to the illegal copies table: a claims snapshot file loaded by the importer shows up
// in POST /api/illegal/table for a user granted the network, and for nobody else; each copy names the
// partner video it copies while the catalogue holds it, as the latest snapshot says.
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import claims from '../../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import metadata from '../../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import { createUser } from '../factories';
import { call, signIn } from '../http';
import { createNetwork, HOUR, loadInstall, NOW, readCsvRecords } from '../ingest/support';

const DAY = 24 * HOUR;
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

/** Where the fixture's claims (no quoted cells) hold the reference video. */
const REFERENCE_CELL = (claims.split('\n')[0] ?? '').split(',').indexOf('reference_video_id');

/** The fixture's claims with some claims' reference videos replaced, as a later snapshot of the same claims. */
function reissued(references: Record<string, string>): string {
  return claims
    .split('\n')
    .map((line) => {
      const cells = line.split(',');
      const reference = references[cells[0] ?? ''];
      if (reference) cells[REFERENCE_CELL] = reference;
      return cells.join(',');
    })
    .join('\n');
}

/** The copies' partner videos as the answer names them, by copy. */
async function copiedVideos(session: string) {
  const answer = await table(session);
  if (answer.group_by !== 'none') throw new Error('expected copy rows');
  return new Map(answer.rows.map((r) => [r.video_id, [r.reference_video_id, r.reference_video_title, r.channel_id]]));
}

/** What a claims file makes of each active copy: its reference video, title and channel when the catalogue has it. */
function expectedVideos(text: string) {
  const catalogue = new Map(readCsvRecords(metadata).map((m) => [m.video_id, m]));
  return new Map(
    readCsvRecords(text)
      .filter((r) => r.claim_status === 'ACTIVE' && r.channel_id)
      .map((r) => {
        const video = catalogue.get(r.reference_video_id ?? '');
        return [r.video_id, video ? [video.video_id, video.video_title, video.channel_id] : [null, null, 'ugc']];
      }),
  );
}

it('keeps the partner video each copy copies, and a later snapshot replaces it', async () => {
  const network = await createNetwork();
  await loadInstall(
    [
      ['content_owner_video_metadata_a4_20260301.csv', metadata],
      ['content_owner_active_claims_a3_20260301.csv', claims, NOW - DAY],
    ],
    { networkId: network },
  );
  const user = await createUser();
  await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) VALUES (?, ?, 0)').bind(user.id, network).run();
  const session = await signIn(user.email, user.password ?? '');
  const first = expectedVideos(claims);
  expect([...first.values()].every(([id]) => id !== null)).toBe(true);
  expect(await copiedVideos(session)).toEqual(first);

  // The next day's snapshot: one claim's reference is another of the catalogue's videos (another channel's),
  // another's a video the catalogue does not hold (the copy becomes the UGC channel's, with no page to link).
  const [moved, unknown] = readCsvRecords(claims).filter((r) => r.claim_status === 'ACTIVE');
  const other = readCsvRecords(metadata).find((m) => m.video_id !== moved?.reference_video_id && m.channel_id);
  if (!moved || !unknown || !other) throw new Error('the fixtures need two active claims and two catalogue videos');
  const next = reissued({ [moved.claim_id ?? '']: other.video_id ?? '', [unknown.claim_id ?? '']: 'Nn00Nn00Nn0' });
  // Issued a day later than the first: YouTube's re-issue of the snapshot, which wins.
  const { files } = await loadInstall([['content_owner_active_claims_a3_20260302.csv', next, NOW]], { networkId: network });
  expect(files.map((f) => f.status)).toEqual(['replaced']);
  const second = expectedVideos(next);
  expect(second.get(moved.video_id ?? '')?.[0]).toBe(other.video_id);
  expect(second.get(unknown.video_id ?? '')?.[0]).toBeNull();
  expect(await copiedVideos(session)).toEqual(second);
});
