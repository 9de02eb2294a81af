// What a production deploy still lacks in wrangler.toml (and, given the list, in the Worker's secrets): each
// finding names the setting and what to do, so `check-deploy` reads as the deploy guide's checklist (docs/deploy.md).
import type { Unstable_RawConfig } from 'wrangler';

export type FindingLevel = 'error' | 'warning';

export interface Finding {
  level: FindingLevel;
  /** What is wrong, naming the setting. */
  what: string;
  /** What to do about it: a command or the line to change. */
  todo: string;
}

/**
 * CPU of one sign-in's argon2id check (m = 19 MiB, t = 2): ≈ 70 ms in workerd (README, "Accounts and security");
 * 54–67 ms in Node's V8 on the same Wasm (docs/deploy.md, "Plan"). Workers Free allows 10 ms a request.
 */
export const SIGN_IN_CPU_MS = 70;
/**
 * The CPU a report load step is given unless [limits] says otherwise, and what the default piece size was chosen
 * for: one 32 MiB piece took 4.4 s to load and 9.2 s to stage on a 2-core machine (docs/scale.md).
 */
export const DEFAULT_CPU_MS = 30_000;
/** Cloudflare's ceiling for [limits] cpu_ms on Workers Paid (5 minutes). */
export const MAX_CPU_MS = 300_000;
/** The piece size DEFAULT_CPU_MS was chosen for (REPORT_PIECE_BYTES, src/server/google/settings.ts). */
export const DEFAULT_PIECE_BYTES = 32 * 1024 * 1024;

/** Bindings the Worker reads (src/server/env.ts), by kind as wrangler.toml declares them. */
export const REQUIRED_BINDINGS = {
  d1: ['DB'],
  kv: ['KV', 'SESSION'],
  r2: ['FILES', 'REPORTS'],
  durableObjects: ['NETWORK_STORE'],
  workflows: ['REPORT_LOADS', 'ARCHIVE_LOADS'],
} as const;

/** Secrets and what is off without them; `required` ones stop an install from being run at all. */
export const SECRETS: ReadonlyArray<{ name: string; required: boolean; without: string }> = [
  { name: 'ADMIN_TOKEN', required: true, without: 'the admin API answers 403, so no first admin can be created' },
  { name: 'GOOGLE_CLIENT_ID', required: false, without: 'no YouTube account can be connected and the hourly sync pulls no reports' },
  { name: 'GOOGLE_CLIENT_SECRET', required: false, without: 'no YouTube account can be connected and the hourly sync pulls no reports' },
  { name: 'CONNECTIONS_KEY', required: false, without: 'connected YouTube accounts cannot have their tokens stored encrypted' },
  { name: 'YOUTUBE_API_KEY', required: false, without: 'the public pages get no channel snapshots, trends or search from the Data API' },
];

