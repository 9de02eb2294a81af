// Catalogue rows a network's store holds copies of (docs/partner-store.md, "Joins to shared tables"):
// its network row, the channels its files write to, its titles, with the shared D1's ids, so the facts'
// references and the statements that join them hold in the store as they do in the shared D1.
import { allBatch } from '../db/query';
import { raw } from '../db/sql';

type Row = Record<string, string | number | null>;

/** Upserts rows by id, every column taken from the shared D1's row. */
function upsertRows(store: D1Database, table: string, rows: Row[]): D1PreparedStatement | null {
  const first = rows[0];
  if (!first) return null;
  const columns = Object.keys(first);
  const values = columns.map((_, i) => `value ->> ${i}`).join(', ');
  const updates = columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
  const json = JSON.stringify(rows.map((row) => columns.map((c) => row[c] ?? null)));
  return store
    .prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values} FROM json_each(?1) WHERE true ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
    )
    .bind(json);
}

/** The catalogue rows a file needs in its network's store. */
export interface CatalogueNeeds {
  /** Channels by YouTube id. */
  youtubeIds: readonly string[];
  /** The network's UGC channel. */
  ugc: boolean;
  /** The network's titles by CMS custom id (a video metadata file's); none for other files. */
  customIds?: readonly string[];
}

/**
 * Copies into a network's store its row in `networks` (without its owner: users stay in the shared
 * D1), the channels and titles named, as the shared D1 holds them now. Only what the file names, so a
 * file costs rows in proportion to itself, not to its network. One shared batch (which also records
 * the store in `network_stores`, before anything is written there), one write batch.
 * @example await copyCatalogue(env.DB, store, 7, { youtubeIds: ['UC…'], ugc: true })
 */
export async function copyCatalogue(shared: D1Database, store: D1Database, networkId: number, needs: CatalogueNeeds): Promise<void> {
  const { youtubeIds, ugc, customIds = [] } = needs;
  const [, networks, channels, titles] = await allBatch<[never, Row, Row, Row]>(
    shared,
    [
      raw(
        'INSERT INTO network_stores (network_id, opened_at) SELECT id, unixepoch() FROM networks WHERE id = ?1 ON CONFLICT DO NOTHING',
        networkId,
      ),
      raw('SELECT * FROM networks WHERE id = ?1', networkId),
      raw(
        `SELECT * FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?1))
          OR (?2 AND network_id = ?3 AND is_ugc = 1)`,
        JSON.stringify(youtubeIds),
        ugc ? 1 : 0,
        networkId,
      ),
      raw(
        'SELECT * FROM titles WHERE network_id = ?1 AND custom_id IN (SELECT value FROM json_each(?2))',
        networkId,
        JSON.stringify(customIds),
      ),
    ],
    'sql',
  );
  const statements = [
    upsertRows(
      store,
      'networks',
      networks.map((n) => ({ ...n, owner_user_id: null })),
    ),
    upsertRows(store, 'channels', channels),
    upsertRows(store, 'titles', titles),
  ].filter((s): s is D1PreparedStatement => s !== null);
  if (statements.length > 0) await store.batch(statements);
}
