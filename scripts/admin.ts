// `npm run admin -- <command>`: operator commands over the admin API of a running instance.
import path from 'node:path';
import { refreshRollups } from '../src/server/ingest/run-import.ts';
import { snapshotDaysSetting } from '../src/server/env.ts';
import { PRUNE_STATEMENTS_BY_HAND_MAX, PRUNE_STATEMENTS_PER_RUN, pruneSnapshots } from '../src/server/ingest/retention/prune.ts';
import { MIGRATE_PAGE_MAX, migrateStores, type MigratePage } from '../src/server/partner-store/migrate-stores.ts';
import { MOVE_PAGE_ROWS, MOVE_PAGE_ROWS_MAX } from '../src/server/partner-store/move-network.ts';
import type { PartnerMoveAnswer } from '../src/server/admin/partner-move.ts';
import { localChannel, runPartnerMove, type MoveAction, type MoveChannel } from './admin/partner-move.ts';
import { writeSeededStore } from './demo/load/seeded-store.ts';
import { openLocalD1, type LocalD1 } from './demo/load/local-d1.ts';
import { localPartnerStore } from './import/local-d1.ts';
import { applyMigrations } from './demo/load/migrate.ts';
import { readLocalVar } from './lib/local-vars.ts';
import { replay, syncStatus, type AdminChannel } from './admin/archive.ts';
import { answerOf, reach } from './lib/reach.ts';
import { unfold } from './admin/unfold.ts';
import { commandLineProblem, USAGE } from './admin/usage.ts';
import { restoredLines, restoreStoreBody } from './admin/store-restore.ts';
import type { StoreRestored } from '../src/server/admin/store-restore.ts';
import { parseCommand, refuse, remoteOrigin } from './lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const { positionals, values, tokens } = parseCommand(USAGE, {
  allowPositionals: true,
  tokens: true,
  options: {
    name: { type: 'string' },
    'show-title': { type: 'boolean', default: false },
    'show-analytics': { type: 'boolean', default: false },
    inhouse: { type: 'boolean', default: false },
    'print-link': { type: 'boolean', default: false },
    off: { type: 'boolean', default: false },
    'content-owner': { type: 'string' },
    owner: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    statements: { type: 'string' },
    'from-start': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    prune: { type: 'boolean', default: false },
    limit: { type: 'string' },
    remote: { type: 'string' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
    from: { type: 'string' },
    to: { type: 'string' },
    bookmark: { type: 'string' },
    days: { type: 'string' },
    month: { type: 'string' },
    cancel: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

/** The local server `npm start` runs, which the API-only commands reach when no --remote is given. */
const LOCAL_SERVER = `http://localhost:${process.env.PORT ?? 8787}`;

/** The instance the API-only commands talk to: --remote, else the local server. */
const instanceUrl = () => values.remote ?? LOCAL_SERVER;

/** POSTs `body` to /api/admin/{path} (GETs it without one); throws with the server's message when it refuses. */
async function callAdmin<T>(apiPath: string, body: unknown, url = instanceUrl()): Promise<T> {
  const token = process.env.ADMIN_TOKEN ?? readLocalVar(ROOT, 'ADMIN_TOKEN');
  if (!token) throw new Error('Set ADMIN_TOKEN (the secret configured on the worker).');
  const res = await reach(new URL(`/api/admin/${apiPath}`, url), {
    ...(body === undefined
      ? { method: 'GET', headers: { Authorization: `Bearer ${token}` } }
      : { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) }),
  });
  return answerOf<T>(res);
}

/** The local state under --persist-to, migrated first, handed to `work` and closed afterwards. */
async function onLocalState<T>(work: (local: LocalD1) => Promise<T>): Promise<T> {
  const persistTo = path.resolve(ROOT, values['persist-to']);
  await applyMigrations(ROOT, persistTo);
  const local = await openLocalD1(ROOT, persistTo);
  try {
    return await work(local);
  } finally {
    await local.dispose();
  }
}

interface RollupsAnswer {
  pending_buckets: number;
  rebuilt: boolean;
  statements: number;
}

/** The rollups command on the local database (no server needed): pending first, then a rebuild if asked. */
function rollupsLocal(rebuild: boolean): Promise<RollupsAnswer> {
  return onLocalState(async (local) => {
    // local carries each network's store when the install splits partner data by network.
    const done = await refreshRollups(local, { rebuild, say });
    return { pending_buckets: done.pendingBuckets, rebuilt: done.rebuilt, statements: done.statements };
  });
}

interface RetentionAnswer {
  window_start: string | null;
  cutoff: string | null;
  deleted: number;
  statements: number;
  pass_done: boolean;
}

/** A flag's value as a whole number from 1 to max (the admin API checks the same bounds). */
function wholeOption(flag: string, text: string, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > max) throw new Error(`--${flag} must be a whole number from 1 to ${max}, not "${text}"`);
  return n;
}

