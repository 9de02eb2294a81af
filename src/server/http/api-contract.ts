// Compile-time proof that the server keeps the API contract of src/lib/api/calls.ts: every call there
// is a route of AppType answering { data: <the declared answer> }, and every request schema accepts
// exactly the declared body. Types only: nothing here runs. A drift fails `tsc` on the line below that
// names the path or schema.
import type * as z from 'zod';
import type { ExtractSchema } from 'hono/types';
import type { JSONParsed } from 'hono/utils/types';
import type { GetCalls, PostCalls } from '../../lib/api/calls';
import type { PublicGetAnswers, PublicPostAnswers } from '../../lib/api/public';
import type { BreakdownMetric } from '../../lib/api/stats';
import type * as account from '../../lib/api/account';
import type * as analytics from '../../lib/api/analytics';
import type * as streams from '../../lib/api/streams';
import type * as illegal from '../../lib/api/illegal';
import type * as illegalSchemas from '../partner/illegal/schema';
import type * as property from '../../lib/api/property';
import type * as stats from '../../lib/api/stats';
import type { AppType } from '../app';
import type * as authSchemas from '../auth/schemas';
import type * as statSchemas from '../stats/schema';
import type * as detailSchemas from '../stats/details/schema';
import type * as details from '../../lib/api/details';
import type * as analyticsSchemas from '../stats/extended/schema';
import type { profileUpdateSchema } from '../users/profile-schema';
import type { streamsQuerySchema } from '../partner/streams/schema';
import type { profileVideosSchema } from '../partner/profile/property-schema';
import type * as support from '../../lib/api/support';
import type { replySchema } from '../partner/support/routes';
import type { GET_PATHS, POST_PATHS } from '../public/paths';
import type * as consoleApi from '../../lib/api/console';
import type * as consoleSchemas from '../console/routes';

type Routes = ExtractSchema<AppType>;

/** The route a contract path is served by: the breakdown paths share one parameterised route. */
type RouteOf<P> = P extends `/api/stat/${BreakdownMetric}` ? '/api/stat/:metric' : P;

/** Each type assignable to the other, with the same keys (mutual assignability alone ignores optional keys). */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;

/** The JSON a route answers, over all its responses; 'missing' when the route does not exist. */
type Output<P, Method extends string> =
  RouteOf<P> extends keyof Routes
    ? Method extends keyof Routes[RouteOf<P>]
      ? Routes[RouteOf<P>][Method] extends { output: infer O; outputFormat: 'json' }
        ? O
        : 'not json'
      : 'missing'
    : 'missing';

/**
 * The paths whose route answers something the declared { data } does not describe. One way only: a
 * route may answer a narrower type (`isauth: true` where the contract says boolean); the answer
 * functions build the declared types themselves, so extra fields fail where they are written.
 */
type Drift<Calls, Method extends string> = {
  [P in keyof Calls]: Calls[P] extends { answer: infer A } ? ([Output<P, Method>] extends [JSONParsed<{ data: A }>] ? never : P) : P;
}[keyof Calls];

/** Fails with the offending path when a route and the contract disagree. */
type NoDrift<T extends never> = T;

export type PostRoutesKeepContract = NoDrift<Drift<PostCalls, '$post'>>;
export type GetRoutesKeepContract = NoDrift<Drift<GetCalls, '$get'>>;

/**
 * The compatibility paths (src/lib/api/public.ts) whose handler is missing or returns something the
 * declared body does not describe, and the handled paths no answer is declared for.
 */
type PathDrift<Handlers, Answers> =
  | {
      [P in keyof Answers]: P extends keyof Handlers
        ? Handlers[P] extends (...args: never[]) => Promise<infer R>
          ? [R] extends [Answers[P]]
            ? never
            : P
          : P
        : P;
    }[keyof Answers]
  | Exclude<keyof Handlers, keyof Answers>;

export type PublicGetPathsKeepContract = NoDrift<PathDrift<typeof GET_PATHS, PublicGetAnswers>>;
export type PublicPostPathsKeepContract = NoDrift<PathDrift<typeof POST_PATHS, PublicPostAnswers>>;

/** Fails when a schema's accepted input differs from the declared body. */
type Accepts<Schema extends z.ZodType, Body> = Same<z.input<Schema>, Body> extends true ? true : Body;
type Holds<T extends true> = T;

