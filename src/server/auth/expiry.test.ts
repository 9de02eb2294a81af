import { describe, expect, it } from 'vitest';
import { isExpired, isSessionOver, needsRenewal, oneTimeTokenExpiry, sessionExpiry } from './expiry';

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

  const fresh = (expiresAt: number) => ({ createdAt: NOW - DAY, expiresAt });

  it('are renewed only in the second half of their life', () => {
    expect(needsRenewal(fresh(NOW + 15 * DAY), NOW)).toBe(false);
    expect(needsRenewal(fresh(NOW + 15 * DAY - 1), NOW)).toBe(true);
    expect(needsRenewal(fresh(NOW + 1), NOW)).toBe(true);
  });

  it('are not renewed once expired', () => {
    expect(needsRenewal(fresh(NOW), NOW)).toBe(false);
    expect(needsRenewal(fresh(NOW - DAY), NOW)).toBe(false);
  });

  it('never last past 90 days from sign-in, however often they are renewed', () => {
    const createdAt = NOW - 70 * DAY;
    expect(sessionExpiry(NOW, createdAt)).toBe(NOW + 20 * DAY);
    expect(sessionExpiry(NOW, NOW - 50 * DAY)).toBe(NOW + 30 * DAY);
    // Already at its limit: renewing would not move the end, so it is not renewed.
    expect(needsRenewal({ createdAt, expiresAt: NOW + 20 * DAY }, NOW + 10 * DAY)).toBe(false);
    expect(isSessionOver({ createdAt, expiresAt: NOW + 20 * DAY }, NOW + 20 * DAY - 1)).toBe(false);
    expect(isSessionOver({ createdAt, expiresAt: NOW + 20 * DAY }, NOW + 20 * DAY)).toBe(true);
    // A row whose expiry lies past the limit (renewed before the limit existed) ends at the limit.
    expect(isSessionOver({ createdAt, expiresAt: NOW + 40 * DAY }, NOW + 20 * DAY)).toBe(true);
  });
});
