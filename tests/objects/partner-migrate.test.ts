// partner-migrate: every network's store brought to the product's migrations at once, page by page,
// through the admin API of a split install; refused on the default install, whose D1 wrangler migrates.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../integration/http';

const AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };
/** Above every other file's ids (storage is shared between files here), so the pages hold these alone. */
const NETWORKS = [990_001, 990_003, 990_004];
/** A network no partner fact was ever written for, between them: it has no store and is not asked. */
const NO_STORE = 990_002;

interface Page {
  migrated: Array<{ network_id: number; bucket?: number; slug: string; applied: number; latest: string | null }>;
  failed: unknown[];
  next: number | null;
}

async function migrate(body: object, partnerStore = 'objects'): Promise<Response> {
  return call('/api/admin/partner-migrate', { body, headers: AUTH, settings: { PARTNER_STORE: partnerStore } });
}

describe('partner-migrate', () => {
  it('asks every network store after the cursor, which applies every migration, a page at a time', async () => {
    // network_stores is written by the catalogue copy before a store's first write (import-split.test.ts).
    await env.DB.batch([
      ...NETWORKS.map((id) =>
        env.DB.prepare("INSERT INTO networks (id, slug, name, created_at) VALUES (?1, ?2, 'M', 1)").bind(id, `m-${id}`),
      ),
      env.DB.prepare("INSERT INTO networks (id, slug, name, created_at) VALUES (?1, 'no-store', 'M', 1)").bind(NO_STORE),
      ...NETWORKS.map((id) => env.DB.prepare('INSERT INTO network_stores (network_id, opened_at) VALUES (?1, 1)').bind(id)),
    ]);
    const names = env.TEST_MIGRATIONS.map((m) => m.name).sort();
    const first = await migrate({ after: 990_000, limit: 2 });
    expect(first.status).toBe(200);
    const one = ((await first.json()) as { data: Page }).data;
    expect(one.migrated.map((m) => m.network_id)).toEqual([990_001, 990_003]);
    expect(one.next).toBe(990_003);
    const two = ((await (await migrate({ after: one.next, limit: 2 })).json()) as { data: Page }).data;
    expect(two.migrated.map((m) => m.network_id)).toEqual([990_004]);
    expect(two.next).toBeNull();
    for (const m of [...one.migrated, ...two.migrated]) {
      expect(m.slug).toBe(`m-${m.network_id}`);
      expect(m.applied).toBe(names.length);
      expect(m.latest).toBe(names.at(-1));
    }
    expect([...one.failed, ...two.failed]).toEqual([]);
  });

  it("asks each bucket's store of a network spread over several, whole networks per page", async () => {
    const SPREAD = 990_005;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO networks (id, slug, name, store_buckets, created_at) VALUES (?1, 'spread', 'M', 3, 1)").bind(SPREAD),
      env.DB.prepare('INSERT INTO network_stores (network_id, opened_at) VALUES (?1, 1)').bind(SPREAD),
      env.DB.prepare("INSERT INTO channels (youtube_id, title, network_id, store_bucket, created_at) VALUES (?1, 'C', ?2, 2, 1)").bind(
        'UCmigratebucketsmigrat01',
        SPREAD,
      ),
    ]);
    const names = env.TEST_MIGRATIONS.map((m) => m.name).sort();
    // Two stores a page: 990_004's, then 990_005's two (its first store and bucket 2's) on the next page.
    const first = ((await (await migrate({ after: 990_003, limit: 2 })).json()) as { data: Page }).data;
    expect(first.migrated.map((m) => [m.network_id, m.bucket])).toEqual([[990_004, undefined]]);
    const second = ((await (await migrate({ after: first.next, limit: 2 })).json()) as { data: Page }).data;
    expect(second.migrated.map((m) => [m.network_id, m.bucket])).toEqual([
      [SPREAD, undefined],
      [SPREAD, 2],
    ]);
    expect(second.migrated.every((m) => m.applied === names.length)).toBe(true);
    expect(second.next).toBeNull();
  });

  it('refuses bad pages and the default install with a message', async () => {
    for (const body of [{ limit: 0 }, { limit: 201 }, { after: -1 }, { after: 'x' }]) {
      expect((await migrate(body)).status).toBe(400);
    }
    const shared = await migrate({}, 'shared');
    expect(shared.status).toBe(409);
    expect(((await shared.json()) as { error: string }).error).toContain('PARTNER_STORE is shared');
  });
});
