// Google's side of a connection: the code exchanged for tokens, who the account is, the channels it
// owns, and the revoke call.
import * as z from 'zod';
import { apiUrl, send, sendJson } from '../http';
import type { QuotaMeter } from '../quota';
import { DATA_API_COSTS } from '../data-api';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

const codeTokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().default(''),
});

export interface GrantedTokens {
  accessToken: string;
  refreshToken: string;
  scopes: string;
}

/**
 * The authorization code (with its PKCE verifier) exchanged for tokens. Google sends a refresh token
 * on a consent it showed (prompt=consent); without one the connection would die within the hour.
 */
export async function exchangeCode(
  tokenUrl: string,
  client: OAuthClient,
  grant: { code: string; codeVerifier: string; redirectUri: string },
): Promise<GrantedTokens | null> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: grant.code,
    code_verifier: grant.codeVerifier,
    redirect_uri: grant.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  const token = await sendJson('oauth code', codeTokenSchema, tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  return token.refresh_token ? { accessToken: token.access_token, refreshToken: token.refresh_token, scopes: token.scope } : null;
}

const userinfoSchema = z.object({ sub: z.string().min(1), email: z.string().default('') });

/** The Google account behind an access token (OpenID Connect userinfo). */
export async function getAccount(userinfoUrl: string, accessToken: string): Promise<{ subject: string; email: string }> {
  const info = await sendJson('userinfo', userinfoSchema, userinfoUrl, { headers: { Authorization: `Bearer ${accessToken}` } });
  return { subject: info.sub, email: info.email };
}

const mineSchema = z.object({
  items: z.array(z.object({ id: z.string().regex(/^UC[\w-]{22}$/), snippet: z.object({ title: z.string() }) })).default([]),
});

/** The connect flow's Data API calls count against the day's quota like the sync's. */
export const CONNECT_QUOTA_JOB = 'connect';

/** The channels the Google account owns (channels.list mine=true): Google's proof that they are its own. */
export async function getOwnedChannels(
  dataUrl: string,
  accessToken: string,
  quota: QuotaMeter,
): Promise<{ youtubeId: string; title: string }[]> {
  const url = apiUrl(dataUrl, 'channels', { part: 'snippet', mine: 'true', maxResults: 50 });
  const page = await sendJson(
    'data channels.list',
    mineSchema,
    url,
    { headers: { Authorization: `Bearer ${accessToken}` } },
    quota.perAttempt(CONNECT_QUOTA_JOB, DATA_API_COSTS.channels),
  );
  return page.items.map((item) => ({ youtubeId: item.id, title: item.snippet.title }));
}

/** Asks Google to revoke a token (the refresh token ends the whole grant). */
export async function revokeToken(revokeUrl: string, token: string): Promise<void> {
  await send('oauth revoke', revokeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
  });
}
