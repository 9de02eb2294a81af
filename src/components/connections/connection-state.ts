// How a connection's state reads in a list: the one word, and when it was used or failed.
import type { ConnectionEntry } from '../../server/google/connections/store';
import { MS_PER_SECOND } from '../../lib/dates/time';

export const at = (seconds: number | null) =>
  seconds === null ? 'never' : new Date(seconds * MS_PER_SECOND).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

export function stateOf(c: ConnectionEntry): string {
  if (c.revokedAt !== null) return `Revoked ${at(c.revokedAt)}`;
  if (c.needsReconnectAt !== null) return 'Needs reconnecting: Google refused its token';
  return 'Live';
}
