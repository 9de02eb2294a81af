// Sealed refresh tokens and PKCE: round trips, a fresh IV each time, key ids for rotation, the RFC 7636 example.
import { expect, it } from 'vitest';
import { connectionsKeyring, ConnectionsKeyError, decryptSecret, encryptSecret, keyIdOf } from './secret';
import { s256Challenge } from './pkce';

const key = (seed: number) => Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 7 + seed) % 256)).toString('base64');

it('seals a token so it reads back only with the key, never twice alike', async () => {
  const keys = await connectionsKeyring({ CONNECTIONS_KEY: key(1) });
  const a = await encryptSecret(keys, '1//refresh-token');
  const b = await encryptSecret(keys, '1//refresh-token');
  expect(a).not.toBe(b);
  expect(a).not.toContain('refresh-token');
  expect(a.split('.')).toHaveLength(4);
  expect(await decryptSecret(keys, a)).toBe('1//refresh-token');
  const other = await connectionsKeyring({ CONNECTIONS_KEY: key(2) });
  await expect(decryptSecret(other, a)).rejects.toThrow(/sealed with key/);
  // A changed byte of the ciphertext fails the GCM tag. The second-to-last character always carries
  // data bits (the last may be padding), and it is changed whatever it was: each run seals with a new IV.
  const at = a.length - 2;
  const tampered = a.slice(0, at) + (a[at] === 'A' ? 'B' : 'A') + a.slice(at + 1);
  expect(tampered).not.toBe(a);
  await expect(decryptSecret(keys, tampered)).rejects.toThrow();
});

it('reads a token sealed under the previous key after a rotation, and seals new ones with the current key', async () => {
  const old = await connectionsKeyring({ CONNECTIONS_KEY: key(1) });
  const sealed = await encryptSecret(old, 'tok');
  const rotated = await connectionsKeyring({ CONNECTIONS_KEY: key(2), CONNECTIONS_KEY_PREVIOUS: key(1) });
  expect(await decryptSecret(rotated, sealed)).toBe('tok');
  expect(keyIdOf(sealed)).toBe(old.current.id);
  expect(keyIdOf(await encryptSecret(rotated, 'tok'))).toBe(rotated.current.id);
  expect(rotated.current.id).not.toBe(old.current.id);
});

it('refuses a missing or wrong-sized key with a 503 that names the secret and the command', async () => {
  await expect(connectionsKeyring({})).rejects.toThrow(ConnectionsKeyError);
  await expect(connectionsKeyring({})).rejects.toThrow(/CONNECTIONS_KEY, which is not set.*wrangler secret put CONNECTIONS_KEY/);
  await expect(connectionsKeyring({ CONNECTIONS_KEY: Buffer.alloc(16).toString('base64') })).rejects.toThrow(/is 16 bytes, not 32/);
  await expect(connectionsKeyring({ CONNECTIONS_KEY: '%%%' })).rejects.toThrow(/not valid base64/);
  const error = await connectionsKeyring({}).catch((e: unknown) => e);
  expect(error).toMatchObject({ status: 503 });
});

it('computes the S256 challenge of RFC 7636 appendix B', async () => {
  expect(await s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
});
