// Finds the channel a public channel call names: its YouTube id in, the channel's row out (or a 404).
import { raw } from '../../db/sql';
import { first } from '../../db/query';
import * as z from 'zod';
import { notFound } from '../../http/errors';
import type { PublicContext } from '../context';
import { periodSchema } from '../params';

/** YouTube channel ids are 'UC' + 22; the old client sometimes sent the 22 characters alone. */
export const channelIdSchema = z
  .string()
  .trim()
  .regex(/^(UC)?[A-Za-z0-9_-]{22}$/, 'must be a YouTube channel id like UCxxxxxxxxxxxxxxxxxxxxxx')
  .transform((value) => (value.length === 22 ? `UC${value}` : value));

export const channelParamsSchema = z.object({ channel_id: channelIdSchema });
export const channelPeriodParamsSchema = z.object({ channel_id: channelIdSchema, period: periodSchema });

/** The catalogue fields of a channel the public pages show. */
export interface ChannelRow {
  id: number;
  youtube_id: string;
  title: string;
  thumbnail_url: string;
  banner_url: string;
  category_id: number | null;
  category_name: string | null;
  language_code: string | null;
  english_name: string | null;
  country_code: string | null;
  network_slug: string | null;
  network_name: string | null;
  network_is_public: number | null;
  network_is_partner: number | null;
  network_id: number | null;
  /** channels.store_bucket: which of its network's stores holds its facts. */
  store_bucket: number;
  /** networks.public_figures: 1 when the network shows its own figures publicly. */
  network_public_figures: number | null;
}

/** The channel with this YouTube id (a unique-index seek), or undefined. */
export async function findChannel({ db }: PublicContext, youtubeId: string): Promise<ChannelRow | undefined> {
  const row = await first<ChannelRow>(
    db,
    raw(
      `SELECT c.id, c.youtube_id, c.title, c.thumbnail_url, c.banner_url,
      c.category_id, cat.name AS category_name, c.language_code, l.english_name, c.country_code,
      n.slug AS network_slug, n.name AS network_name, n.is_public AS network_is_public, n.is_partner AS network_is_partner,
      c.network_id, c.store_bucket, n.public_figures AS network_public_figures
    FROM channels AS c
    LEFT JOIN categories AS cat ON cat.id = c.category_id
    LEFT JOIN languages AS l ON l.code = c.language_code
    LEFT JOIN networks AS n ON n.id = c.network_id
    WHERE c.youtube_id = ?1`,
      youtubeId,
    ),
    'sql',
  );
  return row ?? undefined;
}

/**
 * The channel or a 404 naming it.
 * @example const channel = await requireChannel(ctx, 'UC0000000000000000000001')
 */
export async function requireChannel(ctx: PublicContext, youtubeId: string): Promise<ChannelRow> {
  const channel = await findChannel(ctx, youtubeId);
  if (!channel) throw notFound(`No channel ${youtubeId} is tracked.`);
  return channel;
}
