// `npx tsx scripts/backup-d1.ts`: an offline copy of the D1 database despite its FTS5 search indexes, which make
// `wrangler d1 export` refuse the whole database (docs/backup.md, "An offline copy of D1").
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { experimental_readRawConfig } from 'wrangler';
import { parseCommand, refuse } from './lib/cli.ts';
import { exportedNames, searchIndexSql, type SchemaObject } from './backup/d1-objects.ts';
import { exportLocalD1, loadLocalD1, wrangler } from './backup/export.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `usage: npx tsx scripts/backup-d1.ts [--persist-to .wrangler/state] --output FILE
       npx tsx scripts/backup-d1.ts [--persist-to DIR] --load FILE
       npx tsx scripts/backup-d1.ts --remote --request FILE
  Writes an offline copy of the D1 database (binding DB of wrangler.toml) as SQL: every table, index and trigger
  but the two FTS5 search indexes, which wrangler's export refuses, then the statements that create and fill
  those again from the tables they index. Load it into an empty database with --load (local) or
  npx wrangler d1 execute <name> --remote --file FILE (a new D1 database).
  --persist-to DIR  the local state to copy or load into (default .wrangler/state)
  --output FILE     where the local copy goes
  --load FILE       loads a copy into the local database under --persist-to, which must be empty (delete its
                    v3/d1 folder first), with the sqlite3 command line on the local D1 file: wrangler d1 execute
                    --local --file never finished the demo data's 8 MB copy (scripts/backup/export.ts says why)
  --remote          the deployed database instead: reads its schema (npx wrangler d1 execute --remote, after
                    npx wrangler login), writes the export request with every name to --request FILE and the
                    search-index statements to FILE.search.sql, and prints the curl calls of D1's export API
                    (CLOUDFLARE_ACCOUNT_ID, and CLOUDFLARE_API_TOKEN with D1 edit rights): wrangler 4.59's
                    --table takes one name, the API the whole list.
  --config FILE     the wrangler configuration (default wrangler.toml)
  Exit 1 when wrangler or the database refuses; the message says why.`;

const { values } = parseCommand(USAGE, {
  options: {
    'persist-to': { type: 'string', default: '.wrangler/state' },
    output: { type: 'string' },
    load: { type: 'string' },
    remote: { type: 'boolean', default: false },
    request: { type: 'string' },
    config: { type: 'string', default: 'wrangler.toml' },
  },
});
if (!existsSync(values.config)) refuse(USAGE, `--config: no file ${values.config}`);
const modes = [values.output, values.load, values.request].filter((v) => v !== undefined).length;
if (modes !== 1) refuse(USAGE, 'Give one of --output FILE, --load FILE or --remote --request FILE.');
if (values.remote !== (values.request !== undefined)) refuse(USAGE, '--remote goes with --request FILE, and --request with --remote.');
if (values.load !== undefined && !existsSync(values.load)) refuse(USAGE, `--load: no file ${values.load}`);

const database = experimental_readRawConfig({ config: values.config }).rawConfig.d1_databases?.find(
  (d: { binding: string }) => d.binding === 'DB',
);
if (!database?.database_id) refuse(USAGE, `${values.config} has no [[d1_databases]] binding "DB" with a database_id`);

/** The deployed schema through wrangler, then the request and search statements an operator sends with curl. */
async function remoteRequest(request: string): Promise<string> {
  const target = { root: ROOT, config: values.config };
  const out = await wrangler(target, [
    'd1',
    'execute',
    'DB',
    '--remote',
    '--json',
    '--command',
    'SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid',
  ]);
  const schema = (JSON.parse(out.slice(out.indexOf('['))) as Array<{ results: SchemaObject[] }>).flatMap((r) => r.results);
  const names = exportedNames(schema);
  writeFileSync(request, `${JSON.stringify({ output_format: 'polling', dump_options: { tables: names } }, null, 1)}\n`);
  writeFileSync(`${request}.search.sql`, `${searchIndexSql(schema)}\n`);
  const api = `https://api.cloudflare.com/client/v4/accounts/$CLOUDFLARE_ACCOUNT_ID/d1/database/${database!.database_id}/export`;
  const auth = '-H "Authorization: Bearer $CLOUDFLARE_API_TOKEN" -H "Content-Type: application/json"';
  return [
    `${request}: the export request (${names.length} tables, indexes and triggers); ${request}.search.sql: the search indexes.`,
    'Start the export, then ask again with its bookmark until "status" is "complete" (a large database takes minutes):',
    `  curl -s -X POST "${api}" ${auth} --data @${request} | tee .tmp/export.json`,
    `  jq '{output_format, dump_options, current_bookmark: $b}' --arg b "$(jq -r .result.at_bookmark .tmp/export.json)" ${request} > .tmp/poll.json`,
    `  curl -s -X POST "${api}" ${auth} --data @.tmp/poll.json | tee .tmp/export.json | jq .result.status`,
    'Then download it and add the search indexes:',
    `  curl -s -o backups/viewdeck.sql "$(jq -r .result.result.signed_url .tmp/export.json)" && cat ${request}.search.sql >> backups/viewdeck.sql`,
  ].join('\n');
}

try {
  const persistTo = path.resolve(values['persist-to']);
  if (values.remote) console.log(await remoteRequest(path.resolve(values.request!)));
  else if (values.load) {
    const started = Date.now();
    const bytes = await loadLocalD1({ root: ROOT, persistTo }, values.load);
    console.log(
      `${values.load}: ${(bytes / 1024).toFixed(0)} KiB loaded into ${persistTo} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    const started = Date.now();
    const copy = await exportLocalD1({ persistTo, databaseId: database!.database_id! }, values.output!);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${values.output}: ${copy.objects} tables, indexes and triggers, then ${copy.searchIndexes} search indexes; ${(copy.bytes / 1024).toFixed(0)} KiB in ${seconds} s.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
