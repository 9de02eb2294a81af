// A connection's access tokens for the sync: its refresh token unsealed on first use (and sealed again
// under the current key when an older one sealed it), its state kept: last used, last error, and
// "needs reconnecting" when Google answers invalid_grant (revoked at Google, password changed, expired).
import { GoogleApiError } from '../http';
import { AccessTokens, type TokenSource } from '../oauth';
import type { OAuthClient } from './account';
import { decryptSecret, encryptSecret, keyIdOf, type Keyring } from './secret';
import { markError, markNeedsReconnect, markUsed, resealStatement } from './store';

/** Google's answer to a refresh token it no longer honours. */
export const isInvalidGrant = (error: unknown): boolean =>
  error instanceof GoogleApiError && error.status === 400 && /\binvalid_grant\b/.test(error.message);

export interface ConnectionTokenDeps {
  db: D1Database;
  tokenUrl: string;
  client: OAuthClient;
  keys: Keyring;
  /** Unix seconds: the run's clock. */
  now: number;
}

/**
 * The TokenSource of one connection for one run.
 * @example new ReportingApi(url, new ConnectionTokens(deps, connection.id, connection.refreshToken))
 */
export class ConnectionTokens implements TokenSource {
  #tokens: AccessTokens | null = null;
  #failure: unknown = null;
  #used = false;

  constructor(
    private readonly deps: ConnectionTokenDeps,
    readonly connectionId: number,
    private readonly sealed: string,
  ) {}

  async #open(): Promise<AccessTokens> {
    if (this.#tokens) return this.#tokens;
    const { db, keys, client, tokenUrl } = this.deps;
    const refreshToken = await decryptSecret(keys, this.sealed);
    if (keyIdOf(this.sealed) !== keys.current.id)
      await resealStatement(db, this.connectionId, await encryptSecret(keys, refreshToken)).run();
    this.#tokens = new AccessTokens(tokenUrl, { ...client, refreshToken });
    return this.#tokens;
  }

  async header(): Promise<string> {
    // One refusal per run: the scopes of a dead connection do not each ask Google again.
    if (this.#failure) throw this.#failure;
    const { db, now } = this.deps;
    try {
      const header = await (await this.#open()).header();
      if (!this.#used) {
        this.#used = true;
        await markUsed(db, this.connectionId, now);
      }
      return header;
    } catch (error) {
      this.#failure = error;
      const text = error instanceof Error ? error.message : String(error);
      if (isInvalidGrant(error)) await markNeedsReconnect(db, this.connectionId, text, now);
      else await markError(db, this.connectionId, text, now);
      throw error;
    }
  }
}
