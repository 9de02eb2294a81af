// Helpers for the importer's tests: files from text, networks, channels, whole-database snapshots.
import { env } from 'cloudflare:test';
import { importTarget } from '../../../src/server/ingest/import-target';
import { importFiles, importSplit } from '../../../src/server/ingest/load/import-files';
import type { ImportFile, ImportOptions, ImportSummary } from '../../../src/server/ingest/load/files';

/** Pinned clock: 2026-03-02 00:00:00 UTC. */
export const NOW = 1_772_409_600;
export const HOUR = 3600;

export const encode = (text: string) => new TextEncoder().encode(text);

/**
 * A file as the tests give it: name, content and, when YouTube's issue time matters (a re-issue of
 * slices another file holds), that time in unix seconds, stated as an operator's --issued would.
 */
export type GivenFile = readonly [string, string | Uint8Array] | readonly [string, string | Uint8Array, number];

function importFile([name, content, issuedAt]: GivenFile): ImportFile {
  const bytes = typeof content === 'string' ? encode(content) : content;
  return issuedAt === undefined ? { name, bytes } : { name, bytes, issued: { at: issuedAt, from: 'operator' } };
}

/** importFiles on [name, content, issued?] files with the pinned clock. */
export function load(files: readonly GivenFile[], options: ImportOptions = {}): Promise<ImportSummary> {
  return importFiles(env.DB, files.map(importFile), { now: NOW, ...options });
}

/**
 * load() into the install as the admin upload writes it: on a split install (PARTNER_STORE=objects) a
 * network's files go to its store. For tests that read the result through the app; the importer's own
 * tests read its tables and use load(), the unsplit importer (the split one has tests/objects/import-split).
 */
export async function loadInstall(files: readonly GivenFile[], options: ImportOptions = {}): Promise<ImportSummary> {
  const { storeOf } = importTarget(env);
  return (await importSplit(env.DB, storeOf ?? null, files.map(importFile), { now: NOW, ...options })).summary;
}

/** SHA-256 of a text as lowercase hex (what report_files and report_refusals key content by), from WebCrypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([encode(text)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

export async function one<T>(sql: string, ...params: unknown[]): Promise<T> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
  if (row === null) throw new Error(`no row: ${sql}`);
  return row;
}

let networks = 0;

/** A partner network, optionally with its CMS content owner id. */
export async function createNetwork(contentOwnerId: string | null = null): Promise<number> {
  networks += 1;
  const row = await one<{ id: number }>(
    `INSERT INTO networks (slug, name, content_owner_id, is_partner, created_at) VALUES (?, ?, ?, 1, ?) RETURNING id`,
    `net-${networks}`,
    `Network ${networks}`,
    contentOwnerId,
    NOW,
  );
  return row.id;
}

/** channels.id of a YouTube channel id. */
export async function channelIdOf(youtubeId: string): Promise<number> {
  return (await one<{ id: number }>('SELECT id FROM channels WHERE youtube_id = ?', youtubeId)).id;
}

/** Every row of every table (reference tables included), rows sorted, for before/after comparisons. */
export async function snapshotDatabase(): Promise<Record<string, string[]>> {
  const tables = await all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) out[name] = (await all<unknown>(`SELECT * FROM "${name}"`)).map((r) => JSON.stringify(r)).sort();
  return out;
}

/** A USD amount as written in a report to micro-USD, by splitting the decimal text (half away from zero). */
export function microsOf(text: string): number {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const digits = `${fraction}0000000`;
  const value = Number(whole) * 1_000_000 + Number(digits.slice(0, 6)) + (Number(digits[6]) >= 5 ? 1 : 0);
  return text.startsWith('-') ? -value : value;
}

/** 20260301 or 2026-03-01 -> 2026-03-01. */
export const isoDay = (raw: string) => (raw.includes('-') ? raw : `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6)}`);

/**
 * A small quote-aware CSV reader of our own (titles hold commas), so expectations do not come from
 * the parser under test. Returns rows as objects keyed by header name; `skip` drops leading lines.
 */
export function readCsvRecords(text: string, skip = 0): Array<Record<string, string>> {
  const rows: string[][] = [[]];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      rows.at(-1)?.push(field);
      field = '';
    } else if (c === '\n') {
      rows.at(-1)?.push(field);
      field = '';
      rows.push([]);
    } else if (c !== '\r') field += c;
  }
  if (field !== '') rows.at(-1)?.push(field);
  const [header = [], ...body] = rows.slice(skip).filter((r) => r.length > 1);
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
