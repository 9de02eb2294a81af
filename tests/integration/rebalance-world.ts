// The network rebalance.test.ts moves: its report files (fixtures), and the helpers that walk a rebalance
// through the admin API and read what each store holds.
import claims from '../fixtures/ingest/content_owner_active_claims_a3_20260301.csv?raw';
import metadata from '../fixtures/ingest/content_owner_video_metadata_a4_20260301.csv?raw';
import { expect } from 'vitest';
import { MOVED_TABLES } from '../../src/server/partner-store/move-tables';
import { call } from './http';
import { basicCsv, type BasicLine, ownerDemographicsCsv } from './ingest/basic-builder';
import { encode, readCsvRecords } from './ingest/support';
import { rowsIn } from './partner-facts';
/** The tests' ADMIN_TOKEN (vitest.integration.config.ts). */
export const AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };

export const videos = readCsvRecords(metadata);

/** The metadata file with one CMS custom id on every video, so its figures also land at the title grains. */
function metadataWithTitle(): string {
  const columns = Object.keys(videos[0] ?? {});
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const rows = videos.map((v) => columns.map((c) => quote(c === 'custom_id' ? 'show-1' : (v[c] ?? ''))).join(','));
  return `${[columns.join(','), ...rows].join('\n')}\n`;
}

/** Own views on every video of the metadata file, 12 days, two countries. */
export const BASIC: BasicLine[] = videos.flatMap((v, k) =>
  Array.from({ length: 12 }, (_, d) =>
    ['US', k ? 'IN' : 'DE'].map((country) => {
      const views = ((d * 37 + k * 11 + country.charCodeAt(0)) % 400) + 30;
      const day = `202602${String(d + 1).padStart(2, '0')}`;
      return {
        day,
        channel: v.channel_id ?? '',
        video: v.video_id ?? '',
        country,
        views,
        likes: views % 13,
        watch: views * 2,
        gained: d % 3,
        lost: d % 2,
      };
    }),
  ).flat(),
);

export function files() {
  const first = videos[0];
  const demographics = ownerDemographicsCsv('20260205', first?.channel_id ?? '', [
    [first?.video_id ?? '', 'US', 'AGE_18_24', 'male', 70],
    [first?.video_id ?? '', 'US', 'AGE_25_34', 'female', 30],
  ]);
  return [
    { name: 'content_owner_video_metadata_a4_20260301.csv', bytes: encode(metadataWithTitle()) },
    { name: 'content_owner_basic_a4_20260213.csv', bytes: encode(basicCsv(BASIC, true)) },
    { name: 'content_owner_demographics_a1_20260205.csv', bytes: encode(demographics) },
    { name: 'content_owner_active_claims_a3_20260301.csv', bytes: encode(claims) },
  ];
}

/** The channel tables a rebalance carries (network_daily follows by trigger, report_files with the slices). */
const CHANNEL_TABLES = MOVED_TABLES.filter((t) => !t.catalogue && !['report_files', 'network_daily'].includes(t.name));

export interface Step {
  phase: string;
  table: string;
  rows: number;
  next: string | null;
}

export const rebalance = (body: Record<string, unknown>) => call('/api/admin/rebalance', { body, headers: AUTH });

/** Every step of an action until it answers no next cursor. */
export async function walk(body: Record<string, unknown>): Promise<Step[]> {
  const steps: Step[] = [];
  let cursor: string | undefined;
  do {
    const res = await rebalance({ ...body, ...(cursor ? { cursor } : {}) });
    expect(res.status, await res.clone().text()).toBe(200);
    const step = ((await res.json()) as { data: Step }).data;
    steps.push(step);
    cursor = step.next ?? undefined;
  } while (cursor);
  return steps;
}

/** Each channel table's rows of the channels in a store: count, and every numeric column's sum. */
export async function holdings(db: D1Database, channels: number[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const t of CHANNEL_TABLES) {
    const money = t.money ? `, sum(${t.money}) AS money` : '';
    const [row] = await rowsIn(
      db,
      `SELECT count(*) AS n${money} FROM ${t.name} WHERE channel_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(channels),
    );
    out[t.name] = row;
  }
  return out;
}

/** A store's network days that are not the sums of its channel days (every metric compared). */
export async function networkDaysOff(db: D1Database): Promise<unknown[]> {
  const sums = `SELECT c.network_id, d.day, sum(d.views) AS views, sum(d.likes) AS likes, sum(d.partner_revenue_micros) AS revenue,
    sum(coalesce(d.statement_share_micros, d.partner_revenue_micros)) AS earnings, sum(d.subscribers_gained) AS gained
    FROM channel_daily d JOIN channels c ON c.id = d.channel_id GROUP BY 1, 2`;
  return rowsIn(
    db,
    `WITH s AS (${sums}) SELECT n.day, n.views, s.views AS expected FROM network_daily n LEFT JOIN s ON s.network_id = n.network_id AND s.day = n.day
     WHERE n.views != coalesce(s.views, 0) OR n.likes != coalesce(s.likes, 0) OR n.partner_revenue_micros != coalesce(s.revenue, 0)
       OR n.earnings_micros != coalesce(s.earnings, 0) OR n.subscribers_gained != coalesce(s.gained, 0)
     UNION ALL SELECT s.day, NULL, s.views FROM s WHERE NOT EXISTS (SELECT 1 FROM network_daily n WHERE n.network_id = s.network_id AND n.day = s.day)`,
  );
}
