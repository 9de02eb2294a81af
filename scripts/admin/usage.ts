// What `npm run admin -- --help` prints: every command, its options, and what it does.
import {
  PRUNE_ROWS_PER_STATEMENT,
  PRUNE_STATEMENTS_BY_HAND_MAX,
  PRUNE_STATEMENTS_PER_RUN,
} from '../../src/server/ingest/retention/prune.ts';
import { MOVE_PAGE_ROWS, MOVE_PAGE_ROWS_MAX } from '../../src/server/partner-store/move-network.ts';

export const USAGE = `usage: npm run admin -- <command> [--url http://localhost:8787]
  invite <email> --name "Full Name" [--show-title] [--show-analytics] [--inhouse]
  support <email> [--off]
      gives the account the support inbox (/support/inbox); --off takes it away.
  grant <email> <channel id UC… | network slug or number>
  revoke <email> <channel id UC… | network slug or number>
  network <slug> --name "Network name" [--content-owner <CMS id>] [--owner <email>]
  rollups [--rebuild] [--remote <url>] [--persist-to DIR]
      refreshes the rollups loads left pending (an import cut off before its refresh); --rebuild
      then recomputes every rollup. Local database by default, a deployed instance with --remote.
  retention [--statements N] [--from-start] [--remote <url>] [--persist-to DIR]
      prunes daily public snapshots past PUBLIC_SNAPSHOT_DAYS (environment, else .dev.vars; default
      400) as the hourly run does, N statements of ${PRUNE_ROWS_PER_STATEMENT} rows (default ${PRUNE_STATEMENTS_PER_RUN}, at most
      ${PRUNE_STATEMENTS_BY_HAND_MAX}); --from-start looks at every old day again, not only those since the last pass.
  partner-migrate [--remote <url>] [--persist-to DIR]
      with PARTNER_STORE=objects, brings every network's store to the deployed migrations now rather
      than at its first read, and lists the stores that failed.
  partner-move <network slug or number | all> [--check | --prune] [--limit N] [--remote <url>] [--persist-to DIR]
      moves a default install's partner facts into network stores (docs/partner-store.md, "Switching an
      install to stores"): with PARTNER_STORE=shared, copies each network's rows into its store and checks
      them; --check compares again; once PARTNER_STORE=objects is deployed, --prune deletes them from the
      shared D1. N rows a call (default ${MOVE_PAGE_ROWS}, at most ${MOVE_PAGE_ROWS_MAX}).
  replay <network slug or number | all> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--days N] [--remote <url>] [--persist-to DIR]
      loads archived report files (R2, docs/sync.md "Report archive") again, N days a call (default 7,
      at most 31), printing each page: history after YouTube deleted its copies, or after a restore.
      With --remote each page loads in a Workflow instance (large files a piece per step): the command
      waits for it, printing each step as it finishes ("loading: stage 12 piece 3 of 11 (4 steps done)").
  unfold <network slug or number> --month YYYY-MM [--cancel] [--days N] [--remote <url>] [--persist-to DIR]
      takes the month's title days back from the archive (docs/data-model.md "Title folds (0027)"), so a
      different file loaded for a folded day reaches its title x country and title x audience months:
      checks that the archive holds a basic report (and, with audience months, a demographics one) for
      every day with facts, else refuses naming the days; marks the month unfolding (readers keep the
      folded figures); replays its days as replay does, printing each page; recomputes the two title
      months from them. After a failure the month keeps its old figures: run it again to resume, or
      --cancel to fold it back (the hourly fold deletes the days written back).
  sync-status [--json] [--remote <url>] [--persist-to DIR]
      per content owner and report type: listed, archived, loaded, failed (why), retried, lag, missing
      days; uploads; Data API quota today. Exits 1 when days are missing or reports failed.
ADMIN_TOKEN comes from the environment, else from .dev.vars (local runs).`;
