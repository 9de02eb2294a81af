import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from './bytes';
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from './password';

/** An independent PBKDF2 computation, so the test does not trust the module's own helper. */
async function pbkdf2Base64(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return bytesToBase64(new Uint8Array(bits));
}

describe('hashPassword', () => {
  it('stores algorithm, iterations, salt and hash, at the Workers maximum', async () => {
    const stored = await hashPassword('bluefinch47');
    const [algorithm, params, salt, hash] = stored.split('$');
    expect(algorithm).toBe('pbkdf2-sha256');
    expect(params).toBe('i=100000');
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const saltBytes = Uint8Array.from(atob(salt!), (ch) => ch.charCodeAt(0));
    expect(saltBytes).toHaveLength(16);
    expect(hash).toBe(await pbkdf2Base64('bluefinch47', saltBytes, 100_000));
  });

  it('salts every hash', async () => {
    expect(await hashPassword('bluefinch47')).not.toBe(await hashPassword('bluefinch47'));
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses another', async () => {
    const stored = await hashPassword('bluefinch47');
    expect(await verifyPassword('bluefinch47', stored)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword('bluefinch48', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('asks for a rehash of a correct password stored with older parameters', async () => {
    const salt = new Uint8Array(16).fill(7);
    const stored = `pbkdf2-sha256$i=1000$${bytesToBase64(salt)}$${await pbkdf2Base64('bluefinch47', salt, 1000)}`;
    expect(await verifyPassword('bluefinch47', stored)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('bluefinch48', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it.each(['', 'plain-text', 'md5$x$y$z', 'pbkdf2-sha256$i=abc$AAAA$AAAA', 'pbkdf2-sha256$i=1000$!!$AAAA'])(
    'refuses the unreadable stored value %j',
    async (stored) => {
      expect(await verifyPassword('bluefinch47', stored)).toEqual({ ok: false, needsRehash: false });
    },
  );
});
