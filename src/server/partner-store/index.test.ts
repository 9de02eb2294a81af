// The PARTNER_STORE setting: what the config guard accepts and refuses.
import { describe, expect, it } from 'vitest';
import { partnerStoreMode, partnerStoreProblem } from './index';

describe('PARTNER_STORE', () => {
  it('is the shared database when unset or empty', () => {
    expect(partnerStoreMode({})).toBe('shared');
    expect(partnerStoreMode({ PARTNER_STORE: '' })).toBe('shared');
    expect(partnerStoreProblem({})).toBeNull();
  });

  it('accepts shared', () => {
    expect(partnerStoreMode({ PARTNER_STORE: 'shared' })).toBe('shared');
    expect(partnerStoreProblem({ PARTNER_STORE: 'shared' })).toBeNull();
  });

  it('accepts objects with the NETWORK_STORE binding, and refuses it without', () => {
    const namespace = {} as DurableObjectNamespace;
    expect(partnerStoreMode({ PARTNER_STORE: 'objects' })).toBe('objects');
    expect(partnerStoreProblem({ PARTNER_STORE: 'objects', NETWORK_STORE: namespace })).toBeNull();
    expect(partnerStoreProblem({ PARTNER_STORE: 'objects' })).toContain('needs the NETWORK_STORE Durable Object binding');
  });

  it('refuses any other value, naming the setting, the value and what it may be', () => {
    for (const value of ['network', 'Shared', ' shared', 'durable-object', 'Objects', '1']) {
      const problem = partnerStoreProblem({ PARTNER_STORE: value });
      expect(problem).toContain('PARTNER_STORE must be one of shared, objects');
      expect(problem).toContain(`(got "${value}")`);
      expect(() => partnerStoreMode({ PARTNER_STORE: value })).toThrow(/PARTNER_STORE/);
    }
  });
});
