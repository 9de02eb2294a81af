// The public statistics compatibility call, /api/analytics?path=/youtube/api/{path}: the `body` each
// path answers. The browser client and the tests read a path's answer type here, and
// src/server/http/api-contract.ts checks that every path handler returns it.
import type { ChannelUploads } from './channel-uploads';
import type { OverlayChannel, SearchPage, TrendSearchRow } from '../search/types';
import type {
  ArchiveRow,
  ChannelInfo,
  ChannelRankingRow,
  DailyData,
  FormMaxValues,
  NetworkRankingRow,
  SimilarChannel,
} from './public-channels';
import type {
  CategoryOption,
  CategoryReport,
  CountryOption,
  CountryReport,
  DiffReport,
  GlobalTopChannel,
  GlobalTopNetwork,
  GraphPoint,
  LanguageOption,
  LanguageReport,
  PeriodOption,
  TrendingChannel,
} from './public-global';
import type { ChannelTrendReport, TrendItems, TrendVideoReport } from './public-trends';

/** GET paths (query string), by path under /youtube/api. */
export type PublicGetAnswers = {
  '/tools/get_langs': LanguageOption[];
  '/tools/get_periods': PeriodOption[];
  '/tools/get_categories': CategoryOption[];
  '/tools/get_countries': CountryOption[];
  '/trends/countries': CountryOption[];
  '/stat/get_top_channels': ChannelRankingRow[];
  '/stat/get_top_networks': NetworkRankingRow[];
  '/stat/get_channels_top_by_mcn': ChannelRankingRow[];
  '/stat/get_diff_report': DiffReport;
  '/stat/get_main_graph': GraphPoint[];
  '/stat/get_country_reports': CountryReport[];
  '/stat/get_category_reports': CategoryReport[];
  '/stat/get_language_reports': LanguageReport[];
  '/stat/top_random_channels': TrendingChannel[];
  '/stat/get_global_top_channels': GlobalTopChannel[];
  '/stat/get_global_top_networks': GlobalTopNetwork[];
  '/stat/channel_info': ChannelInfo;
  '/stat/get_daily_data': DailyData;
  '/stat/archive': ArchiveRow[];
  '/stat/similar_channels': SimilarChannel[];
  '/stat/channel_uploads': ChannelUploads;
  '/trends/main': TrendItems;
  /** An unknown video is a 404, not a null body. */
  '/trends/video': TrendVideoReport;
  /** An unknown channel is a 404, not a null body. */
  '/trends/channel': ChannelTrendReport;
  '/stat/form_max_values': FormMaxValues;
  /** mode=videos answers the Top videos rows, else (mode=channels) the overlay's channels. */
  '/stat/user_search': OverlayChannel[] | TrendSearchRow[];
  '/tools/get_tags': string[];
  '/trends/search': TrendSearchRow[];
};

/** POST paths (form encoded): the channel search. */
export type PublicPostAnswers = {
  '/stat/search': SearchPage;
};

export type PublicGetPath = keyof PublicGetAnswers;
export type PublicPostPath = keyof PublicPostAnswers;

/** The answer body of a GET path, e.g. `PublicAnswer<'/stat/get_diff_report'>` is DiffReport. */
export type PublicAnswer<P extends PublicGetPath> = PublicGetAnswers[P];
