// Verifies PBKDF2-SHA-256 hashes stored before argon2id, so those accounts can sign in and be upgraded.
import { base64ToBytes, timingSafeEqual } from './bytes';

/** Workers' WebCrypto refuses more PBKDF2 iterations than this in production. */
export const PBKDF2_ITERATIONS = 100_000;
/** The first field of a stored PBKDF2 hash: "pbkdf2-sha256$i=<iterations>$<salt>$<hash>". */
export const PBKDF2_PREFIX = 'pbkdf2-sha256$';
const HASH_BITS = 256;

interface Pbkdf2Hash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

/**
 * PBKDF2-SHA-256 of a password, as the raw derived bits.
 * @example const bits = await pbkdf2('secret-1', salt, PBKDF2_ITERATIONS)
 */
export async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

function parsePbkdf2(stored: string): Pbkdf2Hash | null {
  const [algorithm, params, salt, hash, extra] = stored.split('$');
  const iterations = Number(/^i=(\d+)$/.exec(params ?? '')?.[1]);
  if (`${algorithm}$` !== PBKDF2_PREFIX || extra !== undefined) return null;
  // Above the Workers maximum deriveBits throws in production: such a value was never written by us.
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null;
  if (!salt || !hash) return null;
  try {
    return { iterations, salt: base64ToBytes(salt), hash: base64ToBytes(hash) };
  } catch {
    return null;
  }
}

/**
 * Checks a password against a stored PBKDF2 hash in constant time; false for an unreadable value.
 * @example const ok = await verifyPbkdf2(input, 'pbkdf2-sha256$i=100000$...$...')
 */
export async function verifyPbkdf2(password: string, stored: string): Promise<boolean> {
  const parsed = parsePbkdf2(stored);
  if (!parsed) return false;
  return timingSafeEqual(await pbkdf2(password, parsed.salt, parsed.iterations), parsed.hash);
}
