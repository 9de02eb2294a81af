// An offline copy of the local D1 database: wrangler's export of every object but the search indexes, which the
// copy creates and fills again at its end (d1-objects.ts); and wrangler runs for the restore drill.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { WRANGLER_ENV } from '../lib/run.ts';
import { openLocalD1 } from '../demo/load/local-d1.ts';
import { exportedNames, searchIndexSql, type SchemaObject } from './d1-objects.ts';

export interface D1Target {
  /** The project root, where node_modules/.bin/wrangler is. */
  root: string;
  /** The wrangler configuration; a local export reads <its folder>/.wrangler/state (wrangler's default). */
  config: string;
  /** The database name in [[d1_databases]] (or its binding). */
  database: string;
}

/** Runs wrangler with its output kept; rejects with that output when it fails. */
export function wrangler(target: Pick<D1Target, 'root' | 'config'>, args: string[]): Promise<string> {
  const bin = path.join(target.root, 'node_modules', '.bin', 'wrangler');
  return new Promise((resolve, reject) => {
    // From the configuration's folder: a local export has no --persist-to and reads .wrangler/state there.
    const child = spawn(bin, [...args, '-c', path.resolve(target.config)], {
      cwd: path.dirname(path.resolve(target.config)),
      env: WRANGLER_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`wrangler ${args.slice(0, 3).join(' ')} failed (exit ${code}):\n${(err || out).trim()}`));
    });
  });
}

export interface ExportSummary {
  objects: number;
  searchIndexes: number;
  bytes: number;
}

/**
 * Writes an offline copy of the local database under `persistTo` to `output`: wrangler's own export (the
 * `miniflare_d1_export` pragma `wrangler d1 export --local` runs) of every table, index and trigger but the
 * search indexes, in one pass, then the statements that create and fill those again.
 * @example await exportLocalD1({ persistTo: '.wrangler/state', databaseId }, 'backups/viewdeck.sql')
 */
export async function exportLocalD1(source: { persistTo: string; databaseId: string }, output: string): Promise<ExportSummary> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default {}',
    d1Persist: path.join(path.resolve(source.persistTo), 'v3', 'd1'),
    d1Databases: { DATABASE: source.databaseId },
  });
  try {
    const db = await mf.getD1Database('DATABASE');
    const { results: schema } = await db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid').all<SchemaObject>();
    const names = exportedNames(schema);
    const indexes = searchIndexSql(schema);
    // wrangler binds the options then each table name; its command line takes one --table, the pragma any number.
    const dump = await db
      .prepare('PRAGMA miniflare_d1_export(?,?,?);')
      .bind(0, 0, ...names)
      .raw<string[]>();
    const file = path.resolve(output);
    writeFileSync(
      file,
      `${(dump[0] ?? []).join('\n')}\n\n-- The search indexes, created and filled again (scripts/backup/d1-objects.ts).\n${indexes}\n`,
    );
    return {
      objects: names.length,
      searchIndexes: schema.filter((o) => /^CREATE VIRTUAL TABLE/i.test(o.sql ?? '')).length,
      bytes: statSync(file).size,
    };
  } finally {
    await mf.dispose();
  }
}

/** Where wrangler and Miniflare keep local D1 databases, one SQLite file each, under a state folder. */
const LOCAL_D1_FOLDER = path.join('v3', 'd1', 'miniflare-D1DatabaseObject');

/**
 * Loads an offline copy into the local database under `persistTo`, which must be empty: the local D1 is made
 * through Miniflare (so its file has the name wrangler looks for), then the copy is applied to that SQLite file
 * with the sqlite3 command line, in one transaction. Not through workerd: \`wrangler d1 execute --local --file\`
 * sends the whole file as one batch and never finished the demo data's 8 MB copy, and batches of 100 or 1,000
 * statements made workerd 1.20260217 fail ("HashIndex detected hash table inconsistency") from the first
 * channel_title_daily rows on. Answers the copy's size in bytes.
 * @example await loadLocalD1({ root, persistTo: '.tmp/restored' }, 'backups/viewdeck.sql')
 */
export async function loadLocalD1(target: { root: string; persistTo: string }, file: string): Promise<number> {
  const persistTo = path.resolve(target.persistTo);
  const folder = path.join(persistTo, LOCAL_D1_FOLDER);
  if (existsSync(folder) && readdirSync(folder).some((name) => name.endsWith('.sqlite')))
    throw new Error(`${folder} already holds a database: delete ${path.join(persistTo, 'v3', 'd1')} first, a copy loads into an empty one`);
  const local = await openLocalD1(target.root, persistTo);
  try {
    await local.db.prepare('SELECT 1').first();
  } finally {
    await local.dispose();
  }
  const [database] = readdirSync(folder).filter((name) => name.endsWith('.sqlite'));
  if (!database) throw new Error(`Miniflare made no database file in ${folder}`);
  const sql = `BEGIN;\n${readFileSync(file, 'utf8')}\nCOMMIT;\n`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn('sqlite3', ['-bail', path.join(folder, database)], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) => reject(new Error(`sqlite3 could not start (${error.message}): install the sqlite3 command line`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`sqlite3 refused the copy (exit ${code}): ${err.trim()}`))));
    child.stdin.end(sql);
  });
  return statSync(file).size;
}
