import { describe, expect, it } from 'vitest';
import { hashToken, isTokenShaped, newToken } from './token';

describe('newToken', () => {
  it('is 256 random bits in URL-safe base64', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isTokenShaped(token)).toBe(true);
    }
  });

  it('refuses text that no token could be', () => {
    expect(isTokenShaped('')).toBe(false);
    expect(isTokenShaped('a'.repeat(42))).toBe(false);
    expect(isTokenShaped(`${'a'.repeat(42)}=`)).toBe(false);
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token', async () => {
    // FIPS 180-2 test vector for "abc".
    expect(await hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
