// The demo's finance by revenue kind, loaded from its statements by the real importer: each finalized month's
// Shorts part and the claims of partner channels are the generator's own records.
import { env } from 'cloudflare:test';
import { beforeAll, expect, it } from 'vitest';
import { SCALES } from '../../../scripts/demo/generate/scale';
import { PINNED_TODAY, tinyTables } from '../../../scripts/demo/generate/test-dataset';
import { loadDemo } from '../../../scripts/demo/load/demo-load';

const SEED = 7;
const LOAD_TIMEOUT_MS = 120_000;
const tables = tinyTables(SEED, PINNED_TODAY);
/** Generated channel id -> the key the database knows it by (YouTube id, or 'UGC'). */
const channelKey = new Map(tables.channels.map((c) => [c.id, c.youtubeId ?? 'UGC']));
const KEY = "coalesce(c.youtube_id, 'UGC') || '|' || f.month";

async function figures(sql: string): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(sql).all<{ k: string; v: number }>();
  return new Map(results.map((r) => [r.k, r.v]));
}

beforeAll(async () => {
  await loadDemo({ db: env.DB, kv: env.KV }, { seed: SEED, today: PINNED_TODAY, scale: SCALES.tiny });
}, LOAD_TIMEOUT_MS);

it("has each finalized month's Shorts part as generated", async () => {
  const expected = new Map(tables.channel_finance_monthly.map((r) => [`${channelKey.get(r.channelId)}|${r.month}`, r.shortsMicros]));
  expect([...expected.values()].some((v) => v > 0)).toBe(true);
  expect(
    await figures(`SELECT ${KEY} AS k, f.shorts_micros AS v FROM channel_finance_monthly f JOIN channels c ON c.id = f.channel_id`),
  ).toEqual(expected);
});

it("has the partner channels' claims within the UGC channel's months, as generated", async () => {
  const expected = new Map(tables.channel_claim_revenue_monthly.map((r) => [`${channelKey.get(r.channelId)}|${r.month}`, r.revenueMicros]));
  expect(expected.size).toBeGreaterThan(0);
  expect(
    await figures(`SELECT ${KEY} AS k, f.revenue_micros AS v FROM channel_claim_revenue_monthly f JOIN channels c ON c.id = f.channel_id`),
  ).toEqual(expected);
  const over = await figures(
    `SELECT u.month AS k, u.revenue_micros - (SELECT coalesce(sum(f.revenue_micros), 0) FROM channel_claim_revenue_monthly f WHERE f.month = u.month) AS v
     FROM channel_finance_monthly u JOIN channels c ON c.id = u.channel_id WHERE c.is_ugc = 1`,
  );
  expect([...over.values()].every((kept) => kept >= 0)).toBe(true);
});
