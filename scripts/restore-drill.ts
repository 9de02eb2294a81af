// `npx tsx scripts/restore-drill.ts`: the D1 restore drill of docs/backup.md, run on a local state of its own:
// an offline copy taken as an operator would (scripts/backup-d1.ts), the database wiped, the copy loaded into an
// empty one, and every table and both search indexes compared with what they held before; then the report
// archive: the seed's report files archived, a network's partner facts dropped and replayed from the archive.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { openLocalD1 } from './demo/load/local-d1.ts';
import { mustRun, WRANGLER_ENV } from './lib/run.ts';
import { parseCommand, refuse } from './lib/cli.ts';
import { experimental_readRawConfig } from 'wrangler';
import { exportLocalD1, loadLocalD1, wrangler, type D1Target } from './backup/export.ts';
import { archiveDrill } from './backup/archive-step.ts';
import { step } from './backup/drill-step.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The seed's date, so two drills seed the same data. */
const DRILL_TODAY = '2026-11-20';

const USAGE = `usage: npx tsx scripts/restore-drill.ts [--dir .tmp/restore-drill] [--from DIR [--files DIR]]
  Rehearses restoring the D1 database from an offline copy, then partner facts from the report archive
  (docs/backup.md, "The restore drill"), on a local state of its own under --dir (emptied first; your
  .wrangler/state is never touched):
  1. a state: the tiny demo seed (npm run seed -- --scale tiny --write-files, a few minutes), or a copy of
     --from DIR (a wrangler state folder such as .wrangler/state);
  2. each table's rows and a digest of their content, and what both search indexes answer;
  3. wrangler d1 export of the whole database, which wrangler refuses (its FTS5 search indexes), then the
     copy an operator takes: scripts/backup-d1.ts (every other table, index and trigger, then the search
     indexes created and filled again);
  4. the local D1 deleted, the copy loaded into an empty one (scripts/backup-d1.ts --load: the sqlite3
     command line on the new local D1 file, as workerd fails on this copy; needs sqlite3), and
     wrangler d1 migrations apply, which must find nothing to apply;
  5. step 2 again, compared table by table;
  6. the report archive, on the restored database: the seed's report files put into the local archive as an
     upload puts them (R2 and report_archive) and loaded once; the partner network's facts and rollups
     totalled per table (rows, views, money), then deleted, then rebuilt by replaying the archive
     (npm run admin -- replay, 31 days a page, each page printed) and totalled again. Skipped, saying so,
     with --from and no --files.
  Prints each step with its time; exits 1 when anything differs beyond the last bit of a fractional number
  (those tables are named apart).
  --dir DIR    where the drill keeps its state, configuration and copy (default .tmp/restore-drill)
  --from DIR   start from a copy of this wrangler state folder instead of seeding
  --files DIR  with --from, the folder the seed of that state wrote its files to (seed --write-files DIR)`;

const { values } = parseCommand(USAGE, {
  options: {
    dir: { type: 'string', default: '.tmp/restore-drill' },
    from: { type: 'string' },
    files: { type: 'string' },
  },
});
if (values.files !== undefined && values.from === undefined)
  refuse(USAGE, '--files goes with --from: without --from the drill seeds and writes its own files.');
if (values.files !== undefined && !existsSync(path.join(values.files, 'reports')))
  refuse(USAGE, `--files ${values.files} holds no reports/ folder: give the folder a seed wrote with --write-files`);
if (values.from !== undefined && !existsSync(path.join(values.from, 'v3', 'd1')))
  refuse(USAGE, `--from ${values.from} holds no local D1 (no v3/d1 folder): give a wrangler state folder such as .wrangler/state`);

const dir = path.resolve(ROOT, values.dir);
const state = path.join(dir, '.wrangler', 'state');
const config = path.join(dir, 'wrangler.toml');
const target: D1Target = { root: ROOT, config, database: 'viewdeck' };
/** The seed's report files: written by the drill's own seed, or given with --files. */
const filesDir = values.from ? (values.files ? path.resolve(values.files) : null) : path.join(dir, 'files');

