// Public channels met in Data API responses: created when unknown, their public fields refreshed.
import { statement } from '../../db/query';
import { raw } from '../../db/sql';
import { chunkStatements } from '../load/json-chunks';

/** A channel as the Data API shows it; null fields are not known from this response. */
export interface PublicChannel {
  youtubeId: string;
  title: string;
  thumbnailUrl: string | null;
  bannerUrl: string | null;
  countryCode: string | null;
  /** Unix seconds. */
  publishedAt: number | null;
}

/** The form channels.youtube_id accepts ('UC' + 22); anything else is left out rather than failing a batch. */
export const isChannelId = (id: string) => /^UC[\w-]{22}$/.test(id);

// A country outside our reference list is stored as unknown (NULL) rather than breaking the foreign key.
const INSERT = `
INSERT INTO channels (youtube_id, title, thumbnail_url, banner_url, country_code, published_at, created_at)
SELECT j.value ->> 'youtubeId', j.value ->> 'title', coalesce(j.value ->> 'thumbnailUrl', ''),
       coalesce(j.value ->> 'bannerUrl', ''),
       (SELECT code2 FROM countries WHERE code2 = j.value ->> 'countryCode'), j.value ->> 'publishedAt', ?2
FROM json_each(?1) AS j
WHERE true`;

// Only what the response knows overwrites: a trends item has no banner, a hidden country stays as it was.
const REFRESH = `${INSERT}
ON CONFLICT (youtube_id) DO UPDATE SET
  title = excluded.title,
  title_provisional = 0,
  thumbnail_url = CASE WHEN excluded.thumbnail_url <> '' THEN excluded.thumbnail_url ELSE channels.thumbnail_url END,
  banner_url = CASE WHEN excluded.banner_url <> '' THEN excluded.banner_url ELSE channels.banner_url END,
  country_code = coalesce(excluded.country_code, channels.country_code),
  published_at = coalesce(excluded.published_at, channels.published_at)`;

// A channel a report created under its YouTube id (title_provisional) gets its real name from any Data API answer.
const NAME_PROVISIONAL = `${INSERT}
ON CONFLICT (youtube_id) DO UPDATE SET title = excluded.title, title_provisional = 0 WHERE channels.title_provisional = 1`;

/** Valid ids only, one entry per channel: the last one given wins (callers list the newest last). */
function unique(channels: PublicChannel[]): PublicChannel[] {
  const byId = new Map<string, PublicChannel>();
  for (const c of channels) if (isChannelId(c.youtubeId)) byId.set(c.youtubeId, c);
  return [...byId.values()];
}

/**
 * A statement for db.batch() that creates the channels we do not know yet and names those a report
 * created under their id; with `refresh` it also updates known channels' title, images, country and
 * creation time. `nowSeconds` stamps created_at.
 * @example db.batch([upsertChannels(db, channels, nowSeconds, 'refresh'), ...])
 */
export function upsertChannels(
  db: D1Database,
  channels: PublicChannel[],
  nowSeconds: number,
  mode: 'create' | 'refresh',
): D1PreparedStatement {
  const sql = mode === 'refresh' ? REFRESH : NAME_PROVISIONAL;
  return statement(db, raw(sql, JSON.stringify(unique(channels)), nowSeconds));
}

/**
 * upsertChannels for any number of channels: one statement per JSON chunk (D1's bound values stay
 * under 1 MB), for db.batch().
 * @example db.batch([...upsertChannelStatements(db, channels, nowSeconds, 'refresh'), ...])
 */
export function upsertChannelStatements(
  db: D1Database,
  channels: PublicChannel[],
  nowSeconds: number,
  mode: 'create' | 'refresh',
): D1PreparedStatement[] {
  const sql = mode === 'refresh' ? REFRESH : NAME_PROVISIONAL;
  return chunkStatements(
    db,
    sql,
    unique(channels).map((c) => JSON.stringify(c)),
    nowSeconds,
  );
}
