// What the archive's sync tests share: the report they serve, the file the fake makes of it, its hash, the views loaded.
import { csvForDay } from './csv';
import { fixtureText, rows } from './helpers';
import type { ReportSpec, Scenario } from './fake/state';

// The figures a served day must leave, computed from its CSV alone (in csv.ts, so the Node kill test reads them too).
export { expectedFigures } from './csv';

export const NOW = Date.parse('2026-03-05T12:05:00Z');
const BASIC = 'youtube/reporting_csv/channel_basic_a2.from_fivetran_seed.csv';
export const OAUTH_ONLY = { TRENDS_PAGES: '0' };
const CHANNEL = 'UC2vW_-qeIhF1ESszzuH2pyw';

export const report = (extra: Partial<ReportSpec> = {}): ReportSpec => ({
  id: 'r-0727',
  file: BASIC,
  date: '20210727',
  startTime: '2021-07-27T07:00:00Z',
  createTime: '2021-07-29T10:00:00Z',
  ...extra,
});
export const scenario = (spec: ReportSpec): Scenario => ({
  scopes: { '': { jobs: [{ id: 'job-basic', reportTypeId: 'channel_basic_a2', reports: [spec] }] } },
});

/** The file the fake serves for a spec: the day's rows, `times` over, under one header. */
export async function servedText(times: number): Promise<string> {
  const day = csvForDay(await fixtureText(BASIC), '20210727');
  const [header = '', ...lines] = day.split('\n').filter((l) => l !== '');
  return `${header}\n${Array.from({ length: times }, () => lines.join('\n')).join('\n')}\n`;
}

/** SHA-256 (hex) of text or bytes, as the archive records it. */
export async function sha256Hex(content: string | Uint8Array): Promise<string> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const dailyViews = () =>
  rows<{ views: number }>('SELECT d.views FROM channel_daily d JOIN channels c ON c.id = d.channel_id WHERE c.youtube_id = ?', CHANNEL);
