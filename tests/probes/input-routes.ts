// Every route that reads input, with the zod schema it parses and a body it would accept; the input
// probes corrupt these bodies field by field.
import type * as z from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailSchema,
  keySchema,
  keyedPasswordSchema,
  loginSchema,
} from '../../src/server/auth/schemas';
import { channelParamsSchema, channelPeriodParamsSchema } from '../../src/server/public/channel/lookup';
import { globalFilterSchema } from '../../src/server/public/global/filters';
import { networkChannelsSchema, topChannelsSchema, topNetworksSchema } from '../../src/server/public/rankings/query';
import { searchSchema } from '../../src/server/public/search/filters';
import { strSchema, userSearchSchema } from '../../src/server/public/search/lookup';
import { trendChannelSchema, trendVideoSchema, trendsMainSchema } from '../../src/server/public/trend-params';
import { illegalChartSchema, illegalTableSchema } from '../../src/server/partner/illegal/schema';
import { profileVideosSchema } from '../../src/server/partner/profile/property-schema';
import { grantSchema, inviteSchema, networkSchema, supportFlagSchema } from '../../src/server/admin/routes';
import { replySchema } from '../../src/server/partner/support/routes';
import { detailsGraphSchema, detailsMapSchema, detailsSchema, detailsTableSchema } from '../../src/server/stats/details/schema';
import { analyticsSchema } from '../../src/server/stats/extended/schema';
import { ticketSchema } from '../../src/server/partner/support/ticket-form';
import { BREAKDOWN_METRICS } from '../../src/server/stats/metrics';
import { breakdownSchema, channelTitleSchema, statFiltersSchema } from '../../src/server/stats/schema';
import { profileUpdateSchema } from '../../src/server/users/profile-schema';
import { CONSOLE_BODY_ROUTES } from './console-input-routes';
import { UNKNOWN_EMAIL } from './probe-values';

/**
 * Who sends a route's probes: the probe user's session, the admin token, nobody, or a staff session (the
 * operator console's calls; the live run, `npm run fuzz:input`, sends the probe user's, which the console refuses).
 */
export type Auth = 'user' | 'admin' | 'staff' | 'none';

/** A JSON route: its schema decides whether a body must be refused. */
export interface BodyRoute {
  kind: 'body';
  path: string;
  schema: z.ZodType;
  auth: Auth;
  /**
   * The route reads multipart/form-data (its schema checks the text fields; `fileField` names the file
   * part), so any other body is refused.
   */
  multipart?: { fileField: string };
  /** Tables an accepted call may write; empty for reads. */
  writes: readonly string[];
  base: Record<string, unknown>;
}

/** A public statistics call: query (or form) parameters read by parseParams. */
export interface ParamsRoute {
  kind: 'params';
  method: 'GET' | 'POST';
  /** The compatibility path under /youtube/api. */
  call: string;
  schema: z.ZodObject;
  base: Record<string, string>;
}

/** Two passwords that differ, so no probe can change a password by chance (and end the probe's sessions). */
const PASSWORDS = { password1: 'Fuzzprobe11', password2: 'Fuzzprobe22' };
const KEY = 'k'.repeat(43);
/** Not the probe user's password: a change that passes validation is refused by the password check. */
const WRONG_CURRENT = 'not-the-password-1';
const RANGE = { date_from: '2026-02-01', date_to: '2026-02-28' };

