// The held-out check: a real monthly ad revenue statement loaded by the importer, partners' terms on its
// channel, and the network month's figures compared with sums of the raw report rows (not of our tables).
import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import statement from '../../fixtures/ingest/content_owner_ad_revenue_raw_a1_202602.csv?raw';
import type { Payables } from '../../../src/lib/api/statements';
import { consoleCall, staffSession } from '../console/console-helpers';
import { createUser } from '../factories';
import { channelIdOf, createNetwork, HOUR, loadInstall, microsOf, NOW, readCsvRecords } from '../ingest/support';

const CHANNEL = 'UCK8sQmJBp8GCxrOtXWBpyEA';
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id\nmC2LZ4TitHw,${CHANNEL},Google,Ball drop,22209,SHOW-1\n`;

it("reconciles a loaded statement with the raw report's own sums, to the micro", async () => {
  const network = await createNetwork('Brand');
  await loadInstall([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
  await loadInstall([['content_owner_ad_revenue_raw_a1_202602.csv', statement, NOW - 2 * HOUR]], { networkId: network });
  const partner = await createUser();
  const channel = await channelIdOf(CHANNEL);
  await env.DB.prepare('INSERT INTO channel_grants (user_id, channel_id, created_at) VALUES (?, ?, 0)').bind(partner.id, channel).run();
  // Terms written as the console writes them (its range check is relative to today; this month is fixed).
  await env.DB.prepare(
    "INSERT INTO revenue_contracts (network_id, user_id, effective_from, ads_bps, shorts_bps, claims_bps, adjustments_bps, created_at) VALUES (?, ?, '2026-01', 6999, 5000, 4000, 3333, 0)",
  )
    .bind(network, partner.id)
    .run();
  const staff = await staffSession();
  const { data } = await consoleCall<Payables>(staff.session, `/money/networks/${network}/payables?month=2026-02`);
  // Sums of the raw rows: normal rows are revenue (ads: the video is 22,209 s, not a Short), adjustment
  // rows are adjustments booked in the statement's month.
  const rows = readCsvRecords(statement);
  const normal = rows.filter((r) => r.adjustment_type === 'None').reduce((s, r) => s + microsOf(r.partner_revenue ?? ''), 0);
  const adjustments = rows.filter((r) => r.adjustment_type !== 'None').reduce((s, r) => s + microsOf(r.partner_revenue ?? ''), 0);
  expect(data!.final).toBe(true);
  expect(data!.youtube_micros).toBe(normal + adjustments);
  const expectedPartner = Math.floor((normal * 6_999) / 10_000) + Math.floor((adjustments * 3_333) / 10_000);
  expect(data!.partners_micros).toBe(expectedPartner);
  expect(data!.partners_micros + data!.retained_micros).toBe(normal + adjustments);
  expect(data!.statements.map((s) => [s.user.id, s.status, s.partner_micros])).toEqual([[partner.id, 'draft', expectedPartner]]);
});
