// Local settings in .dev.vars (never deployed): APP_ENV=local turns on the mail outbox, and a
// random ADMIN_TOKEN lets `npm run admin` talk to the local worker, and a random CONNECTIONS_KEY seals
// the refresh tokens of YouTube connections made locally.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ADMIN_TOKEN_BYTES = 32;
/** AES-256-GCM: the key of src/server/google/connections/secret.ts. */
const CONNECTIONS_KEY_BYTES = 32;

function readVars(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Makes sure .dev.vars has APP_ENV, ADMIN_TOKEN and CONNECTIONS_KEY, keeping any other lines a developer added. */
export function ensureLocalVars(root: string): void {
  const file = path.join(root, '.dev.vars');
  let text = readVars(file);
  if (text && !text.endsWith('\n')) text += '\n';
  if (!/^APP_ENV=/m.test(text)) text += 'APP_ENV=local\n';
  if (!/^ADMIN_TOKEN=/m.test(text)) text += `ADMIN_TOKEN=${randomBytes(ADMIN_TOKEN_BYTES).toString('hex')}\n`;
  if (!/^CONNECTIONS_KEY=/m.test(text)) text += `CONNECTIONS_KEY=${randomBytes(CONNECTIONS_KEY_BYTES).toString('base64')}\n`;
  writeFileSync(file, text);
}

/** A value from .dev.vars, or undefined. */
export function readLocalVar(root: string, name: string): string | undefined {
  const line = readVars(path.join(root, '.dev.vars'))
    .split('\n')
    .find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1).trim();
}

/**
 * wrangler dev's flag for a PARTNER_STORE given in the environment, so the server splits partner data
 * the way the seed and import (which read the same variable first) wrote it; none when unset (.dev.vars
 * then speaks for both).
 * @example partnerStoreFlag() // ['--var', 'PARTNER_STORE:objects'] under PARTNER_STORE=objects
 */
export function partnerStoreFlag(): string[] {
  const value = process.env.PARTNER_STORE;
  return value === undefined ? [] : ['--var', `PARTNER_STORE:${value}`];
}
