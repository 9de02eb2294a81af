// The restore drill's step 6 as it is printed (scripts/restore-drill.ts): the seed's report files archived,
// loaded once into the partner network, its facts totalled, deleted, replayed from the archive and totalled again.
import { openLocalD1 } from '../demo/load/local-d1.ts';
import { collectReportFiles } from '../import/collect-files.ts';
import {
  archiveFiles,
  describe,
  dropFacts,
  factTotals,
  loadArchived,
  replayNetwork,
  reportsFolder,
  totalsDifferences,
} from './archive-drill.ts';
import { step } from './drill-step.ts';

/** The network whose channels hold partner facts: the seed's one partner network. */
async function partnerNetwork(db: D1Database): Promise<{ id: number; slug: string }> {
  const { results } = await db
    .prepare(
      'SELECT id, slug FROM networks WHERE id IN (SELECT network_id FROM channels WHERE id IN (SELECT channel_id FROM channel_daily)) ORDER BY id',
    )
    .all<{ id: number; slug: string }>();
  if (results.length !== 1) throw new Error(`the drill replays one partner network; this state has ${results.length} with facts`);
  return results[0]!;
}

/** Prints a replay's pages under the step's heading, the first one on a line of its own. */
function pageLine(): (line: string) => void {
  let first = true;
  return (line) => {
    console.log(first ? `\n${line}` : line);
    first = false;
  };
}

/**
 * Step 6: the archive replayed into the restored database (the state folder), from the seed's report files
 * in filesDir (none: skipped, saying so); answers the differences found.
 * @example found.push(...(await archiveDrill(ROOT, state, filesDir)))
 */
export async function archiveDrill(root: string, state: string, filesDir: string | null): Promise<string[]> {
  if (!filesDir) {
    console.log('6. the report archive: skipped (--from without --files: no report files to archive)');
    return [];
  }
  const files = collectReportFiles([reportsFolder(filesDir)]);
  const now = Math.floor(Date.now() / 1000);
  const local = await openLocalD1(root, state);
  try {
    const network = await partnerNetwork(local.db);
    const archived = await step(`6a. archiving the seed's ${files.length} report files as uploads (R2 and report_archive)`, () =>
      archiveFiles(local, files, now),
    );
    console.log(`   ${archived.ids.length} files, ${(archived.bytes / 1024).toFixed(0)} KiB in the local archive`);
    const loaded = await step(`6b. loading them once into network ${network.slug}`, () =>
      loadArchived(local, archived.ids, network.id, now),
    );
    console.log(
      `   ${Object.entries(loaded)
        .map(([status, n]) => `${n} ${status}`)
        .join(', ')}`,
    );
    const original = await step('6c. totalling its partner facts per table', () => factTotals(local.db, network.id));
    for (const [name, t] of original) if (t.rows > 0) console.log(`   ${name}: ${describe(t)}`);
    const deleted = await step('6d. deleting them', () => dropFacts(local.db, network.id));
    console.log(
      `   ${deleted} rows deleted; ${[...(await factTotals(local.db, network.id)).values()].reduce((n, t) => n + t.rows, 0)} left`,
    );
    const replayed = await step('6e. replaying the archive (npm run admin -- replay)', () =>
      replayNetwork(local, network.id, now, pageLine()),
    );
    console.log(`   ${replayed} archived files replayed`);
    const rebuilt = await step('6f. totalling them again', () => factTotals(local.db, network.id));
    const found = totalsDifferences(original, rebuilt);
    const compared = [...original.values()].filter((t) => t.rows > 0).length;
    if (found.length === 0) console.log(`   the same totals in all ${original.size} tables (${compared} of them with rows)`);
    return found;
  } finally {
    await local.dispose();
  }
}
