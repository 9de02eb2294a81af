// argon2id password hashes in the PHC string format, with the OWASP parameters.
import { getArgon2id } from './argon2id-wasm';
import { base64ToBytes, bytesToBase64, timingSafeEqual } from './bytes';

/** OWASP Password Storage Cheat Sheet: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2ID_PARAMS = { memorySize: 19_456, passes: 2, parallelism: 1 } as const;
export const ARGON2ID_SALT_BYTES = 16;
export const ARGON2ID_TAG_BYTES = 32;
/** The first field of a stored argon2id hash: "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<tag>". */
export const ARGON2ID_PREFIX = '$argon2id$';
/** Argon2 version 1.3 (0x13), the only one the Wasm build computes. */
const VERSION = 19;
/** A stored value asking for more than this is refused: a Worker has 128 MB in all. */
const MAX_MEMORY_KIB = 65_536;
const MAX_PASSES = 10;
const MAX_PARALLELISM = 4;
/** RFC 9106 minimums (salt 8 bytes, tag 4 bytes). */
const MIN_SALT_BYTES = 8;
const MIN_TAG_BYTES = 4;

interface Argon2idHash {
  memorySize: number;
  passes: number;
  parallelism: number;
  salt: Uint8Array;
  tag: Uint8Array;
}

/** PHC strings use standard base64 without padding. */
const toB64 = (bytes: Uint8Array) => bytesToBase64(bytes).replace(/=+$/, '');

function fromB64(text: string | undefined): Uint8Array | null {
  if (!text || !/^[A-Za-z0-9+/]+$/.test(text)) return null;
  try {
    return base64ToBytes(text);
  } catch {
    return null;
  }
}

function parseArgon2id(stored: string): Argon2idHash | null {
  const [empty, algorithm, version, params, salt, tag, extra] = stored.split('$');
  if (empty !== '' || algorithm !== 'argon2id' || version !== `v=${VERSION}` || extra !== undefined) return null;
  const [m, t, p] = (/^m=(\d{1,6}),t=(\d{1,2}),p=(\d{1,2})$/.exec(params ?? '') ?? []).slice(1).map(Number);
  if (!m || !t || !p || t > MAX_PASSES || p > MAX_PARALLELISM || m < 8 * p || m > MAX_MEMORY_KIB) return null;
  const saltBytes = fromB64(salt);
  const tagBytes = fromB64(tag);
  if (!saltBytes || !tagBytes || saltBytes.length < MIN_SALT_BYTES || tagBytes.length < MIN_TAG_BYTES) return null;
  return { memorySize: m, passes: t, parallelism: p, salt: saltBytes, tag: tagBytes };
}

/**
 * The Wasm package compares the password array itself, not its length, with its 8-byte minimum:
 * that refuses an empty password or a single byte below 8, and nothing else. No account can hold
 * such a password (the new-password rule is far longer), so these never match.
 */
function computable(password: Uint8Array): boolean {
  return password.length > 1 || (password.length === 1 && password[0]! >= 8);
}

async function computeTag(password: Uint8Array, hash: Omit<Argon2idHash, 'tag'>, tagLength: number) {
  const argon2id = await getArgon2id();
  return argon2id({ password, ...hash, tagLength });
}

/**
 * Hashes a password with a fresh random salt and the current parameters.
 * @example const stored = await hashArgon2id('secret-1') // "$argon2id$v=19$m=19456,t=2,p=1$...$..."
 */
export async function hashArgon2id(password: string): Promise<string> {
  const bytes = new TextEncoder().encode(password);
  if (!computable(bytes)) throw new Error('argon2id cannot hash an empty or one-control-byte password');
  const salt = crypto.getRandomValues(new Uint8Array(ARGON2ID_SALT_BYTES));
  const tag = await computeTag(bytes, { ...ARGON2ID_PARAMS, salt }, ARGON2ID_TAG_BYTES);
  const { memorySize, passes, parallelism } = ARGON2ID_PARAMS;
  return `${ARGON2ID_PREFIX}v=${VERSION}$m=${memorySize},t=${passes},p=${parallelism}$${toB64(salt)}$${toB64(tag)}`;
}

/**
 * Checks a password against a stored argon2id hash in constant time. needsRehash says the hash
 * was made with other parameters than today's and should be replaced now that the password is known.
 * @example const { ok, needsRehash } = await verifyArgon2id(input, stored)
 */
export async function verifyArgon2id(password: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  const parsed = parseArgon2id(stored);
  const bytes = new TextEncoder().encode(password);
  if (!parsed || !computable(bytes)) return { ok: false, needsRehash: false };
  const ok = timingSafeEqual(await computeTag(bytes, parsed, parsed.tag.length), parsed.tag);
  const current =
    parsed.memorySize === ARGON2ID_PARAMS.memorySize &&
    parsed.passes === ARGON2ID_PARAMS.passes &&
    parsed.parallelism === ARGON2ID_PARAMS.parallelism &&
    parsed.salt.length === ARGON2ID_SALT_BYTES &&
    parsed.tag.length === ARGON2ID_TAG_BYTES;
  return { ok, needsRehash: ok && !current };
}
