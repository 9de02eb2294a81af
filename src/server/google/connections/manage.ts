// Changes to a connection: an operator renames or revokes any; a partner disconnects (revokes) a channel
// connection of their own. A revoke calls Google's revoke endpoint, then marks it revoked, history kept.
// Each writes the audit log in the same batch as the change.
import { auditStatement, type AuditActor } from '../../audit/audit-log';
import { conflict, notFound } from '../../http/errors';
import { GoogleApiError } from '../http';
import { revokeToken } from './account';
import { decryptSecret, type Keyring } from './secret';
import { getConnection, getSealedToken, renameStatement, revokeStatement } from './store';

export interface ManageDeps {
  db: D1Database;
  actor: AuditActor;
  now: number;
  requestId?: string;
}

export async function renameConnection(deps: ManageDeps, id: number, label: string): Promise<void> {
  const found = await getConnection(deps.db, id);
  if (!found) throw notFound(`There is no connection ${id}.`);
  await deps.db.batch([
    renameStatement(deps.db, id, label),
    auditStatement(deps.db, {
      actor: deps.actor,
      action: 'connection.rename',
      target: label,
      detail: { connectionId: id, from: found.label },
      requestId: deps.requestId,
      at: deps.now,
    }),
  ]);
}

type RevokeDeps = ManageDeps & { keys: Keyring; revokeUrl: string };
type FoundConnection = NonNullable<Awaited<ReturnType<typeof getConnection>>>;

/**
 * Revokes at Google, then marks the connection revoked. Google's "already revoked or expired" (400) is
 * what revoking wants anyway; a token this install can no longer read is marked revoked all the same,
 * and the answer says to remove the grant at myaccount.google.com.
 * @returns a note for the operator when Google could not be told
 */
export async function revokeConnection(deps: RevokeDeps, id: number): Promise<string | null> {
  const found = await getConnection(deps.db, id);
  if (!found) throw notFound(`There is no connection ${id}.`);
  if (found.revokedAt !== null) return 'It was already revoked.';
  return revokeFound(deps, found, {});
}

/**
 * A partner disconnects a channel connection they made themselves (docs/google.md, "A partner
 * disconnects a channel"): the same revoke as staff's, recorded with the partner as actor. Anyone
 * else's connection, or a content owner's, is answered as absent; a second disconnect is a 409.
 * @returns the connection's name, and a note for the partner when Google could not be told
 */
export async function revokeOwnConnection(
  deps: RevokeDeps & { actor: Exclude<AuditActor, { kind: 'token' }> },
  id: number,
): Promise<{ label: string; note: string | null }> {
  const found = await getConnection(deps.db, id);
  if (!found || found.kind !== 'channel' || found.connectedByUserId !== deps.actor.userId)
    throw notFound(`You have no YouTube channel connection ${id}. Reload your profile to see your connections.`);
  if (found.revokedAt !== null) throw conflict(`"${found.label}" is already disconnected. Connect your channel again to resume its sync.`);
  return { label: found.label, note: await revokeFound(deps, found, { own: true }) };
}

async function revokeFound(deps: RevokeDeps, found: FoundConnection, detail: Record<string, unknown>): Promise<string | null> {
  let note: string | null = null;
  const sealed = await getSealedToken(deps.db, found.id);
  try {
    if (sealed) await revokeToken(deps.revokeUrl, await decryptSecret(deps.keys, sealed));
  } catch (error) {
    const alreadyDead = error instanceof GoogleApiError && error.status === 400;
    if (!alreadyDead)
      note = `Google was not told (${error instanceof Error ? error.message : String(error)}); remove the grant at myaccount.google.com/permissions.`;
  }
  await deps.db.batch([
    revokeStatement(deps.db, found.id, deps.now),
    auditStatement(deps.db, {
      actor: deps.actor,
      action: 'connection.revoke',
      target: found.label,
      detail: { connectionId: found.id, googleTold: note === null, ...detail },
      requestId: deps.requestId,
      at: deps.now,
    }),
  ]);
  return note;
}
