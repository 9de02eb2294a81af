// The integration tests again on a split install (PARTNER_STORE=objects, docs/partner-store.md): the
// same app, with every network's partner facts in its own SQLite-backed Durable Object beside the shared
// D1. Tests that write or read partner facts themselves go through tests/integration/partner-facts.ts, so
// each assertion holds in both passes. Per-test storage covers the stores too: a store answers every
// failure as a value (src/server/partner-store/wire.ts), so no object is left with its SQLite file open.
import { integrationConfig } from './vitest.integration.config';

/**
 * Files whose tests never reach the split: run on this pass with a probe in partnerStoreMode (a line
 * logged whenever code other than the config guard asked for the setting and got `objects`), none of
 * their tests asked, so they run the same code in both passes and the default pass covers them. Leaving
 * them out took about half of this pass's time. A new file runs in both passes until the same probe
 * shows it never asks (docs/how-to-add.md, "An integration test").
 */
const SAME_IN_BOTH_PASSES = [
  'tests/integration/support/**',
  'tests/integration/streams/**',
  'tests/integration/demo/**',
  'tests/integration/admin-grants.test.ts',
  'tests/integration/admin-invite-link.test.ts',
  'tests/integration/admin.test.ts',
  'tests/integration/auth-session.test.ts',
  'tests/integration/change-email.test.ts',
  'tests/integration/change-password.test.ts',
  'tests/integration/console/partner-earnings.test.ts',
  'tests/integration/console/users.test.ts',
  'tests/integration/db/read-together.test.ts',
  'tests/integration/export/xlsx-worker.test.ts',
  'tests/integration/fresh-start.test.ts',
  'tests/integration/google/retry-quota.test.ts',
  'tests/integration/ingest/api-bulk.test.ts',
  'tests/integration/ingest/basic-fixtures.test.ts',
  'tests/integration/ingest/batched.test.ts',
  'tests/integration/ingest/catalog.test.ts',
  'tests/integration/ingest/demographics.test.ts',
  'tests/integration/ingest/finance-kinds.test.ts',
  'tests/integration/ingest/generation.test.ts',
  'tests/integration/ingest/hand-files.test.ts',
  'tests/integration/ingest/issue-order.test.ts',
  'tests/integration/ingest/reapply.test.ts',
  'tests/integration/ingest/reimport.test.ts',
  'tests/integration/ingest/reject.test.ts',
  'tests/integration/ingest/replace.test.ts',
  'tests/integration/ingest/revenue-finance.test.ts',
  'tests/integration/ingest/sliced.test.ts',
  'tests/integration/ingest/staged-weights.test.ts',
  'tests/integration/ingest/title-grains.test.ts',
  'tests/integration/ingest/ugc-titles.test.ts',
  'tests/integration/ingest/ugc.test.ts',
  'tests/integration/ingest/video-types.test.ts',
  'tests/integration/ingest/volume.test.ts',
  'tests/integration/invite.test.ts',
  'tests/integration/mail.test.ts',
  'tests/integration/observability/health.test.ts',
  'tests/integration/observability/request-id.test.ts',
  'tests/integration/password-reset.test.ts',
  'tests/integration/password-upgrade.test.ts',
  'tests/integration/profile-videos.test.ts',
  'tests/integration/profile.test.ts',
  'tests/integration/public/channel-grade.test.ts',
  'tests/integration/public/channel-history.test.ts',
  'tests/integration/public/channel-uploads.test.ts',
  'tests/integration/public/channel.test.ts',
  'tests/integration/public/global-compare-csv.test.ts',
  'tests/integration/public/global.test.ts',
  'tests/integration/public/list-csv.test.ts',
  'tests/integration/public/page-cache.test.ts',
  'tests/integration/public/page-meta.test.ts',
  'tests/integration/public/projections.test.ts',
  'tests/integration/public/ranking-csv.test.ts',
  'tests/integration/public/ranking-metrics.test.ts',
  'tests/integration/public/ranking-paging.test.ts',
  'tests/integration/public/rankings.test.ts',
  'tests/integration/public/search.test.ts',
  'tests/integration/public/site-files.test.ts',
  'tests/integration/public/surfaces-agree.test.ts',
  'tests/integration/public/trends-csv.test.ts',
  'tests/integration/public/trends.test.ts',
  'tests/integration/request-limits.test.ts',
  'tests/integration/rollup/history.test.ts',
  'tests/integration/rollup/partner-monthly.test.ts',
  'tests/integration/rollup/rankings.test.ts',
  'tests/integration/rollup/refresh.test.ts',
  'tests/integration/rollup/totals.test.ts',
  'tests/integration/rollup/trends.test.ts',
  'tests/integration/security.test.ts',
  'tests/integration/sign-in-burst.test.ts',
  'tests/integration/sign-in-link.test.ts',
  'tests/integration/smoke.test.ts',
  'tests/integration/stats/coarse.test.ts',
  'tests/integration/stats/network-days.test.ts',
  'tests/integration/stats/statement-shares.test.ts',
  'tests/integration/sync/piece-source.test.ts',
  'tests/integration/throttle.test.ts',
];

export default integrationConfig({
  name: 'integration-split',
  // Exports the NetworkStore class the binding names.
  main: './tests/objects/worker-main.ts',
  durableObjects: { NETWORK_STORE: { className: 'NetworkStore', useSQLite: true } },
  bindings: { PARTNER_STORE: 'objects' },
  exclude: [
    ...SAME_IN_BOTH_PASSES,
    // The archive's large-report test: under this pass's per-test storage (Durable Objects beside R2), the
    // pool could not restore storage after a scheduled run wrote a multipart object ("Network connection
    // lost"); the archive keeps no partner facts, so the default pass covers it. Its other cases run here.
    'tests/integration/sync/archive-multipart.test.ts',
  ],
});
