// An operator's changes to a connection: rename, revoke (Google's revoke endpoint, then marked revoked,
// history kept). Each writes the audit log in the same batch as the change.
import { auditStatement, type AuditActor } from '../../audit/audit-log';
import { notFound } from '../../errors';
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

/**
 * Revokes at Google, then marks the connection revoked. Google's "already revoked or expired" (400) is
 * what revoking wants anyway; a token this install can no longer read is marked revoked all the same,
 * and the answer says to remove the grant at myaccount.google.com.
 * @returns a note for the operator when Google could not be told
 */
export async function revokeConnection(deps: ManageDeps & { keys: Keyring; revokeUrl: string }, id: number): Promise<string | null> {
  const found = await getConnection(deps.db, id);
  if (!found) throw notFound(`There is no connection ${id}.`);
  if (found.revokedAt !== null) return 'It was already revoked.';
  let note: string | null = null;
  const sealed = await getSealedToken(deps.db, id);
  try {
    if (sealed) await revokeToken(deps.revokeUrl, await decryptSecret(deps.keys, sealed));
  } catch (error) {
    const alreadyDead = error instanceof GoogleApiError && error.status === 400;
    if (!alreadyDead)
      note = `Google was not told (${error instanceof Error ? error.message : String(error)}); remove the grant at myaccount.google.com/permissions.`;
  }
  await deps.db.batch([
    revokeStatement(deps.db, id, deps.now),
    auditStatement(deps.db, {
      actor: deps.actor,
      action: 'connection.revoke',
      target: found.label,
      detail: { connectionId: id, googleTold: note === null },
      requestId: deps.requestId,
      at: deps.now,
    }),
  ]);
  return note;
}
