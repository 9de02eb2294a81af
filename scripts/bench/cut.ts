// `npm run bench:cut`: what cutting a report file by bucket costs (src/server/ingest/load/bucket-parts.ts,
// docs/partner-store.md "A network larger than one store"): the CPU of the cut's read and of reading every
// part, against one parse of the file, the read every load pays anyway. A synthetic content-owner basic
// file of the size of one Workflow piece (32 MiB by default), its channels spread by the product's bucketOf.
import { readCsv } from '../../src/server/ingest/parse/csv-rows';
import { decodedText } from '../../src/server/ingest/parse/report-source';
import { CHANNEL_BASIC_A3_HEADER } from '../../src/server/ingest/parse/test-support/synthetic';
import { bucketParts, type NetworkBuckets } from '../../src/server/ingest/load/bucket-parts';
import { bucketOf } from '../../src/server/ingest/load/channel-keys';
import { prepareFile } from '../../src/server/ingest/load/prepare-file';
import { parseCommand } from '../lib/cli.ts';
import { loadAverage, machine } from './machine.ts';

const USAGE = `usage: npm run bench:cut [-- --bytes N] [--channels N] [--buckets 2,10,32]
  Writes a content_owner_basic_a4 file of about --bytes (default 33554432, one 32 MiB piece) over --channels
  channels (default 1000), then for each bucket count: the CPU seconds of one parse of the file (what a load
  pays anyway), of the cut's read (bucketParts, which holds the parts of a file this size), and of reading
  and parsing every part, as the parts' loads do. The parts held take their own bytes (at most
  MAX_HELD_BYTES, held-parts.ts).`;

const { values } = parseCommand(USAGE, {
  options: {
    bytes: { type: 'string', default: String(32 * 1024 * 1024) },
    channels: { type: 'string', default: '1000' },
    buckets: { type: 'string', default: '2,10,32' },
  },
});
const bytes = Number(values.bytes);
const channels = Number(values.channels);
const counts = (values.buckets ?? '').split(',').map(Number);
if (!Number.isInteger(bytes) || bytes < 1024 || bytes > 512 * 1024 * 1024) throw new Error('--bytes: a whole number from 1024 to 512 MiB');
if (!Number.isInteger(channels) || channels < 1 || channels > 100_000) throw new Error('--channels: 1 to 100000');
if (counts.some((n) => !Number.isInteger(n) || n < 2 || n > 64)) throw new Error('--buckets: counts from 2 to 64, e.g. 2,10,32');

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ids = Array.from({ length: channels }, (_, c) => {
  let id = 'UC';
  for (let i = 0, x = c * 2654435761; i < 21; i++, x = Math.imul(x ^ (x >>> 13), 1274126177) >>> 0) id += BASE64URL[x % 64];
  return id + 'AQgw'[c % 4];
});
const columns = CHANNEL_BASIC_A3_HEADER.split(',');
const header = [...columns.slice(0, 3), 'claimed_status', 'uploader_type', ...columns.slice(3)].join(',');
const rest = columns
  .slice(6)
  .map((_, i) => String(i * 7))
  .join(',');
/** The file's bytes and rows; its lines are garbage once it returns. */
function syntheticFile(): { file: Uint8Array; rows: number } {
  const lines: string[] = [header];
  let size = header.length + 1;
  for (let n = 0; size < bytes; n++) {
    const line = `20261120,${ids[n % channels]},vid${String(n % 99_991).padStart(8, '0')},claimed,self,on_demand,not_subscribed,US,${rest}`;
    lines.push(line);
    size += line.length + 1;
  }
  return { file: new TextEncoder().encode(`${lines.join('\n')}\n`), rows: lines.length - 1 };
}
const { file, rows } = syntheticFile();
const prepared = await prepareFile(0, { name: 'content_owner_basic_a4_cut.csv', bytes: file });
if (!prepared.ok) throw new Error(prepared.reason);

const cpu = async (work: () => Promise<unknown>) => {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};
const parse = (text: string) => readCsv('cut.csv', text, () => undefined);

console.log(`bench:cut: ${(file.length / 1024 / 1024).toFixed(1)} MiB, ${rows} rows, ${channels} channels`);
console.log(`  machine: ${machine()}`);
const once = await cpu(async () => parse(await decodedText(prepared.file.source)));
console.log(`  one parse of the file (every load pays it): ${once.toFixed(2)} s CPU`);
for (const count of counts) {
  const buckets: NetworkBuckets = { count, ofChannel: new Map(ids.map((id) => [id, bucketOf(id, count)])) };
  let parts: Awaited<ReturnType<typeof bucketParts>> = [];
  // No claims: the shared D1 is never asked.
  const cut = await cpu(async () => (parts = await bucketParts({} as D1Database, 1, buckets, prepared.file)));
  const read = await cpu(async () => {
    for (const part of parts) parse(await decodedText(part.source));
  });
  const extra = cut + read - once;
  console.log(
    `  ${String(count).padStart(2)} buckets (${parts.length} parts): cut ${cut.toFixed(2)} s, parts read and parsed ${read.toFixed(2)} s; ` +
      `${(extra / once).toFixed(1)}× one parse more than loading the file whole`,
  );
}
console.log(`  load after: ${loadAverage()}`);