const statementsOption = () =>
  wholeOption('statements', values.statements ?? String(PRUNE_STATEMENTS_PER_RUN), PRUNE_STATEMENTS_BY_HAND_MAX);

/** The retention command on the local database: the same pass the hourly run makes, as far as asked. */
async function retentionLocal(statements: number): Promise<RetentionAnswer> {
  const windowDays = snapshotDaysSetting(process.env.PUBLIC_SNAPSHOT_DAYS ?? readLocalVar(ROOT, 'PUBLIC_SNAPSHOT_DAYS'));
  return onLocalState(async (local) => {
    const now = Math.floor(Date.now() / 1000);
    const done = await pruneSnapshots(local.db, { windowDays, now, statements, fromStart: values['from-start'] });
    return {
      window_start: done.windowStart,
      cutoff: done.cutoff,
      deleted: done.deleted,
      statements: done.statements,
      pass_done: done.passDone,
    };
  });
}

/** Every page of partner-migrate, from the running instance or the local stores. */
async function partnerMigrate(): Promise<MigratePage[]> {
  const pages: MigratePage[] = [];
  const walk = async (ask: (after: number) => Promise<MigratePage>) => {
    for (let after: number | null = 0; after !== null; after = pages.at(-1)?.next ?? null) {
      const page = await ask(after);
      pages.push(page);
      say(`page ${pages.length}: ${page.migrated.length} stores migrated, ${page.failed.length} failed`);
    }
  };
  if (values.remote) {
    const url = values.remote;
    await walk((after) => callAdmin<MigratePage>('partner-migrate', { after }, url));
    return pages;
  }
  if (localPartnerStore(ROOT) !== 'objects')
    throw new Error('PARTNER_STORE is shared here: partner facts live in the local D1, which the seed migrates.');
  return onLocalState(async (local) => {
    const storeOf = local.storeOf;
    if (!storeOf) throw new Error('the local database opened without its network stores');
    await walk((after) => migrateStores(local.db, storeOf, { after, limit: MIGRATE_PAGE_MAX }));
    return pages;
  });
}

const limitOption = () => wholeOption('limit', values.limit ?? String(MOVE_PAGE_ROWS), MOVE_PAGE_ROWS_MAX);

/** partner-move on a running instance (--remote) or on the local state, whose seed record follows a whole prune. */
async function partnerMoveCommand(network: string): Promise<{ ok: boolean; lines: string[] }> {
  if (values.check && values.prune) throw new Error('partner-move takes --check or --prune, not both.');
  const action: MoveAction = values.check ? 'check' : values.prune ? 'prune' : 'copy';
  const options = { network, action, limit: limitOption() };
  if (values.remote) {
    const url = values.remote;
    const channel: MoveChannel = {
      step: (input) => callAdmin<PartnerMoveAnswer>('partner-move', input, url),
      networks: async () =>
        (await callAdmin<{ networks: Array<{ network_id: number; slug: string; channels: number }> }>('partner-move/networks', {}, url))
          .networks,
    };
    return runPartnerMove(channel, options, say);
  }
  return onLocalState(async (local) => {
    const mode = localPartnerStore(ROOT);
    const result = await runPartnerMove(localChannel({ shared: local.db, mode, storeAt: local.networkStore }), options, say);
    // Every network's facts are now in its store alone: npm start serves this state split from now on.
    if (action === 'prune' && network === 'all' && result.ok) writeSeededStore(path.resolve(ROOT, values['persist-to']), 'objects');
    return result;
  });
}

