// What the demo writes straight to D1 because no YouTube report or API response carries it: accounts, our catalogue, grants.
import { hashPassword } from '../../../src/server/auth/password';
import { chunkStatements } from '../../../src/server/ingest/load/json-chunks';
import type { ImportTarget } from '../../../src/server/ingest/run-import';
import { copyCatalogue } from '../../../src/server/partner-store/catalogue';
import type { SupportTicketRecord, TableName, UserRecord } from '../generate/records';
import type { World } from '../generate/world';
import { rowValues, type UserRow } from './tables';
import { TableWriter } from './writer';

async function storedUser(user: UserRecord): Promise<UserRow> {
  const { password, ...rest } = user;
  return { ...rest, passwordHash: password === null ? null : await hashPassword(password) };
}

/** Users (demo passwords hashed), their managers, the networks (the partner one with its CMS id) and support tickets. */
export async function writeAccounts(db: D1Database, world: World, tickets: readonly SupportTicketRecord[]): Promise<void> {
  const writer = new TableWriter(db);
  const add = async (table: TableName, row: object) => {
    const wait = writer.add(table, rowValues(table, row));
    if (wait) await wait;
  };
  for (const user of world.people.users) await add('users', await storedUser(user));
  for (const manager of world.people.managers) await add('managers', manager);
  for (const network of world.networks) await add('networks', network);
  for (const ticket of tickets) await add('support_tickets', ticket);
  await writer.finish();
}

// ?1 [youtube id, network, category, language, in-house, joined on, created at]: what we know about a
// channel that channels.list does not say (the Data API has no category or network, and the language
// only when the owner set one).
const CATALOGUE = `UPDATE channels SET network_id = j.value ->> 1, category_id = j.value ->> 2, language_code = j.value ->> 3,
  is_inhouse = j.value ->> 4, joined_on = j.value ->> 5, created_at = j.value ->> 6
FROM json_each(?1) AS j WHERE channels.youtube_id = j.value ->> 0`;
// The UGC pseudo-channel exists only here: the importer created it, the demo gives it its picture and dates.
const UGC = `UPDATE channels SET thumbnail_url = ?2, category_id = ?3, language_code = ?4, country_code = ?5, joined_on = ?6,
  created_at = ?7 WHERE network_id = ?1 AND is_ugc = 1`;
// ?1 [custom id, name, icon, created at]: titles are named by hand; the importer names them after the custom id.
const TITLES = `UPDATE titles SET title = j.value ->> 1, icon_url = j.value ->> 2, created_at = j.value ->> 3
FROM json_each(?1) AS j WHERE titles.network_id = ?2 AND titles.custom_id = j.value ->> 0`;
// ?1 [claim id, earnings, country]: the claims report has neither a copy's earnings nor its viewers' country.
const COPIES = `UPDATE illegal_copies SET earnings_micros = j.value ->> 1, country_code = j.value ->> 2
FROM json_each(?1) AS j WHERE illegal_copies.claim_id = j.value ->> 0`;
const CHANNEL_GRANTS = `INSERT INTO channel_grants (user_id, channel_id, created_at)
SELECT j.value ->> 0, c.id, j.value ->> 2 FROM json_each(?1) AS j JOIN channels AS c ON c.youtube_id = j.value ->> 1`;
const NETWORK_GRANTS = `INSERT INTO network_grants (user_id, network_id, created_at)
SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2 FROM json_each(?1) AS j`;

const json = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row));

/**
 * Our own catalogue attributes of every tracked channel and of the UGC channel, title names, copies'
 * earnings. Split by network, the copies' earnings go to the partner network's store (where the claims
 * report put the copies) and the store's copies of its channels and titles are taken again.
 */
export async function writeCatalogue(
  target: Pick<ImportTarget, 'db' | 'storeOf'>,
  world: World,
  customIds: ReadonlyMap<number, string>,
  copies: ReadonlyArray<{ claimId: string; earningsMicros: number; countryCode: string }>,
): Promise<void> {
  const channels = [...world.partnerChannels.map((c) => c.record), ...world.publicChannels.map((c) => c.record)];
  const rows = channels
    .filter((c) => c.youtubeId !== null)
    .map((c) => [c.youtubeId, c.networkId, c.categoryId, c.languageCode, c.isInhouse, c.joinedOn, c.createdAt]);
  const ugc = world.partnerChannels.find((c) => c.record.isUgc === 1)?.record;
  const network = world.networks.find((n) => n.isPartner === 1);
  const { db, storeOf } = target;
  const copyRows = (on: D1Database) => chunkStatements(on, COPIES, json(copies.map((c) => [c.claimId, c.earningsMicros, c.countryCode])));
  await db.batch([
    ...chunkStatements(db, CATALOGUE, json(rows)),
    ...(ugc && network
      ? [db.prepare(UGC).bind(network.id, ugc.thumbnailUrl, ugc.categoryId, ugc.languageCode, ugc.countryCode, ugc.joinedOn, ugc.createdAt)]
      : []),
    ...chunkStatements(
      db,
      TITLES,
      json(world.titles.map((t) => [customIds.get(t.id), t.title, t.iconUrl, t.createdAt])),
      network?.id ?? null,
    ),
    ...(storeOf && network ? [] : copyRows(db)),
  ]);
  if (!storeOf || !network) return;
  // Each store of the network (one per bucket its channels are in) updates the copies it holds and takes
  // its channels' and the titles' rows again.
  const placed = await db
    .prepare('SELECT youtube_id, store_bucket FROM channels WHERE network_id = ?1')
    .bind(network.id)
    .all<{ youtube_id: string | null; store_bucket: number }>();
  for (const bucket of new Set([0, ...placed.results.map((c) => c.store_bucket)])) {
    const store = storeOf(network.id, bucket);
    await store.batch(copyRows(store));
    await copyCatalogue(db, store, network.id, {
      youtubeIds: placed.results.flatMap((c) => (c.store_bucket === bucket && c.youtube_id !== null ? [c.youtube_id] : [])),
      ugc: bucket === 0,
      customIds: [...customIds.values()],
    });
  }
}

/** Channel grants (by YouTube id: the database numbers channels itself) and network grants. */
export async function writeGrants(db: D1Database, world: World): Promise<void> {
  const youtubeIds = new Map(world.partnerChannels.map((c) => [c.record.id, c.record.youtubeId]));
  const channelGrants = world.grants.channelGrants.map((g) => [g.userId, youtubeIds.get(g.channelId), g.createdAt]);
  const networkGrants = world.grants.networkGrants.map((g) => [g.userId, g.networkId, g.createdAt]);
  await db.batch([
    ...chunkStatements(db, CHANNEL_GRANTS, json(channelGrants)),
    ...chunkStatements(db, NETWORK_GRANTS, json(networkGrants)),
  ]);
}
