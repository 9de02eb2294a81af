import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password';
import { createUser } from './factories';
import { call, signIn } from './http';
import { errorAnswer } from './error-answer';

/** OWASP argon2id parameters in the PHC format, then a 16-byte salt and a 32-byte tag (unpadded base64). */
const CURRENT_ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;
/** Made with the reference implementation: `echo -n bluefinch47 | argon2 saltsaltsaltsalt -id -t 2 -k 19456 -p 1 -l 32`. */
const REFERENCE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$pjojvn+vgeKc4jxKagrulVOi5L3yqVfJ9hBrYt/+cmA';

async function storedHash(userId: number): Promise<string | null> {
  const row = await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?').bind(userId).first<{ password_hash: string | null }>();
  return row?.password_hash ?? null;
}

async function setStoredHash(userId: number, hash: string): Promise<void> {
  await env.DB.prepare('UPDATE users SET password_hash = ? WHERE id = ?').bind(hash, userId).run();
}

/** A hash in the format written before argon2id, computed here with WebCrypto. */
async function legacyPbkdf2(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 100_000 }, key, 256);
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  return `pbkdf2-sha256$i=100000$${b64(salt)}$${b64(new Uint8Array(bits))}`;
}

const login = (login: string, password: string) => call('/api/auth/login', { body: { login, password } });

describe('argon2id in the Workers runtime', () => {
  it('stores new passwords as argon2id and signs in with them, not with another', async () => {
    const pat = await createUser();
    expect(await storedHash(pat.id)).toMatch(CURRENT_ARGON2ID);
    expect((await login(pat.email, pat.password!)).status).toBe(200);
    expect((await login(pat.email, `${pat.password}x`)).status).toBe(401);
  });

  it('signs in with a hash made by the reference implementation', async () => {
    const pat = await createUser();
    await setStoredHash(pat.id, REFERENCE_HASH);
    expect((await login(pat.email, 'bluefinch48')).status).toBe(401);
    await signIn(pat.email, 'bluefinch47');
    // Already current: the sign-in leaves it as it was.
    expect(await storedHash(pat.id)).toBe(REFERENCE_HASH);
  });
});

describe('upgrade of PBKDF2 hashes at sign-in', () => {
  it('signs in with a PBKDF2 hash and replaces it with argon2id of the same password', async () => {
    const pat = await createUser();
    await setStoredHash(pat.id, await legacyPbkdf2(pat.password!));
    await signIn(pat.email, pat.password!);

    const upgraded = (await storedHash(pat.id))!;
    expect(upgraded).toMatch(CURRENT_ARGON2ID);
    expect(await verifyPassword(pat.password!, upgraded)).toEqual({ ok: true, needsRehash: false });
    await signIn(pat.email, pat.password!);
    expect(await storedHash(pat.id)).toBe(upgraded);
  });

  it('keeps the PBKDF2 hash after a wrong password', async () => {
    const pat = await createUser();
    const legacy = await legacyPbkdf2(pat.password!);
    await setStoredHash(pat.id, legacy);
    const res = await login(pat.email, `${pat.password}x`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorAnswer('Wrong login or password'));
    expect(await storedHash(pat.id)).toBe(legacy);
  });
});
