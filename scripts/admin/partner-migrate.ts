// `npm run admin -- partner-migrate`: brings every network's store to the deployed migrations, a page of
// stores at a time, on the local state or through the admin API (--remote); lists the stores that failed.
import { MIGRATE_PAGE_MAX, migrateStores, type MigratePage } from '../../src/server/partner-store/migrate-stores.ts';
import { localPartnerStore } from '../import/local-d1.ts';
import type { AdminChannel } from './channel.ts';

/** Every page, each said as it ends. */
async function pagesOf(channel: AdminChannel, say: (line: string) => void): Promise<MigratePage[]> {
  const pages: MigratePage[] = [];
  const walk = async (ask: (after: number) => Promise<MigratePage>) => {
    for (let after: number | null = 0; after !== null; after = pages.at(-1)?.next ?? null) {
      const page = await ask(after);
      pages.push(page);
      say(`page ${pages.length}: ${page.migrated.length} stores migrated, ${page.failed.length} failed`);
    }
  };
  if ('remote' in channel) {
    await walk((after) => channel.remote<MigratePage>('partner-migrate', { after }));
    return pages;
  }
  if (localPartnerStore(channel.root) !== 'objects')
    throw new Error('PARTNER_STORE is shared here: partner facts live in the local D1, which the seed migrates.');
  return channel.local(async (local) => {
    const storeOf = local.storeOf;
    if (!storeOf) throw new Error('the local database opened without its network stores');
    await walk((after) => migrateStores(local.db, storeOf, { after, limit: MIGRATE_PAGE_MAX }));
    return pages;
  });
}

/**
 * Migrates every store; answers the summary (and each failed store) and whether every store migrated.
 * @example const { text, ok } = await partnerMigrate(channel, console.log)
 */
export async function partnerMigrate(channel: AdminChannel, say: (line: string) => void): Promise<{ text: string; ok: boolean }> {
  const pages = await pagesOf(channel, say);
  const migrated = pages.flatMap((p) => p.migrated);
  const failed = pages.flatMap((p) => p.failed);
  const latest = [...new Set(migrated.map((m) => m.latest ?? 'none'))].join(', ');
  const lines = [`${migrated.length} network stores migrated (latest: ${latest || 'no network'}); ${failed.length} failed.`];
  for (const f of failed) lines.push(`  ${f.slug} (${f.network_id}${f.bucket ? `, bucket ${f.bucket}` : ''}): ${f.error}`);
  return { text: lines.join('\n'), ok: failed.length === 0 };
}
