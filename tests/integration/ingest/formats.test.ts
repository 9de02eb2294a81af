// The format grain (migration 0046): every basic, revenue and reach row by Shorts / long-form / live / channel
// page, adding up to channel_daily exactly; engaged views beside views in channel_daily and network_daily.
import { describe, expect, it } from 'vitest';
import { refreshPendingRollups } from '../../../src/server/ingest/rollup/index';
import { env } from 'cloudflare:test';
import { basicCsv, type BasicLine } from './basic-builder';
import { all, createNetwork, HOUR, load, NOW } from './support';

const PARTNER = 'UCformatformatformatfmt1';
// A Short and a long-form video with a title, a long-form video without one (no custom id), a stream.
const METADATA = `video_id,channel_id,channel_display_name,video_title,video_length,custom_id,time_published
short000001,${PARTNER},Partner,A Short,40,SHOW,2025/06/01 05:00:00
longform001,${PARTNER},Partner,Long,900,SHOW,2025/06/01 05:00:00
untitled001,${PARTNER},Partner,No title,30,,2025/06/01 05:00:00
stream00001,${PARTNER},Partner,Stream,3600,SHOW,2025/06/01 05:00:00
`;
/** The format each video's rows must count for, as the data model states it (not read from the importer). */
const FORMAT: Record<string, string> = {
  short000001: 'short',
  longform001: 'full',
  // Without a title, still a Short by its length: only the format grain has it.
  untitled001: 'short',
  stream00001: 'live',
  // Not in the catalogue: long-form.
  unknown0001: 'full',
  '': 'channel',
};

// Watch times of 0.4 in three formats: rounding each format on its own would lose a minute of the day's 2.
const DAY1: BasicLine[] = [
  { day: '20260301', channel: PARTNER, video: 'short000001', views: 100, engaged: 62, watch: 0.4, likes: 3 },
  { day: '20260301', channel: PARTNER, video: 'short000001', country: 'DE', views: 40, engaged: 25, watch: 0.4 },
  { day: '20260301', channel: PARTNER, video: 'longform001', views: 50, watch: 0.4, comments: 2 },
  { day: '20260301', channel: PARTNER, video: 'untitled001', views: 30, engaged: 20, watch: 0.3 },
  { day: '20260301', channel: PARTNER, video: 'stream00001', views: 9, watch: 0.2, live: 'live' },
  { day: '20260301', channel: PARTNER, video: 'unknown0001', views: 7, watch: 0.1 },
  { day: '20260301', channel: PARTNER, views: 0, gained: 5, lost: 1 },
];
const DAY2: BasicLine[] = [{ day: '20260302', channel: PARTNER, video: 'short000001', views: 11, engaged: 8, watch: 3 }];

const REVENUE_HEADER = 'date,channel_id,video_id,claimed_status,uploader_type,country_code,estimated_partner_revenue';
const REVENUE = `${REVENUE_HEADER}
20260301,${PARTNER},short000001,claimed,self,US,0.25
20260301,${PARTNER},longform001,claimed,self,US,1.5
20260301,${PARTNER},stream00001,claimed,self,US,0.75
`;

const ISSUED = NOW - 48 * HOUR;
const REISSUED = NOW - 24 * HOUR;

interface FormatRow {
  video_type: string;
  views: number;
  engaged_views: number;
  watch_time_minutes: number;
  subscribers_gained: number;
  partner_revenue_micros: number;
}

/** The lines' sums per format, computed here from the report text's values. */
function expectedFormats(lines: BasicLine[], revenue: Record<string, number> = {}): FormatRow[] {
  const byFormat = new Map<string, FormatRow>();
  for (const line of lines) {
    const type = FORMAT[line.video ?? ''] ?? 'unknown';
    const row = byFormat.get(type) ?? {
      video_type: type,
      views: 0,
      engaged_views: 0,
      watch_time_minutes: 0,
      subscribers_gained: 0,
      partner_revenue_micros: revenue[type] ?? 0,
    };
    row.views += line.views;
    row.engaged_views += line.engaged ?? line.views;
    row.watch_time_minutes += line.watch ?? 0;
    row.subscribers_gained += line.gained ?? 0;
    byFormat.set(type, row);
  }
  return [...byFormat.values()].sort((a, b) => (a.video_type < b.video_type ? -1 : 1));
}

const FORMAT_ROWS = `SELECT video_type, views, engaged_views, watch_time_minutes, subscribers_gained, partner_revenue_micros
  FROM channel_format_daily WHERE day = ? ORDER BY video_type`;

