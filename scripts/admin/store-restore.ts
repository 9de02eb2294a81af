// `npm run admin -- restore-store`: a network's store to a past moment (Cloudflare's point-in-time recovery,
// docs/backup.md), through the admin API; the bookmarks printed are the way back.
import { restoreTimeProblem, storeRestoreSchema, type StoreRestored } from '../../src/server/admin/store-restore.ts';

export interface RestoreStoreOptions {
  network: string;
  bucket?: string;
  to?: string;
  bookmark?: string;
}

/**
 * The admin API's body for the command line, or why it is refused (checked here with this machine's clock,
 * and again by the server with its own).
 * @example restoreStoreBody({ network: 'acme', to: '2026-11-27T08:00:00Z' }, Date.now())
 */
export function restoreStoreBody(options: RestoreStoreOptions, nowMs: number): { body: object } | { problem: string } {
  const parsed = storeRestoreSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    return {
      problem: field ? `--${field}: ${issue?.message}` : 'restore-store takes --to <ISO time> or --bookmark <bookmark>, one of the two.',
    };
  }
  const problem = parsed.data.to ? restoreTimeProblem(Date.parse(parsed.data.to), nowMs) : null;
  return problem ? { problem: `--to: ${problem}` } : { body: parsed.data };
}

/** What the operator reads once the store restarted: what it went to, and the two ways back. */
export function restoredLines(restored: StoreRestored, options: RestoreStoreOptions, remote: string | undefined): string[] {
  const where = `${restored.bucket > 0 ? ` --bucket ${restored.bucket}` : ''}${remote ? ` --remote ${remote}` : ''}`;
  const again = (bookmark: string) => `npm run admin -- restore-store ${options.network} --bookmark ${bookmark}${where}`;
  const store =
    restored.bucket > 0 ? `network ${restored.network_id}'s store of bucket ${restored.bucket}` : `network ${restored.network_id}'s store`;
  return [
    `bookmark of the store before the restore: ${restored.now_bookmark}`,
    `restored ${store} to ${restored.to ?? 'the bookmark given'} (bookmark ${restored.bookmark}); it restarted and answers (${restored.size_after} bytes).`,
    'To undo it (back to the moment just before the restore):',
    `  ${again(restored.undo_bookmark)}`,
    'Keep these lines: the audit log records the bookmarks too (action store.restore).',
  ];
}
