// Networks and grants in the operator console: the lists, a network's public-figures and partner-earnings
// choices, and grants given or revoked in one batch with their audit row (the SQL of a grant is admin/grants.ts's).
import { writePublicFigures } from '../admin/network-public-figures';
import type { ConsoleGrant, ConsoleGrantAnswer, ConsoleNetwork, ConsolePage } from '../../lib/api/console';
import type { EarningsView } from '../../lib/api/stats';
import { type AuditActor, auditStatement, recordAudit } from '../audit/audit-log';
import { getUserIdByEmail, grantStatement, revokeStatement } from '../admin/grants';
import { type NetworkInput, upsertNetwork } from '../admin/networks';
import { resolveGrantTarget } from '../admin/targets';
import { all, first, statement } from '../db/query';
import { raw, sql } from '../db/sql';
import { notFound } from '../http/errors';
import { likeAnywhere, type ListQuery, pageWindow, toPage } from './paging';

type NetworkRow = Omit<ConsoleNetwork, 'public_figures'> & { public_figures: number };

const NETWORK_COLUMNS = `n.id, n.slug, n.name, n.content_owner_id, o.email AS owner_email, n.public_figures, n.partner_earnings,
  (SELECT count(*) FROM channels c WHERE c.network_id = n.id) AS channels,
  (SELECT count(*) FROM network_grants g WHERE g.network_id = n.id) AS partners`;

const toNetwork = (row: NetworkRow): ConsoleNetwork => ({ ...row, public_figures: row.public_figures === 1 });

/**
 * Partner networks first (those with a content owner or an owner), then by name; `q` finds slug or name.
 * @example const { rows } = await listNetworks(env.DB, { q: '', page: 1 })
 */
export async function listNetworks(db: D1Database, query: ListQuery): Promise<ConsolePage<ConsoleNetwork>> {
  const { limit, offset } = pageWindow(query.page);
  const rows = await all<NetworkRow>(
    db,
    raw(
      `SELECT ${NETWORK_COLUMNS} FROM networks n LEFT JOIN users o ON o.id = n.owner_user_id
       WHERE ?1 = '' OR n.slug LIKE ?2 ESCAPE '\\' OR n.name LIKE ?2 ESCAPE '\\'
       ORDER BY n.is_partner DESC, n.name, n.id LIMIT ?3 OFFSET ?4`,
      query.q,
      likeAnywhere(query.q),
      limit,
      offset,
    ),
    'sql',
  );
  return toPage(rows.map(toNetwork), query.page);
}

/** One network, or 404. */
export async function getConsoleNetwork(db: D1Database, id: number): Promise<ConsoleNetwork> {
  const row = await first<NetworkRow>(
    db,
    raw(`SELECT ${NETWORK_COLUMNS} FROM networks n LEFT JOIN users o ON o.id = n.owner_user_id WHERE n.id = ?`, id),
    'sql',
  );
  if (!row) throw notFound(`No network ${id}: reload the list.`);
  return toNetwork(row);
}

/** Creates or updates a network by slug (admin/networks.ts), then records it. */
export async function saveNetwork(db: D1Database, actor: AuditActor, input: NetworkInput, ownerEmail: string | null, now: number) {
  const id = await upsertNetwork(db, input, now);
  const detail = { name: input.name, content_owner_id: input.contentOwnerId, owner_email: ownerEmail };
  await recordAudit(db, { actor, action: 'network.save', target: input.slug, detail, at: now });
  return getConsoleNetwork(db, id);
}

/**
 * A network's choice for public pages (writePublicFigures: the setting, its audit row, a new public data
 * generation), answered with the network as the console lists it. One read, the 404 for an unknown network
 * included, then the write: the answer is that row with the choice now in force (set here, or already so).
 */
export async function setPublicFigures(
  env: { DB: D1Database; KV: KVNamespace },
  actor: AuditActor,
  id: number,
  on: boolean,
  now: number,
): Promise<ConsoleNetwork> {
  const network = await getConsoleNetwork(env.DB, id);
  await writePublicFigures(env, { id, slug: network.slug, publicFigures: network.public_figures }, on, { actor, at: now });
  return { ...network, public_figures: on };
}

/**
 * Which Earnings figure a network's partners see first on their dashboard (networks.partner_earnings): the
 * setting and its audit row in one batch, answered with the network as the console lists it. Setting the
 * value it has already changes nothing and records nothing; a 404 for an unknown network. Public pages never
 * read it, so no new public data generation.
 * @example await setPartnerEarnings(c.env.DB, actor, 7, 'share', nowSeconds())
 */
export async function setPartnerEarnings(
  db: D1Database,
  actor: AuditActor,
  id: number,
  view: EarningsView,
  now: number,
): Promise<ConsoleNetwork> {
  const network = await getConsoleNetwork(db, id);
  if (network.partner_earnings === view) return network;
  // Guarded, its audit row only after a change: two staff setting the same value at once leave one row.
  await db.batch([
    statement(db, sql`UPDATE networks SET partner_earnings = ${view} WHERE id = ${id} AND partner_earnings <> ${view}`),
    auditStatement(
      db,
      { actor, action: 'network.partner_earnings', target: network.slug, detail: { partner_earnings: view }, at: now },
      'after-change',
    ),
  ]);
  return { ...network, partner_earnings: view };
}

/**
 * Who is granted what, newest first: channel and network grants together; `q` finds the e-mail, the
 * channel id or network slug, or the channel title or network name.
 */
export async function listGrants(db: D1Database, query: ListQuery): Promise<ConsolePage<ConsoleGrant>> {
  const { limit, offset } = pageWindow(query.page);
  const rows = await all<ConsoleGrant>(
    db,
    raw(
      `SELECT * FROM (
         SELECT u.email, 'channel' AS kind, c.youtube_id AS target, c.title AS name, g.created_at
         FROM channel_grants g JOIN users u ON u.id = g.user_id JOIN channels c ON c.id = g.channel_id
         UNION ALL
         SELECT u.email, 'network' AS kind, n.slug AS target, n.name AS name, g.created_at
         FROM network_grants g JOIN users u ON u.id = g.user_id JOIN networks n ON n.id = g.network_id)
       WHERE ?1 = '' OR email LIKE ?2 ESCAPE '\\' OR target LIKE ?2 ESCAPE '\\' OR name LIKE ?2 ESCAPE '\\'
       ORDER BY created_at DESC, email, target LIMIT ?3 OFFSET ?4`,
      query.q,
      likeAnywhere(query.q),
      limit,
      offset,
    ),
    'sql',
  );
  return toPage(rows, query.page);
}

/**
 * Grants (or revokes) a channel (UC…) or a network (slug or number) to the account with `email`;
 * changed is false when it already was so. The audit row says which.
 */
export async function changeGrant(
  db: D1Database,
  actor: AuditActor,
  input: { email: string; target: string; revoke: boolean },
  now: number,
): Promise<ConsoleGrantAnswer> {
  const userId = await getUserIdByEmail(db, input.email);
  const target = await resolveGrantTarget(db, input.target);
  const change = input.revoke ? revokeStatement(db, userId, target) : grantStatement(db, userId, target, now);
  // One batch: the grant and its audit row land together or not at all.
  const [result] = await db.batch([
    change,
    auditStatement(db, {
      actor,
      action: input.revoke ? 'grant.revoke' : 'grant.add',
      target: input.email,
      detail: { [target.kind]: input.target, label: target.label },
      at: now,
    }),
  ]);
  return { target: target.label, changed: (result?.meta.changes ?? 0) > 0 };
}