export const BODY_ROUTES: readonly BodyRoute[] = [
  {
    kind: 'body',
    path: '/api/auth/login',
    schema: loginSchema,
    auth: 'none',
    // A new browser's right password while the account is under attack mails a sign-in link.
    writes: ['sessions', 'rate_limit_hits', 'known_devices', 'users', 'one_time_tokens', 'mail_outbox'],
    base: { login: UNKNOWN_EMAIL, password: 'not-the-password-1' },
  },
  {
    kind: 'body',
    path: '/api/auth/sign-in-link',
    schema: keySchema,
    auth: 'none',
    writes: ['sessions', 'known_devices', 'one_time_tokens'],
    base: { key: KEY },
  },
  {
    kind: 'body',
    path: '/api/invite/confirm',
    schema: keyedPasswordSchema,
    auth: 'none',
    writes: ['users', 'sessions', 'one_time_tokens'],
    base: { key: KEY, ...PASSWORDS },
  },
  {
    kind: 'body',
    path: '/api/profile/update',
    schema: profileUpdateSchema,
    auth: 'user',
    writes: ['users'],
    base: { user_name: 'Probe Person', phone: '+1 555 010 2030' },
  },
  {
    kind: 'body',
    path: '/api/profile/change_password',
    schema: changePasswordSchema,
    auth: 'user',
    writes: ['users', 'sessions'],
    base: { current_password: WRONG_CURRENT, ...PASSWORDS },
  },
  {
    kind: 'body',
    path: '/api/profile/change_email',
    schema: changeEmailSchema,
    auth: 'user',
    writes: ['users', 'one_time_tokens', 'mail_outbox'],
    base: { email: 'probe-new@example.com', current_password: WRONG_CURRENT },
  },
  {
    kind: 'body',
    path: '/api/profile/change_email/confirm',
    schema: keySchema,
    auth: 'none',
    writes: ['users', 'one_time_tokens'],
    base: { key: KEY },
  },
  {
    kind: 'body',
    path: '/api/profile/reset_password',
    schema: emailSchema,
    auth: 'none',
    writes: ['one_time_tokens', 'mail_outbox'],
    base: { email: UNKNOWN_EMAIL },
  },
  {
    kind: 'body',
    path: '/api/profile/reset_password/confirm',
    schema: keyedPasswordSchema,
    auth: 'none',
    writes: ['users', 'sessions', 'one_time_tokens'],
    base: { key: KEY, ...PASSWORDS },
  },
  {
    kind: 'body',
    path: '/api/admin/grants',
    schema: grantSchema,
    auth: 'admin',
    writes: ['channel_grants', 'network_grants'],
    base: { email: UNKNOWN_EMAIL, target: 'UCxxxxxxxxxxxxxxxxxxxxxx' },
  },
  {
    kind: 'body',
    path: '/api/admin/grants/revoke',
    schema: grantSchema,
    auth: 'admin',
    writes: ['channel_grants', 'network_grants'],
    base: { email: UNKNOWN_EMAIL, target: 'no-such-network' },
  },
  {
    kind: 'body',
    path: '/api/admin/networks',
    schema: networkSchema,
    auth: 'admin',
    writes: ['networks', 'users'],
    base: { slug: 'probe-net', name: 'Probe Net', owner_email: UNKNOWN_EMAIL },
  },
  {
    kind: 'body',
    path: '/api/admin/users/invite',
    schema: inviteSchema,
    auth: 'admin',
    writes: ['users', 'one_time_tokens', 'mail_outbox'],
    base: { email: 'probe-invite@example.com', user_name: 'Probe Invite' },
  },
  { kind: 'body', path: '/api/stat/dates', schema: channelTitleSchema, auth: 'user', writes: [], base: { channels: ['ugc'], titles: [1] } },
  { kind: 'body', path: '/api/stat/forecast', schema: channelTitleSchema, auth: 'user', writes: [], base: { channels: ['ugc'] } },
  ...['base', 'base/subscribers/total', 'engagement', 'location', 'demographics', 'share', 'search-terms'].map((p): BodyRoute => ({
    kind: 'body',
    path: `/api/stat/${p}`,
    schema: statFiltersSchema,
    auth: 'user',
    writes: [],
    base: { ...RANGE, channels: ['ugc'], type_video: 'all', chart_period: 'days' },
  })),
  ...BREAKDOWN_METRICS.map((m): BodyRoute => ({
    kind: 'body',
    path: `/api/stat/${m}`,
    schema: breakdownSchema,
    auth: 'user',
    writes: [],
    base: { ...RANGE, group: 'channels', countries: ['US'] },
  })),
  ...(
    [
      ['', detailsTableSchema],
      ['/total', detailsSchema],
      ['/finance', detailsSchema],
      ['/audience', detailsSchema],
      ['/graph', detailsGraphSchema],
      ['/map', detailsMapSchema],
      ['/search-terms', detailsSchema],
    ] as const
  ).map(([p, schema]): BodyRoute => ({
    kind: 'body',
    path: `/api/stat/details${p}`,
    schema,
    auth: 'user',
    writes: [],
    base: { ...RANGE, top_field: 'views', group: 'channels', channels: ['ugc'] },
  })),
  // The probe user is no analytics user: every call is a 403, which must still never be a 5xx.
  { kind: 'body', path: '/api/stat/extended', schema: analyticsSchema, auth: 'user', writes: [], base: { ...RANGE, group: 'titles' } },
  { kind: 'body', path: '/api/profile/videos', schema: profileVideosSchema, auth: 'user', writes: [], base: { ...RANGE, per_page: 25 } },
  {
    kind: 'body',
    path: '/api/illegal/table',
    schema: illegalTableSchema,
    auth: 'user',
    writes: [],
    base: { ...RANGE, group_by: 'channel', sort: 'earnings', order: 'desc', page: 1 },
  },
  {
    kind: 'body',
    path: '/api/illegal/chart',
    schema: illegalChartSchema,
    auth: 'user',
    writes: [],
    base: { ...RANGE, group_by: 'earns', breakdown: 'country', summary: false },
  },
  {
    kind: 'body',
    path: '/api/create_ticket',
    schema: ticketSchema,
    auth: 'user',
    multipart: { fileField: 'file' },
    writes: ['support_tickets', 'mail_outbox'],
    base: { email: 'probe-ticket@example.com', subject: 'Probe', description: 'A probe ticket.' },
  },
  // The probe user has no support flag: the inbox answers 403, checked before the body is read.
  {
    kind: 'body',
    path: '/api/support/tickets/1/reply',
    schema: replySchema,
    auth: 'user',
    writes: ['support_replies', 'support_tickets', 'mail_outbox'],
    base: { text: 'A probe reply.' },
  },
  {
    kind: 'body',
    path: '/api/admin/users/support',
    schema: supportFlagSchema,
    auth: 'admin',
    writes: ['users'],
    base: { email: UNKNOWN_EMAIL, support: true },
  },
  ...CONSOLE_BODY_ROUTES,
  // Not probed: POST /api/admin/rollups, whose one field (rebuild) would rebuild every rollup per case.
];

