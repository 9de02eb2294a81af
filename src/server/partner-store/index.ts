// Where a network's partner facts live: the one function code asks for the database that holds a
// network's partner facts and rollups, so that splitting them by network (docs/partner-store.md) is a
// setting and this module, not a change at every call site. Every install keeps them in the shared D1 today.
import * as z from 'zod';
import type { Bindings } from '../env';
import { objectDb, type StoreCaller } from './object-db';

/**
 * Values of the `PARTNER_STORE` setting. `shared`: partner facts live in the shared D1 with everything
 * else (the default). `objects`: each network's partner facts live in its own SQLite-backed Durable
 * Object (NETWORK_STORE, network-store.ts), the split chosen in docs/partner-store.md.
 */
export const PARTNER_STORE_MODES = ['shared', 'objects'] as const;
export type PartnerStoreMode = (typeof PARTNER_STORE_MODES)[number];

/** The setting alone (what partnerStoreMode reads). */
export type PartnerStoreSetting = Pick<Bindings, 'PARTNER_STORE'>;
/** Bindings and settings the store reads. */
export type PartnerStoreEnv = Pick<Bindings, 'DB' | 'PARTNER_STORE' | 'NETWORK_STORE'>;

/** A setting or network id the partner store cannot use; the message names which and why. */
export class PartnerStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PartnerStoreError';
  }
}

const modeSchema = z.enum(PARTNER_STORE_MODES);
/** networks.id: SQLite's rowid range, and an exact JavaScript integer. */
const networkIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** channels.store_bucket's range (migration 0036). */
export const MAX_BUCKET = 63;
const BUCKET_RANGE = `A bucket is a whole number from 0 to ${MAX_BUCKET}.`;
/** A store bucket (channels.store_bucket), as requests and cursors give it. */
export const bucketSchema = z.number().int(BUCKET_RANGE).min(0, BUCKET_RANGE).max(MAX_BUCKET, BUCKET_RANGE);

/**
 * The install's `PARTNER_STORE`; unset or empty is `shared`.
 * @example partnerStoreMode({}) // 'shared'
 */
export function partnerStoreMode(env: PartnerStoreSetting): PartnerStoreMode {
  const raw = env.PARTNER_STORE;
  if (raw === undefined || raw === '') return 'shared';
  const parsed = modeSchema.safeParse(raw);
  if (!parsed.success) {
    throw new PartnerStoreError(
      `PARTNER_STORE must be one of ${PARTNER_STORE_MODES.join(', ')} (got "${raw}"); see docs/partner-store.md.`,
    );
  }
  return parsed.data;
}

/**
 * Why this deploy cannot serve requests with its `PARTNER_STORE`, or null; the config guard refuses
 * every request with it, so a wrong value or a split without its binding is seen at once rather than
 * on the first partner read.
 * @example partnerStoreProblem({ PARTNER_STORE: 'x' }) // 'PARTNER_STORE must be one of shared, objects (got "x"); ...'
 */
export function partnerStoreProblem(env: Pick<Bindings, 'PARTNER_STORE' | 'NETWORK_STORE'>): string | null {
  try {
    if (partnerStoreMode(env) === 'objects' && !env.NETWORK_STORE) {
      return 'PARTNER_STORE=objects needs the NETWORK_STORE Durable Object binding (wrangler.toml, docs/partner-store.md).';
    }
    return null;
  } catch (error) {
    if (error instanceof PartnerStoreError) return error.message;
    throw error;
  }
}

/**
 * The database holding the partner facts and rollups of network `networkId`'s channels in bucket
 * `bucket` (channels.store_bucket; 0, the network's first store, unless the network is spread over
 * several: docs/partner-store.md, "A network larger than one store"). The ids are checked even while
 * every network answers the shared D1, so a caller that has no network in hand (a public channel's
 * NULL network_id) fails here rather than after the split.
 * @example const db = partnerDb(c.env, channel.networkId, channel.storeBucket)
 */
export function partnerDb(env: PartnerStoreEnv, networkId: number, bucket = 0): D1Database {
  checkStore(networkId, bucket);
  const mode = partnerStoreMode(env);
  switch (mode) {
    case 'shared':
      return env.DB;
    case 'objects':
      return objectDb(networkStore(env, networkId, bucket));
  }
}

/**
 * A network's store whatever PARTNER_STORE says: for `partner-move`, which fills the stores while the
 * install still reads the shared D1. Needs the NETWORK_STORE binding.
 * @example const store = networkStoreDb(c.env, 7)
 */
export function networkStoreDb(env: PartnerStoreEnv, networkId: number, bucket = 0): D1Database {
  checkStore(networkId, bucket);
  return objectDb(networkStore(env, networkId, bucket));
}

/**
 * The name a network's object is addressed by: bucket 0 keeps the name every store had before networks
 * could span several, so nothing moves when a network gets more buckets. Stable forever: renaming it
 * would address a new, empty object.
 * @example storeName(7) // 'network-7'; storeName(7, 2) // 'network-7-2'
 */
export function storeName(networkId: number, bucket = 0): string {
  return bucket === 0 ? `network-${networkId}` : `network-${networkId}-${bucket}`;
}

function checkStore(networkId: number, bucket: number): void {
  if (!networkIdSchema.safeParse(networkId).success) {
    throw new PartnerStoreError(`A partner store is addressed by a network id, a positive integer (got ${String(networkId)}).`);
  }
  if (!bucketSchema.safeParse(bucket).success) {
    throw new PartnerStoreError(`A network's store bucket is an integer from 0 to ${MAX_BUCKET} (got ${String(bucket)}).`);
  }
}

function networkStore(env: PartnerStoreEnv, networkId: number, bucket: number): StoreCaller {
  const namespace = env.NETWORK_STORE;
  if (!namespace) {
    throw new PartnerStoreError('PARTNER_STORE=objects needs the NETWORK_STORE Durable Object binding (wrangler.toml).');
  }
  return namespace.get(namespace.idFromName(storeName(networkId, bucket))) as unknown as StoreCaller;
}
