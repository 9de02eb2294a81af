// restore-store: a network's store to a past moment through the admin API of a split install. The local
// runtime keeps no history of objects (workerd refuses getBookmarkForTime and onNextSessionRestoreBookmark),
// so here the route is driven up to those calls and the restart the restore ends with is driven on its own;
// the restore itself runs only on Cloudflare (docs/backup.md).
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../integration/http';
import { partnerDb, storeName } from '../../src/server/partner-store';
import { networkStoreHistory } from '../../src/server/partner-store/store-history';
import { RESTART_REASON } from '../../src/server/admin/store-restore';

const AUTH = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };
const objects = { ...env, PARTNER_STORE: 'objects' };
/**
 * Ids no other file uses (storage is shared between files here), below partner-migrate's, whose pages
 * after 990,000 must hold its own networks alone.
 */
const NETWORK = 989_001;
const NO_STORE = 989_002;
const DAY_MS = 86_400_000;

async function restore(body: object, partnerStore = 'objects'): Promise<Response> {
  return call('/api/admin/store-restore', { body, headers: AUTH, settings: { PARTNER_STORE: partnerStore } });
}

const auditRows = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'store.restore'").first<number>('n')) ?? 0;

/** The network's facts as its store holds them: the figures a restore must leave alone when refused. */
const storeViews = async () =>
  partnerDb(objects, NETWORK).prepare('SELECT sum(views) AS v FROM channel_daily WHERE channel_id = ?').bind(NETWORK).first<number>('v');

async function openStore(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO networks (id, slug, name, created_at) VALUES (?1, 'restorable', 'Restorable', 1)").bind(NETWORK),
    env.DB.prepare("INSERT INTO networks (id, slug, name, created_at) VALUES (?1, 'storeless', 'Storeless', 1)").bind(NO_STORE),
    env.DB.prepare('INSERT INTO network_stores (network_id, opened_at) VALUES (?1, 1)').bind(NETWORK),
  ]);
  const store = partnerDb(objects, NETWORK);
  await store.batch([
    store.prepare("INSERT INTO networks (id, slug, name, created_at) VALUES (?1, 'restorable', 'Restorable', 1)").bind(NETWORK),
    store
      .prepare("INSERT INTO channels (id, youtube_id, title, network_id, created_at) VALUES (?1, 'UCrestorable000000000001', 'R', ?1, 0)")
      .bind(NETWORK),
    ...[3, 4, 5].map((v, d) =>
      store.prepare('INSERT INTO channel_daily (channel_id, day, views) VALUES (?1, ?2, ?3)').bind(NETWORK, `2026-01-0${d + 1}`, v),
    ),
  ]);
}

describe('restore-store', () => {
  it('refuses what it cannot restore with a message, changing nothing', async () => {
    await openStore();
    const now = Date.now();
    const refusals: Array<[object, number, RegExp, string?]> = [
      [{ network: 'restorable', to: new Date(now + DAY_MS).toISOString() }, 400, /is in the future/],
      [{ network: 'restorable', to: new Date(now - 31 * DAY_MS).toISOString() }, 400, /older than the 30 days/],
      [{ network: 'restorable', to: 'yesterday' }, 400, /ISO time/],
      [{ network: 'restorable' }, 400, /either to/],
      [{ network: 'restorable', to: new Date(now - 60_000).toISOString(), bookmark: '0000-0001' }, 400, /either to/],
      [{ network: 'restorable', bookmark: 'DROP TABLE' }, 400, /bookmark a restore printed/],
      [{ network: 'nowhere', to: new Date(now - 60_000).toISOString() }, 404, /No network "nowhere"/],
      [{ network: 'storeless', to: new Date(now - 60_000).toISOString() }, 409, /has no store yet/],
      [
        { network: 'restorable', bucket: 3, to: new Date(now - 60_000).toISOString() },
        409,
        /no channel of network Restorable is in bucket 3/,
      ],
      [{ network: 'restorable', bucket: 64, to: new Date(now - 60_000).toISOString() }, 400, /A bucket is a whole number from 0 to 63\./],
      [{ network: 'restorable', to: new Date(now - 60_000).toISOString() }, 409, /PARTNER_STORE is shared/, 'shared'],
    ];
    for (const [body, status, message, mode] of refusals) {
      const res = await restore(body, mode);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect(await auditRows()).toBe(0);
    expect(await storeViews()).toBe(3 + 4 + 5);
  });

  it('takes the store as far as the local runtime allows, then says the restore runs on Cloudflare', async () => {
    const before = await auditRows();
    // Local workerd answers the bookmark of now (all zeros) but refuses a past moment's: nothing scheduled.
    for (const body of [
      { network: NETWORK, to: new Date(Date.now() - 60_000).toISOString() },
      { network: 'restorable', bookmark: '00000000-00000000-00000000-00000000000000000000000000000000' },
    ]) {
      const res = await restore(body);
      expect(res.status, JSON.stringify(body)).toBe(503);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /keeps no history of network stores.*on Cloudflare.*Nothing was changed/,
      );
    }
    expect(await auditRows()).toBe(before);
    expect(await storeViews()).toBe(3 + 4 + 5);
  });

  it('restarts the store, which answers again from a new instance with its facts', async () => {
    const stub = env.NETWORK_STORE!.get(env.NETWORK_STORE!.idFromName(storeName(NETWORK)));
    const mark = Symbol.for('viewdeck.test.instance');
    await runInDurableObject(stub, (instance) => {
      (instance as unknown as Record<symbol, boolean>)[mark] = true;
    });
    const restarted = await networkStoreHistory(objects, NETWORK)
      .restart(RESTART_REASON)
      .then(
        () => 'answered',
        (error: unknown) => String(error),
      );
    expect(restarted).toBe(`Error: ${RESTART_REASON}`);
    // The stub that saw the restart answers nothing more; a new one starts the object again.
    expect(await networkStoreHistory(objects, NETWORK).size()).toBeGreaterThan(0);
    const fresh = env.NETWORK_STORE!.get(env.NETWORK_STORE!.idFromName(storeName(NETWORK)));
    const marked = await runInDurableObject(fresh, (instance) => (instance as unknown as Record<symbol, boolean>)[mark] ?? false);
    expect(marked).toBe(false);
    expect(await storeViews()).toBe(3 + 4 + 5);
  });
});
