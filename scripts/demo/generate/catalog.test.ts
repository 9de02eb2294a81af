import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../users';
import { CATEGORIES } from './categories';
import { COUNTRIES, LANGUAGES } from './geo';
import { SCALES } from './scale';
import { tinyTables } from './test-dataset';

const tables = tinyTables();
const network = tables.networks.find((n) => n.isPartner === 1);
const networkChannels = tables.channels.filter((c) => c.networkId === network?.id);

/** Resolves grants the way the user_channels view does, from the generated rows alone. */
function visibleChannels(email: string) {
  const user = tables.users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  const direct = new Set(tables.channel_grants.filter((g) => g.userId === user.id).map((g) => g.channelId));
  const networks = new Set(tables.network_grants.filter((g) => g.userId === user.id).map((g) => g.networkId));
  const channels = tables.channels.filter((c) => direct.has(c.id) || (c.networkId !== null && networks.has(c.networkId)));
  return { user, channels: user.onlyInhouseChannels === 1 ? channels.filter((c) => c.isInhouse === 1) : channels };
}

function demo(role: string) {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo ${role}`);
  return visibleChannels(user.email);
}

describe('demo users', () => {
  it('network owner sees every channel of the network, in-house and UGC included', () => {
    const { user, channels } = demo('network');
    expect(network?.ownerUserId).toBe(user.id);
    expect(channels.map((c) => c.id).sort()).toEqual(networkChannels.map((c) => c.id).sort());
    expect(channels).toHaveLength(SCALES.tiny.partnerChannels);
    expect(channels.filter((c) => c.isInhouse === 1)).toHaveLength(1);
    expect(channels.filter((c) => c.isUgc === 1)).toHaveLength(1);
    expect([user.showTitle, user.showAnalytics]).toEqual([1, 1]);
  });

  it('partner sees a subset of the network, without the in-house and UGC channels', () => {
    const { user, channels } = demo('partner');
    expect(channels).toHaveLength(SCALES.tiny.partnerUserChannels);
    expect(channels.every((c) => c.networkId === network?.id && c.isInhouse === 0 && c.isUgc === 0)).toBe(true);
    expect([user.showTitle, user.showAnalytics]).toEqual([1, 1]);
  });

  it('in-house user is limited to the in-house channel and does not get analytics', () => {
    const { user, channels } = demo('inhouse');
    expect(channels.map((c) => c.title)).toEqual(networkChannels.filter((c) => c.isInhouse === 1).map((c) => c.title));
    expect([user.onlyInhouseChannels, user.showAnalytics]).toEqual([1, 0]);
  });

  it('analytics user opens the analytics dashboard over the whole network', () => {
    const { user, channels } = demo('analytics');
    expect(user.dashboard).toBe('analytics');
    expect(user.showAnalytics).toBe(1);
    expect(channels).toHaveLength(networkChannels.length);
  });

  it('operator is the one staff account (the operator console), with no channels', () => {
    const { user, channels } = demo('operator');
    expect(user.staff).toBe(1);
    expect(channels).toEqual([]);
    expect(tables.users.filter((u) => u.staff === 1).map((u) => u.email)).toEqual([user.email]);
  });

  it('has managers: staff without passwords, with names, e-mails and phones', () => {
    const staffIds = new Set(tables.managers.map((m) => m.managerId));
    const staff = tables.users.filter((u) => staffIds.has(u.id));
    expect(staff.length).toBeGreaterThanOrEqual(2);
    expect(staff.every((u) => u.password === null && u.userName !== '' && u.phone !== '' && u.email.includes('@'))).toBe(true);
    for (const demoUser of DEMO_USERS) {
      const id = tables.users.find((u) => u.email === demoUser.email)?.id;
      expect(tables.managers.some((m) => m.userId === id)).toBe(true);
    }
  });

  it('signs in with the passwords of scripts/demo/users.ts', () => {
    for (const demoUser of DEMO_USERS) {
      expect(tables.users.find((u) => u.email === demoUser.email)?.password).toBe(demoUser.password);
    }
  });
});

const sql = readFileSync(path.join(import.meta.dirname, '../../../migrations/0002_reference.sql'), 'utf8');
const inserted = (table: string) => {
  const block = sql.slice(sql.indexOf(`INSERT INTO ${table}`));
  return new Set([...block.slice(0, block.indexOf(';')).matchAll(/^\s*\(('([^']*)'|(\d+)),/gm)].map((m) => m[2] ?? m[3]));
};

describe('reference data used by the generator exists in the migrations', () => {
  const countries = inserted('countries');
  const languages = inserted('languages');
  const categories = inserted('categories');

  it('reads the migration lists', () => {
    expect(countries.has('US')).toBe(true);
    expect(countries.has('ZZ')).toBe(true);
    expect(languages.has('pt-PT')).toBe(true);
    expect(categories.has('44')).toBe(true);
  });

  it('knows every demo country, language and category', () => {
    expect(COUNTRIES.filter((c) => !countries.has(c.code))).toEqual([]);
    expect(LANGUAGES.filter((l) => !languages.has(l.code))).toEqual([]);
    expect(CATEGORIES.filter((c) => !categories.has(String(c.id)))).toEqual([]);
  });

  it('only emits codes from the migration lists', () => {
    const used = new Set([
      ...tables.channel_country_daily.map((r) => r.countryCode),
      ...tables.channels.map((c) => c.countryCode ?? 'ZZ'),
      ...tables.trend_positions.map((r) => r.countryCode),
      ...tables.illegal_copies.map((r) => r.countryCode),
    ]);
    expect([...used].filter((code) => !countries.has(code))).toEqual([]);
    expect(tables.channels.filter((c) => c.languageCode !== null && !languages.has(c.languageCode))).toEqual([]);
  });
});