export type SchemasAcceptDeclaredBodies = [
  Holds<Accepts<typeof statSchemas.channelTitleSchema, stats.ChannelTitleBody>>,
  Holds<Accepts<typeof statSchemas.statFiltersSchema, stats.StatFiltersBody>>,
  Holds<Accepts<typeof statSchemas.breakdownSchema, stats.BreakdownBody>>,
  Holds<Accepts<typeof detailSchemas.detailsSchema, details.DetailsBody>>,
  Holds<Accepts<typeof detailSchemas.detailsTableSchema, details.DetailsTableBody>>,
  Holds<Accepts<typeof detailSchemas.detailsGraphSchema, details.DetailsGraphBody>>,
  Holds<Accepts<typeof detailSchemas.detailsMapSchema, details.DetailsMapBody>>,
  Holds<Accepts<typeof analyticsSchemas.analyticsSchema, analytics.AnalyticsBody>>,
  Holds<Accepts<typeof illegalSchemas.illegalTableSchema, illegal.IllegalTableBody>>,
  Holds<Accepts<typeof illegalSchemas.illegalChartSchema, illegal.IllegalChartBody>>,
  Holds<Accepts<typeof authSchemas.loginSchema, account.LoginBody>>,
  Holds<Accepts<typeof authSchemas.changePasswordSchema, account.ChangePasswordBody>>,
  Holds<Accepts<typeof authSchemas.changeEmailSchema, account.ChangeEmailBody>>,
  Holds<Accepts<typeof authSchemas.keyedPasswordSchema, account.KeyedPasswordBody>>,
  Holds<Accepts<typeof authSchemas.emailSchema, account.EmailBody>>,
  Holds<Accepts<typeof authSchemas.keySchema, account.KeyBody>>,
  Holds<Accepts<typeof profileUpdateSchema, account.ProfileUpdateBody>>,
  Holds<Accepts<typeof streamsQuerySchema, streams.StreamsQuery>>,
  Holds<Accepts<typeof profileVideosSchema, property.ProfileVideosBody>>,
];

/**
 * The support calls (multipart, or a ticket id in the path) sit outside the JSON table; their answers
 * are declared in src/lib/api/support.ts and checked here route by route.
 */
type SupportCalls = {
  '/api/create_ticket': { answer: support.TicketCreatedAnswer };
  '/api/support/tickets': { answer: support.SupportTicket[] };
  '/api/support/tickets/:id/reply': { answer: support.TicketStatusAnswer };
  '/api/support/tickets/:id/close': { answer: support.TicketStatusAnswer };
};
export type SupportRoutesKeepContract = [
  NoDrift<Drift<Pick<SupportCalls, '/api/create_ticket' | '/api/support/tickets/:id/reply' | '/api/support/tickets/:id/close'>, '$post'>>,
  NoDrift<Drift<Pick<SupportCalls, '/api/support/tickets'>, '$get'>>,
];

export type SupportSchemasAcceptDeclaredBodies = Holds<Accepts<typeof replySchema, support.ReplyBody>>;

/**
 * The operator console's calls (src/lib/api/console.ts), checked route by route like the support calls;
 * the console's own schemas accept exactly the declared bodies.
 */
type ConsolePosts = {
  '/api/console/users/invite': { answer: consoleApi.ConsoleInviteAnswer };
  '/api/console/users/:id/flags': { answer: consoleApi.ConsoleUserAnswer };
  '/api/console/users/:id/deactivate': { answer: consoleApi.ConsoleUserAnswer };
  '/api/console/users/:id/reactivate': { answer: consoleApi.ConsoleUserAnswer };
  '/api/console/users/:id/end-sessions': { answer: consoleApi.ConsoleUserAnswer };
  '/api/console/users/:id/delete': { answer: consoleApi.ConsoleDeleteAnswer };
  '/api/console/networks': { answer: consoleApi.ConsoleNetwork };
  '/api/console/networks/:id/public-figures': { answer: consoleApi.ConsoleNetwork };
  '/api/console/networks/:id/partner-earnings': { answer: consoleApi.ConsoleNetwork };
  '/api/console/grants': { answer: consoleApi.ConsoleGrantAnswer };
  '/api/console/grants/revoke': { answer: consoleApi.ConsoleGrantAnswer };
  '/api/console/retention': { answer: consoleApi.ConsoleRetentionAnswer };
  '/api/console/uploads': { answer: consoleApi.ConsoleUpload };
  '/api/console/uploads/:id/complete': { answer: consoleApi.ConsoleUpload };
  '/api/console/uploads/:id/load': { answer: consoleApi.ConsoleLoadStarted };
};
type ConsoleGets = {
  '/api/console/users': { answer: consoleApi.ConsolePage<consoleApi.ConsoleUser> };
  '/api/console/networks': { answer: consoleApi.ConsolePage<consoleApi.ConsoleNetwork> };
  '/api/console/grants': { answer: consoleApi.ConsolePage<consoleApi.ConsoleGrant> };
  '/api/console/audit': { answer: consoleApi.ConsolePage<consoleApi.ConsoleAuditEntry> };
  '/api/console/uploads/:id': { answer: consoleApi.ConsoleUpload };
  '/api/console/loads/:id': { answer: consoleApi.ConsoleLoadState };
};
export type ConsoleRoutesKeepContract = [NoDrift<Drift<ConsolePosts, '$post'>>, NoDrift<Drift<ConsoleGets, '$get'>>];

export type ConsoleSchemasAcceptDeclaredBodies = [
  Holds<Accepts<typeof consoleSchemas.consoleFlagsSchema, consoleApi.ConsoleUserFlags>>,
  Holds<Accepts<typeof consoleSchemas.publicFiguresSchema, consoleApi.ConsolePublicFiguresBody>>,
  Holds<Accepts<typeof consoleSchemas.partnerEarningsSchema, consoleApi.ConsolePartnerEarningsBody>>,
];
