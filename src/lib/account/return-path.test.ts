import { describe, expect, it } from 'vitest';
import { returnPathFrom, safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths on this site with their query and hash', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/dashboard?period=custom&from=2025-01-01&to=2025-03-31&channels=UCa,UCb')).toBe(
      '/dashboard?period=custom&from=2025-01-01&to=2025-03-31&channels=UCa,UCb',
    );
    expect(safeReturnPath('/profile#email')).toBe('/profile#email');
    // Encoded characters stay encoded: still a path here.
    expect(safeReturnPath('/%0a/evil')).toBe('/%0a/evil');
  });

  it('refuses other origins, schemes, protocol-relative and backslash tricks, and the API', () => {
    for (const raw of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/\tevil',
      '/api/auth/logout',
      '',
      null,
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBe(null);
    }
  });
});

describe('signInPath and returnPathFrom', () => {
  it('round-trip the dashboard URL', () => {
    const path = '/dashboard?period=27&by=days&channels=UCa,UCb';
    const signIn = signInPath(path);
    expect(signIn.startsWith('/?next=')).toBe(true);
    expect(returnPathFrom(new URL(signIn, 'http://localhost').search)).toBe(path);
  });

  it('fall back to the dashboard without a usable return path', () => {
    expect(returnPathFrom('')).toBe('/dashboard');
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(signInPath('//evil.example')).toBe('/');
  });
});
