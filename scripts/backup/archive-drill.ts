// The restore drill's archive half (scripts/restore-drill.ts, step 6): report files put into the local report
// archive the way an upload puts them (R2 and report_archive), loaded once, then a network's partner facts
// dropped and rebuilt from the archive alone by a replay, and their totals compared with what they were.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { completeUpload, putUploadPart, startUpload } from '../../src/server/ingest/archive/uploads.ts';
import { MAX_LOAD_UPLOADS, uploadsLoad } from '../../src/server/ingest/archive/load-upload.ts';
import { runOperatorLoad } from '../../src/server/ingest/archive/operator-load.ts';
import { replayPage, REPLAY_DAYS_MAX } from '../../src/server/ingest/archive/replay.ts';
import { inlineSteps } from '../../src/server/ingest/workflows/steps.ts';
import { MOVED_TABLES } from '../../src/server/partner-store/move-tables.ts';
import type { LocalD1 } from '../demo/load/local-d1.ts';
import type { ReportFile } from '../import/collect-files.ts';

/** The tables holding a network's partner facts and rollups: what partner-move carries, less the catalogue. */
export const FACT_TABLES = MOVED_TABLES.filter((t) => !t.catalogue);

/** One table's totals: rows and, where it has them, the sums of its views and money columns. */
export interface TableTotals {
  rows: number;
  views: number | null;
  money: number | null;
}

const gzipped = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A file as the archive keeps it: plain CSV under a name the upload accepts (the seed's names, flattened). */
function archivable(file: ReportFile): { name: string; bytes: Uint8Array } {
  const raw = new Uint8Array(readFileSync(file.path));
  const bytes = gzipped(raw) ? new Uint8Array(gunzipSync(raw)) : raw;
  const base = file.name.replace(/\.gz$/i, '').replace(/\.txt$/i, '.csv');
  const name = base
    .split('/')
    .join('_')
    .replace(/[^\w.-]/g, '-');
  return { name: name.endsWith('.csv') ? name : `${name}.csv`, bytes };
}

/**
 * Puts each file into the local archive through the upload path (announced, sent in parts, completed and
 * checked whole against its SHA-256), as the console and `npm run import --remote` do; answers the ids.
 */
export async function archiveFiles(local: LocalD1, files: readonly ReportFile[], now: number): Promise<{ ids: number[]; bytes: number }> {
  const ids: number[] = [];
  let total = 0;
  for (const file of files) {
    const { name, bytes } = archivable(file);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const upload = await startUpload(local.db, local.reports, { name, bytes: bytes.length, sha256 }, now);
    const parts = Math.ceil(bytes.length / upload.partBytes);
    for (let part = 1; part <= parts; part++) {
      const body = bytes.slice((part - 1) * upload.partBytes, part * upload.partBytes);
      await putUploadPart(local.db, local.reports, upload.id, part, new Request('http://drill/part', { method: 'PUT', body }));
    }
    const done = await completeUpload(local.db, local.reports, upload.id, now);
    if (done.state !== 'archived')
      throw new Error(`${file.name}: the archive answered ${done.state}${done.reason ? ` (${done.reason})` : ''}`);
    ids.push(upload.id);
    total += bytes.length;
  }
  return { ids, bytes: total };
}

/** Loads archived uploads into network `networkId` as an operator's upload load does, 100 a load; answers files per status. */
export async function loadArchived(
  local: LocalD1,
  ids: readonly number[],
  networkId: number,
  now: number,
): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (let i = 0; i < ids.length; i += MAX_LOAD_UPLOADS) {
    const options = { networkId, replace: false, reapply: false, dry_run: false };
    const params = await uploadsLoad(local.db, ids.slice(i, i + MAX_LOAD_UPLOADS), options, now, {
      pieceBytes: Number.MAX_SAFE_INTEGER,
      retrySeconds: 0,
    });
    const output = await runOperatorLoad({ ...local, bucket: local.reports }, params, inlineSteps);
    for (const f of output.files) statuses[f.status] = (statuses[f.status] ?? 0) + 1;
  }
  return statuses;
}

/** Each fact table's totals for network `networkId`'s rows. */
export async function factTotals(db: D1Database, networkId: number): Promise<Map<string, TableTotals>> {
  const totals = new Map<string, TableTotals>();
  for (const table of FACT_TABLES) {
    const columns = (await db.prepare(`SELECT name FROM pragma_table_info('${table.name}')`).all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    const views = columns.includes('views') ? 'sum(views)' : 'NULL';
    const money = table.money ? `sum(${table.money})` : 'NULL';
    const row = await db
      .prepare(`SELECT count(*) AS rows, ${views} AS views, ${money} AS money FROM ${table.name} WHERE ${table.owner('?1')}`)
      .bind(networkId)
      .first<TableTotals>();
    totals.set(table.name, { rows: row?.rows ?? 0, views: row?.views ?? null, money: row?.money ?? null });
  }
  return totals;
}

/** Deletes network `networkId`'s partner facts, last table first (the order partner-move prunes in). */
export async function dropFacts(db: D1Database, networkId: number): Promise<number> {
  let deleted = 0;
  for (const table of [...FACT_TABLES].reverse()) {
    const done = await db
      .prepare(`DELETE FROM ${table.name} WHERE ${table.owner('?1')}`)
      .bind(networkId)
      .run();
    deleted += done.meta.changes;
  }
  return deleted;
}

/** Replays network `networkId`'s archive page by page (31 days a page), printing each page; answers the files replayed. */
export async function replayNetwork(local: LocalD1, networkId: number, now: number, say: (line: string) => void): Promise<number> {
  let files = 0;
  let after: string | undefined;
  for (;;) {
    const page = await replayPage(
      { ...local, bucket: local.reports },
      { networkId, from: '2005-01-01', to: '9999-12-31', after, days: REPLAY_DAYS_MAX },
      now,
    );
    files += page.files;
    const statuses = Object.entries(page.statuses)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ');
    say(`   replay ${page.days[0] ?? 'undated'}..${page.days.at(-1) ?? ''}: ${page.files} files (${statuses || 'none'})`);
    if (page.next === null) return files;
    after = page.next;
  }
}

/** Lines naming each table whose totals differ; empty when every table matches. */
export function totalsDifferences(before: Map<string, TableTotals>, after: Map<string, TableTotals>): string[] {
  const lines: string[] = [];
  for (const [name, was] of before) {
    const now = after.get(name);
    if (!now || now.rows !== was.rows || now.views !== was.views || now.money !== was.money)
      lines.push(`  ${name}: ${describe(was)} before, ${now ? describe(now) : 'missing'} after the replay`);
  }
  return lines;
}

/** A table's totals as one reads them. */
export function describe(t: TableTotals): string {
  return [`${t.rows} rows`, t.views !== null ? `${t.views} views` : '', t.money !== null ? `${t.money} micros` : '']
    .filter(Boolean)
    .join(', ');
}

/** The seed's report files under its --write-files folder. */
export const reportsFolder = (files: string) => path.join(files, 'reports');
