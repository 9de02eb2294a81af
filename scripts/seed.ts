// Fills the local D1 database with the deterministic demo dataset: npx tsx scripts/seed.ts --help
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isoDate, dayNumber, utcToday } from './demo/generate/dates';
import { REPORT_LAG_DAYS } from './demo/generate/calendar';
import { SCALE_NAMES, parseScale } from './demo/generate/scale';
import { databasesOf } from '../src/server/ingest/run-import';
import { clearDataTables, countRows, hasData, hasUsers } from './demo/load/database';
import { loadDemo, type PhaseReport } from './demo/load/demo-load';
import { folderSink } from './demo/load/file-sink';
import { openLocalD1 } from './demo/load/local-d1';
import { inWorkerThread } from './demo/load/report-worker';
import { applyMigrations, migrationLine } from './demo/load/migrate';
import { WRANGLER_ENV } from './lib/run.ts';
import { localPartnerStore, localStoresDir } from './import/local-d1.ts';
import { readSeededStore, writeSeededStore } from './demo/load/seeded-store.ts';
import { parseCommand, refuse } from './lib/cli.ts';

const DEFAULT_SEED = 1;
const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `Usage: npx tsx scripts/seed.ts [--scale ${SCALE_NAMES.join('|')}] [--persist-to DIR]
                              [--today YYYY-MM-DD] [--seed N] [--if-empty] [--write-files DIR]

Applies the migrations to the local D1 database, then replaces its data with the demo dataset: the
generated records are written as YouTube's report files and API responses and loaded by the importer.
  --scale       demo (default): one network of 60 channels, 2 years; large: 500 channels, 3 years,
                100,000 public channels (benchmarks); tiny: a few channels (tests)
  --persist-to  wrangler's local state directory (default .wrangler/state)
  --today       the date the data is relative to (default: today, UTC)
  --seed        random seed (default ${DEFAULT_SEED}); the same seed and today give the same data
  --if-empty    do nothing when the database already has users
  --write-files also write the generated files under DIR (emptied first), e.g. .tmp/demo-files:
                reports/ for npm run import, data-api/ with the API responses (one per line)
Local only: there is no --remote. Prints each migration wrangler applies (a minute or more on a new
database), then each phase as it ends (name, seconds, rows), then the tables.
examples:
  npx tsx scripts/seed.ts                      # the demo dataset into .wrangler/state (npm start does this when empty)
  npx tsx scripts/seed.ts --scale tiny --persist-to .wrangler/try --today 2026-11-01`;

function fail(message: string): never {
  return refuse(USAGE, message);
}

