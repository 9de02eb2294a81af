// What the sync reaches through YouTube connections (docs/google.md): the Reporting API scopes of each
// live connection, beside the legacy refresh token of the settings (GOOGLE_REFRESH_TOKEN).
import type { ReportingApi } from '../../google/reporting-api';
import { listLiveConnections } from '../../google/connections/store';
import type { SyncContext } from './context';
import type { ContentOwner } from './partners';
import type { ReportScope } from './report-day';

/**
 * Every scope the run pulls reports for. A content owner reached by a live connection uses the first
 * such connection; the settings' token (when set) serves the CMS networks no connection reaches, or,
 * with none at all, its own channel. Each partner-connected channel is a channel scope of its own.
 */
export async function reportScopes(ctx: SyncContext, owners: ContentOwner[]): Promise<ReportScope[]> {
  const live = await listLiveConnections(ctx.db);
  const byOwner = new Map<string, number>();
  for (const c of live) for (const owner of c.contentOwnerIds) if (!byOwner.has(owner)) byOwner.set(owner, c.id);
  const networkOf = (owner: string) => owners.find((o) => o.contentOwnerId === owner)?.networkId;
  const scopes: ReportScope[] = [...byOwner].map(([owner, connectionId]) => ({
    key: owner,
    contentOwnerId: owner,
    kind: 'content_owner',
    networkId: networkOf(owner),
    connectionId,
  }));
  if (ctx.reporting) {
    const legacy = owners.filter((o) => !byOwner.has(o.contentOwnerId));
    scopes.push(
      ...legacy.map((o): ReportScope => ({
        key: o.contentOwnerId,
        contentOwnerId: o.contentOwnerId,
        kind: 'content_owner',
        networkId: o.networkId,
      })),
    );
    if (owners.length === 0 && byOwner.size === 0) scopes.push({ key: '', contentOwnerId: null, kind: 'channel', networkId: undefined });
  }
  for (const c of live) {
    for (const channel of c.channels) {
      scopes.push({
        key: `channel:${channel.youtubeId}`,
        contentOwnerId: null,
        kind: 'channel',
        networkId: channel.networkId ?? undefined,
        connectionId: c.id,
      });
    }
  }
  return scopes;
}

/** The Reporting API client a scope is pulled with: its connection's, or the settings' token's. */
export async function reportingFor(ctx: SyncContext, scope: ReportScope): Promise<ReportingApi | null> {
  return scope.connectionId ? ctx.connectionReporting(scope.connectionId) : ctx.reporting;
}
