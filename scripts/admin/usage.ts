// What `npm run admin -- --help` prints: every command, its options, and what it does.
import {
  PRUNE_ROWS_PER_STATEMENT,
  PRUNE_STATEMENTS_BY_HAND_MAX,
  PRUNE_STATEMENTS_PER_RUN,
} from '../../src/server/ingest/retention/prune.ts';
import { MAX_BUCKET } from '../../src/server/partner-store/index.ts';
import { MOVE_PAGE_ROWS, MOVE_PAGE_ROWS_MAX } from '../../src/server/partner-store/move-network.ts';
import { REBALANCE_CHANNELS_MAX } from '../../src/server/partner-store/rebalance.ts';

export const USAGE = `usage: npm run admin -- <command> [arguments] [--remote <url>]
  --remote <url> names the instance a command acts on: a deployed one (https://viewdeck.example) or one
  running here. Without it, the first six commands and restore-store talk to the local server (npm start,
  http://localhost:8787 or PORT) and the others work on the local state under --persist-to (default
  .wrangler/state), no server needed. A command refuses an option it does not take; --url is gone: use --remote.
  create-admin <email> --name "Full Name" [--remote <url>]
      the first operator: opens the account (or finds it), makes it staff (it opens the console, /admin) and
      prints a one-time link to set its password. Never mails it: works before the install has mail.
  invite <email> --name "Full Name" [--show-title] [--show-analytics] [--inhouse] [--print-link] [--remote <url>]
      opens a partner's account (or finds it) and e-mails a one-time link to set the password (valid 7 days;
      an earlier link stops working). --print-link prints the link instead and mails nothing; without mail on
      the install (MAIL_API_URL, MAIL_API_KEY) an invite without it is refused and nothing is written.
  support <email> [--off] [--remote <url>]
      gives the account the support inbox (/support/inbox); --off takes it away.
  grant <email> <channel id UC… | network slug or number> [--remote <url>]
  revoke <email> <channel id UC… | network slug or number> [--remote <url>]
  network <slug> --name "Network name" [--content-owner <CMS id>] [--owner <email>] [--remote <url>]
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
  rebalance <network slug or number> --channels ID,ID,… --from B --to B [--limit N] [--remote <url>] [--persist-to DIR]
      with PARTNER_STORE=objects, moves the channels (channels.id numbers, at most ${REBALANCE_CHANNELS_MAX}) of the
      network from bucket B's store to another (0 to ${MAX_BUCKET}; docs/partner-store.md, "A network larger than
      one store"): copies their rows into the target store (cleared of theirs first), checks counts and
      money sums, flips channels.store_bucket in one statement (reads follow it), then deletes their rows
      from the source store, printing each table. Run again after a failure: it resumes. N rows a call.
  buckets <network slug or number> --count K [--remote <url>] [--persist-to DIR]
      spreads the network's new channels over K stores (1 to ${MAX_BUCKET + 1}); channels already created stay.
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
  restore-store <network slug or number> --to <ISO time> | --bookmark <bookmark> [--bucket B] [--remote <url>]
      with PARTNER_STORE=objects, restores the network's store to a past moment (Cloudflare keeps 30 days;
      not later than now): takes the store's bookmark of now first and prints it, asks for the moment's,
      schedules the restore and restarts the store onto it, and prints the bookmark that undoes it
      (--bookmark with it). --bucket: one of the stores of a network spread over several (0 by default).
      Recorded in the audit log. Cloudflare only: the local runtime keeps no
      history of objects and refuses, changing nothing (docs/backup.md).
  sync-status [--json] [--remote <url>] [--persist-to DIR]
      per content owner and report type: listed, archived, loaded, failed (why), retried, lag, missing
      days; uploads; Data API quota today. Exits 1 when days are missing or reports failed.
ADMIN_TOKEN comes from the environment, else from .dev.vars (local runs). Progress goes to stdout.
examples:
  npm run admin -- create-admin ops@example.com --name "Olga Ops" --remote https://viewdeck.example
  npm run admin -- invite pat@example.com --name "Pat Partner" --show-title --print-link --remote https://viewdeck.example
  npm run admin -- partner-move all --check --remote https://viewdeck.example
  npm run admin -- rebalance acme --channels 41,42,57 --from 0 --to 1 --remote https://viewdeck.example
  npm run admin -- restore-store acme --to 2026-11-27T08:00:00Z --remote https://viewdeck.example
  npm run admin -- rollups --rebuild`;

/** Where a command works: on an instance only (its admin API), or on the local state unless --remote. */
const ON_INSTANCE = ['remote'];
const LOCAL_OR_REMOTE = ['remote', 'persist-to'];

/** The options each command takes (--help aside); any other option given is refused, naming the command. */
export const COMMAND_OPTIONS: Record<string, readonly string[]> = {
  'create-admin': ['name', ...ON_INSTANCE],
  invite: ['name', 'show-title', 'show-analytics', 'inhouse', 'print-link', ...ON_INSTANCE],
  support: ['off', ...ON_INSTANCE],
  grant: ON_INSTANCE,
  revoke: ON_INSTANCE,
  network: ['name', 'content-owner', 'owner', ...ON_INSTANCE],
  rollups: ['rebuild', ...LOCAL_OR_REMOTE],
  retention: ['statements', 'from-start', ...LOCAL_OR_REMOTE],
  'partner-migrate': LOCAL_OR_REMOTE,
  'partner-move': ['check', 'prune', 'limit', ...LOCAL_OR_REMOTE],
  rebalance: ['channels', 'from', 'to', 'limit', ...LOCAL_OR_REMOTE],
  buckets: ['count', ...LOCAL_OR_REMOTE],
  replay: ['from', 'to', 'days', ...LOCAL_OR_REMOTE],
  unfold: ['month', 'cancel', 'days', ...LOCAL_OR_REMOTE],
  'sync-status': ['json', ...LOCAL_OR_REMOTE],
  'restore-store': ['to', 'bookmark', 'bucket', ...ON_INSTANCE],
};

/** How many words each command takes after its name (an e-mail, a target, a network). */
const COMMAND_WORDS: Record<string, number> = { grant: 2, revoke: 2, rollups: 0, retention: 0, 'partner-migrate': 0, 'sync-status': 0 };

/**
 * Why this command line is refused, or null: an option the command does not take (named with the
 * command), or words past those it takes.
 * @example commandLineProblem('invite', ['pat@example.com'], ['name', 'rebuild']) // "invite does not take --rebuild: …"
 */
export function commandLineProblem(command: string, words: readonly string[], given: readonly string[]): string | null {
  const most = COMMAND_WORDS[command] ?? 1;
  if (words.length > most)
    return `${command} takes ${['no word', 'one word', 'two words'][most]} after its name, not "${words.slice(most).join(' ')}".`;
  const allowed = COMMAND_OPTIONS[command] ?? [];
  const extra = given.filter((name) => name !== 'help' && !allowed.includes(name));
  if (extra.length === 0) return null;
  const takes = allowed.length > 0 ? `it takes ${allowed.map((o) => `--${o}`).join(', ')}` : 'it takes no option';
  return `${command} does not take ${extra.map((o) => `--${o}`).join(', ')}: ${takes}.`;
}