interface TableFigure {
  rows: number;
  digest: string;
  /** The digest with every fractional number rounded to 12 significant digits. */
  rounded: string;
}

/** Twelve significant digits: far below any figure shown, far above a last-bit difference of a double. */
const ROUNDED_DIGITS = 12;
const digest = (lines: string[]) => createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
const roundedCell = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(ROUNDED_DIGITS)) : value;

interface Figures {
  tables: Map<string, TableFigure>;
  /** Each search index's rowids for a word taken from the data. */
  searches: Map<string, string>;
  views: number;
}

/** The words each search index is asked for: the first word of the first title it indexes. */
async function searchWord(db: D1Database, sql: string): Promise<string | null> {
  const title = await db.prepare(sql).first<string>('title');
  return title?.match(/[\p{L}\p{N}]{3,}/u)?.[0] ?? null;
}

/** Every ordinary table's row count and content digest (rows sorted, so order does not count), and search answers. */
async function figures(): Promise<Figures> {
  const local = await openLocalD1(ROOT, state);
  try {
    const db = local.db;
    const { results: names } = await db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
           AND name NOT LIKE '%_fts_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_stat%' ORDER BY name`,
      )
      .all<{ name: string }>();
    const tables = new Map<string, TableFigure>();
    for (const { name } of names) {
      const raw = await db.prepare(`SELECT * FROM "${name}"`).raw<unknown[]>();
      const rows = raw.map((row) => JSON.stringify(row)).sort();
      const rounded = raw.map((row) => JSON.stringify(row, roundedCell)).sort();
      tables.set(name, { rows: rows.length, digest: digest(rows), rounded: digest(rounded) });
    }
    const searches = new Map<string, string>();
    const channelWord = await searchWord(db, 'SELECT title FROM channels WHERE title IS NOT NULL ORDER BY id LIMIT 1');
    const trendWord = await searchWord(db, 'SELECT video_title AS title FROM trend_videos ORDER BY video_id LIMIT 1');
    for (const [index, word] of [
      ['channel_titles_fts', channelWord],
      ['trend_video_titles_fts', trendWord],
    ] as const) {
      if (!word) continue;
      const { results } = await db
        .prepare(`SELECT rowid FROM ${index} WHERE ${index} MATCH ?1 ORDER BY rowid`)
        .bind(`${word}*`)
        .all<{ rowid: number }>();
      searches.set(`${index} "${word}*"`, results.map((r) => r.rowid).join(','));
    }
    const views = (await db.prepare('SELECT coalesce(sum(views), 0) AS v FROM channel_daily').first<number>('v')) ?? 0;
    return { tables, searches, views };
  } finally {
    await local.dispose();
  }
}

/** The repository's wrangler.toml with its migrations folder made absolute, so wrangler run from --dir finds it. */
function writeConfig(): void {
  const toml = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
  writeFileSync(config, toml.replace(/^migrations_dir = "migrations"$/m, `migrations_dir = "${path.join(ROOT, 'migrations')}"`));
}

/** Tables whose rows differ only past ROUNDED_DIGITS significant digits of a fractional number. */
function lastBitTables(before: Figures, after: Figures): string[] {
  return [...before.tables]
    .filter(([name, was]) => {
      const now = after.tables.get(name);
      return now !== undefined && now.digest !== was.digest && now.rows === was.rows && now.rounded === was.rounded;
    })
    .map(([name]) => name);
}

/** Lines naming every difference between two sets of figures, past the last bit of a fraction; empty when they match. */
function differences(before: Figures, after: Figures): string[] {
  const lines: string[] = [];
  for (const [name, was] of before.tables) {
    const now = after.tables.get(name);
    if (!now) lines.push(`  table ${name}: missing after the restore (${was.rows} rows before)`);
    else if (now.rows !== was.rows || now.rounded !== was.rounded)
      lines.push(`  table ${name}: ${was.rows} rows (${was.digest}) before, ${now.rows} rows (${now.digest}) after`);
  }
  for (const name of after.tables.keys()) if (!before.tables.has(name)) lines.push(`  table ${name}: only after the restore`);
  for (const [query, was] of before.searches)
    if (after.searches.get(query) !== was) lines.push(`  search ${query}: [${was}] before, [${after.searches.get(query) ?? 'none'}] after`);
  if (before.views !== after.views) lines.push(`  sum of channel_daily views: ${before.views} before, ${after.views} after`);
  return lines;
}

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
writeConfig();
const started = Date.now();

if (values.from) await step(`1. copying ${values.from}`, async () => cpSync(path.resolve(values.from!), state, { recursive: true }));
else
  await step('1. seeding the tiny demo dataset (a few minutes)', () =>
    mustRun(
      'npx',
      ['tsx', 'scripts/seed.ts', '--scale', 'tiny', '--persist-to', state, '--today', DRILL_TODAY, '--write-files', filesDir!],
      {
        cwd: ROOT,
        env: WRANGLER_ENV,
        stdio: 'ignore',
      },
    ),
  );

const before = await step('2. reading every table and both search indexes', figures);
const rows = [...before.tables.values()].reduce((sum, t) => sum + t.rows, 0);
console.log(
  `   ${before.tables.size} tables, ${rows} rows, ${before.views} channel_daily views; searches: ${[...before.searches.keys()].join(', ')}`,
);

const whole = path.join(dir, 'whole.sql');
const refusal = await step('3a. wrangler d1 export of the whole database', () =>
  wrangler(target, ['d1', 'export', target.database, '--local', '--output', whole]).then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  ),
);
console.log(
  refusal
    ? `   refused: ${/D1 Export error[^\n]*/.exec(refusal)?.[0] ?? refusal.split('\n').at(-1)}`
    : '   accepted (wrangler now exports FTS5 tables)',
);

const copy = path.join(dir, 'viewdeck-copy.sql');
const databaseId =
  experimental_readRawConfig({ config }).rawConfig.d1_databases?.find((d: { binding: string }) => d.binding === 'DB')?.database_id ?? '';
const summary = await step('3b. the offline copy (scripts/backup-d1.ts)', () => exportLocalD1({ persistTo: state, databaseId }, copy));
console.log(
  `   ${summary.objects} tables, indexes and triggers, ${summary.searchIndexes} search indexes, ${(summary.bytes / 1024).toFixed(0)} KiB`,
);

await step('4a. deleting the local D1', async () => rmSync(path.join(state, 'v3', 'd1'), { recursive: true, force: true }));
const loaded = await step('4b. loading the copy into an empty database (scripts/backup-d1.ts --load)', () =>
  loadLocalD1({ root: ROOT, persistTo: state }, copy),
);
console.log(`   ${(loaded / 1024).toFixed(0)} KiB applied to the new local D1 file with sqlite3`);
const migrations = await step('4c. wrangler d1 migrations apply', () =>
  wrangler(target, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]),
);
const upToDate = /No migrations to apply/i.test(migrations);
console.log(
  upToDate ? '   no migrations to apply: the copy kept d1_migrations' : `   applied migrations the copy lacked:\n${migrations.trim()}`,
);

const after = await step('5. reading every table and both search indexes again', figures);
const found = differences(before, after);
if (!upToDate) found.push('  migrations: the restored database was not up to date');
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const lastBit = lastBitTables(before, after);
if (lastBit.length > 0)
  console.log(
    `   ${lastBit.join(', ')}: equal to ${ROUNDED_DIGITS} significant digits but not to the last bit (sqlite3 read a REAL back from the copy's decimal text one unit of the last place away)`,
  );
found.push(...(await archiveDrill(ROOT, state, filesDir)));

if (found.length === 0) {
  const exact = before.tables.size - lastBit.length;
  console.log(
    `restore drill: the same ${before.tables.size} tables (${rows} rows; ${exact} of them equal to the bit) and search answers after the restore${filesDir ? ', and the same partner facts replayed from the archive' : ''}; ${seconds} s in all.`,
  );
} else {
  console.log(`restore drill: ${found.length} differences after the restore:\n${found.join('\n')}`);
  process.exitCode = 1;
}
