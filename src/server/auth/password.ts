// Password hashing for workerd and Node alike: argon2id for new hashes, PBKDF2 still read for old ones.
import { ARGON2ID_PREFIX, hashArgon2id, verifyArgon2id } from './argon2id';
import { PBKDF2_PREFIX, verifyPbkdf2 } from './pbkdf2';

/**
 * Hashes a password with a fresh random salt. The stored value names its algorithm and
 * parameters, so a later choice can be recognised and the hash upgraded at the next sign-in.
 * @example const stored = await hashPassword('secret-1') // "$argon2id$v=19$m=19456,t=2,p=1$...$..."
 */
export async function hashPassword(password: string): Promise<string> {
  return hashArgon2id(password);
}

/**
 * Checks a password against a stored hash in constant time. needsRehash says the stored hash uses
 * an older algorithm or parameters and should be replaced with hashPassword(password) now.
 * @example const { ok, needsRehash } = await verifyPassword(input, user.passwordHash)
 */
export async function verifyPassword(password: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  if (stored.startsWith(ARGON2ID_PREFIX)) return verifyArgon2id(password, stored);
  if (stored.startsWith(PBKDF2_PREFIX)) {
    // Hashes from before argon2id: every correct one is upgraded.
    const ok = await verifyPbkdf2(password, stored);
    return { ok, needsRehash: ok };
  }
  return { ok: false, needsRehash: false };
}

/** A hash of nothing anyone knows, with today's parameters: checking it costs what a real check costs. */
const DECOY_HASH = `${ARGON2ID_PREFIX}v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/**
 * Spends the time of one real verification, so an unknown login answers as slowly as a known one.
 * @example if (!user) await verifyDecoy(password)
 */
export async function verifyDecoy(password: string): Promise<void> {
  await verifyPassword(password, DECOY_HASH);
}
