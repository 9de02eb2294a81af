// `npm run admin -- replay` and `sync-status`: the report archive and the pull's status, local or --remote.
import { replayPage, replaySchema, type ReplayPage } from '../../src/server/ingest/archive/replay.ts';
import { resolveNetwork } from '../../src/server/admin/targets.ts';
import { getSyncStatus, type SyncStatus } from '../../src/server/ingest/sync/status.ts';
import type { AdminChannel, RemoteCall } from './channel.ts';
import type { LoadStarted, LoadState } from '../../src/server/admin/loads.ts';
import { followLoad } from '../lib/follow-load.ts';

export interface ReplayOptions {
  network: string;
  from?: string;
  to?: string;
  days?: string;
}

/** Validates the command line as the admin API would, so a typo is refused before any work. */
function replayInput(options: ReplayOptions) {
  const parsed = replaySchema.safeParse({
    network: options.network,
    ...(options.from ? { from: options.from } : {}),
    ...(options.to ? { to: options.to } : {}),
    ...(options.days ? { days: Number(options.days) } : {}),
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.') || 'network'}: ${i.message}`).join('; '));
  return parsed.data;
}

/**
 * Replays archived files, a page of days at a time, printing each page as it finishes; answers the summary.
 * @example await replay(channel, { network: 'acme' }, console.log)
 */
export async function replay(channel: AdminChannel, options: ReplayOptions, say: (line: string) => void): Promise<string> {
  const input = replayInput(options);
  const started = Date.now();
  // Page by page: through the admin API, or on the local state (the network resolved there once).
  const walk = async (ask: (after: string | undefined) => Promise<ReplayPage>) => {
    let files = 0;
    for (let after: string | undefined, page = await ask(after); ; page = await ask(after)) {
      files += page.files;
      const statuses = Object.entries(page.statuses)
        .map(([s, n]) => `${n} ${s}`)
        .join(', ');
      if (page.days.length > 0 || page.files > 0)
        say(`${page.days[0] ?? 'undated'}..${page.days.at(-1) ?? ''}: ${page.files} files (${statuses || 'none'})`);
      if (page.next === null) return files;
      after = page.next;
    }
  };
  const files =
    'remote' in channel
      ? await walk((after) => remoteReplayPage(channel.remote, { ...input, ...(after ? { after } : {}) }, say))
      : await channel.local(async (local) => {
          const networkId = input.network === 'all' ? null : (await resolveNetwork(local.db, String(input.network))).id;
          const target = { ...local, bucket: local.reports };
          return walk((after) => replayPage(target, { networkId, from: input.from, to: input.to, after, days: input.days }, nowSeconds()));
        });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return files === 0 ? 'no archived files in that range: nothing replayed.' : `replayed ${files} archived files in ${seconds} s.`;
}

/** One page through the admin API: the page's load starts (202) and is followed to its end. */
async function remoteReplayPage(remote: RemoteCall, body: unknown, say: (line: string) => void): Promise<ReplayPage> {
  const started = await remote<LoadStarted>('replay', body);
  const answer = await followLoad((apiPath) => remote<LoadState>(apiPath), started, say);
  if (!('days' in answer)) throw new Error(`load ${started.load} answered no replay page`);
  return answer;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const sizeText = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`);
const lagText = (seconds: number | null) => (seconds === null ? '—' : `${(seconds / 3600).toFixed(1)} h`);

/** The status as lines an operator reads: one block per scope and report type, then uploads and quota. */
export function statusLines(status: SyncStatus): string[] {
  const lines = [`Reports expected through ${status.expectedThrough} (Pacific).`];
  if (status.types.length === 0) lines.push('No report listed yet: check the Google credentials and content owners (docs/sync.md).');
  for (const t of status.types) {
    lines.push(
      `${t.scope || 'own channel'} ${t.reportTypeId}: listed ${t.listed}, archived ${t.archived} (${sizeText(t.archivedBytes)}), loaded ${t.loaded}, superseded ${t.superseded}, rejected ${t.rejected}, failed ${t.failed}, loading ${t.loading}, retried ${t.retried}`,
      `  last day ${t.lastDay ?? '—'}; lag createTime → figures: last ${lagText(t.lagLastSeconds)}, worst ${lagText(t.lagMaxSeconds)}`,
    );
    if (t.missingCount > 0)
      lines.push(`  MISSING ${t.missingCount} days: ${t.missingDays.join(', ')}${t.missingCount > t.missingDays.length ? ', …' : ''}`);
    if (t.expired > 0)
      lines.push(`  EXPIRED ${t.expired} reports never archived and past YouTube's 60 days: lost unless loaded from another copy`);
    if (t.lastProblem)
      lines.push(
        `  last problem: ${t.lastProblem.day} report ${t.lastProblem.reportId} ${t.lastProblem.status}: ${t.lastProblem.reason ?? ''}`,
      );
  }
  const u = status.uploads;
  lines.push(`Uploads: ${u.files} files (${sizeText(u.bytes)}), loaded ${u.loaded}, rejected ${u.rejected}, failed ${u.failed}.`);
  const jobs = Object.entries(status.quota.byJob)
    .map(([job, units]) => `${job} ${units}`)
    .join(', ');
  lines.push(`Data API quota ${status.quota.day}: ${status.quota.units} units in ${status.quota.calls} calls${jobs ? ` (${jobs})` : ''}.`);
  return lines;
}

/**
 * The sync's status, printed as lines or (json) as the admin API's answer; exits 1 when days are missing
 * or reports failed, so a monitor can run it.
 */
export async function syncStatus(channel: AdminChannel, json: boolean): Promise<{ text: string; healthy: boolean }> {
  const status =
    'remote' in channel
      ? await channel.remote<SyncStatus>('sync-status', {})
      : await channel.local((local) => getSyncStatus(local.db, Date.now()));
  const healthy = status.types.every((t) => t.missingCount === 0 && t.failed === 0 && t.expired === 0);
  return { text: json ? JSON.stringify(status, null, 2) : statusLines(status).join('\n'), healthy };
}
