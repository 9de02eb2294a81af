// The fake OAuth token endpoint and the bearer check the Reporting and Analytics APIs share.
import { FAKE_CREDENTIALS } from './credentials';
import { codeGrant, consentRefresh } from './consent';
import type { Namespace } from './state';
import { googleError, header, json, type FakeRequest, type FakeResponse } from './responses';

const TOKEN_LIFETIME_SECONDS = 3599;

/**
 * POST /token: authorization_code (consent.ts), or refresh_token, with either the settings' fixed token
 * or one a consent issued.
 */
export function tokenEndpoint(ns: Namespace, req: FakeRequest): FakeResponse {
  const form = new URLSearchParams(req.body);
  if (req.method !== 'POST' || header(req, 'content-type') !== 'application/x-www-form-urlencoded') {
    return json({ error: 'invalid_request', error_description: 'POST a form' }, 400);
  }
  if (form.get('client_id') !== FAKE_CREDENTIALS.GOOGLE_CLIENT_ID || form.get('client_secret') !== FAKE_CREDENTIALS.GOOGLE_CLIENT_SECRET) {
    return json({ error: 'invalid_client', error_description: 'Unauthorized' }, 401);
  }
  if (form.get('grant_type') === 'authorization_code') return codeGrant(ns, form);
  const consented = form.get('grant_type') === 'refresh_token' ? consentRefresh(ns, form) : null;
  if (consented) return consented;
  const ok =
    form.get('grant_type') === 'refresh_token' &&
    form.get('client_id') === FAKE_CREDENTIALS.GOOGLE_CLIENT_ID &&
    form.get('client_secret') === FAKE_CREDENTIALS.GOOGLE_CLIENT_SECRET &&
    form.get('refresh_token') === FAKE_CREDENTIALS.GOOGLE_REFRESH_TOKEN;
  if (!ok) return json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
  const token = `fake-access-${ns.tokens.size + 1}`;
  ns.tokens.add(token);
  return json({
    access_token: token,
    expires_in: TOKEN_LIFETIME_SECONDS,
    token_type: 'Bearer',
    scope: 'https://www.googleapis.com/auth/yt-analytics.readonly',
  });
}

/** null when the request carries a token this namespace issued; else the 401 Google sends. */
export function requireBearer(ns: Namespace, req: FakeRequest): FakeResponse | null {
  const token = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1];
  return token && ns.tokens.has(token) ? null : googleError(401, 'Request had invalid authentication credentials.', 'authError');
}

/** null when the Data API key is right; else the 400 Google sends. */
export function requireApiKey(req: FakeRequest): FakeResponse | null {
  return req.query.get('key') === FAKE_CREDENTIALS.YOUTUBE_API_KEY
    ? null
    : googleError(400, 'API key not valid. Please pass a valid API key.', 'keyInvalid');
}
