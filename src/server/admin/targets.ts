// What a grant names: a channel by its YouTube id (UC...), or a network by its slug or number.
import * as z from 'zod';
import { first } from '../db/query';
import { raw } from '../db/sql';
import { notFound } from '../http/errors';

export type GrantTarget = { kind: 'channel'; id: number; label: string } | { kind: 'network'; id: number; label: string };

const CHANNEL_ID = /^UC[\w-]{22}$/;

/**
 * Resolves "UCxxxx…" to a channel and anything else to a network (slug or id), or 404.
 * @example await resolveGrantTarget(db, 'acme-network')
 */
export async function resolveGrantTarget(db: D1Database, target: string): Promise<GrantTarget> {
  if (CHANNEL_ID.test(target)) {
    const channel = await first<{ id: number; title: string }>(db, raw('SELECT id, title FROM channels WHERE youtube_id = ?', target));
    if (!channel) throw notFound(`No channel ${target}: load its reports first.`);
    return { kind: 'channel', id: channel.id, label: `channel ${channel.title} (${target})` };
  }
  const network = await findNetwork(db, target);
  if (!network) throw notFound(`No channel or network "${target}": give a channel id (UC…) or a network slug or number.`);
  return network;
}

/** A network as an operator names it in a request: its slug or its number (resolveNetwork finds it). */
export const networkRefSchema = z.union([z.string().trim().min(1).max(100), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]);

/** A network by slug or number, or 404 naming what was asked for. */
export async function resolveNetwork(db: D1Database, ref: string): Promise<GrantTarget & { kind: 'network' }> {
  const network = await findNetwork(db, ref);
  if (!network) throw notFound(`No network "${ref}": give a network slug or number (see npm run admin -- network).`);
  return network;
}

async function findNetwork(db: D1Database, ref: string): Promise<(GrantTarget & { kind: 'network' }) | null> {
  const byNumber = /^\d+$/.test(ref) ? Number(ref) : -1;
  const network = await first<{ id: number; name: string }>(
    db,
    raw('SELECT id, name FROM networks WHERE slug = ? OR id = ?', ref.toLowerCase(), byNumber),
  );
  return network ? { kind: 'network', id: network.id, label: `network ${network.name}` } : null;
}
