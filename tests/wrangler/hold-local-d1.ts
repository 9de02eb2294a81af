// Opens the command line's local database (as npm run import does) under the folder given, says so, and
// waits to be killed: import-killed.test.ts kills it the way an import that dies out of heap ends.
import path from 'node:path';
import { openImportD1 } from '../../scripts/import/local-d1.ts';

const [persistTo] = process.argv.slice(2);
if (!persistTo) {
  console.error('usage: node --import tsx tests/wrangler/hold-local-d1.ts <persist folder>');
  process.exit(2);
}
await openImportD1(path.resolve(import.meta.dirname, '..', '..'), persistTo);
console.log('open');
// Held open until the test kills this process.
setInterval(() => undefined, 60_000);
