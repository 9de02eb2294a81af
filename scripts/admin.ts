// `npm run admin -- <command>`: operator commands, over the admin API of a running instance or (those that
// can) on the local state; this file reads the command line and dispatches. The commands that also work on
// the local state live in scripts/admin/, one file each, behind an AdminChannel (scripts/admin/channel.ts).
import path from 'node:path';
import { PRUNE_STATEMENTS_BY_HAND_MAX, PRUNE_STATEMENTS_PER_RUN } from '../src/server/ingest/retention/prune.ts';
import { bucketSchema, MAX_BUCKET } from '../src/server/partner-store/index.ts';
import { MOVE_PAGE_ROWS, MOVE_PAGE_ROWS_MAX } from '../src/server/partner-store/move-network.ts';
import { REBALANCE_CHANNELS_MAX } from '../src/server/partner-store/rebalance.ts';
import { replay, syncStatus } from './admin/archive.ts';
import { localState, type AdminChannel } from './admin/channel.ts';
import { partnerMigrate } from './admin/partner-migrate.ts';
import { partnerMoveOn, type MoveAction } from './admin/partner-move.ts';
import { rebalanceOn, storeBucketsOn } from './admin/rebalance.ts';
import { retention } from './admin/retention.ts';
import { rollups } from './admin/rollups.ts';
import { unfold } from './admin/unfold.ts';
import { commandLineProblem, USAGE } from './admin/usage.ts';
import { restoredLines, restoreStoreBody } from './admin/store-restore.ts';
import type { StoreRestored } from '../src/server/admin/store-restore.ts';
import { adminApi, adminToken } from './lib/admin-api.ts';
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
    channels: { type: 'string' },
    count: { type: 'string' },
    remote: { type: 'string' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
    from: { type: 'string' },
    to: { type: 'string' },
    bookmark: { type: 'string' },
    bucket: { type: 'string' },
    days: { type: 'string' },
    month: { type: 'string' },
    cancel: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

/** The local server `npm start` runs, which the API-only commands reach when no --remote is given. */
const LOCAL_SERVER = `http://localhost:${process.env.PORT ?? 8787}`;

/** The instance the API-only commands reach: --remote, else the local server. */
const instanceUrl = () => values.remote ?? LOCAL_SERVER;

/** POSTs `body` to /api/admin/{path} (GETs it without one) on --remote, else the local server. */
async function callAdmin<T>(apiPath: string, body: unknown, url = instanceUrl()): Promise<T> {
  return adminApi(url, adminToken(ROOT))<T>(apiPath, body === undefined ? {} : { json: body });
}

/** A flag's value as a whole number from 1 to max (the admin API checks the same bounds). */
function wholeOption(flag: string, text: string, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > max) throw new Error(`--${flag} must be a whole number from 1 to ${max}, not "${text}"`);
  return n;
}

/** A flag's value as a store bucket (channels.store_bucket), by the API's own rule. */
function bucketOption(flag: string, text: string): number {
  const parsed = bucketSchema.safeParse(/^\d+$/.test(text) ? Number(text) : Number.NaN);
  if (!parsed.success) throw new Error(`--${flag}: ${parsed.error.issues[0]?.message ?? 'not a bucket'} (got "${text}")`);
  return parsed.data;
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
  return url ? { remote: (apiPath, body) => callAdmin(apiPath, body, url), origin: url } : localState(ROOT, values['persist-to']);
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
    return rollups(adminChannel(), values.rebuild, say);
  },
  async 'partner-migrate'() {
    const { text, ok } = await partnerMigrate(adminChannel(), say);
    if (!ok) process.exitCode = 1;
    return text;
  },
  async 'partner-move'([network]) {
    const target = need(network, 'a network slug or number, or all');
    if (values.check && values.prune) throw new Error('partner-move takes --check or --prune, not both.');
    const action: MoveAction = values.check ? 'check' : values.prune ? 'prune' : 'copy';
    const limit = wholeOption('limit', values.limit ?? String(MOVE_PAGE_ROWS), MOVE_PAGE_ROWS_MAX);
    const { ok } = await partnerMoveOn(adminChannel(), { network: target, action, limit }, say);
    if (ok) return 'partner-move done.';
    process.exitCode = 1;
    return 'partner-move did not go as asked for the networks above: run it again for them.';
  },
  async rebalance([network]) {
    const target = need(network, 'a network slug or number');
    const from = bucketOption('from', need(values.from, '--from B (a bucket)'));
    const to = bucketOption('to', need(values.to, '--to B (a bucket)'));
    if (from === to) throw new Error(`--from and --to are both bucket ${from}: nothing to move.`);
    const channels = need(values.channels, '--channels ID,ID,… (channels.id numbers)')
      .split(',')
      .map((id) => {
        if (!/^\d+$/.test(id.trim())) throw new Error(`--channels takes channels.id numbers separated by commas, not "${id}"`);
        return Number(id.trim());
      });
    if (channels.length > REBALANCE_CHANNELS_MAX)
      throw new Error(`--channels names ${channels.length} channels: at most ${REBALANCE_CHANNELS_MAX} a rebalance.`);
    const limit = wholeOption('limit', values.limit ?? String(MOVE_PAGE_ROWS), MOVE_PAGE_ROWS_MAX);
    if (await rebalanceOn(adminChannel(), { network: target, channels, from, to, limit }, say)) return 'rebalance done.';
    process.exitCode = 1;
    return 'rebalance did not go through: run it again.';
  },
  async buckets([network]) {
    const count = wholeOption('count', need(values.count, '--count K'), MAX_BUCKET + 1);
    return storeBucketsOn(adminChannel(), { network: need(network, 'a network slug or number'), count });
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
    const options = { network: need(network, 'a network slug or number'), bucket: values.bucket, to: values.to, bookmark: values.bookmark };
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
    const statements = wholeOption('statements', values.statements ?? String(PRUNE_STATEMENTS_PER_RUN), PRUNE_STATEMENTS_BY_HAND_MAX);
    return retention(adminChannel(), { statements, fromStart: values['from-start'] });
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
