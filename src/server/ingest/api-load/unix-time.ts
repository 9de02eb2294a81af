// API timestamps (RFC 3339 strings) to the unix seconds the tables store.
import { MS_PER_SECOND } from '../../../lib/dates/time';

/** An RFC 3339 time as unix seconds, or null when absent or unreadable. */
export function unixSeconds(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / MS_PER_SECOND) : null;
}
