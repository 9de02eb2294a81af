// How an admin command reaches the install: the admin API of an instance (--remote), or the local state
// under --persist-to, migrated first, opened for the work and closed afterwards (no server needed).
import path from 'node:path';
import { openLocalD1, type LocalD1 } from '../demo/load/local-d1.ts';
import { applyMigrations } from '../demo/load/migrate.ts';

/** A call to the admin API: a POST with a body, a GET without. */
export type RemoteCall = <T>(apiPath: string, body?: unknown) => Promise<T>;

export interface RemoteChannel {
  remote: RemoteCall;
  /** The instance as --remote names it, for the command's lines. */
  origin: string;
}

export interface LocalChannel {
  local: <T>(work: (local: LocalD1) => Promise<T>) => Promise<T>;
  /** The checkout, whose wrangler.toml and .dev.vars describe the local install. */
  root: string;
  /** --persist-to as given (relative to root unless absolute), for the command's lines. */
  persistTo: string;
}

export type AdminChannel = RemoteChannel | LocalChannel;

/**
 * The local state under persistTo as a channel: each piece of work gets it migrated and open, and it is
 * closed afterwards.
 * @example const channel = localState(ROOT, '.wrangler/state'); await channel.local((local) => getSyncStatus(local.db, Date.now()))
 */
export function localState(root: string, persistTo: string): LocalChannel {
  return {
    root,
    persistTo,
    async local(work) {
      const dir = path.resolve(root, persistTo);
      await applyMigrations(root, dir);
      const local = await openLocalD1(root, dir);
      try {
        return await work(local);
      } finally {
        await local.dispose();
      }
    },
  };
}