function options() {
  if (process.argv.slice(2).some((arg) => arg === '--remote' || arg.startsWith('--remote='))) {
    fail('Refusing --remote: the demo seed only writes to the local database.');
  }
  const { values } = parseCommand(USAGE, {
    options: {
      scale: { type: 'string', default: 'demo' },
      'persist-to': { type: 'string' },
      today: { type: 'string' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      'if-empty': { type: 'boolean', default: false },
      'write-files': { type: 'string' },
    },
  });
  try {
    const seed = Number(values.seed);
    if (!Number.isSafeInteger(seed) || seed < 0) fail(`--seed must be a whole number, got "${values.seed}"`);
    const today = values.today ?? utcToday();
    dayNumber(today);
    return {
      scale: parseScale(values.scale),
      seed,
      today,
      ifEmpty: values['if-empty'],
      writeFiles: values['write-files'] ? path.resolve(process.cwd(), values['write-files']) : null,
      persistTo: values['persist-to'] ? path.resolve(process.cwd(), values['persist-to']) : path.join(ROOT, '.wrangler', 'state'),
    };
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/** A seed that will not run, for a reason the message gives in full: no stack to read. */
class SeedRefused extends Error {}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** A phase can take minutes (the partner reports at scale large): a line this often says the seed is alive. */
const STILL_WORKING_EVERY_MS = 30_000;

/** Prints each phase as it ends, and a line every STILL_WORKING_EVERY_MS while one runs; stop() when done. */
function phasePrinter(): { print: (phase: PhaseReport) => void; stop: () => void } {
  let last = { name: 'start', at: performance.now() };
  const timer = setInterval(() => {
    process.stdout.write(`  ... still working, ${seconds(last.at)} since ${last.name}\n`);
  }, STILL_WORKING_EVERY_MS);
  return {
    print(phase) {
      process.stdout.write(`  ${phase.name.padEnd(32)} ${`${(phase.ms / 1000).toFixed(1)} s`.padStart(8)}  ${phase.detail}\n`);
      last = { name: phase.name, at: performance.now() };
    },
    stop: () => clearInterval(timer),
  };
}

/** Prints a database's non-empty tables and their total, under a heading when given. */
async function printCounts(db: D1Database, heading: string | null): Promise<void> {
  const counts = [...(await countRows(db))].filter(([, rows]) => rows > 0);
  if (counts.length === 0) return;
  if (heading !== null) process.stdout.write(`${heading}\n`);
  let total = 0;
  for (const [table, rows] of counts) {
    total += rows;
    process.stdout.write(`  ${table.padEnd(26)} ${rows.toLocaleString('en-US').padStart(11)}\n`);
  }
  process.stdout.write(`  ${'total'.padEnd(26)} ${total.toLocaleString('en-US').padStart(11)}\n`);
}

async function main(): Promise<void> {
  const opts = options();
  // Quiet, non-interactive wrangler settings, the same the migrations' child gets.
  Object.assign(process.env, WRANGLER_ENV);
  const started = performance.now();
  process.stdout.write(`Applying migrations (${path.relative(process.cwd(), opts.persistTo) || '.'}) ...\n`);
  let applied = 0;
  await applyMigrations(ROOT, opts.persistTo, undefined, (event) => {
    if (event.kind === 'applied') applied = event.index;
    process.stdout.write(`${migrationLine(event)}\n`);
  });
  process.stdout.write(`${applied === 0 ? 'No migration to apply' : `${applied} migrations applied`} in ${seconds(started)}\n`);
  const local = await openLocalD1(ROOT, opts.persistTo);
  try {
    const store = localPartnerStore(ROOT);
    if (opts.ifEmpty && (await hasUsers(local.db))) {
      const seeded = readSeededStore(opts.persistTo);
      if (seeded !== store) {
        // Serving it would show partner pages without their figures: they are where the other mode put them.
        throw new SeedRefused(
          `this local state was loaded with PARTNER_STORE=${seeded} and the setting is now ${store}: run npm run seed to load the demo again (it replaces the local data), or set PARTNER_STORE back.`,
        );
      }
      process.stdout.write('The database already has users: nothing to do (--if-empty).\n');
      return;
    }
    const loadStarted = performance.now();
    if (await hasData(local.db)) {
      process.stdout.write('Clearing the data already there ...\n');
      await clearDataTables(local.db);
      // Every store goes, whatever the setting: one left from a split seed would otherwise hold the
      // files a later split seed loads again (the importer skips them as unchanged). No store is open
      // yet in this run, so its files can be removed; the folder stays, workerd holds it open.
      const stores = localStoresDir(ROOT, opts.persistTo);
      for (const file of existsSync(stores) ? readdirSync(stores) : []) rmSync(path.join(stores, file));
    }
    const lastFactDay = isoDate(dayNumber(opts.today) - REPORT_LAG_DAYS);
    process.stdout.write(`Seeding scale ${opts.scale.name}, seed ${opts.seed}, today ${opts.today} (facts to ${lastFactDay}) ...\n`);
    if (opts.writeFiles) process.stdout.write(`  writing the files under ${path.relative(process.cwd(), opts.writeFiles) || '.'}\n`);
    const phases = phasePrinter();
    try {
      await loadDemo(local, {
        seed: opts.seed,
        today: opts.today,
        scale: opts.scale,
        onPhase: phases.print,
        reports: inWorkerThread,
        ...(opts.writeFiles ? { sink: folderSink(opts.writeFiles) } : {}),
      });
    } finally {
      phases.stop();
    }
    writeSeededStore(opts.persistTo, store);
    const [shared, ...stores] = await databasesOf(local);
    if (shared) await printCounts(shared, stores.length > 0 ? '  the shared D1:' : null);
    // Empty stores (networks without partner reports) print nothing.
    for (const db of stores) await printCounts(db, "  a network's store (its networks, channels and titles are copies):");
    process.stdout.write(`Loaded in ${seconds(loadStarted)}; ${seconds(started)} in all.\n`);
  } finally {
    await local.dispose();
  }
}

main().catch((error: unknown) => {
  const text = error instanceof SeedRefused ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`Seed failed: ${text}\n`);
  process.exit(1);
});
