// What the public bench measures: real channels, a network and a keyword from the served data, and every
// ranking page worth timing, read from the running worker at `base`.
import { RANKING_METRIC_KEYS } from '../../src/lib/public/ranking-metrics.ts';

/** A compatibility call's body from the worker at base. */
async function body<T>(base: string, apiPath: string): Promise<T> {
  const res = await fetch(`${base}/api/analytics?path=/youtube/api${apiPath}`);
  if (!res.ok) throw new Error(`${apiPath} answered ${res.status}`);
  return ((await res.json()) as { data: { body: T } }).data.body;
}

export interface Samples {
  channel: string;
  /** A second channel, for /compare. */
  other: string;
  network: string;
  keyword: string;
}

/** Real channels, a network and a keyword from the data, so the pages show what a visitor would see. */
export async function samples(base: string): Promise<Samples> {
  const channels = await body<Array<{ channel_id: string; channel_title: string }>>(base, '/stat/get_top_channels&limit=5');
  const networks = await body<Array<{ network_mcn: string }>>(base, '/stat/get_top_networks&limit=1');
  const [top, second] = channels;
  if (!top || !second || !networks[0]) throw new Error('the dataset has no ranked channels or networks: seed it first');
  const keyword = top.channel_title.split(/\s+/).find((w) => w.length >= 4) ?? top.channel_title.slice(0, 4);
  const youtubeId = (id: string) => (id.startsWith('UC') ? id : `UC${id}`);
  return {
    channel: youtubeId(top.channel_id),
    other: youtubeId(second.channel_id),
    network: networks[0].network_mcn,
    keyword: keyword.toLowerCase(),
  };
}

/** The number of pages a ranking page says it has ("Page 1 of 1,005"). */
async function pagesOf(base: string, pagePath: string): Promise<number> {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const match = /Page [\d,]+ of ([\d,]+)/.exec(html);
  if (!match) throw new Error(`${pagePath} shows no page count`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** Every ranking page worth timing: each metric first and deep, a filtered deep page, networks, a network's channels. */
export async function rankingPages(base: string, network: string): Promise<Array<[string, string]>> {
  const deep = async (pagePath: string) => {
    const pages = await pagesOf(base, pagePath);
    return `${pagePath}${pagePath.includes('?') ? '&' : '?'}page=${Math.min(500, pages)}`;
  };
  const out: Array<[string, string]> = [];
  for (const metric of RANKING_METRIC_KEYS) {
    const first = `/channels?metric=${metric}`;
    out.push([`/channels ${metric}`, first], [`/channels ${metric} deep`, await deep(first)]);
  }
  out.push(['/channels US deep', await deep('/channels?country=US&metric=monthly_views')]);
  out.push(['/channels en deep', await deep('/channels?lang=en&metric=earnings')]);
  // Every filter, alone or with others, reads its stored slices in any period: a month and two at once too.
  const [month] = await body<Array<{ period: string }>>(base, '/tools/get_periods');
  if (month) {
    const period = month.period.slice(0, 7);
    out.push(['/channels US month deep', await deep(`/channels?country=US&metric=monthly_views&period=${period}`)]);
    out.push(['/channels US+Music month deep', await deep(`/channels?country=US&category=10&metric=monthly_views&period=${period}`)]);
  }
  out.push(['/channels US+en deep', await deep('/channels?country=US&lang=en&metric=subscriber_count')]);
  for (const metric of RANKING_METRIC_KEYS) out.push([`/networks ${metric}`, `/networks?metric=${metric}`]);
  out.push(['/network/{id}', `/network/${network}`], ['/network/{id} deep', await deep(`/network/${network}`)]);
  return out;
}
