// The integration tests again on a split install (PARTNER_STORE=objects, docs/partner-store.md): the
// same files and the same real app, with every network's partner facts in its own SQLite-backed Durable
// Object beside the shared D1. Tests that write or read partner facts themselves go through
// tests/integration/partner-facts.ts, so each assertion holds in both passes. Per-test storage covers
// the stores too: a store answers every failure as a value (src/server/partner-store/wire.ts), so no
// object is left with its SQLite file open.
import { integrationConfig } from './vitest.integration.config';

export default integrationConfig({
  name: 'integration-split',
  // Exports the NetworkStore class the binding names.
  main: './tests/objects/worker-main.ts',
  durableObjects: { NETWORK_STORE: { className: 'NetworkStore', useSQLite: true } },
  bindings: { PARTNER_STORE: 'objects' },
  // The archive's large-report test: under this pass's per-test storage (Durable Objects beside R2), the
  // pool could not restore storage after a scheduled run wrote a multipart object ("Network connection
  // lost"); the archive keeps no partner facts, so the default pass covers it. Its other cases run here.
  exclude: ['tests/integration/sync/archive-multipart.test.ts'],
});
