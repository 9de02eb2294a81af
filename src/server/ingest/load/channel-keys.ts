// Channels in import plans: a YouTube id, or null for the network's UGC pseudo-channel; SQL resolves them.
import { raw } from '../../db/sql';
import { first, statement } from '../../db/query';
import { chunkStatements } from './json-chunks';
import { checkField } from './row-lines';

/** A channel as the plan names it: its YouTube id, or null for the UGC channel of the file's network. */
export type ChannelKey = string | null;

const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** Title of the UGC pseudo-channel created for a network (claimed third-party uploads). */
export const UGC_CHANNEL_TITLE = 'UGC';

/** True for 'UC' followed by 22 base64url characters (channels.youtube_id's rule). */
export function isYoutubeChannelId(value: string): boolean {
  return YOUTUBE_CHANNEL_ID.test(value);
}

// Every statement that resolves keys binds the file's network id as ?2.
const UGC_ID = '(SELECT id FROM channels WHERE network_id = ?2 AND is_ugc = 1 ORDER BY id LIMIT 1)';

/**
 * SQL for channels.id of the key held by `expr`: NULL = the network's UGC channel (network bound as
 * ?2), an integer = the id itself (see keyValue), text = the channel with that YouTube id.
 * @example `SELECT ${channelIdSql('value ->> 0')} FROM json_each(?1)`
 */
export function channelIdSql(expr: string): string {
  return `(CASE WHEN ${expr} IS NULL THEN ${UGC_ID} WHEN typeof(${expr}) = 'integer' THEN ${expr}
  ELSE (SELECT id FROM channels WHERE youtube_id = ${expr}) END)`;
}

/** channels.id of a file's channels that exist already, by YouTube id (read before its batch). */
export type KnownChannels = ReadonlyMap<string, number>;

/**
 * A key as written into a JSON row: the channel's id when it exists already (rows get ~20 bytes
 * shorter and SQL skips a lookup per row), else the YouTube id (a channel the same batch creates).
 */
export function keyValue(key: ChannelKey, known: KnownChannels): string | number | null {
  return key === null ? null : (known.get(key) ?? key);
}

/**
 * A stable 32-bit hash of a YouTube channel id: FNV-1a, then murmur3's finaliser, so every character moves
 * every bit. (An id's last character alone will not do: it carries 2 bits, and is one of A, Q, g or w.)
 * @example channelHash('UCNZyLULUQBp5e9Q1cKtvk6Q') // an integer from 0 to 2^32 - 1
 */
