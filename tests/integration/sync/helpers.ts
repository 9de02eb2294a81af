// Sync tests' helpers: a namespace on the fake Google server, bindings pointing at it, seed rows, reads.
import { env } from 'cloudflare:test';
import { inject, vi } from 'vitest';
import type { Bindings } from '../../../src/server/env';
import { FAKE_CREDENTIALS } from './fake/credentials';
import type { LoggedRequest, Scenario } from './fake/state';

export interface FakeGoogle {
  /** Settings that point the sync at this namespace. */
  urls: Pick<Bindings, 'GOOGLE_OAUTH_TOKEN_URL' | 'YOUTUBE_REPORTING_URL' | 'YOUTUBE_DATA_URL' | 'YOUTUBE_ANALYTICS_URL'>;
  /** Replaces what Google holds (jobs created through the API stay). */
  setup(scenario: Scenario): Promise<void>;
  /** Every API request the namespace received, oldest first. */
  requests(): Promise<LoggedRequest[]>;
}

/**
 * A fresh namespace on the fake Google server (started by global-setup.ts).
 * @example const google = await fakeGoogle({ analyticsChannels: ['UC…'] })
 */
export async function fakeGoogle(scenario: Scenario = {}): Promise<FakeGoogle> {
  // Random: test files run in separate module instances, and workerd's clock stands still between I/O.
  const base = `${inject('fakeGoogleUrl')}/t/${crypto.randomUUID()}`;
  const fake: FakeGoogle = {
    urls: {
      GOOGLE_OAUTH_TOKEN_URL: `${base}/token`,
      YOUTUBE_REPORTING_URL: `${base}/reporting/v1`,
      YOUTUBE_DATA_URL: `${base}/data/v3`,
      YOUTUBE_ANALYTICS_URL: `${base}/analytics/v2`,
    },
    async setup(s) {
      const res = await fetch(`${base}/__setup`, { method: 'POST', body: JSON.stringify(s) });
      if (!res.ok) throw new Error(`fake setup failed: ${res.status}`);
    },
    async requests() {
      return (await (await fetch(`${base}/__requests`)).json()) as LoggedRequest[];
    },
  };
  await fake.setup(scenario);
  return fake;
}

/** A fixture's text as the fake serves it (the workerd tests cannot read files themselves). */
export async function fixtureText(ref: string): Promise<string> {
  const res = await fetch(`${inject('fakeGoogleUrl')}/__fixture?ref=${encodeURIComponent(ref)}`);
  if (!res.ok) throw new Error(`no fixture ${ref}`);
  return res.text();
}

type Credential = 'oauth' | 'apiKey';

/** The test bindings with the fake's URLs, the chosen credentials and any other settings. */
export function syncBindings(google: FakeGoogle, credentials: Credential[], settings: Partial<Bindings> = {}): Bindings {
  const oauth = credentials.includes('oauth')
    ? {
        GOOGLE_CLIENT_ID: FAKE_CREDENTIALS.GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: FAKE_CREDENTIALS.GOOGLE_CLIENT_SECRET,
        GOOGLE_REFRESH_TOKEN: FAKE_CREDENTIALS.GOOGLE_REFRESH_TOKEN,
      }
    : {};
  const key = credentials.includes('apiKey') ? { YOUTUBE_API_KEY: FAKE_CREDENTIALS.YOUTUBE_API_KEY } : {};
  return { ...env, ...google.urls, ...oauth, ...key, ...settings };
}

const NOW_SECONDS = () => Math.floor(Date.now() / 1000);

/** Inserts a network; returns its id. */
export async function createNetwork(slug: string, options: { contentOwnerId?: string; isPartner?: boolean } = {}): Promise<number> {
  const row = await env.DB.prepare(
    'INSERT INTO networks (slug, name, content_owner_id, is_partner, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(slug, slug, options.contentOwnerId ?? null, options.isPartner === false ? 0 : 1, NOW_SECONDS())
    .first<{ id: number }>();
  if (!row) throw new Error('network insert returned no id');
  return row.id;
}

/** Inserts a channel; returns its id. */
export async function createChannel(youtubeId: string, options: { networkId?: number; title?: string } = {}): Promise<number> {
  const row = await env.DB.prepare('INSERT INTO channels (youtube_id, title, network_id, created_at) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(youtubeId, options.title ?? youtubeId, options.networkId ?? null, NOW_SECONDS())
    .first<{ id: number }>();
  if (!row) throw new Error('channel insert returned no id');
  return row.id;
}

/** All rows of a query. */
export async function rows<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

/** The Data API calls among the logged requests, by resource ('videos', 'search' ...). */
export function dataCalls(requests: LoggedRequest[], resource?: string): LoggedRequest[] {
  return requests.filter((r) => r.path.startsWith('/data/v3/') && (resource === undefined || r.path === `/data/v3/${resource}`));
}

/** Keeps the sync's info lines out of the test output (warnings still show). */
export function quietInfo(): void {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
}
