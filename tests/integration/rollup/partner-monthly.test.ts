// Monthly rollups of the partner facts: sums equal the daily rows, incremental refresh equals a rebuild.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FACT_GRAINS, type FactGrain } from '../../../src/server/ingest/rollup/fact-metrics';
import { rebuildAllRollups, refreshRollups } from '../../../src/server/ingest/rollup/index';
import { createChannel, createTitle, daysBetween, dump, insertRows, type Row } from './factory';

const DAYS = daysBetween('2026-01-27', '2026-03-03');

/** Deterministic metric values (some negative, as net likes can be) for one daily row. */
function metrics(grain: FactGrain, seed: number): Row {
  const row: Row = {};
  grain.metrics.forEach((metric, i) => {
    row[metric] = ((seed * 7919 + i * 104_729) % 997) - (metric === 'dislikes' ? 20 : 0);
  });
  return row;
}

/** Daily rows of every grain for two channels: countries and titles vary by day. */
async function seedFacts(): Promise<{ channels: number[]; rows: Map<FactGrain, Row[]> }> {
  const channels = [await createChannel(), await createChannel()];
  const titles = [await createTitle(), await createTitle()];
  const [
    channelGrain,
    countryGrain,
    titleGrain,
    titleCountryGrain,
    trafficGrain,
    titleTrafficGrain,
    formatGrain,
    videoGrain,
    videoCountryGrain,
  ] = FACT_GRAINS as [FactGrain, FactGrain, FactGrain, FactGrain, FactGrain, FactGrain, FactGrain, FactGrain, FactGrain];
  const videoTrafficGrain = FACT_GRAINS.find((grain) => grain.daily === 'video_traffic_daily');
  const searchTermGrain = FACT_GRAINS.find((grain) => grain.daily === 'channel_search_term_daily');
  const rows = new Map<FactGrain, Row[]>(FACT_GRAINS.map((grain) => [grain, []]));
  let seed = 1;
  for (const channelId of channels) {
    DAYS.forEach((day, d) => {
      rows.get(channelGrain)?.push({ channel_id: channelId, day, ...metrics(channelGrain, seed++) });
      for (const source of d % 4 === 0 ? [3, 5, 24] : [3, 7]) {
        rows.get(trafficGrain)?.push({ channel_id: channelId, day, source_type: source, ...metrics(trafficGrain, seed++) });
      }
      for (const video of d % 3 === 0 ? ['monthlyvid1', 'monthlyvid2'] : ['monthlyvid1']) {
        for (const source of d % 2 === 0 ? [3, 24] : [5]) {
          if (!videoTrafficGrain) break;
          rows
            .get(videoTrafficGrain)
            ?.push({ channel_id: channelId, day, video_id: video, source_type: source, ...metrics(videoTrafficGrain, seed++) });
        }
      }
      // Search terms, with the '' row of the rest on some days.
      for (const term of d % 3 === 0 ? ['cats', 'dogs', ''] : ['cats']) {
        if (searchTermGrain) rows.get(searchTermGrain)?.push({ channel_id: channelId, day, term, ...metrics(searchTermGrain, seed++) });
      }
      for (const type of d % 2 === 0 ? ['full', 'short', 'channel'] : ['live']) {
        rows.get(formatGrain)?.push({ channel_id: channelId, day, video_type: type, ...metrics(formatGrain, seed++) });
      }
      for (const video of d % 2 === 0 ? ['videoAAAAAA', 'videoBBBBBB'] : ['videoAAAAAA', 'videoCCCCCC']) {
        rows.get(videoGrain)?.push({ channel_id: channelId, day, video_id: video, ...metrics(videoGrain, seed++) });
        for (const country of d % 3 === 0 ? ['US', 'DE'] : ['US']) {
          rows
            .get(videoCountryGrain)
            ?.push({ channel_id: channelId, day, video_id: video, country_code: country, ...metrics(videoCountryGrain, seed++) });
        }
      }
      for (const country of d % 3 === 0 ? ['US', 'DE', 'FR'] : ['US', 'DE']) {
        rows.get(countryGrain)?.push({ channel_id: channelId, day, country_code: country, ...metrics(countryGrain, seed++) });
      }
      for (const [titleId, type] of [
        [titles[0], 'full'],
        [titles[0], 'short'],
        [titles[1], 'full'],
      ] as const) {
        rows
          .get(titleGrain)
          ?.push({ channel_id: channelId, day, title_id: titleId ?? 0, video_type: type, ...metrics(titleGrain, seed++) });
        for (const source of d % 5 === 0 ? [5, 9] : [7]) {
          rows.get(titleTrafficGrain)?.push({
            channel_id: channelId,
            day,
            title_id: titleId ?? 0,
            video_type: type,
            source_type: source,
            ...metrics(titleTrafficGrain, seed++),
          });
        }
        for (const country of d % 2 === 0 ? ['US', 'BR'] : ['US']) {
          rows.get(titleCountryGrain)?.push({
            channel_id: channelId,
            day,
            title_id: titleId ?? 0,
            video_type: type,
            country_code: country,
            ...metrics(titleCountryGrain, seed++),
          });
        }
      }
    });
  }
  for (const [grain, list] of rows) await insertRows(grain.daily, list);
  return { channels, rows };
}