/** Every metric column of channel_daily summed over the format rows, beside channel_daily's own. */
async function formatsAgainstChannel(table: 'daily' | 'monthly'): Promise<{ sums: unknown[]; channel: unknown[] }> {
  const key = table === 'daily' ? 'day' : 'month';
  const columns = (await all<{ name: string }>(`SELECT name FROM pragma_table_info('channel_format_${table}')`))
    .map((c) => c.name)
    .filter((name) => !['channel_id', key, 'video_type'].includes(name));
  const sums = await all(
    `SELECT channel_id, ${key}, ${columns.map((c) => `sum(${c}) AS ${c}`).join(', ')} FROM channel_format_${table} GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const channel = await all(`SELECT channel_id, ${key}, ${columns.join(', ')} FROM channel_${table} ORDER BY 1, 2`);
  return { sums, channel };
}

describe('the format grain', () => {
  it('splits every row by format, channel page included, and adds up to channel_daily for every metric', async () => {
    const network = await createNetwork();
    await load([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
    const { files } = await load(
      [
        ['content_owner_basic_a4_20260301.csv', basicCsv([...DAY1, ...DAY2], true), ISSUED],
        ['content_owner_estimated_revenue_a1_20260301.csv', REVENUE, ISSUED],
      ],
      { networkId: network },
    );
    expect(files.map((f) => f.status)).toEqual(['loaded', 'loaded']);
    const revenue = { short: 250_000, full: 1_500_000, live: 750_000 };
    const expected = expectedFormats(DAY1, revenue);
    // Watch time: 0.8 + 0.3 Shorts, 0.4 + 0.1 long-form, 0.2 live: the day rounds to 2, and so do its parts.
    const got = await all<FormatRow>(FORMAT_ROWS, '2026-03-01');
    expect(got.map(({ watch_time_minutes, ...rest }) => rest)).toEqual(expected.map(({ watch_time_minutes, ...rest }) => rest));
    expect(got.reduce((sum, r) => sum + r.watch_time_minutes, 0)).toBe(Math.round(expected.reduce((s, r) => s + r.watch_time_minutes, 0)));
    for (const row of got)
      expect(
        Math.abs(row.watch_time_minutes - (expected.find((e) => e.video_type === row.video_type)?.watch_time_minutes ?? 0)),
      ).toBeLessThan(1);

    const day = await all<{ views: number; engaged_views: number; watch_time_minutes: number }>(
      "SELECT views, engaged_views, watch_time_minutes FROM channel_daily WHERE day = '2026-03-01'",
    );
    expect(day).toEqual([
      {
        views: DAY1.reduce((s, l) => s + l.views, 0),
        engaged_views: DAY1.reduce((s, l) => s + (l.engaged ?? l.views), 0),
        watch_time_minutes: 2,
      },
    ]);
    const networkDays = await all('SELECT day, engaged_views FROM network_daily WHERE network_id = ? ORDER BY day', network);
    expect(networkDays).toEqual([
      { day: '2026-03-01', engaged_views: DAY1.reduce((s, l) => s + (l.engaged ?? l.views), 0) },
      { day: '2026-03-02', engaged_views: 8 },
    ]);

    const daily = await formatsAgainstChannel('daily');
    expect(daily.sums).toEqual(daily.channel);
    await refreshPendingRollups(env.DB);
    const monthly = await formatsAgainstChannel('monthly');
    expect(monthly.sums.length).toBe(1);
    expect(monthly.sums).toEqual(monthly.channel);
  });

  it('a re-issued day replaces its format rows, and a day the new file does not cover keeps them', async () => {
    const network = await createNetwork();
    await load([['content_owner_video_metadata_a4_x.csv', METADATA]], { networkId: network });
    await load([['content_owner_basic_a4_a.csv', basicCsv([...DAY1, ...DAY2], true), ISSUED]], { networkId: network });
    const reissue: BasicLine[] = [
      { day: '20260301', channel: PARTNER, video: 'longform001', views: 70, watch: 5 },
      { day: '20260301', channel: PARTNER, views: 0, gained: 2 },
    ];
    const { files } = await load([['content_owner_basic_a4_b.csv', basicCsv(reissue, true), REISSUED]], { networkId: network });
    expect(files.map((f) => f.status)).toEqual(['replaced']);
    expect(await all<FormatRow>(FORMAT_ROWS, '2026-03-01')).toEqual(expectedFormats(reissue));
    expect(await all<FormatRow>(FORMAT_ROWS, '2026-03-02')).toEqual(expectedFormats(DAY2));
    const daily = await formatsAgainstChannel('daily');
    expect(daily.sums).toEqual(daily.channel);
  });

  it('a report without engaged views (content_owner_basic_a3) stores its views as engaged views', async () => {
    const network = await createNetwork();
    const text = basicCsv([{ day: '20260301', channel: PARTNER, video: 'x', views: 12 }], true)
      .split('\n')
      .map((line) =>
        line
          .split(',')
          .filter((_, i) => i !== 9)
          .join(','),
      )
      .join('\n');
    expect(text.split('\n')[0]?.includes('engaged_views')).toBe(false);
    await load([['content_owner_basic_a3_20260301.csv', text]], { networkId: network });
    expect(await all('SELECT views, engaged_views FROM channel_daily')).toEqual([{ views: 12, engaged_views: 12 }]);
  });
});