/** Names that must never sit in [vars], where they would be stored and shown in plain text. */
const SECRET_NAMES = ['ADMIN_TOKEN', 'MAIL_API_KEY', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN', 'CONNECTIONS_KEY', 'YOUTUBE_API_KEY'];

/** The ids wrangler.toml ships with: zeros, the second KV namespace ending in 1. */
const PLACEHOLDER_ID = /^[0-]+[0-9]?$/;
/** The example domain the shipped settings use. */
const EXAMPLE_DOMAIN = /viewdeck\.example/i;

const error = (what: string, todo: string): Finding => ({ level: 'error', what, todo });
const warning = (what: string, todo: string): Finding => ({ level: 'warning', what, todo });

function vars(config: Unstable_RawConfig): Record<string, unknown> {
  return (config.vars ?? {}) as Record<string, unknown>;
}

function varText(config: Unstable_RawConfig, name: string): string | undefined {
  const value = vars(config)[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function placeholderIds(config: Unstable_RawConfig): Finding[] {
  const found: Finding[] = [];
  for (const db of config.d1_databases ?? [])
    if (!db.database_id || PLACEHOLDER_ID.test(db.database_id))
      found.push(
        error(
          `D1 ${db.binding}: database_id is the placeholder "${db.database_id ?? ''}"`,
          `run \`npx wrangler d1 create ${db.database_name ?? 'viewdeck'}\` and paste the database_id it prints into [[d1_databases]]`,
        ),
      );
  for (const kv of config.kv_namespaces ?? [])
    if (!kv.id || PLACEHOLDER_ID.test(kv.id))
      found.push(
        error(
          `KV ${kv.binding}: id is the placeholder "${kv.id ?? ''}"`,
          `run \`npx wrangler kv namespace create ${kv.binding}\` and paste the id it prints into the [[kv_namespaces]] block of ${kv.binding}`,
        ),
      );
  return found;
}

function missingBindings(config: Unstable_RawConfig): Finding[] {
  const declared = {
    d1: (config.d1_databases ?? []).map((b) => b.binding),
    kv: (config.kv_namespaces ?? []).map((b) => b.binding),
    r2: (config.r2_buckets ?? []).map((b) => b.binding),
    durableObjects: (config.durable_objects?.bindings ?? []).map((b) => b.name),
    workflows: (config.workflows ?? []).map((b) => b.binding),
  };
  const found: Finding[] = [];
  for (const [kind, names] of Object.entries(REQUIRED_BINDINGS) as Array<[keyof typeof REQUIRED_BINDINGS, readonly string[]]>)
    for (const name of names)
      if (!declared[kind].includes(name))
        found.push(
          error(`binding ${name} is missing`, `restore its block from the repository's wrangler.toml (docs/deploy.md lists each)`),
        );
  const sqliteClasses = (config.migrations ?? []).flatMap((m) => m.new_sqlite_classes ?? []);
  for (const binding of config.durable_objects?.bindings ?? [])
    if (!sqliteClasses.includes(binding.class_name))
      found.push(
        error(
          `Durable Object ${binding.class_name} is not declared in a [[migrations]] new_sqlite_classes`,
          'keep the `[[migrations]] tag = "v1" new_sqlite_classes = ["NetworkStore"]` block: network stores need SQLite storage, which a class cannot gain after its first deploy',
        ),
      );
  return found;
}

function settings(config: Unstable_RawConfig): Finding[] {
  const found: Finding[] = [];
  const appEnv = varText(config, 'APP_ENV') ?? 'production';
  if (appEnv !== 'production')
    found.push(
      error(`APP_ENV is "${appEnv}"`, 'set APP_ENV = "production" in [vars]: other values mail nothing and serve /dev/outbox to anyone'),
    );
  const publicUrl = varText(config, 'PUBLIC_URL');
  if (!publicUrl)
    found.push(
      error(
        'PUBLIC_URL is not set: a production Worker answers every request with a 500 until it is',
        'set PUBLIC_URL = "https://<your domain>" in [vars], the address people open (links in e-mails start with it)',
      ),
    );
  else if (!publicUrl.startsWith('https://'))
    found.push(error(`PUBLIC_URL "${publicUrl}" is not https`, 'use the https:// address: sessions use Secure cookies outside localhost'));
  else if (EXAMPLE_DOMAIN.test(publicUrl)) found.push(error(`PUBLIC_URL is the example "${publicUrl}"`, 'set it to your own domain'));
  if (!varText(config, 'MAIL_API_URL'))
    found.push(
      warning(
        'MAIL_API_URL is not set: no e-mail is sent (invites, resets, support)',
        'mail is optional: `npm run admin -- create-admin <email> --remote <url>` prints a one-time link; to send mail set MAIL_API_URL in [vars] and `npx wrangler secret put MAIL_API_KEY`',
      ),
    );
  for (const name of ['MAIL_FROM', 'SUPPORT_EMAIL'])
    if (EXAMPLE_DOMAIN.test(varText(config, name) ?? 'viewdeck.example'))
      found.push(warning(`${name} is still the example address`, `set ${name} in [vars] to an address of your domain`));
  for (const name of SECRET_NAMES)
    if (varText(config, name))
      found.push(
        error(
          `${name} is in [vars], stored and shown in plain text`,
          `remove it from wrangler.toml and run \`npx wrangler secret put ${name}\``,
        ),
      );
  if ((config.triggers?.crons ?? []).length === 0)
    found.push(warning('no [triggers] crons: the hourly sync with YouTube never runs', 'keep crons = ["5 * * * *"] in [triggers]'));
  return found;
}

/** Routes or custom domains, in either of wrangler's spellings. */
function hasRoute(config: Unstable_RawConfig): boolean {
  return (config.routes ?? []).length > 0 || config.route !== undefined;
}

function domain(config: Unstable_RawConfig): Finding[] {
  if (hasRoute(config)) return [];
  return [
    warning(
      'no custom domain or route: the Worker is reached only on *.workers.dev, where the edge page cache (caches.default) does nothing',
      'add `routes = [{ pattern = "stats.example.com", custom_domain = true }]` near the top of wrangler.toml (before the first [section]), with a domain on your Cloudflare account (docs/deploy.md, "A custom domain")',
    ),
  ];
}

/** The CPU a load step needs at the configured piece size, scaled from the measured default. */
export function loadStepCpuNeed(pieceBytes: number): number {
  return Math.max(DEFAULT_CPU_MS, Math.ceil((DEFAULT_CPU_MS * pieceBytes) / DEFAULT_PIECE_BYTES));
}

function cpuLimits(config: Unstable_RawConfig): Finding[] {
  const cpuMs = config.limits?.cpu_ms;
  const pieceBytes = Number(varText(config, 'REPORT_PIECE_BYTES') ?? DEFAULT_PIECE_BYTES);
  const need = loadStepCpuNeed(Number.isFinite(pieceBytes) ? pieceBytes : DEFAULT_PIECE_BYTES);
  if (cpuMs === undefined)
    return need > DEFAULT_CPU_MS
      ? [
          error(
            `REPORT_PIECE_BYTES ${pieceBytes} needs about ${need} ms of CPU a load step`,
            `set [limits] cpu_ms = ${need}, or lower REPORT_PIECE_BYTES`,
          ),
        ]
      : [];
  if (cpuMs > MAX_CPU_MS)
    return [error(`[limits] cpu_ms = ${cpuMs} is above Cloudflare's ceiling of ${MAX_CPU_MS}`, `set it to ${MAX_CPU_MS} at most`)];
  if (cpuMs < SIGN_IN_CPU_MS * 2)
    return [
      error(
        `[limits] cpu_ms = ${cpuMs}: one sign-in's password check takes about ${SIGN_IN_CPU_MS} ms of CPU`,
        `raise it to at least ${need} (a report load step needs that much) or remove it (${DEFAULT_CPU_MS} by default)`,
      ),
    ];
  if (cpuMs < need)
    return [
      error(
        `[limits] cpu_ms = ${cpuMs} is below what a report load step needs (${need} ms at REPORT_PIECE_BYTES ${pieceBytes}; one 32 MiB piece measured 4.4–9.2 s)`,
        `raise it to ${need} or remove it (${DEFAULT_CPU_MS} by default); a step cut off is retried and fails again`,
      ),
    ];
  return [];
}

function secrets(config: Unstable_RawConfig, secretNames: readonly string[]): Finding[] {
  const found: Finding[] = [];
  for (const secret of SECRETS)
    if (!secretNames.includes(secret.name))
      found.push(
        (secret.required ? error : warning)(
          `secret ${secret.name} is not set: ${secret.without}`,
          `npx wrangler secret put ${secret.name}${secret.name === 'CONNECTIONS_KEY' ? '   (value: openssl rand -base64 32)' : ''}`,
        ),
      );
  if (varText(config, 'MAIL_API_URL') && !secretNames.includes('MAIL_API_KEY'))
    found.push(error('MAIL_API_URL is set but secret MAIL_API_KEY is not: every e-mail fails', 'npx wrangler secret put MAIL_API_KEY'));
  return found;
}

/**
 * Everything a production deploy of this config lacks, errors first. Secrets are checked only when their
 * names are given (`wrangler secret list` shows names, never values).
 * @example const findings = configFindings(rawConfig, ['ADMIN_TOKEN'])
 */
export function configFindings(config: Unstable_RawConfig, secretNames?: readonly string[]): Finding[] {
  const all = [
    ...placeholderIds(config),
    ...missingBindings(config),
    ...settings(config),
    ...cpuLimits(config),
    ...domain(config),
    ...(secretNames ? secrets(config, secretNames) : []),
  ];
  return [...all.filter((f) => f.level === 'error'), ...all.filter((f) => f.level === 'warning')];
}

/**
 * The secret names in `wrangler secret list` output (JSON: [{"name": …, "type": "secret_text"}], a banner above it
 * allowed) or in a plain list, one name a line. Throws naming the problem when it is neither.
 * @example secretNamesFrom('[{"name":"ADMIN_TOKEN","type":"secret_text"}]') // ['ADMIN_TOKEN']
 */
export function secretNamesFrom(text: string): string[] {
  const trimmed = text.trim();
  // wrangler may print its banner above the JSON: the list starts at the first line opening with "[".
  const jsonStart = trimmed.search(/^\[/m);
  if (jsonStart >= 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed.slice(jsonStart));
    } catch {
      throw new Error('the secrets file starts like JSON but is not: save the output of `npx wrangler secret list` as it is');
    }
    if (
      !Array.isArray(parsed) ||
      !parsed.every((s) => typeof s === 'object' && s !== null && typeof (s as { name?: unknown }).name === 'string')
    )
      throw new Error('the secrets file is JSON but not a list of {"name": …}: save the output of `npx wrangler secret list`');
    return parsed.map((s: { name: string }) => s.name);
  }
  const names = trimmed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const bad = names.find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  if (bad !== undefined) throw new Error(`the secrets file has "${bad}", not a secret name: one name a line, or wrangler's JSON`);
  return names;
}
