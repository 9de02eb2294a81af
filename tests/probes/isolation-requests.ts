// Random partner requests that name other users' channels, titles, countries and networks in every
// parameter shape; shared by the in-suite property test and `npm run fuzz:isolation`.
import fc from 'fast-check';
import { BREAKDOWN_METRICS } from '../../src/server/stats/metrics';
import type { UserScope } from './scope-model';

/** How a partner endpoint reads its input. */
type EndpointKind = 'filters' | 'breakdown' | 'channel-title' | 'list';

export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  kind: EndpointKind;
}

/** The month the probes ask statements of: the fuzz world's finance (tests/integration/fuzz/world.ts). */
export const STATEMENT_MONTH = '2026-02';

/** Every signed-in partner endpoint whose answer depends on the caller's scope (each src/server/partner/<page>/routes.ts). */
export const PARTNER_ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/api/stat/dates', kind: 'channel-title' },
  { method: 'POST', path: '/api/stat/forecast', kind: 'channel-title' },
  { method: 'POST', path: '/api/stat/base', kind: 'filters' },
  { method: 'POST', path: '/api/stat/base/subscribers/total', kind: 'filters' },
  { method: 'POST', path: '/api/stat/engagement', kind: 'filters' },
  { method: 'POST', path: '/api/stat/location', kind: 'filters' },
  { method: 'POST', path: '/api/stat/demographics', kind: 'filters' },
  { method: 'POST', path: '/api/stat/traffic', kind: 'filters' },
  { method: 'POST', path: '/api/stat/search-terms', kind: 'filters' },
  // The Earnings card as the account's share (src/server/statements/dashboard-share.ts).
  { method: 'POST', path: '/api/stat/share', kind: 'filters' },
  ...BREAKDOWN_METRICS.map((m): Endpoint => ({ method: 'POST', path: `/api/stat/${m}`, kind: 'breakdown' })),
  { method: 'GET', path: '/api/profile/channels', kind: 'list' },
  { method: 'GET', path: '/api/profile/titles', kind: 'list' },
  { method: 'GET', path: '/api/profile/get', kind: 'list' },
  { method: 'GET', path: '/api/profile/users', kind: 'list' },
  { method: 'GET', path: '/api/analytics/countries', kind: 'list' },
  // Statements (src/server/partner/statements/routes.ts): the account's own, whatever network or user is named.
  { method: 'GET', path: '/api/statements', kind: 'list' },
  { method: 'GET', path: '/api/statements/terms', kind: 'list' },
  { method: 'GET', path: `/api/statements/${STATEMENT_MONTH}`, kind: 'list' },
  { method: 'GET', path: `/api/statements/${STATEMENT_MONTH}/download?format=csv`, kind: 'list' },
];

/** How the parameters travel. Only the JSON shapes can be accepted by the stat calls. */
export const SHAPES = ['json', 'json-duplicates', 'json-duplicate-keys', 'json-comma-strings', 'form', 'multipart', 'query'] as const;
export type Shape = (typeof SHAPES)[number];

export interface ProbeParams {
  channels?: string[];
  titles?: number[];
  countries?: string[];
  /** Other users' networks and ids, under names a careless handler might honour. */
  extra: Array<[string, string | number]>;
  range?: { date_from: string; date_to: string };
  group?: 'channels' | 'titles';
}

export interface ProbeCase {
  endpoint: Endpoint;
  shape: Shape;
  params: ProbeParams;
}

/** A request ready to send: path with query, headers and body. */
export interface ProbeRequest {
  method: string;
  path: string;
  contentType: string | null;
  body: string | FormData | null;
}

/** A channel id and a title id that exist nowhere: the twin request's stand-ins for foreign ones. */
export const PHANTOM_CHANNEL = 'UCphantomphantomphantom0';
export const PHANTOM_TITLE = 2_000_000_000;

/** What the generators may name: the world's keys plus the user's own scope. */
export interface ProbeUniverse {
  channelKeys: string[];
  titleIds: number[];
  networkSlugs: string[];
  userIds: number[];
  countries: string[];
  ranges: Array<{ date_from: string; date_to: string }>;
}

/**
 * Random cases for one user: any endpoint, any shape, parameters drawn from the whole world so that
 * most name something outside the caller's scope.
 * @example fc.sample(probeCaseArb(universe), 10)
 */
