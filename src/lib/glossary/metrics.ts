// What each figure of the partner area means and what it is computed from, in one place: the cards'
// and the details tables' info popovers read it (docs/partner-area.md, "What a figure means").

export interface MetricMeaning {
  name: string;
  /** What the figure counts, in a reader's words. */
  definition: string;
  /** Where it comes from and how it is summed: the report columns and the rule. */
  basis: string;
}

/** What YouTube changed in a Short's views, said wherever Shorts' views and engaged views stand side by side. */
export const SHORTS_VIEWS_NOTE =
  'Since 31 March 2025 YouTube counts every start or replay of a Short as a view; engaged views keep the earlier count.';

export const METRIC_MEANINGS = {
  partner_revenue: {
    name: 'Earnings',
    definition: "The channels' earnings from YouTube in US dollars: ads, YouTube Premium and Shorts, after YouTube's share.",
    basis:
      "Per channel and month, the finance statement where one is loaded, else YouTube's daily estimate (estimated partner revenue). A statement replaces the month's estimate when it arrives.",
  },
  views: {
    name: 'Views',
    definition: 'How many times the videos were watched.',
    basis:
      "The views of YouTube's daily reports, summed over days, channels, videos and countries. Since 31 March 2025 a Short's view counts every start or replay; engaged views keep the earlier method.",
  },
  engaged_views: {
    name: 'Engaged views',
    definition:
      "Views counted YouTube's earlier way. Since 31 March 2025 YouTube counts every start or replay of a Short as a view; engaged views leave out those that are not watched further, so Shorts' views compare with long-form and with Shorts before that day.",
    basis:
      "engaged_views of YouTube's daily reports (channel_basic_a3, content_owner_basic_a4), summed like views. For long-form and live videos, and for Shorts before the change, they equal views; reports without the column count their views.",
  },
  formats: {
    name: 'Formats',
    definition:
      'The figures of Shorts, long-form videos, live streams and the channel page (what no video holds, such as subscribers gained there) side by side.',
    basis:
      "Each report row by its video's type. Earnings follow the Earnings card: a month with a finance statement gives Shorts what the statement says they earned and splits the rest between long-form, live and the channel page by their estimates; the parts add up to the card.",
  },
  subscribers: {
    name: 'Subscribers',
    definition: 'Subscribers gained minus subscribers lost: the change in the number of subscribers.',
    basis:
      "subscribers_gained and subscribers_lost of YouTube's daily reports, on the days loaded. A title counts the subscribers gained on its videos; those gained on the channel page count for the channel only.",
  },
  watch_time: {
    name: 'Watch time',
    definition: 'The time viewers spent watching the videos, in hours.',
    basis: "watch_time_minutes of YouTube's daily reports, summed, then shown in hours.",
  },
  engagement: {
    name: 'Engagement',
    definition:
      'Likes, dislikes and comments on the videos, videos published, how long a view lasted, watch time, and how often a thumbnail shown (an impression) was clicked (CTR).',
    basis:
      "YouTube's daily reports. Likes and dislikes are net: those taken back are subtracted, so a day can show a negative number. Impressions and CTR come from the reach reports, which have no country: CTR is the period's clicks ÷ its impressions.",
  },
  geography: {
    name: 'Geography',
    definition: "Views by the viewer's country.",
    basis: "The country of each row of YouTube's daily reports; views YouTube cannot place count as Unknown.",
  },
  traffic: {
    name: 'Traffic sources',
    definition:
      'Where the views came from: YouTube search, suggested videos, the Shorts feed, browse features, external sites and the other sources YouTube names, each as a share of the views.',
    basis:
      "YouTube's daily traffic source reports (traffic_source_type), views, engaged views and watch time summed per source over days, channels and videos. The total equals the views of the daily views reports. Not split by country.",
  },
  demography: {
    name: 'Demography',
    definition: "Viewers' age groups and gender, as shares of the views.",
    basis:
      "YouTube's demographics reports, which cover signed-in viewers only: each month's shares weighted by the views of the same rows.",
  },
  rpm: {
    name: 'RPM',
    definition: 'Revenue per mille: earnings per 1,000 views.',
    basis: 'Earnings ÷ views × 1,000 over the same channels, titles or countries and days.',
  },
  svr: {
    name: 'SVR',
    definition: 'Subscribers per 1,000 views: net subscribers gained per 1,000 views.',
    basis: '(Gained − lost) ÷ views × 1,000 over the same rows.',
  },
  avd: {
    name: 'AVD',
    definition: 'Average view duration: how long a view lasted on average.',
    basis: 'Watch time ÷ views over the same rows.',
  },
  subscribers_gained: {
    name: 'Subscribers gained',
    definition: 'New subscribers in the period.',
    basis:
      "subscribers_gained of YouTube's daily reports, summed. A title counts those gained on its videos; those gained on the channel page count for the channel only.",
  },
  subscribers_lost: {
    name: 'Subscribers lost',
    definition: 'Subscribers who unsubscribed in the period.',
    basis: "subscribers_lost of YouTube's daily reports, summed, with the same rule for titles as subscribers gained.",
  },
  videos: {
    name: 'Videos',
    definition: 'Videos published in the period.',
    basis: "The publish time of each video in YouTube's video metadata reports; videos without one are not counted.",
  },
  ctr: {
    name: 'CTR',
    definition: 'Impressions click-through rate: how often a thumbnail shown to a viewer was clicked.',
    basis:
      "Clicks ÷ impressions over the same rows, from YouTube's reach reports (thumbnail impressions and their CTR per video and day). Reach has no country: under countries it is N/A.",
  },
  revenue_per_video: {
    name: 'Revenue per video',
    definition: 'Earnings per video published in the period.',
    basis: 'Earnings ÷ videos published in the period, over the same rows; N/A when none was published.',
  },
  views_per_video: {
    name: 'Views per video',
    definition: 'Views per video published in the period.',
    basis: 'Views ÷ videos published in the period, over the same rows; N/A when none was published.',
  },
  subs_gained_rate: {
    name: 'Gained per 1,000 views',
    definition: 'Subscribers gained per 1,000 views.',
    basis: 'Subscribers gained ÷ views × 1,000 over the same rows.',
  },
  subs_lost_rate: {
    name: 'Lost per 1,000 views',
    definition: 'Subscribers lost per 1,000 views.',
    basis: 'Subscribers lost ÷ views × 1,000 over the same rows.',
  },
} as const satisfies Record<string, MetricMeaning>;

export type MeaningKey = keyof typeof METRIC_MEANINGS;
