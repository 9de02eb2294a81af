// The consent under way: Google's authorize URL (code + PKCE S256, offline, consent), and the state
// that comes back, bound to the user who started it, single use, for CONSENT_TTL_SECONDS.
import * as z from 'zod';
import { first, statement } from '../../db/query';
import { sql } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { randomToken, s256Challenge, sha256Base64url } from './pkce';
import type { ConnectionKind } from './store';

/** A consent not finished within 10 minutes is refused: start again. */
export const CONSENT_TTL_SECONDS = 600;

const YOUTUBE_READONLY = 'https://www.googleapis.com/auth/youtube.readonly';
const ANALYTICS_READONLY = 'https://www.googleapis.com/auth/yt-analytics.readonly';
const ANALYTICS_MONETARY = 'https://www.googleapis.com/auth/yt-analytics-monetary.readonly';
const YOUTUBE_PARTNER = 'https://www.googleapis.com/auth/youtubepartner';
/** Who the Google account is (userinfo's sub and email): non-sensitive. */
const IDENTITY = ['openid', 'email'];

/**
 * What each kind of connection asks for (docs/google.md, "Scopes"). A content owner: the Data API
 * (channels it manages), Analytics and Reporting with revenue, and youtubepartner, without which Google
 * refuses onBehalfOfContentOwner. A partner's own channel: the same without youtubepartner.
 */
export const CONSENT_SCOPES: Record<ConnectionKind, string[]> = {
  content_owner: [...IDENTITY, YOUTUBE_READONLY, ANALYTICS_READONLY, ANALYTICS_MONETARY, YOUTUBE_PARTNER],
  channel: [...IDENTITY, YOUTUBE_READONLY, ANALYTICS_READONLY, ANALYTICS_MONETARY],
};

export interface ConsentStart {
  userId: number;
  kind: ConnectionKind;
  label: string;
  contentOwnerIds: string[];
  redirectUri: string;
  authorizeUrl: string;
  clientId: string;
  now: number;
}

/**
 * Records a consent under way and returns the URL that sends the browser to Google. Consents past
 * their time are cleared here, so the table holds only the last ten minutes' starts.
 * @example return c.redirect(await startConsent(db, { ... }))
 */
export async function startConsent(db: D1Database, s: ConsentStart): Promise<string> {
  const state = randomToken();
  const verifier = randomToken();
  await db.batch([
    statement(db, sql`DELETE FROM google_consents WHERE expires_at <= ${s.now}`),
    statement(
      db,
      sql`INSERT INTO google_consents (state_hash, user_id, kind, label, content_owner_ids, code_verifier, redirect_uri, expires_at)
          VALUES (${await sha256Base64url(state)}, ${s.userId}, ${s.kind}, ${s.label}, ${JSON.stringify(s.contentOwnerIds)},
                  ${verifier}, ${s.redirectUri}, ${s.now + CONSENT_TTL_SECONDS})`,
    ),
  ]);
  const url = new URL(s.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: s.clientId,
    redirect_uri: s.redirectUri,
    response_type: 'code',
    scope: CONSENT_SCOPES[s.kind].join(' '),
    state,
    code_challenge: await s256Challenge(verifier),
    code_challenge_method: 'S256',
    // A refresh token, and a new one each time (Google sends it only on a consent it showed).
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
  }).toString();
  return url.toString();
}

const consentRow = z.object({
  kind: z.enum(['content_owner', 'channel']),
  label: z.string(),
  content_owner_ids: z.string().transform((text) => z.array(z.string()).parse(JSON.parse(text))),
  code_verifier: z.string(),
  redirect_uri: z.string(),
  expires_at: z.number(),
});

export interface TakenConsent {
  kind: ConnectionKind;
  label: string;
  contentOwnerIds: string[];
  codeVerifier: string;
  redirectUri: string;
}

/**
 * The consent a callback's state names, taken (deleted) so it cannot be used twice. Refused with a 400
 * when unknown, already used, started by another user or past its ten minutes.
 */
export async function takeConsent(db: D1Database, state: string, userId: number, now: number): Promise<TakenConsent> {
  const hash = await sha256Base64url(state);
  const row = await first<Record<string, unknown>>(
    db,
    sql`DELETE FROM google_consents WHERE state_hash = ${hash} AND user_id = ${userId} RETURNING *`,
    'sql',
  );
  const parsed = consentRow.safeParse(row);
  if (!parsed.success) throw badRequest('This consent link is unknown or already used. Start the connection again.');
  if (parsed.data.expires_at <= now) {
    throw badRequest(`This consent took longer than ${CONSENT_TTL_SECONDS / 60} minutes. Start the connection again.`);
  }
  const c = parsed.data;
  return { kind: c.kind, label: c.label, contentOwnerIds: c.content_owner_ids, codeVerifier: c.code_verifier, redirectUri: c.redirect_uri };
}