interface InviteAnswer {
  user_id: number;
  created: boolean;
  expires_at: number;
  mailed: boolean;
  link?: string;
}

/** invite and create-admin: the account on the instance, and the link printed or mailed. */
async function inviteCommand(email: string, options: { staff: boolean; printLink: boolean }): Promise<string> {
  const data = await callAdmin<InviteAnswer>('users/invite', {
    email,
    user_name: need(values.name, '--name "Full Name"'),
    show_title: values['show-title'],
    show_analytics: values['show-analytics'],
    only_inhouse_channels: values.inhouse,
    staff: options.staff,
    print_link: options.printLink,
  });
  const account = `${email}: user ${data.user_id} ${data.created ? 'created' : 'already there'}${options.staff ? ', staff (opens /admin)' : ''}`;
  const expires = new Date(data.expires_at * 1000).toISOString().slice(0, 16).replace('T', ' ');
  if (data.mailed) return `${account}; the invitation link was e-mailed (valid until ${expires} UTC; an earlier link no longer works).`;
  return [
    `${account}; nothing was mailed. Hand this one-time link to ${email} yourself, by a channel you trust:`,
    `  ${data.link}`,
    `It sets the password and signs in; it works once, until ${expires} UTC, and running this again replaces it.`,
  ].join('\n');
}

/** A word or option the command needs: refused like an unknown option when missing (exit 2). */
function need(value: string | undefined, what: string): string {
  if (!value) refuse(USAGE, `${positionals[0]} needs ${what}.`);
  return value;
}

/** Progress and pages, on stdout as the results are. */
const say = (line: string) => console.log(line);

/** The deployed instance's admin API with --remote, else the local state under --persist-to. */
function adminChannel(): AdminChannel {
  const url = values.remote;
  return url ? { remote: (apiPath, body) => callAdmin(apiPath, body, url) } : { local: onLocalState };
}

