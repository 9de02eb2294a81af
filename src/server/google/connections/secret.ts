// Refresh tokens at rest: AES-GCM (WebCrypto) under CONNECTIONS_KEY, stored as 'v1.<key id>.<iv>.<ciphertext>'.
// The key id lets CONNECTIONS_KEY be rotated: the previous key stays readable as CONNECTIONS_KEY_PREVIOUS.
import { HttpError } from '../../http/errors';

const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
/** Characters of the key's SHA-256 (base64url) that name it in a stored value. */
const KEY_ID_CHARS = 8;

export const CONNECTIONS_KEY_HELP =
  'Set it to 32 random bytes in base64: `openssl rand -base64 32 | npx wrangler secret put CONNECTIONS_KEY` (local runs: `npm run dev` writes one into .dev.vars).';

/** CONNECTIONS_KEY missing or unusable: the operator must set it (503: the install is not ready, nothing changed). */
export class ConnectionsKeyError extends HttpError {
  constructor(problem: string, name = 'CONNECTIONS_KEY') {
    super(503, `YouTube connections need the secret ${name}, which ${problem}. ${CONNECTIONS_KEY_HELP}`);
    this.name = 'ConnectionsKeyError';
  }
}

interface NamedKey {
  id: string;
  key: CryptoKey;
}

export interface Keyring {
  /** Encrypts with this one. */
  current: NamedKey;
  /** Decrypts with any of these, found by key id. */
  all: NamedKey[];
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

function decodeKey(value: string, name: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(value.trim()), (ch) => ch.charCodeAt(0));
  } catch {
    throw new ConnectionsKeyError('is not valid base64', name);
  }
  if (bytes.length !== KEY_BYTES) throw new ConnectionsKeyError(`is ${bytes.length} bytes, not ${KEY_BYTES}`, name);
  return bytes;
}

async function namedKey(value: string, name: string): Promise<NamedKey> {
  const raw = decodeKey(value, name);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { id: base64url(digest).slice(0, KEY_ID_CHARS), key };
}

/**
 * The keys from the worker's secrets; throws ConnectionsKeyError (503, naming the secret) when
 * CONNECTIONS_KEY is missing or not 32 bytes of base64.
 * @example const keys = await connectionsKeyring(c.env)
 */
export async function connectionsKeyring(env: { CONNECTIONS_KEY?: string; CONNECTIONS_KEY_PREVIOUS?: string }): Promise<Keyring> {
  if (!env.CONNECTIONS_KEY?.trim()) throw new ConnectionsKeyError('is not set');
  const current = await namedKey(env.CONNECTIONS_KEY, 'CONNECTIONS_KEY');
  const previous = env.CONNECTIONS_KEY_PREVIOUS?.trim() ? [await namedKey(env.CONNECTIONS_KEY_PREVIOUS, 'CONNECTIONS_KEY_PREVIOUS')] : [];
  return { current, all: [current, ...previous] };
}

/** The stored form of a secret: a fresh random IV each time, so equal tokens never look alike. */
export async function encryptSecret(keys: Keyring, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, keys.current.key, new TextEncoder().encode(plain));
  return [FORMAT, keys.current.id, base64url(iv), base64url(new Uint8Array(sealed))].join('.');
}

/** The key id a stored value was sealed with (to find what a rotation must re-encrypt). */
export const keyIdOf = (stored: string): string | null => stored.split('.')[1] ?? null;

/** The secret back; throws when the value is not ours or its key is gone (the connection must be made again). */
export async function decryptSecret(keys: Keyring, stored: string): Promise<string> {
  const [format, keyId, iv, sealed] = stored.split('.');
  if (format !== FORMAT || !keyId || !iv || !sealed) throw new Error('the stored token is not in the v1 format');
  const named = keys.all.find((k) => k.id === keyId);
  if (!named)
    throw new Error(`the stored token was sealed with key ${keyId}, which neither CONNECTIONS_KEY nor CONNECTIONS_KEY_PREVIOUS is`);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv) }, named.key, fromBase64url(sealed));
  return new TextDecoder().decode(plain);
}
