// An import that changes the rollups starts a new public data generation by itself; a dry run changes nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ImportFile } from '../../../src/server/ingest/load/files';
import { runImport } from '../../../src/server/ingest/run-import';
import { GENERATION_KEY } from '../../../src/server/public/generation';
import { basicCsv } from './basic-builder';
import { createNetwork, encode, NOW } from './support';

const PARTNER = 'UCpartnerpartnerpartner1';
const BASIC = basicCsv(
  [
    { day: '20260301', channel: PARTNER, video: 'ownvideo001', country: 'US', views: 500 },
    { day: '20260302', channel: PARTNER, video: 'ownvideo001', country: 'DE', views: 100 },
  ],
  true,
);
const FILES: ImportFile[] = [{ name: 'content_owner_basic_a4_20260302.csv', bytes: encode(BASIC), issued: { at: NOW, from: 'operator' } }];
const TARGET = { db: env.DB, kv: env.KV };

/** The stored generation, read from KV itself (readPublicGeneration keeps what it read for a while). */
const storedGeneration = () => env.KV.get(GENERATION_KEY);

describe('runImport and the public data generation', () => {
  it('a dry run leaves it alone; an import that refreshes rollups bumps it; one that changes nothing does not', async () => {
    const options = { networkId: await createNetwork(), now: NOW };
    expect(await storedGeneration()).toBeNull();

    const dry = await runImport(TARGET, FILES, { ...options, dryRun: true });
    expect(dry.files.map((f) => f.status)).toEqual(['loaded']);
    expect(await storedGeneration()).toBeNull();

    const run = await runImport(TARGET, FILES, options);
    expect(run.rollupBuckets).toBeGreaterThan(0);
    const bumped = await storedGeneration();
    expect(bumped).not.toBeNull();

    const again = await runImport(TARGET, FILES, options);
    expect(again.files.map((f) => f.status)).toEqual(['unchanged']);
    expect(again.rollupBuckets).toBe(0);
    expect(await storedGeneration()).toBe(bumped);
  });
});
