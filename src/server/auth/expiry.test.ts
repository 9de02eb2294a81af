import { describe, expect, it } from 'vitest';
import { isExpired, needsRenewal, oneTimeTokenExpiry, sessionExpiry } from './expiry';

// A pinned clock: 2025-03-01T00:00:00Z.
const NOW = Date.UTC(2025, 2, 1) / 1000;
const DAY = 86_400;

describe('one-time link lifetimes', () => {
  it('gives reset 1 hour, e-mail confirmation 24 hours and invite 7 days', () => {
    expect(oneTimeTokenExpiry('password_reset', NOW)).toBe(Date.UTC(2025, 2, 1, 1) / 1000);
    expect(oneTimeTokenExpiry('email_confirm', NOW)).toBe(Date.UTC(2025, 2, 2) / 1000);
    expect(oneTimeTokenExpiry('invite', NOW)).toBe(Date.UTC(2025, 2, 8) / 1000);
  });

  it('is valid up to the last second before expiry', () => {
    const expiresAt = oneTimeTokenExpiry('password_reset', NOW);
    expect(isExpired(expiresAt, expiresAt - 1)).toBe(false);
    expect(isExpired(expiresAt, expiresAt)).toBe(true);
    expect(isExpired(expiresAt, expiresAt + DAY)).toBe(true);
  });
});

describe('sessions', () => {
  it('last 30 days from creation', () => {
    expect(sessionExpiry(NOW)).toBe(Date.UTC(2025, 2, 31) / 1000);
  });

  it('are renewed only in the second half of their life', () => {
    expect(needsRenewal(NOW + 15 * DAY, NOW)).toBe(false);
    expect(needsRenewal(NOW + 15 * DAY - 1, NOW)).toBe(true);
    expect(needsRenewal(NOW + 1, NOW)).toBe(true);
  });

  it('are not renewed once expired', () => {
    expect(needsRenewal(NOW, NOW)).toBe(false);
    expect(needsRenewal(NOW - DAY, NOW)).toBe(false);
  });
});