/** The monthly rows computed here from the daily rows: one per (channel, month, keys), metrics summed. */
function expectedMonthly(grain: FactGrain, daily: Row[]): Row[] {
  const out = new Map<string, Row>();
  for (const row of daily) {
    const keyValues = grain.keys.map((key) => row[key] ?? null);
    const month = String(row.day).slice(0, 7);
    const id = JSON.stringify([row.channel_id, month, ...keyValues]);
    const sum = out.get(id) ?? {
      channel_id: row.channel_id ?? null,
      month,
      ...Object.fromEntries(grain.keys.map((k) => [k, row[k] ?? null])),
      // No finance statements here: the carried statement is empty.
      ...Object.fromEntries((grain.carried ?? []).map((c) => [c, null])),
    };
    for (const metric of grain.metrics) sum[metric] = Number(sum[metric] ?? 0) + Number(row[metric]);
    out.set(id, sum);
  }
  return [...out.values()];
}

const order = (grain: FactGrain) => ['channel_id', 'month', ...grain.keys].join(', ');
const sortRows = (grain: FactGrain, rows: Row[]) =>
  [...rows].sort((a, b) => {
    for (const key of ['channel_id', 'month', ...grain.keys]) {
      const x = a[key] ?? '';
      const y = b[key] ?? '';
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
const channelDays = (channels: number[], days: string[]) => channels.flatMap((channelId) => days.map((day) => ({ channelId, day })));

describe('partner monthly rollups', () => {
  it('sum every metric of the daily rows per channel, month and key at each grain', async () => {
    const { channels, rows } = await seedFacts();
    const report = await refreshRollups(env.DB, { channelDays: channelDays(channels, DAYS) });
    expect(report.statements).toBeGreaterThan(0);
    for (const grain of FACT_GRAINS) {
      const expected = sortRows(grain, expectedMonthly(grain, rows.get(grain) ?? []));
      expect(expected.length).toBeGreaterThan(channels.length * 2);
      expect(await dump(grain.monthly, order(grain))).toEqual(expected);
    }
  });

  it('after one changed day and a removed row, an incremental refresh equals a full rebuild', async () => {
    const { channels, rows } = await seedFacts();
    await refreshRollups(env.DB, { channelDays: channelDays(channels, DAYS) });
    const [first, second] = channels as [number, number];
    await env.DB.prepare('UPDATE channel_daily SET views = views + 5000, partner_revenue_micros = 123 WHERE channel_id = ? AND day = ?')
      .bind(first, '2026-02-10')
      .run();
    await env.DB.prepare("UPDATE channel_country_daily SET views = 77 WHERE channel_id = ? AND day = ? AND country_code = 'US'")
      .bind(first, '2026-02-10')
      .run();
    // FR appears on 2026-03-01 only in March for this channel: its March bucket row must go.
    await env.DB.prepare("DELETE FROM channel_country_daily WHERE channel_id = ? AND day = '2026-03-01' AND country_code = 'FR'")
      .bind(second)
      .run();
    await refreshRollups(env.DB, {
      channelDays: [
        { channelId: first, day: '2026-02-10' },
        { channelId: second, day: '2026-03-01' },
      ],
    });
    const incremental = await Promise.all(FACT_GRAINS.map((grain) => dump(grain.monthly, order(grain))));

    const countryGrain = FACT_GRAINS[1] as FactGrain;
    const daily = await dump(countryGrain.daily, 'channel_id, day, country_code');
    expect(incremental[1]).toEqual(sortRows(countryGrain, expectedMonthly(countryGrain, daily)));
    expect(incremental[1]?.some((r) => r.channel_id === second && r.month === '2026-03' && r.country_code === 'FR')).toBe(false);
    const february = incremental[0]?.find((r) => r.channel_id === first && r.month === '2026-02');
    const before = expectedMonthly(FACT_GRAINS[0] as FactGrain, rows.get(FACT_GRAINS[0] as FactGrain) ?? []).find(
      (r) => r.channel_id === first && r.month === '2026-02',
    );
    expect(february?.views).toBe(Number(before?.views) + 5000);

    await rebuildAllRollups(env.DB);
    const rebuilt = await Promise.all(FACT_GRAINS.map((grain) => dump(grain.monthly, order(grain))));
    expect(rebuilt).toEqual(incremental);
  });

  it('a rebuild drops months whose daily rows are gone', async () => {
    const { channels } = await seedFacts();
    await rebuildAllRollups(env.DB);
    for (const grain of FACT_GRAINS) {
      await env.DB.prepare(`DELETE FROM ${grain.daily} WHERE channel_id = ? AND day < '2026-02-01'`).bind(channels[0]).run();
    }
    await rebuildAllRollups(env.DB);
    for (const grain of FACT_GRAINS) {
      const months = await dump(grain.monthly, order(grain));
      expect([...new Set(months.filter((r) => r.channel_id === channels[0]).map((r) => r.month))]).toEqual(['2026-02', '2026-03']);
      expect([...new Set(months.filter((r) => r.channel_id === channels[1]).map((r) => r.month))]).toEqual([
        '2026-01',
        '2026-02',
        '2026-03',
      ]);
    }
  });

  it('lists every metric column of each daily table, and the monthly tables carry them all', async () => {
    const columns = async (table: string) =>
      (await env.DB.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').bind(table).all<{ name: string }>()).results.map(
        (c) => c.name,
      );
    for (const grain of FACT_GRAINS) {
      // The channel days' statement shares (migration 0033) are kept by a trigger, not summed.
      const carried = grain.daily === 'channel_daily' ? ['statement_share_micros'] : [];
      const dailyMetrics = (await columns(grain.daily)).filter((name) => !['channel_id', 'day', ...grain.keys, ...carried].includes(name));
      expect([...grain.metrics].sort()).toEqual(dailyMetrics.sort());
      // A network's days sum the channel days' metrics too (migration 0034): day charts read them.
      if (grain.daily === 'channel_daily') {
        expect((await columns('network_daily')).sort()).toEqual(
          ['network_id', 'day', ...grain.metrics, 'statement_share_micros', 'earnings_micros'].sort(),
        );
      }
      expect((await columns(grain.monthly)).sort()).toEqual(
        ['channel_id', 'month', ...grain.keys, ...grain.metrics, ...(grain.carried ?? [])].sort(),
      );
    }
  });
});