export function probeCaseArb(u: ProbeUniverse): fc.Arbitrary<ProbeCase> {
  // A world without titles or networks still yields cases: the stand-ins that exist nowhere.
  const titleIds = u.titleIds.length > 0 ? u.titleIds : [PHANTOM_TITLE];
  const networkSlugs = u.networkSlugs.length > 0 ? u.networkSlugs : ['no-such-network'];
  const someOf = <T>(items: T[]) => fc.array(fc.constantFrom(...items), { maxLength: 6 });
  const extra = fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom('network', 'networks', 'network_mcn', 'mcn'), fc.constantFrom(...networkSlugs)),
      fc.tuple(fc.constantFrom('user_id', 'userId', 'owner_user_id', 'manager_id'), fc.constantFrom(...u.userIds)),
      fc.tuple(
        fc.constantFrom('channel_id', 'channel', 'title_id'),
        fc.oneof(fc.constantFrom(...u.channelKeys), fc.constantFrom(...titleIds)),
      ),
    ),
    { maxLength: 3 },
  );
  const params: fc.Arbitrary<ProbeParams> = fc.record(
    {
      channels: fc.option(someOf([...u.channelKeys, PHANTOM_CHANNEL]), { nil: undefined }),
      titles: fc.option(someOf(titleIds), { nil: undefined }),
      countries: fc.option(someOf(u.countries), { nil: undefined }),
      extra,
      range: fc.option(fc.constantFrom(...u.ranges), { nil: undefined }),
      group: fc.option(fc.constantFrom('channels' as const, 'titles' as const), { nil: undefined }),
    },
    { requiredKeys: ['extra'] },
  );
  return fc.record({ endpoint: fc.constantFrom(...PARTNER_ENDPOINTS), shape: fc.constantFrom(...SHAPES), params });
}

/** The parameters as name/value pairs (lists joined with commas for the comma shape). */
function fields(c: ProbeCase, commas: boolean): Array<[string, unknown]> {
  const p = c.params;
  const list = (v: unknown[] | undefined) => (v === undefined ? undefined : commas ? v.join(',') : v);
  const out: Array<[string, unknown]> = [];
  const push = (k: string, v: unknown) => {
    if (v !== undefined) out.push([k, v]);
  };
  push('channels', list(p.channels));
  push('titles', list(p.titles));
  push('countries', list(p.countries));
  if (p.range) {
    push('date_from', p.range.date_from);
    push('date_to', p.range.date_to);
  }
  if (c.endpoint.kind === 'breakdown') push('group', p.group);
  for (const [k, v] of p.extra) push(k, v);
  return out;
}

/** Flat string pairs for form, multipart and query shapes; lists repeat their key. */
function pairs(c: ProbeCase): Array<[string, string]> {
  return fields(c, false).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, String(x)]) : [[k, String(v)]]));
}

/**
 * The HTTP request of a case.
 * @example const req = renderCase(c)
 */
export function renderCase(c: ProbeCase): ProbeRequest {
  const { method, path } = c.endpoint;
  const shape = method === 'GET' ? 'query' : c.shape;
  if (shape === 'query') {
    const query = new URLSearchParams(pairs(c)).toString();
    const joined = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
    return { method, path: joined, contentType: null, body: method === 'POST' ? '' : null };
  }
  if (shape === 'form')
    return { method, path, contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(pairs(c)).toString() };
  if (shape === 'multipart') {
    const form = new FormData();
    for (const [k, v] of pairs(c)) form.append(k, v);
    return { method, path, contentType: null, body: form };
  }
  const entries = fields(c, shape === 'json-comma-strings');
  if (shape === 'json-duplicates') {
    const doubled = entries.map(([k, v]): [string, unknown] => [k, Array.isArray(v) ? [...v, ...v] : v]);
    return { method, path, contentType: 'application/json', body: JSON.stringify(Object.fromEntries(doubled)) };
  }
  if (shape === 'json-duplicate-keys') {
    // Raw JSON with every key twice, an empty list first: JSON.parse keeps the last, and so must every reader.
    const text = entries
      .flatMap(([k, v]) => [
        `${JSON.stringify(k)}:${JSON.stringify(Array.isArray(v) ? [] : v)}`,
        `${JSON.stringify(k)}:${JSON.stringify(v)}`,
      ])
      .join(',');
    return { method, path, contentType: 'application/json', body: `{${text}}` };
  }
  return { method, path, contentType: 'application/json', body: JSON.stringify(Object.fromEntries(entries)) };
}

/** True when the case's answer can be compared with its twin: a JSON body the stat calls accept. */
export function hasTwin(c: ProbeCase): boolean {
  return c.endpoint.method === 'POST' && (c.shape === 'json' || c.shape === 'json-duplicates' || c.shape === 'json-duplicate-keys');
}

/**
 * The same case with every channel and title outside the scope replaced by ones that exist nowhere.
 * Without a leak, both must answer the same.
 */
export function twinOf(c: ProbeCase, scope: UserScope): ProbeCase {
  const p = c.params;
  const channels = p.channels?.map((k) => (scope.channelKeys.has(k) ? k : PHANTOM_CHANNEL));
  const titles = p.titles?.map((t) => (scope.titleIds.has(t) ? t : PHANTOM_TITLE));
  return { ...c, params: { ...p, channels, titles } };
}
