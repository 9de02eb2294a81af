// `npm run fuzz:isolation -- --requests 10000`: random partner requests as each demo user against a
// running server, judged against scopes computed from the grants tables read directly.
import path from 'node:path';
import fc from 'fast-check';
import { type ProbeFindings, probeArb, probeOnce, scopesOf, type Send, universeOf } from '../tests/probes/isolation-run.ts';
import type { ScopeWorld } from '../tests/probes/scope-model.ts';
import { DEMO_USERS } from './demo/users.ts';
import { browserHeaders, type LiveFlags, liveOptionsUsage, localSql, pool, readFlags, signIn } from './probes/live.ts';
import { addDays } from '../src/lib/dates/time.ts';
import { localPartnerStore } from './import/local-d1.ts';

const DEFAULT_REQUESTS = 2_000;
const PROGRESS_EVERY = 1_000;
const USAGE = `usage: npm run fuzz:isolation -- [--requests N] [--concurrency N] [--remote URL] [--persist-to DIR]
  Random partner requests as each demo user against a running server (npm start), each answer judged
  against the scope computed from the grants tables read directly. Prints each user's scope, progress
  every ${PROGRESS_EVERY} cases, then the leaks and 5xx answers found; exits 1 on any.
${liveOptionsUsage(DEFAULT_REQUESTS)}`;
/** Channels outside every grant that the generators also name (the demo tracks thousands of public channels). */
const PUBLIC_CHANNEL_SAMPLE = 60;

type Rows = Array<Record<string, unknown>>;

/** wrangler's JSON prints SQL NULL as the text "null", so nullable columns come back coalesced ('' and 0 mean none). */
const CHANNEL_COLUMNS = "id, coalesce(youtube_id, '') AS youtube_id, title, coalesce(network_id, 0) AS network_id, is_inhouse";

/** The demo users, channels, titles, networks and grants, straight from the tables. */
async function readWorld(flags: LiveFlags): Promise<{ world: ScopeWorld; lastDay: string }> {
  const emails = DEMO_USERS.map((u) => `'${u.email}'`).join(',');
  const [users, grantedChannels, publicChannels, titles, networks, channelGrants, networkGrants, pairs, last] = (await localSql(flags, [
    `SELECT id, email, show_title, only_inhouse_channels FROM users WHERE email IN (${emails})`,
    `SELECT ${CHANNEL_COLUMNS} FROM channels WHERE network_id IS NOT NULL OR id IN (SELECT channel_id FROM channel_grants)`,
    `SELECT ${CHANNEL_COLUMNS} FROM channels WHERE network_id IS NULL AND id NOT IN (SELECT channel_id FROM channel_grants) ORDER BY id LIMIT ${PUBLIC_CHANNEL_SAMPLE}`,
    'SELECT id, title FROM titles',
    'SELECT id, slug, name FROM networks',
    'SELECT user_id, channel_id FROM channel_grants',
    'SELECT user_id, network_id FROM network_grants',
    `SELECT DISTINCT channel_id, title_id FROM videos WHERE title_id IS NOT NULL
     UNION SELECT DISTINCT channel_id, title_id FROM channel_title_monthly`,
    'SELECT max(day) AS day FROM channel_daily',
  ])) as [Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows, Rows];
  const password = (email: unknown) => DEMO_USERS.find((u) => u.email === email)?.password ?? '';
  const world: ScopeWorld = {
    users: users.map((u) => ({
      id: Number(u.id),
      email: String(u.email),
      password: password(u.email),
      showTitle: u.show_title === 1,
      onlyInhouse: u.only_inhouse_channels === 1,
    })),
    channels: [...grantedChannels, ...publicChannels].map((c) => ({
      id: Number(c.id),
      youtubeId: c.youtube_id === '' ? null : String(c.youtube_id),
      title: String(c.title),
      networkId: c.network_id === 0 ? null : Number(c.network_id),
      inhouse: c.is_inhouse === 1,
    })),
    titles: titles.map((t) => ({ id: Number(t.id), name: String(t.title) })),
    networks: networks.map((n) => ({ id: Number(n.id), slug: String(n.slug), name: String(n.name) })),
    channelGrants: channelGrants.map((g) => ({ userId: Number(g.user_id), channelId: Number(g.channel_id) })),
    networkGrants: networkGrants.map((g) => ({ userId: Number(g.user_id), networkId: Number(g.network_id) })),
    channelTitles: pairs.map((p) => ({ channelId: Number(p.channel_id), titleId: Number(p.title_id) })),
  };
  return { world, lastDay: String(last[0]?.day ?? new Date().toISOString().slice(0, 10)) };
}

/** Ranges around the demo's last day: a month, a quarter, a year, and one before any data. */
function rangesEndingOn(lastDay: string): Array<{ date_from: string; date_to: string }> {
  const back = (days: number) => addDays(lastDay, -days);
  return [
    { date_from: back(29), date_to: lastDay },
    { date_from: back(89), date_to: lastDay },
    { date_from: back(364), date_to: lastDay },
    { date_from: '2015-01-01', date_to: '2015-03-31' },
  ];
}

async function main(): Promise<void> {
  if (localPartnerStore(path.resolve(import.meta.dirname, '..')) === 'objects') {
    // readWorld's titles per channel and last data day are partner facts, in the network stores there.
    throw new Error(
      'fuzz:isolation reads the demo world from the shared D1 with wrangler: run it on the default install (PARTNER_STORE unset).',
    );
  }
  const flags = readFlags(USAGE, DEFAULT_REQUESTS);
  const { world, lastDay } = await readWorld(flags);
  if (world.users.length === 0) throw new Error('no demo users in the database: run `npm start` (or `npm run seed`) first');
  const sessions = new Map<number, string>();
  for (const u of world.users) sessions.set(u.id, await signIn(flags.url, u.email, u.password));
  const scopes = scopesOf(world);
  for (const s of scopes.values()) console.log(`${s.user.email}: ${s.channelKeys.size} channels, ${s.titleIds.size} titles in scope`);

  const send: Send = async (req, session) => {
    try {
      const res = await fetch(`${flags.url}${req.path}`, {
        method: req.method,
        headers: browserHeaders(flags.url, session, req.contentType),
        body: req.body ?? undefined,
      });
      return { status: res.status, text: await res.text() };
    } catch (error) {
      return {
        status: 0,
        text: `no answer: ${error instanceof Error ? String((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
      };
    }
  };
  const findings: ProbeFindings = { requests: 0, compared: 0, leaks: [], serverErrors: [] };
  const cases = fc.sample(probeArb(world, universeOf(world, rangesEndingOn(lastDay))), flags.requests);
  const started = Date.now();
  let done = 0;
  await pool(cases.length, flags.concurrency, async (i) => {
    const { user, c } = cases[i]!;
    const u = world.users[user]!;
    await probeOnce(send, scopes.get(u.id)!, sessions.get(u.id)!, c, findings);
    if (++done % PROGRESS_EVERY === 0)
      console.log(`${done} cases, ${findings.requests} requests, ${findings.leaks.length} leaks, ${findings.serverErrors.length} 5xx`);
  });
  for (const line of [...findings.leaks, ...findings.serverErrors].slice(0, 50)) console.log(line);
  console.log(`\nrequests sent: ${findings.requests} (${cases.length} cases, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(`answers compared with their twin: ${findings.compared}`);
  console.log(`leaks found: ${findings.leaks.length}`);
  console.log(`5xx answers: ${findings.serverErrors.length}`);
  process.exit(findings.leaks.length === 0 && findings.serverErrors.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`fuzz:isolation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
