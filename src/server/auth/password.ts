// Password hashing for workerd and Node alike: PBKDF2-SHA-256 through WebCrypto, self-describing format.
import { bytesToBase64, base64ToBytes, timingSafeEqual } from './bytes';

/** Workers' WebCrypto refuses more PBKDF2 iterations than this in production. */
export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = 'pbkdf2-sha256';
const SALT_BYTES = 16;
const HASH_BITS = 256;

/**
 * Stored as "<algorithm>$i=<iterations>$<salt base64>$<hash base64>" so a later algorithm or
 * iteration count can be recognised and the hash upgraded at the next sign-in.
 */
interface ParsedHash {
  algorithm: string;
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

function parseHash(stored: string): ParsedHash | null {
  const [algorithm, params, salt, hash] = stored.split('$');
  const iterations = Number(/^i=(\d+)$/.exec(params ?? '')?.[1]);
  if (algorithm !== ALGORITHM || !Number.isSafeInteger(iterations) || iterations < 1) return null;
  if (!salt || !hash) return null;
  try {
    return { algorithm, iterations, salt: base64ToBytes(salt), hash: base64ToBytes(hash) };
  } catch {
    return null;
  }
}

/**
 * Hashes a password with a fresh random salt.
 * @example const stored = await hashPassword('secret-1') // "pbkdf2-sha256$i=100000$...$..."
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `${ALGORITHM}$i=${PBKDF2_ITERATIONS}$${bytesToBase64(salt)}$${bytesToBase64(hash)}`;
}

/**
 * Checks a password against a stored hash in constant time. needsRehash says the stored hash uses
 * older parameters and should be replaced with hashPassword(password) now that we know it.
 * @example const { ok, needsRehash } = await verifyPassword(input, user.passwordHash)
 */
export async function verifyPassword(
  password: string,
  stored: string,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  const parsed = parseHash(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const candidate = await pbkdf2(password, parsed.salt, parsed.iterations);
  const ok = timingSafeEqual(candidate, parsed.hash);
  return { ok, needsRehash: ok && parsed.iterations !== PBKDF2_ITERATIONS };
}

/** A hash of nothing anyone knows: verifying against it costs what a real check costs. */
const DECOY_HASH = `${ALGORITHM}$i=${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

/**
 * Spends the time of one real verification, so an unknown login answers as slowly as a known one.
 * @example if (!user) await verifyDecoy(password)
 */
export async function verifyDecoy(password: string): Promise<void> {
  await verifyPassword(password, DECOY_HASH);
}
