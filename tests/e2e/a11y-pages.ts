// Every page of both areas for the accessibility and layout suite: what each visitor opens, by path.
import type { APIRequestContext } from '@playwright/test';
import type { DemoRole } from '../../scripts/demo/users';
import { compat } from './public-api';

/** One page to check: a readable name for the report and the path to open. */
export interface A11yPage {
  name: string;
  path: string;
}

/** The ids the public pages need, read from the demo data through the public API. */
export interface PublicIds {
  channel: string;
  /** The second channel of the ranking, compared with the first. */
  secondChannel: string;
  network: string;
  trendVideo: string;
  trendChannel: string;
}

/** The top two channels, the top network, and the first video of the US trend chart with its channel. */
export async function readPublicIds(request: APIRequestContext): Promise<PublicIds> {
  const [channels, networks, trends] = await Promise.all([
    compat<{ channel_id: string }[]>(request, '/stat/get_top_channels', { limit: '2' }),
    compat<{ network_mcn: string }[]>(request, '/stat/get_top_networks', { limit: '1' }),
    compat<{ data: { video_id: string; channel_id: string }[] }>(request, '/trends/main', { country: 'US' }),
  ]);
  const video = trends.data[0];
  if (!channels[0] || !channels[1] || !networks[0] || !video) throw new Error('the demo data has no two channels, network or trend');
  return {
    channel: channels[0].channel_id,
    secondChannel: channels[1].channel_id,
    network: networks[0].network_mcn,
    trendVideo: video.video_id,
    trendChannel: video.channel_id,
  };
}

/** The public stats pages: open to visitors, and inside the shell for users with public analytics. */
export function publicPages(ids: PublicIds): A11yPage[] {
  return [
    { name: 'global', path: '/global' },
    { name: 'channels', path: '/channels' },
    { name: 'networks', path: '/networks' },
    { name: 'network', path: `/network/${ids.network}` },
    { name: 'channel', path: `/channel/${ids.channel}` },
    { name: 'trends', path: '/trends' },
    { name: 'trend video', path: `/trend/video/${ids.trendVideo}` },
    { name: 'trend channel', path: `/trend/channel/${ids.trendChannel}` },
    { name: 'find', path: '/find' },
    { name: 'find table', path: '/find?view=table' },
    { name: 'compare', path: `/compare?c=${ids.channel},${ids.secondChannel}` },
    { name: 'channel embed', path: `/embed/channel/${ids.channel}` },
    // The states that say something went wrong: a filter note and field messages.
    { name: 'channels note', path: '/channels?country=XX&metric=monthly_views' },
    { name: 'find errors', path: '/find?form_subscriber_count_min=5000&form_subscriber_count_max=100&form_avg_views_min=abc' },
  ];
}

/**
 * The public pages a signed-in user opens inside the shell: one of each kind (a chart page, a list, a
 * network, a channel, a trend, a table). Their content is the visitor's, scanned whole above; what the
 * shell changes is around it (header, menu, the width left to the page), the same on every page of a kind.
 */
const SHELL_PUBLIC_KINDS = new Set(['global', 'channels', 'network', 'channel', 'trend video', 'find table']);

/** Pages only a signed-out visitor sees (account links with a bad key show their error state). */
export const SIGNED_OUT_PAGES: readonly A11yPage[] = [
  { name: 'sign-in', path: '/' },
  { name: 'reset password', path: '/password/reset' },
  { name: 'reset confirm', path: '/reset-password/confirm?key=not-a-key' },
  { name: 'invite confirm', path: '/invite/confirm?key=not-a-key' },
  { name: 'e-mail confirm', path: '/email/confirm?key=not-a-key' },
  { name: 'sign-in link', path: '/sign-in-link?key=not-a-key' },
  { name: 'outbox', path: '/dev/outbox' },
];

/** The partner area every signed-in user has. */
export const PARTNER_PAGES: readonly A11yPage[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'profile', path: '/profile' },
  { name: 'password change', path: '/password/change' },
  { name: 'details', path: '/details/partner_revenue' },
  { name: 'analytics tab', path: '/analytics/views/table' },
  { name: 'illegal copies', path: '/illegal/chart' },
  { name: 'streams', path: '/streams' },
  { name: 'support', path: '/support' },
  { name: 'statements', path: '/statements' },
];

/** The operator console, for the demo staff account. */
export const CONSOLE_PAGES: readonly A11yPage[] = [
  { name: 'console overview', path: '/admin' },
  { name: 'console users', path: '/admin/users' },
  { name: 'console networks', path: '/admin/networks' },
  { name: 'console sync', path: '/admin/sync' },
  { name: 'console connections', path: '/admin/connections' },
  { name: 'console audit', path: '/admin/audit' },
  { name: 'console statements', path: '/admin/statements' },
];

/** Who opens which pages: the visitor, the partner (public analytics on: the shell around each kind of public page), the analytics user and the operator. */
export function pagesFor(who: DemoRole | 'visitor', ids: PublicIds): A11yPage[] {
  switch (who) {
    case 'visitor':
      return [...SIGNED_OUT_PAGES, ...publicPages(ids)];
    case 'partner':
      return [...PARTNER_PAGES, ...publicPages(ids).filter((page) => SHELL_PUBLIC_KINDS.has(page.name))];
    case 'analytics':
      return [
        { name: 'analytics', path: '/analytics' },
        { name: 'dashboard', path: '/dashboard' },
        // The demo analytics user is also support staff.
        { name: 'support inbox', path: '/support/inbox' },
      ];
    case 'operator':
      return [...CONSOLE_PAGES];
    default:
      return [
        { name: 'dashboard', path: '/dashboard' },
        { name: 'profile', path: '/profile' },
      ];
  }
}
