// partnerDb against the real migrated D1: every network's partner facts are in the shared database, and
// a call without a usable network id is refused before any database is chosen.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { partnerDb, PartnerStoreError } from '../../src/server/partner-store';
import { misconfiguredResponse } from '../../src/server/http/config-guard';

/** A default install's settings (PARTNER_STORE unset), whichever pass these tests run in. */
const unsplit = { DB: env.DB };

describe('partnerDb', () => {
  it('answers the shared D1 for any network, and reads its partner tables', async () => {
    for (const networkId of [1, 2, 987_654, Number.MAX_SAFE_INTEGER]) {
      expect(partnerDb(unsplit, networkId)).toBe(env.DB);
      expect(partnerDb({ DB: env.DB, PARTNER_STORE: 'shared' }, networkId)).toBe(env.DB);
    }
    const row = await partnerDb(unsplit, 1).prepare('SELECT count(*) AS n FROM channel_daily').first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it('refuses ids that name no network', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      for (const settings of [unsplit, env]) {
        expect(() => partnerDb(settings, bad)).toThrow(PartnerStoreError);
        expect(() => partnerDb(settings, bad)).toThrow(`(got ${String(bad)})`);
      }
    }
  });

  it('refuses a PARTNER_STORE it does not know, and the config guard answers every request with why', async () => {
    const wrong = { ...env, PARTNER_STORE: 'network' };
    expect(() => partnerDb(wrong, 1)).toThrow(/PARTNER_STORE must be one of shared, objects \(got "network"\)/);
    const refused = misconfiguredResponse(wrong);
    expect(refused?.status).toBe(500);
    expect(await refused?.text()).toContain('PARTNER_STORE must be one of shared, objects');
    expect(misconfiguredResponse(env)).toBeNull();
  });
});
