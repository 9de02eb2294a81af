// Settings: PUBLIC_SNAPSHOT_DAYS is bounded, and a bad value is an error naming it.
import { describe, expect, it } from 'vitest';
import { type Bindings, getSettings, snapshotDaysSetting } from './env';
import { configurationProblem } from './http/config-guard';

const bindings = (vars: Record<string, string>) => ({ APP_ENV: 'test', ...vars }) as unknown as Bindings;

describe('PUBLIC_SNAPSHOT_DAYS', () => {
  it('defaults to 400 days and reads whole numbers within 90–3660', () => {
    expect(getSettings(bindings({})).PUBLIC_SNAPSHOT_DAYS).toBe(400);
    expect(getSettings(bindings({ PUBLIC_SNAPSHOT_DAYS: '' })).PUBLIC_SNAPSHOT_DAYS).toBe(400);
    expect(getSettings(bindings({ PUBLIC_SNAPSHOT_DAYS: '90' })).PUBLIC_SNAPSHOT_DAYS).toBe(90);
    expect(getSettings(bindings({ PUBLIC_SNAPSHOT_DAYS: '3660' })).PUBLIC_SNAPSHOT_DAYS).toBe(3660);
    expect(snapshotDaysSetting(undefined)).toBe(400);
    expect(snapshotDaysSetting('200')).toBe(200);
  });

  it.each([
    ['89', 'PUBLIC_SNAPSHOT_DAYS: must be at least 90 days'],
    ['3661', 'PUBLIC_SNAPSHOT_DAYS: must be at most 3660 days'],
    ['400.5', 'PUBLIC_SNAPSHOT_DAYS: must be a whole number of days'],
    ['-1', 'PUBLIC_SNAPSHOT_DAYS: must be a whole number of days'],
    ['1e3', 'PUBLIC_SNAPSHOT_DAYS: must be a whole number of days'],
  ])('refuses %s with a message naming the setting', (value, message) => {
    expect(() => getSettings(bindings({ PUBLIC_SNAPSHOT_DAYS: value }))).toThrow(`Invalid settings: ${message}`);
    expect(() => snapshotDaysSetting(value)).toThrow(message);
    // The worker refuses every request with this line rather than failing somewhere later.
    expect(configurationProblem(bindings({ PUBLIC_SNAPSHOT_DAYS: value }))).toContain(message);
  });
});
