// The whole demo dataset as one ordered stream of table rows (parents before children).
import { partnerActivity, publicActivity } from './activity';
import { generateAudience } from './audience';
import { attributedCopies, generateClaimRevenue } from './claim-revenue';
import { generateIllegalCopies } from './copies';
import { channelFacts, type MonthTotals } from './facts';
import { generateFinance } from './finance';
import { generateSupportTickets } from './people';
import { publicRows, type DailyActivity } from './public-series';
import { channelRankings, globalStats, networkStats, type RankedChannel } from './rankings';
import type { ChannelRecord, FinanceRecord, TableName, TableRecords, TaggedRecord } from './records';
import { generateTrends } from './trends';
import { buildWorld, type GenerateOptions, type World } from './world';

function* tag<K extends TableName>(table: K, rows: Iterable<TableRecords[K]>): Generator<TaggedRecord> {
  for (const row of rows) yield { table, row } as TaggedRecord;
}

function* catalogue(world: World): Generator<TaggedRecord> {
  yield* tag('users', world.people.users);
  yield* tag('managers', world.people.managers);
  yield* tag('networks', world.networks);
  yield* tag(
    'channels',
    world.partnerChannels.map((channel) => channel.record),
  );
  yield* tag(
    'channels',
    world.publicChannels.map((channel) => channel.record),
  );
  yield* tag('channel_grants', world.grants.channelGrants);
  yield* tag('network_grants', world.grants.networkGrants);
  yield* tag('titles', world.titles);
  for (const videos of world.videos.values()) yield* tag('videos', videos);
}

function* partnerArea(world: World): Generator<TaggedRecord> {
  const { ctx } = world;
  const ugcFinance: FinanceRecord[] = [];
  for (const channel of world.partnerChannels) {
    const months: MonthTotals = new Map();
    yield* channelFacts(ctx, channel, months);
    yield* tag('channel_audience_monthly', generateAudience(ctx, channel, months));
    const finance = generateFinance(ctx, channel, months);
    if (channel.record.isUgc === 1) ugcFinance.push(...finance);
    yield* tag('channel_finance_monthly', finance);
  }
  const videos = [...world.videos.values()].flat();
  const copies = generateIllegalCopies(ctx, world.partnerChannels, videos);
  yield* tag('illegal_copies', copies);
  yield* tag('channel_claim_revenue_monthly', generateClaimRevenue(ugcFinance, attributedCopies(copies)));
  yield* tag('live_broadcasts', [...world.broadcasts.broadcasts, ...world.pastStreams]);
  yield* tag('support_tickets', generateSupportTickets(ctx, world.people));
}

function* publicArea(world: World): Generator<TaggedRecord> {
  const { ctx } = world;
  const ranked: RankedChannel[] = [];
  const track = function* (record: ChannelRecord, activity: DailyActivity): Generator<TaggedRecord> {
    const rows = publicRows(ctx, activity);
    yield* tag('channel_snapshots', rows.snapshots);
    yield* tag('channel_history_monthly', rows.history);
    yield* tag('channel_now', [rows.now]);
    ranked.push({
      channelId: record.id,
      categoryId: record.categoryId,
      languageCode: record.languageCode,
      countryCode: record.countryCode,
      networkId: record.networkId,
      periods: rows.periods,
      previousNow: rows.previousNow,
    });
  };
  for (const channel of world.partnerChannels) {
    if (channel.record.isUgc === 1) continue;
    yield* track(channel.record, partnerActivity(ctx, channel, world.videos.get(channel.record.id) ?? []));
  }
  for (const channel of world.publicChannels) yield* track(channel.record, publicActivity(ctx, channel));
  yield* channelRankings(ctx, ranked);
  yield* tag('network_stats', networkStats(ctx, ranked));
  yield* tag('global_stats', globalStats(ctx, ranked));
  const records = new Map([...world.partnerChannels, ...world.publicChannels].map((channel) => [channel.record.id, channel.record]));
  yield* generateTrends(
    ctx,
    ranked.map((entry) => {
      const record = records.get(entry.channelId) as ChannelRecord;
      return {
        id: record.id,
        title: record.title,
        countryCode: record.countryCode,
        languageCode: record.languageCode,
        categoryId: record.categoryId,
        subscribers: entry.periods[entry.periods.length - 1]?.subscriberCount ?? 0,
      };
    }),
  );
}

/**
 * Every row of the demo dataset. Pure: the same options always give the same rows.
 * @example for (const { table, row } of generateRecords({ seed: 1, today: '2026-01-15', scale: SCALES.tiny })) ...
 */
export function* generateRecords(options: GenerateOptions): Generator<TaggedRecord> {
  const world = buildWorld(options);
  yield* catalogue(world);
  yield* partnerArea(world);
  yield* publicArea(world);
}

export type { GenerateOptions } from './world';