const commands: Record<string, (args: string[]) => Promise<string>> = {
  async invite([email]) {
    return inviteCommand(need(email, 'an e-mail address'), { staff: false, printLink: values['print-link'] });
  },
  async 'create-admin'([email]) {
    return inviteCommand(need(email, 'an e-mail address'), { staff: true, printLink: true });
  },
  async support([email]) {
    const data = await callAdmin<{ support: boolean }>('users/support', { email: need(email, 'an e-mail address'), support: !values.off });
    return `${email} ${data.support ? 'now answers support tickets (/support/inbox)' : 'no longer has the support inbox'}.`;
  },
  async grant([email, target]) {
    const data = await callAdmin<{ granted: string; changed: boolean }>('grants', {
      email: need(email, 'an e-mail address'),
      target: need(target, 'a channel id (UC…) or a network slug or number'),
    });
    return `${email} ${data.changed ? 'now sees' : 'already saw'} ${data.granted}.`;
  },
  async revoke([email, target]) {
    const data = await callAdmin<{ revoked: string; changed: boolean }>('grants/revoke', {
      email: need(email, 'an e-mail address'),
      target: need(target, 'a channel id (UC…) or a network slug or number'),
    });
    return `${email} ${data.changed ? 'no longer sees' : 'did not have'} ${data.revoked}.`;
  },
  async network([slug]) {
    const data = await callAdmin<{ network_id: number }>('networks', {
      slug: need(slug, 'a network slug'),
      name: need(values.name, '--name "Network name"'),
      content_owner_id: values['content-owner'],
      owner_email: values.owner,
    });
    return `network ${slug} is number ${data.network_id}; import its reports with --network ${slug}.`;
  },
  async rollups() {
    const started = Date.now();
    const where = values.remote
      ? `${values.remote} (one request: a rebuild there can take minutes)`
      : `the local state under ${values['persist-to']}`;
    say(`${values.rebuild ? 'refreshing pending rollups, then rebuilding every rollup' : 'refreshing pending rollups'} on ${where} ...`);
    const data = values.remote
      ? await callAdmin<RollupsAnswer>('rollups', { rebuild: values.rebuild }, values.remote)
      : await rollupsLocal(values.rebuild);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const pending = data.pending_buckets === 0 ? 'nothing was pending' : `refreshed ${data.pending_buckets} pending channel months`;
    return `${pending}${data.rebuilt ? '; rebuilt every rollup' : ''} (${data.statements} statements, ${seconds} s).`;
  },
  async 'partner-migrate'() {
    const pages = await partnerMigrate();
    const migrated = pages.flatMap((p) => p.migrated);
    const failed = pages.flatMap((p) => p.failed);
    const latest = [...new Set(migrated.map((m) => m.latest ?? 'none'))].join(', ');
    const lines = [`${migrated.length} network stores migrated (latest: ${latest || 'no network'}); ${failed.length} failed.`];
    for (const f of failed) lines.push(`  ${f.slug} (${f.network_id}): ${f.error}`);
    if (failed.length > 0) process.exitCode = 1;
    return lines.join('\n');
  },
  async 'partner-move'([network]) {
    const { ok } = await partnerMoveCommand(need(network, 'a network slug or number, or all'));
    if (ok) return 'partner-move done.';
    process.exitCode = 1;
    return 'partner-move did not go as asked for the networks above: run it again for them.';
  },
  async replay([network]) {
    return replay(
      adminChannel(),
      { network: need(network, 'a network slug or number, or all'), from: values.from, to: values.to, days: values.days },
      say,
    );
  },
  async unfold([network]) {
    const options = { network: need(network, 'a network slug or number'), month: values.month, cancel: values.cancel, days: values.days };
    return unfold(adminChannel(), options, say);
  },
  async 'restore-store'([network]) {
    const options = { network: need(network, 'a network slug or number'), to: values.to, bookmark: values.bookmark };
    const input = restoreStoreBody(options, Date.now());
    if ('problem' in input) refuse(USAGE, input.problem);
    const moment = values.to ? `the bookmarks of now and of ${values.to}` : 'the bookmark of now';
    say(`asking network ${network}'s store for ${moment}, scheduling the restore and restarting it on ${instanceUrl()} ...`);
    const restored = await callAdmin<StoreRestored>('store-restore', input.body);
    return restoredLines(restored, options, values.remote).join('\n');
  },
  async 'sync-status'() {
    const { text, healthy } = await syncStatus(adminChannel(), values.json);
    if (!healthy) process.exitCode = 1;
    return text;
  },
  async retention() {
    const started = Date.now();
    const statements = statementsOption();
    const body = { statements, from_start: values['from-start'] };
    const data = values.remote ? await callAdmin<RetentionAnswer>('retention', body, values.remote) : await retentionLocal(statements);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (!data.window_start) return 'no snapshots are rolled up yet: nothing to prune.';
    if (!data.cutoff)
      return `daily window starts ${data.window_start}; the last pass is done and the window has not moved: nothing to prune.`;
    const state = data.pass_done ? 'the pass is done' : 'the pass goes on: run it again';
    return `daily window starts ${data.window_start}: removed ${data.deleted} snapshots before ${data.cutoff} in ${data.statements} statements, ${seconds} s; ${state}.`;
  },
};

const [command, ...rest] = positionals;
const run = command ? commands[command] : undefined;
if (!run) refuse(USAGE, command ? `Unknown command '${command}'` : 'Name a command');
remoteOrigin(USAGE, values.remote);
const given = tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : []));
const problem = commandLineProblem(command!, rest, given);
if (problem) refuse(USAGE, problem);
run(rest)
  .then((line) => console.log(line))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
