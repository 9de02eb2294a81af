// Random secrets for cookies and e-mailed links, and the SHA-256 under which they are stored.
import { bytesToBase64Url, bytesToHex } from './bytes';

/** 256 bits: well above the 128 the session and link secrets need. */
const TOKEN_BYTES = 32;
/** base64url of TOKEN_BYTES without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A fresh random token, URL- and cookie-safe.
 * @example const token = newToken() // "q3J0...", 43 characters
 */
export function newToken(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

/** True when the text could be a token we issued; anything else is refused without a lookup. */
export function isTokenShaped(text: string): boolean {
  return TOKEN_PATTERN.test(text);
}

/**
 * Lower-case hex SHA-256 of a token: the only form that reaches the database.
 * @example await hashToken(token) // "9f86d0..."
 */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return bytesToHex(new Uint8Array(digest));
}