export function channelHash(youtubeId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < youtubeId.length; i++) h = Math.imul(h ^ youtubeId.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The bucket a new channel of a network spread over `buckets` stores gets: the statements that create and
 * adopt channels choose the same in SQL from the hash each row carries (migration 0036).
 * @example bucketOf('UCNZyLULUQBp5e9Q1cKtvk6Q', 4) // channelHash(...) % 4
 */
export function bucketOf(youtubeId: string, buckets: number): number {
  return channelHash(youtubeId) % buckets;
}

/** A channel row's bucket in network ?2 from its hash (`hash`: SQL), 0 without a network. */
const bucketSql = (hash: string) => `coalesce(${hash} % (SELECT store_buckets FROM networks WHERE id = ?2), 0)`;

// ?1 [youtube id, display name or null, channelHash]. New channels: the display name when the file has
// one, else the YouTube id as a provisional title.
const CREATE_CHANNELS = `INSERT INTO channels (youtube_id, title, title_provisional, network_id, store_bucket, created_at)
SELECT value ->> 0, coalesce(value ->> 1, value ->> 0), value ->> 1 IS NULL, ?2, ${bucketSql('value ->> 2')}, ?3 FROM json_each(?1) WHERE true
ON CONFLICT (youtube_id) DO NOTHING`;
// A channel created without a network (a channel report without --network) joins the first network that claims it.
const ADOPT_CHANNELS = `UPDATE channels SET network_id = ?2, store_bucket = ${bucketSql('j.value ->> 2')}
FROM json_each(?1) AS j WHERE channels.network_id IS NULL AND channels.youtube_id = j.value ->> 0`;
const CREATE_UGC = `INSERT INTO channels (youtube_id, title, network_id, is_ugc, created_at)
SELECT NULL, ?2, ?1, 1, ?3 WHERE NOT EXISTS (SELECT 1 FROM channels WHERE network_id = ?1 AND is_ugc = 1)`;
const FIND_UGC = 'SELECT id FROM channels WHERE network_id = ?1 AND is_ugc = 1 ORDER BY id LIMIT 1';

export interface ChannelNeeds {
  /** YouTube ids the file writes to, with the display name the file gives (or null). */
  readonly youtubeIds: ReadonlyMap<string, string | null>;
  /** Some rows go to the network's UGC channel. */
  readonly ugc: boolean;
}

/** Statements that create missing channels (and the UGC channel), first in the file's batch. */
export function channelStatements(db: D1Database, needs: ChannelNeeds, networkId: number | null, now: number): D1PreparedStatement[] {
  const rows = [...needs.youtubeIds].map(([id, name]) => JSON.stringify([id, name, channelHash(id)]));
  const statements = chunkStatements(db, CREATE_CHANNELS, rows, networkId, now);
  if (networkId !== null) {
    statements.push(...chunkStatements(db, ADOPT_CHANNELS, rows, networkId));
    if (needs.ugc) statements.push(statement(db, raw(CREATE_UGC, networkId, UGC_CHANNEL_TITLE, now)));
  }
  return statements;
}

/** channels.id of every key (after the batch created them); keys without a channel are left out. */
export async function resolveChannelIds(
  db: D1Database,
  keys: Iterable<ChannelKey>,
  networkId: number | null,
): Promise<Map<ChannelKey, number>> {
  const ids = new Map<ChannelKey, number>();
  const youtubeIds = [...new Set(keys)];
  const wanted = youtubeIds.filter((k): k is string => k !== null).map((k) => JSON.stringify(k));
  for (const statement of chunkStatements(
    db,
    'SELECT id, youtube_id FROM channels WHERE youtube_id IN (SELECT value FROM json_each(?1))',
    wanted,
  )) {
    const { results } = await statement.all<{ id: number; youtube_id: string }>();
    for (const row of results) ids.set(row.youtube_id, row.id);
  }
  if (youtubeIds.includes(null) && networkId !== null) {
    const ugc = await first<{ id: number }>(db, raw(FIND_UGC, networkId), 'sql');
    if (ugc) ids.set(null, ugc.id);
  }
  return ids;
}

/** The file's channels that exist before its batch (channels it creates are resolved by SQL). */
export async function knownChannels(db: D1Database, needs: ChannelNeeds): Promise<KnownChannels> {
  const ids = await resolveChannelIds(db, needs.youtubeIds.keys(), null);
  const known = new Map<string, number>();
  for (const [key, id] of ids) if (key !== null) known.set(key, id);
  return known;
}

/** YouTube video ids are 11 characters. */
const VIDEO_ID_LENGTH = 11;

/**
 * Checks the video and channel ids of per-video rows (claims, video metadata) and throws a row
 * error naming the column at the first bad one.
 */
export function checkVideoAndChannelIds(
  fileName: string,
  report: { readonly rows: readonly { videoId: string; channelId: string | null }[]; readonly lineCount: number },
): void {
  checkField(
    fileName,
    report,
    (r) => r.videoId,
    (id) => id.length === VIDEO_ID_LENGTH,
    (id) => `column video_id: ${JSON.stringify(id)} is not a video id (11 characters)`,
  );
  checkField(
    fileName,
    report,
    (r) => r.channelId,
    isYoutubeChannelId,
    (id) => `column channel_id: ${JSON.stringify(id)} is not a YouTube channel id (UC followed by 22 characters)`,
  );
}
