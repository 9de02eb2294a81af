// Local runs read APP_ENV=local from .dev.vars (never deployed), which turns on the mail outbox.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Makes sure .dev.vars says APP_ENV=local, keeping any other lines a developer added. */
export function ensureLocalVars(root: string): void {
  const file = path.join(root, '.dev.vars');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (/^APP_ENV=/m.test(current)) return;
  writeFileSync(file, `${current}${current && !current.endsWith('\n') ? '\n' : ''}APP_ENV=local\n`);
}
