// PKCE (RFC 7636, S256) and the OAuth state: random values, and the challenge Google checks the verifier against.

/** 32 random bytes: a 43-character verifier, the shortest RFC 7636 allows and plenty of entropy. */
const RANDOM_BYTES = 32;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A random URL-safe string (code verifier, state). */
export const randomToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(RANDOM_BYTES)));

/** BASE64URL(SHA-256(ASCII(verifier))): the code_challenge for code_challenge_method=S256; also how a state is stored. */
export async function sha256Base64url(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** The S256 challenge of a verifier. */
export const s256Challenge = (verifier: string): Promise<string> => sha256Base64url(verifier);