const UC = 'UCxxxxxxxxxxxxxxxxxxxxxx';

export const PARAMS_ROUTES: readonly ParamsRoute[] = [
  { kind: 'params', method: 'GET', call: '/stat/get_top_channels', schema: topChannelsSchema, base: { period: 'now', limit: '10' } },
  { kind: 'params', method: 'GET', call: '/stat/get_top_networks', schema: topNetworksSchema, base: { period: 'now' } },
  {
    kind: 'params',
    method: 'GET',
    call: '/stat/get_channels_top_by_mcn',
    schema: networkChannelsSchema,
    base: { network_mcn: 'probe-net' },
  },
  ...[
    'get_diff_report',
    'get_main_graph',
    'get_country_reports',
    'get_category_reports',
    'get_language_reports',
    'top_random_channels',
    'get_global_top_channels',
    'get_global_top_networks',
  ].map((p): ParamsRoute => ({
    kind: 'params',
    method: 'GET',
    call: `/stat/${p}`,
    schema: globalFilterSchema,
    base: { period: 'now', lang: 'en' },
  })),
  { kind: 'params', method: 'GET', call: '/stat/channel_info', schema: channelPeriodParamsSchema, base: { channel_id: UC, period: 'now' } },
  {
    kind: 'params',
    method: 'GET',
    call: '/stat/get_daily_data',
    schema: channelPeriodParamsSchema,
    base: { channel_id: UC, period: 'now' },
  },
  { kind: 'params', method: 'GET', call: '/stat/archive', schema: channelParamsSchema, base: { channel_id: UC } },
  { kind: 'params', method: 'GET', call: '/stat/similar_channels', schema: channelParamsSchema, base: { channel_id: UC } },
  { kind: 'params', method: 'GET', call: '/trends/main', schema: trendsMainSchema, base: { country: 'US' } },
  { kind: 'params', method: 'GET', call: '/trends/video', schema: trendVideoSchema, base: { video_id: 'abcdefghijk' } },
  { kind: 'params', method: 'GET', call: '/trends/channel', schema: trendChannelSchema, base: { channel_id: UC } },
  { kind: 'params', method: 'GET', call: '/stat/user_search', schema: userSearchSchema, base: { str: 'music' } },
  { kind: 'params', method: 'GET', call: '/tools/get_tags', schema: strSchema, base: { str: 'music' } },
  { kind: 'params', method: 'GET', call: '/trends/search', schema: strSchema, base: { str: 'music' } },
  { kind: 'params', method: 'POST', call: '/stat/search', schema: searchSchema, base: { form_str: 'music', count: '10' } },
];
