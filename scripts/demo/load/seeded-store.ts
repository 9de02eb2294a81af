// Which PARTNER_STORE a local state was seeded with, kept beside it, so `npm start` never serves a
// state whose partner facts are where the other setting does not look.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { partnerStoreMode, type PartnerStoreMode } from '../../../src/server/partner-store/index.ts';

const FILE = 'partner-store';

/**
 * The setting the state under persistTo was seeded with; a state seeded before the setting existed
 * was seeded shared.
 * @example readSeededStore('.wrangler/state') // 'shared'
 */
export function readSeededStore(persistTo: string): PartnerStoreMode {
  const file = path.join(persistTo, FILE);
  return existsSync(file) ? partnerStoreMode({ PARTNER_STORE: readFileSync(file, 'utf8').trim() }) : 'shared';
}

/** Records the setting a seed loaded the state with. */
export function writeSeededStore(persistTo: string, mode: PartnerStoreMode): void {
  writeFileSync(path.join(persistTo, FILE), `${mode}\n`);
}
