// The table of JSON calls: each path with its request body and the `data` of its answer. The browser
// client (src/client/api.ts) is typed by it, and src/server/http/api-contract.ts checks the server's routes
// against it, so a path, body or answer cannot change on one side only.
import type {
  AuthStatus,
  ChangeEmailBody,
  ChangePasswordBody,
  EmailBody,
  EmailConfirmedAnswer,
  EmptyBody,
  KeyBody,
  KeyedPasswordBody,
  LoginBody,
  ManagerAnswer,
  MessageAnswer,
  NewEmailAnswer,
  ProfileAnswer,
  ProfileUpdateBody,
} from './account';
import type { AnalyticsAnswer, AnalyticsBody } from './analytics';
import type { StreamsAnswer } from './streams';
import type { IllegalChartAnswer, IllegalChartBody, IllegalTableAnswer, IllegalTableBody } from './illegal';
import type { ProfileVideosAnswer, ProfileVideosBody } from './property';
import type {
  BaseAnswer,
  BreakdownAnswer,
  BreakdownBody,
  BreakdownMetric,
  ChannelOption,
  ChannelTitleBody,
  CountryOption,
  DatesAnswer,
  Demographics,
  EngagementAnswer,
  EarningsShareAnswer,
  ForecastAnswer,
  LocationAnswer,
  StatFiltersBody,
  SubscribersTotalAnswer,
  SubscribersTotalChannelsAnswer,
  TitleOption,
} from './stats';
import type { FormatsAnswer } from './formats';
import type { SearchTermsAnswer } from './search-terms';
import type { TrafficAnswer } from './traffic';
import type {
  AudienceAnswer,
  DetailsAnswer,
  DetailsBody,
  DetailsGraphAnswer,
  DetailsGraphBody,
  DetailsMapAnswer,
  DetailsMapBody,
  DetailsSummary,
  DetailsTableBody,
  MonthlyReportItem,
} from './details';

interface Call<Body, Answer> {
  body: Body;
  answer: Answer;
}

/** One breakdown path per metric: /api/stat/views, /api/stat/partner_revenue, … */
type BreakdownCalls = { [M in BreakdownMetric as `/api/stat/${M}`]: Call<BreakdownBody, BreakdownAnswer> };

/** POST calls: JSON body in, { data } out. */
export type PostCalls = BreakdownCalls & {
  '/api/auth/login': Call<LoginBody, AuthStatus>;
  '/api/auth/logout': Call<EmptyBody, AuthStatus>;
  '/api/auth/sign-in-link': Call<KeyBody, AuthStatus>;
  '/api/profile/update': Call<ProfileUpdateBody, ProfileAnswer>;
  '/api/profile/change_password': Call<ChangePasswordBody, MessageAnswer>;
  '/api/profile/change_email': Call<ChangeEmailBody, NewEmailAnswer>;
  '/api/profile/change_email/confirm': Call<KeyBody, EmailConfirmedAnswer>;
  '/api/profile/videos': Call<ProfileVideosBody, ProfileVideosAnswer>;
  '/api/profile/reset_password': Call<EmailBody, MessageAnswer>;
  '/api/profile/reset_password/confirm': Call<KeyedPasswordBody, MessageAnswer>;
  '/api/invite/confirm': Call<KeyedPasswordBody, MessageAnswer>;
  '/api/stat/dates': Call<ChannelTitleBody, DatesAnswer>;
  '/api/stat/base': Call<StatFiltersBody, BaseAnswer>;
  '/api/stat/base/subscribers/total': Call<StatFiltersBody, SubscribersTotalAnswer>;
  '/api/stat/base/subscribers/total/channels': Call<StatFiltersBody, SubscribersTotalChannelsAnswer>;
  '/api/stat/engagement': Call<StatFiltersBody, EngagementAnswer>;
  '/api/stat/formats': Call<StatFiltersBody, FormatsAnswer>;
  '/api/stat/location': Call<StatFiltersBody, LocationAnswer>;
  /** [] when the months have no audience data, else one element (the old API's shape). */
  '/api/stat/demographics': Call<StatFiltersBody, Demographics[]>;
  '/api/stat/traffic': Call<StatFiltersBody, TrafficAnswer>;
  '/api/stat/search-terms': Call<StatFiltersBody, SearchTermsAnswer>;
  '/api/stat/forecast': Call<ChannelTitleBody, ForecastAnswer | null>;
  '/api/stat/share': Call<StatFiltersBody, EarningsShareAnswer | null>;
  '/api/stat/details': Call<DetailsTableBody, DetailsAnswer>;
  '/api/stat/details/total': Call<DetailsBody, DetailsSummary>;
  '/api/stat/details/finance': Call<DetailsBody, MonthlyReportItem[]>;
  '/api/stat/details/graph': Call<DetailsGraphBody, DetailsGraphAnswer>;
  '/api/stat/details/audience': Call<DetailsBody, AudienceAnswer>;
  '/api/stat/details/map': Call<DetailsMapBody, DetailsMapAnswer>;
  /** The Views page's table of traffic sources. */
  '/api/stat/details/traffic': Call<DetailsBody, TrafficAnswer>;
  /** The Views page's table of top YouTube search terms. */
  '/api/stat/details/search-terms': Call<DetailsBody, SearchTermsAnswer>;
  /** The analytics page: the table, or the chart with graph: 1 (the answer's kind says which). */
  '/api/stat/extended': Call<AnalyticsBody, AnalyticsAnswer>;
  /** The illegal copies table: a page of copies, or of their partner channels or titles, with totals. */
  '/api/illegal/table': Call<IllegalTableBody, IllegalTableAnswer>;
  /** The illegal copies chart: the breakdown's top series, or the totals (summary). */
  '/api/illegal/chart': Call<IllegalChartBody, IllegalChartAnswer>;
};

/** GET calls: no body, { data } out. */
export type GetCalls = {
  '/api/auth/status': Call<never, AuthStatus>;
  '/api/profile/get': Call<never, ProfileAnswer>;
  '/api/profile/users': Call<never, ManagerAnswer[]>;
  '/api/profile/channels': Call<never, ChannelOption[]>;
  '/api/profile/titles': Call<never, TitleOption[]>;
  '/api/analytics/countries': Call<never, CountryOption[]>;
  /** The live broadcasts on the user's channels; `?channels=` may narrow them. */
  '/api/streams': Call<never, StreamsAnswer>;
  /**
   * The public statistics compatibility call: `?path=/youtube/api/…` picks the call, and the body's
   * shape depends on it: src/lib/api/public.ts declares it per path.
   */
  '/api/analytics': Call<never, { body: unknown }>;
};

export type PostPath = keyof PostCalls;
export type GetPath = keyof GetCalls;
export type PostBody<P extends PostPath> = PostCalls[P]['body'];
export type PostAnswer<P extends PostPath> = PostCalls[P]['answer'];
export type GetAnswer<P extends GetPath> = GetCalls[P]['answer'];

/**
 * A body as the browser sends it: optional fields may also be null, and the client leaves them out.
 * @example const body: Sendable<StatFiltersBody> = { date_from: '2026-01-01', date_to: '2026-01-31', channels: null }
 */
export type Sendable<B> = { [K in keyof B]: undefined extends B[K] ? B[K] | null : B[K] };
