// OAuth 2.0 refresh-token flow for the Reporting and Analytics APIs, with the access token kept until it expires.
import * as z from 'zod';
import { sendJson } from './http';

/** The OAuth client and the refresh token that stands for the content owner's consent. */
export interface OAuthCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

/** Where an API client gets its Authorization header: the settings' refresh token, or a connection's. */
export interface TokenSource {
  header(): Promise<string>;
}

/** A token this close to its expiry is refreshed rather than sent. */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 120;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  token_type: z.string().optional(),
});

/**
 * Access tokens for one sync run: fetched on first use and again only when the cached one is
 * about to expire (a run rarely lasts as long as a token's hour). Kept in memory, never stored.
 * @example headers.set('Authorization', `Bearer ${await tokens.get()}`)
 */
export class AccessTokens implements TokenSource {
  #token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly tokenUrl: string,
    private readonly credentials: OAuthCredentials,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    const nowSeconds = Math.floor(this.clock() / 1000);
    if (this.#token && this.#token.expiresAt - TOKEN_EXPIRY_MARGIN_SECONDS > nowSeconds) return this.#token.value;
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
      refresh_token: this.credentials.refreshToken,
    });
    const token = await sendJson('oauth token', tokenSchema, this.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    this.#token = { value: token.access_token, expiresAt: nowSeconds + token.expires_in };
    return token.access_token;
  }

  /** Authorization header value. */
  async header(): Promise<string> {
    return `Bearer ${await this.get()}`;
  }
}
