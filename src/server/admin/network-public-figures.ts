// A network's choice to show its partner channels' own figures (watch time, revenue) on public pages
// instead of the public estimates (networks.public_figures, docs/public-stats.md "Estimates").
import { auditStatement, type AuditActor } from '../audit/audit-log';
import { first, statement } from '../db/query';
import { raw } from '../db/sql';
import { notFound } from '../http/errors';
import { bumpPublicGeneration } from '../public/generation';

/** Who set it, for the audit log; the console passes its staff actor, scripts the token. */
export interface PublicFiguresChange {
  actor: AuditActor;
  requestId?: string;
  /** Unix seconds. */
  at: number;
}

/** The network as its caller read it: what the write names in the audit row and compares with. */
export interface PublicFiguresNetwork {
  id: number;
  slug: string;
  publicFigures: boolean;
}

/**
 * Sets networks.public_figures and its audit row in one batch, then starts a new public data generation
 * so every cached public page is rendered again with (or without) the network's own figures. Setting the
 * value it already has changes nothing and records nothing. A 404 when the network is unknown.
 * @example await setNetworkPublicFigures(c.env, 7, true, { actor, at: nowSeconds })
 */
export async function setNetworkPublicFigures(
  env: { DB: D1Database; KV: KVNamespace },
  networkId: number,
  on: boolean,
  change: PublicFiguresChange,
): Promise<{ changed: boolean }> {
  const network = await first<{ slug: string; publicFigures: number }>(
    env.DB,
    raw('SELECT slug, public_figures FROM networks WHERE id = ?1', networkId),
  );
  if (!network) throw notFound(`No network ${networkId}.`);
  return writePublicFigures(env, { id: networkId, slug: network.slug, publicFigures: network.publicFigures === 1 }, on, change);
}

/**
 * The write of setNetworkPublicFigures for a caller that has read the network already (the console reads
 * it whole for its answer): nothing when it has the value, else the setting, its audit row and the bump.
 */
export async function writePublicFigures(
  env: { DB: D1Database; KV: KVNamespace },
  network: PublicFiguresNetwork,
  on: boolean,
  change: PublicFiguresChange,
): Promise<{ changed: boolean }> {
  if (network.publicFigures === on) return { changed: false };
  await env.DB.batch([
    statement(env.DB, raw('UPDATE networks SET public_figures = ?1 WHERE id = ?2', on ? 1 : 0, network.id)),
    auditStatement(env.DB, {
      actor: change.actor,
      action: 'network.public_figures',
      target: network.slug,
      detail: { public_figures: on },
      at: change.at,
      ...(change.requestId ? { requestId: change.requestId } : {}),
    }),
  ]);
  // KV is not part of a D1 batch: bumped right after, so pages change within the generation's reuse time.
  await bumpPublicGeneration(env.KV);
  return { changed: true };
}
