// The tables of a channel's and a video's trend pages as CSV: /trend/channel/{id}/positions.csv (best
// daily positions) and /trend/video/{id}/hours.csv (hourly figures), with the pages' own parameters read
// the same way, and the pages' 404 for an id that never charted.
import { countryName } from '../../../lib/formats/flags';
import { TREND_ZONE_LABEL, trendTimeText } from '../../../lib/trends/hour';
import { TABLE_METRICS } from '../../../lib/trends/table';
import type { ExportColumn, ExportRow } from '../../export/table';
import type { PublicContext } from '../context';
import { getTrendChannel } from '../trend-channel';
import { readTrendCountries, readTrendPeriod, TREND_CHANNEL_ID, TREND_VIDEO_ID } from '../trend-params';
import { getTrendVideo } from '../trend-video';
import { csvRefusal, periodLine, publicCsv } from './download';

const METRIC_HEADERS = { views: 'Views', likes: 'Likes', dislikes: 'Dislikes', comments: 'Comments' } as const;
const CHANGE_KEYS = { views: 'd_views', likes: 'd_likes', dislikes: 'd_dislikes', comments: 'd_comments' } as const;

/**
 * /trend/channel/{id}/positions.csv?period=&country_trends=: the page's table, newest day first.
 * @example return trendChannelCsv(publicContext(env), request, url, 'UC…', nowSeconds())
 */
export async function trendChannelCsv(ctx: PublicContext, request: Request, url: URL, id: string, now: number): Promise<Response> {
  const period = readTrendPeriod(url.searchParams);
  const report = TREND_CHANNEL_ID.test(id) ? await getTrendChannel(ctx, id, period, readTrendCountries(url.searchParams)) : null;
  if (!report) return csvRefusal(404, `No channel has the id ${id.slice(0, 40)} on the trends charts. See /trends.`);
  return publicCsv(ctx, request, now, {
    title: `${report.channel.channel_title}: best daily positions`,
    filters: [
      { label: 'Channel', value: report.channel.channel_title },
      periodLine(period),
      { label: 'Countries', value: report.chosen.join(', ') },
    ],
    columns: [
      { key: 'date', header: `Date (${TREND_ZONE_LABEL})`, type: 'date' },
      { key: 'country', header: 'Country', type: 'text' },
      { key: 'position', header: 'Position', type: 'integer' },
      { key: 'video_title', header: 'Video', type: 'text' },
      { key: 'video_id', header: 'Video id', type: 'text' },
    ],
    rows: report.data.map((d) => ({
      date: d.date,
      country: countryName(d.country_code2),
      position: d.position,
      video_title: d.video_title,
      video_id: d.video_id,
    })),
    totals: null,
    fileName: `viewdeck-trend-channel-${report.channel.channel_id}-${period}`,
  });
}

/**
 * /trend/video/{id}/hours.csv?country_trends=: the page's hourly table, newest first, with the position in
 * every chosen country (the page shows one at a time) and each figure's change since the row before.
 * @example return trendVideoCsv(publicContext(env), request, url, 'dQw4w9WgXcQ', nowSeconds())
 */
export async function trendVideoCsv(ctx: PublicContext, request: Request, url: URL, id: string, now: number): Promise<Response> {
  const report = TREND_VIDEO_ID.test(id) ? await getTrendVideo(ctx, id, readTrendCountries(url.searchParams)) : null;
  if (!report) return csvRefusal(404, `No trending video has the id ${id.slice(0, 40)}. See /trends.`);
  const { chosen, table } = report;
  const columns: ExportColumn[] = [
    { key: 'hour', header: `Time (${TREND_ZONE_LABEL})`, type: 'text' },
    ...chosen.flatMap((code): ExportColumn[] => [
      { key: `pos_${code}`, header: `Position in ${countryName(code)}`, type: 'integer' },
      { key: `d_pos_${code}`, header: `Places climbed in ${countryName(code)}`, type: 'integer' },
    ]),
    ...TABLE_METRICS.flatMap((m): ExportColumn[] => [
      { key: m, header: METRIC_HEADERS[m], type: 'integer' },
      { key: CHANGE_KEYS[m], header: `${METRIC_HEADERS[m]} change`, type: 'integer' },
    ]),
  ];
  const rows = table.map((row) => {
    const cells: ExportRow = { hour: trendTimeText(row.hh) };
    for (const code of chosen) {
      cells[`pos_${code}`] = row.countries_pos[code] ?? null;
      cells[`d_pos_${code}`] = row.d_pos[code] ?? null;
    }
    for (const m of TABLE_METRICS) {
      cells[m] = row[m];
      cells[CHANGE_KEYS[m]] = row[CHANGE_KEYS[m]];
    }
    return cells;
  });
  const video = report.video_details.video;
  return publicCsv(ctx, request, now, {
    title: `${video.snippet.title}: hourly figures`,
    filters: [
      { label: 'Video', value: video.snippet.title },
      { label: 'Channel', value: video.snippet.channelTitle },
      { label: 'Countries', value: chosen.join(', ') },
    ],
    columns,
    rows,
    totals: null,
    fileName: `viewdeck-trend-video-${video.id}-hours`,
  });
}
