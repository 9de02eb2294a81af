// The fake consent side of Google OAuth: authorize (approves at once and redirects with code + state),
// the authorization_code grant with PKCE S256 checked, refresh tokens it issued (until revoked, or all
// refused in the scenario's invalidGrant mode), revoke, userinfo and channels.list mine=true.
import { createHash, randomBytes } from 'node:crypto';
import { FAKE_CREDENTIALS } from './credentials';
import { googleError, header, json, type FakeRequest, type FakeResponse } from './responses';
import type { Namespace } from './state';

const TOKEN_LIFETIME_SECONDS = 3599;
/** The account that consents when the scenario names none. */
export const DEFAULT_ACCOUNT = { subject: '100000000000000000001', email: 'operator@example.com' };

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const random = (prefix: string) => `${prefix}-${randomBytes(12).toString('base64url')}`;

function redirectTo(url: URL): FakeResponse {
  return { status: 302, headers: { Location: url.toString() }, body: '' };
}

/** GET /oauth/authorize: Google's consent, approved at once by the scenario's account. */
export function authorize(ns: Namespace, req: FakeRequest): FakeResponse {
  const q = req.query;
  const redirectUri = q.get('redirect_uri') ?? '';
  if (q.get('client_id') !== FAKE_CREDENTIALS.GOOGLE_CLIENT_ID)
    return googleError(401, 'invalid_client: The OAuth client was not found.', 'invalid_client');
  if (!/^https?:\/\//.test(redirectUri)) return googleError(400, 'redirect_uri_mismatch', 'redirect_uri_mismatch');
  const back = new URL(redirectUri);
  const state = q.get('state');
  if (state !== null) back.searchParams.set('state', state);
  if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
    back.searchParams.set('error', 'invalid_request');
    return redirectTo(back);
  }
  if (ns.scenario.consentDenied) {
    back.searchParams.set('error', 'access_denied');
    return redirectTo(back);
  }
  const code = random('code');
  ns.codes.set(code, {
    challenge: q.get('code_challenge') ?? '',
    redirectUri,
    scope: q.get('scope') ?? '',
    account: ns.scenario.account ?? DEFAULT_ACCOUNT,
    offline: q.get('access_type') === 'offline',
  });
  back.searchParams.set('code', code);
  return redirectTo(back);
}

function issueAccess(ns: Namespace, refreshToken: string | null, subject: string): string {
  const token = `fake-access-${ns.tokens.size + 1}`;
  ns.tokens.add(token);
  ns.accessGrants.set(token, { refreshToken, subject });
  return token;
}

/** grant_type=authorization_code: once per code, with the verifier whose S256 is the challenge. */
export function codeGrant(ns: Namespace, form: URLSearchParams): FakeResponse {
  const code = ns.codes.get(form.get('code') ?? '');
  ns.codes.delete(form.get('code') ?? '');
  const verifier = form.get('code_verifier') ?? '';
  if (!code || code.redirectUri !== form.get('redirect_uri') || s256(verifier) !== code.challenge) {
    return json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
  }
  const refreshToken = code.offline ? random('fake-refresh') : null;
  if (refreshToken) ns.refreshTokens.set(refreshToken, { subject: code.account.subject, scope: code.scope });
  ns.accounts.set(code.account.subject, code.account);
  return json({
    access_token: issueAccess(ns, refreshToken, code.account.subject),
    expires_in: TOKEN_LIFETIME_SECONDS,
    token_type: 'Bearer',
    scope: code.scope,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  });
}

/** grant_type=refresh_token for a token this fake issued through a consent; null when not one of those. */
export function consentRefresh(ns: Namespace, form: URLSearchParams): FakeResponse | null {
  const refreshToken = form.get('refresh_token') ?? '';
  const grant = ns.refreshTokens.get(refreshToken);
  if (!grant) return null;
  if (ns.scenario.invalidGrant || ns.revoked.has(refreshToken)) {
    return json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, 400);
  }
  return json({
    access_token: issueAccess(ns, refreshToken, grant.subject),
    expires_in: TOKEN_LIFETIME_SECONDS,
    token_type: 'Bearer',
    scope: grant.scope,
  });
}

/** POST /revoke token=…: ends the grant (a refresh token, or the one behind an access token). */
export function revoke(ns: Namespace, req: FakeRequest): FakeResponse {
  const token = new URLSearchParams(req.body).get('token') ?? '';
  const refreshToken = ns.refreshTokens.has(token) ? token : ns.accessGrants.get(token)?.refreshToken;
  if (!refreshToken || ns.revoked.has(refreshToken))
    return json({ error: 'invalid_token', error_description: 'Token expired or revoked' }, 400);
  ns.revoked.add(refreshToken);
  return json({});
}

/** The consenting account behind a bearer token, or null. */
export function accountOf(ns: Namespace, req: FakeRequest) {
  const token = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1] ?? '';
  const grant = ns.accessGrants.get(token);
  if (!grant || (grant.refreshToken && ns.revoked.has(grant.refreshToken))) return null;
  return ns.accounts.get(grant.subject) ?? null;
}

/** GET /userinfo: OpenID Connect's answer. */
export function userinfo(ns: Namespace, req: FakeRequest): FakeResponse {
  const account = accountOf(ns, req);
  if (!account) return googleError(401, 'Request had invalid authentication credentials.', 'authError');
  return json({ sub: account.subject, email: account.email, email_verified: true });
}

/** GET /data/v3/channels?mine=true: the channels the scenario says the account owns. */
export function mineChannels(ns: Namespace, req: FakeRequest): FakeResponse {
  const account = accountOf(ns, req);
  if (!account) return googleError(401, 'Request had invalid authentication credentials.', 'authError');
  const owned = ns.scenario.ownedChannels?.[account.email] ?? [];
  return json({
    kind: 'youtube#channelListResponse',
    items: owned.map((c) => ({ kind: 'youtube#channel', id: c.id, snippet: { title: c.title } })),
  });
}
