// Finishing a consent: the code exchanged, the account named, what it reaches checked with Google, then
// the connection stored with its refresh token sealed, all in one batch with the audit row.
import { auditStatement } from '../../audit/audit-log';
import type { SessionUser } from '../../auth/session-user';
import { badRequest, conflict } from '../../http/errors';
import { GoogleApiError } from '../http';
import type { QuotaMeter } from '../quota';
import { ReportingApi } from '../reporting-api';
import type { SyncSettings } from '../settings';
import { exchangeCode, getAccount, getOwnedChannels, revokeToken, type GrantedTokens, type OAuthClient } from './account';
import { channelJoinStatements, connectionChannelStatement, planChannelJoin } from './channel-join';
import type { TakenConsent } from './consent';
import { encryptSecret, type Keyring } from './secret';
import { insertConnection, ownerStatement } from './store';

export interface ConnectDeps {
  db: D1Database;
  settings: SyncSettings;
  client: OAuthClient;
  keys: Keyring;
  quota: QuotaMeter;
  now: number;
  requestId?: string;
}

/** What the callback reports: what the connection reaches, and what Google or the rules refused. */
export interface ConnectOutcome {
  connectionId: number;
  label: string;
  accountEmail: string;
  contentOwnerIds: string[];
  channels: { youtubeId: string; title: string; network: string | null }[];
  refused: { id: string; reason: string }[];
}

const reasonOf = (error: unknown) => (error instanceof GoogleApiError ? error.message : String(error));

/** Each named content owner checked with a cheap Reporting API call on its behalf (reportTypes.list). */
async function checkOwners(deps: ConnectDeps, tokens: GrantedTokens, ownerIds: string[]) {
  const api = new ReportingApi(deps.settings.urls.reporting, { header: async () => `Bearer ${tokens.accessToken}` });
  const reached: string[] = [];
  const refused: ConnectOutcome['refused'] = [];
  for (const contentOwnerId of ownerIds) {
    try {
      await api.listReportTypes({ contentOwnerId });
      reached.push(contentOwnerId);
    } catch (error) {
      refused.push({ id: contentOwnerId, reason: `Google refused content owner ${contentOwnerId}: ${reasonOf(error)}` });
    }
  }
  return { reached, refused };
}

/** Gives the grant back to Google when nothing was kept: an unused refresh token should not live on. */
async function giveBack(deps: ConnectDeps, tokens: GrantedTokens): Promise<void> {
  try {
    await revokeToken(deps.settings.urls.revoke, tokens.refreshToken);
  } catch {
    // Nothing was stored; the account holder can remove the grant at myaccount.google.com too.
  }
}

/**
 * Exchanges the code and stores the connection the consent was started for. Refuses (4xx, nothing
 * stored, the grant given back) when Google sends no refresh token or the account reaches nothing asked.
 */
export async function finishConsent(deps: ConnectDeps, user: SessionUser, consent: TakenConsent, code: string): Promise<ConnectOutcome> {
  const tokens = await exchangeCode(deps.settings.urls.token, deps.client, {
    code,
    codeVerifier: consent.codeVerifier,
    redirectUri: consent.redirectUri,
  });
  if (!tokens) throw badRequest('Google sent no refresh token. Remove Viewdeck at myaccount.google.com/permissions, then connect again.');
  const account = await getAccount(deps.settings.urls.userinfo, tokens.accessToken);
  const sealedToken = await encryptSecret(deps.keys, tokens.refreshToken);
  const base = {
    kind: consent.kind,
    label: consent.label,
    accountEmail: account.email,
    accountSubject: account.subject,
    scopes: tokens.scopes,
    sealedToken,
    userId: user.id,
    now: deps.now,
  };
  const actor = { kind: user.staff ? ('staff' as const) : ('partner' as const), userId: user.id, email: user.email };

  if (consent.kind === 'content_owner') {
    const { reached, refused } = await checkOwners(deps, tokens, consent.contentOwnerIds);
    if (reached.length === 0) {
      await giveBack(deps, tokens);
      throw badRequest(`Nothing was connected. ${refused.map((r) => r.reason).join(' ')}`);
    }
    const id = await insertConnection(deps.db, base);
    await deps.db.batch([
      ...reached.map((owner) => ownerStatement(deps.db, id, owner, deps.now)),
      auditStatement(deps.db, {
        actor,
        action: 'connection.create',
        target: consent.label,
        detail: { connectionId: id, account: account.email, contentOwners: reached, refused: refused.map((r) => r.id) },
        requestId: deps.requestId,
        at: deps.now,
      }),
    ]);
    return { connectionId: id, label: consent.label, accountEmail: account.email, contentOwnerIds: reached, channels: [], refused };
  }

  const owned = await getOwnedChannels(deps.settings.urls.data, tokens.accessToken, deps.quota);
  if (owned.length === 0) {
    await giveBack(deps, tokens);
    throw badRequest(
      `The Google account ${account.email || account.subject} owns no YouTube channel. Choose the account that owns your channel.`,
    );
  }
  const plan = await planChannelJoin(deps.db, user.id, owned);
  const refused = plan.refused.map((r) => ({ id: r.youtubeId, reason: r.reason }));
  if (plan.joins.length === 0) {
    await giveBack(deps, tokens);
    throw conflict(refused.map((r) => r.reason).join(' '));
  }
  const id = await insertConnection(deps.db, base);
  await deps.db.batch([
    ...plan.joins.flatMap((join) => [
      ...channelJoinStatements(deps.db, user.id, join, deps.now),
      connectionChannelStatement(deps.db, id, user.id, join, deps.now),
    ]),
    // A partner's own action, recorded like an operator's so the console's log shows what joined where.
    auditStatement(deps.db, {
      actor,
      action: 'connection.channel',
      target: plan.joins.map((j) => j.youtubeId).join(', '),
      detail: { connectionId: id, account: account.email, networks: plan.joins.map((j) => j.network) },
      requestId: deps.requestId,
      at: deps.now,
    }),
  ]);
  const channels = plan.joins.map((j) => ({ youtubeId: j.youtubeId, title: j.title, network: j.network }));
  return { connectionId: id, label: consent.label, accountEmail: account.email, contentOwnerIds: [], channels, refused };
}
