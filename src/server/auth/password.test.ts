import { describe, expect, it } from 'vitest';
import { ARGON2ID_PARAMS } from './argon2id';
import { bytesToBase64 } from './bytes';
import { PBKDF2_ITERATIONS } from './pbkdf2';
import { hashPassword, verifyPassword } from './password';

/**
 * Made with the reference implementation (phc-winner-argon2's `argon2` command), not with this
 * module: `echo -n bluefinch47 | argon2 saltsaltsaltsalt -id -t 2 -k 19456 -p 1 -l 32`.
 */
const REFERENCE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$pjojvn+vgeKc4jxKagrulVOi5L3yqVfJ9hBrYt/+cmA';
/** The reference implementation's own test vector ("password", "somesalt", 64 MiB, 2 passes). */
const REFERENCE_64_MIB = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';

/** An independent PBKDF2 computation, so the test does not trust the module's own helper. */
async function pbkdf2Hash(password: string, iterations: number): Promise<string> {
  const salt = new Uint8Array(16).fill(7);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return `pbkdf2-sha256$i=${iterations}$${bytesToBase64(salt)}$${bytesToBase64(new Uint8Array(bits))}`;
}

const unpaddedBase64Length = (bytes: number) => Math.ceil((bytes * 4) / 3);

describe('hashPassword', () => {
  it('stores argon2id with the OWASP parameters, a 16-byte salt and a 32-byte tag', async () => {
    expect(ARGON2ID_PARAMS).toEqual({ memorySize: 19_456, passes: 2, parallelism: 1 });
    const stored = await hashPassword('bluefinch47');
    const [empty, algorithm, version, params, salt, tag, ...rest] = stored.split('$');
    expect([empty, algorithm, version, params, rest]).toEqual(['', 'argon2id', 'v=19', 'm=19456,t=2,p=1', []]);
    expect(salt).toMatch(new RegExp(`^[A-Za-z0-9+/]{${unpaddedBase64Length(16)}}$`));
    expect(tag).toMatch(new RegExp(`^[A-Za-z0-9+/]{${unpaddedBase64Length(32)}}$`));
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

  it('agrees with the reference implementation', async () => {
    expect(await verifyPassword('bluefinch47', REFERENCE_HASH)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword('bluefinch48', REFERENCE_HASH)).toEqual({ ok: false, needsRehash: false });
  });

  it('asks for a rehash of a correct argon2id password stored with other parameters', async () => {
    expect(await verifyPassword('password', REFERENCE_64_MIB)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('passw0rd', REFERENCE_64_MIB)).toEqual({ ok: false, needsRehash: false });
  });

  it.each([PBKDF2_ITERATIONS, 1000])('reads PBKDF2 at %i iterations and asks to upgrade it', async (iterations) => {
    const stored = await pbkdf2Hash('bluefinch47', iterations);
    expect(await verifyPassword('bluefinch47', stored)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('bluefinch48', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('refuses PBKDF2 above the Workers maximum, which production would fail to compute', async () => {
    const stored = await pbkdf2Hash('bluefinch47', PBKDF2_ITERATIONS + 1);
    expect(await verifyPassword('bluefinch47', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('refuses, without throwing, passwords the Wasm build cannot take', async () => {
    expect(await verifyPassword('\u0001', REFERENCE_HASH)).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword('', REFERENCE_HASH)).toEqual({ ok: false, needsRehash: false });
  });

  it.each([
    '',
    'plain-text',
    'md5$x$y$z',
    'pbkdf2-sha256$i=abc$AAAA$AAAA',
    'pbkdf2-sha256$i=1000$!!$AAAA',
    REFERENCE_HASH.replace('v=19', 'v=16'),
    REFERENCE_HASH.replace('$argon2id$', '$argon2i$'),
    REFERENCE_HASH.replace('m=19456', 'm=1048576'),
    REFERENCE_HASH.replace('t=2', 't=0'),
    REFERENCE_HASH.replace('c2FsdHNhbHRzYWx0c2FsdA', 'c2FsdA'),
    REFERENCE_HASH.replace('c2FsdHNhbHRzYWx0c2FsdA', 'c2FsdHNhbHRzYWx0c2FsdA=='),
    `${REFERENCE_HASH}$extra`,
  ])('refuses the unreadable stored value %j', async (stored) => {
    expect(await verifyPassword('bluefinch47', stored)).toEqual({ ok: false, needsRehash: false });
  });
});
