// The demo dataset loaded the way production data arrives: generated, written as YouTube's files, fed to the real loaders.
import { type ImportTarget, rebuildAndPublish } from '../../../src/server/ingest/run-import';
import { generateSupportTickets } from '../generate/people';
import { buildWorld, type GenerateOptions } from '../generate/world';
import { partnerSources } from '../formats/partner-reports';
import { writeAccounts, writeCatalogue, writeGrants } from './direct';
import { loadStreams } from './live-feed';
import { writeDemoMoney } from './money';
import { inThisThread, loadPartnerReports, type BatchSource } from './partner-feed';
import { loadPublicSnapshots } from './public-feed';
import { NO_FILES, type FileSink } from './sink';
import { loadTrends } from './trends-feed';
import { loadUploads } from './uploads-feed';

export interface DemoLoadOptions extends GenerateOptions {
  /** Also receives every generated file (seed --write-files). */
  sink?: FileSink;
  /** Called as each phase ends (the seed prints it). */
  onPhase?: (phase: PhaseReport) => void;
  /** Makes the partner network's report files (default: in this thread). */
  reports?: BatchSource;
}

export interface PhaseReport {
  name: string;
  ms: number;
  detail: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The stores the demo's partner network spreads over on a split install. */
export const DEMO_STORE_BUCKETS = 2;

/**
 * Fills an empty database (migrated, reference tables only): accounts and networks directly, public
 * counters as channels.list pages, streams as live-job calls, recent uploads as uploads-job calls, the partner network's reports through
 * importFiles, trend charts as mostPopular pages, then our own catalogue attributes and grants, and
 * every rollup rebuilt once, which starts a new public data generation (cached pages of the data
 * before are retired). Runs in Node (the seed) and in workerd (the integration test).
 * @example await loadDemo({ db: env.DB, kv: env.KV }, { seed: 1, today: '2026-03-04', scale: SCALES.tiny })
 */
export async function loadDemo(target: ImportTarget, options: DemoLoadOptions): Promise<PhaseReport[]> {
  const { db } = target;
  const sink = options.sink ?? NO_FILES;
  const phases: PhaseReport[] = [];
  let started = performance.now();
  const phase = (name: string, detail: string) => {
    const report = { name, ms: performance.now() - started, detail };
    phases.push(report);
    options.onPhase?.(report);
    started = performance.now();
  };
  const world = buildWorld(options);
  await writeAccounts(db, world, generateSupportTickets(world.ctx, world.people));
  // Split, the partner network's channels spread over stores of their own, so the split install's pages
  // read several stores of one network (docs/partner-store.md, "A network larger than one store").
  if (target.storeOf) await db.prepare('UPDATE networks SET store_buckets = ?1 WHERE is_partner = 1').bind(DEMO_STORE_BUCKETS).run();
  phase('accounts and networks', `${world.people.users.length} users, ${world.networks.length} networks (written directly)`);

  const publicFeed = await loadPublicSnapshots(db, world, sink);
  phase('channels.list snapshots', `${count(publicFeed.snapshots)} snapshots from ${count(publicFeed.pages)} pages`);
  const streams = await loadStreams(db, world, sink);
  phase('live streams', `${streams} streams (search.list + videos.list)`);
  const uploads = await loadUploads(db, world, sink);
  phase(
    'recent uploads',
    `${count(uploads.uploads)} uploads of ${count(uploads.channels)} channels (playlistItems.list + videos.list, read twice)`,
  );

  const names = { catalogue: 'video metadata and claims', facts: 'basic, revenue, demographics', finance: 'finance statements' } as const;
  const generation = { seed: options.seed, today: options.today, scale: options.scale };
  await loadPartnerReports(target, generation, world, options.reports ?? inThisThread, sink, (kind, tally) =>
    phase(names[kind], `${count(tally.rows)} rows in ${tally.files} files`),
  );

  const positions = await loadTrends(db, world, publicFeed.trendChannels, sink);
  phase('mostPopular charts', `${count(positions)} positions`);
  const sources = partnerSources(world);
  await writeCatalogue(target, world, sources.customIds, sources.copies);
  await writeGrants(db, world);
  phase('catalogue attributes and grants', 'categories, languages, networks, title names (written directly)');
  const rollups = await rebuildAndPublish(target);
  phase('rollups', `${count(rollups.statements)} statements`);
  const money = await writeDemoMoney(target, options.today, Math.floor(Date.parse(`${options.today}T12:00:00Z`) / 1000));
  phase('revenue share', `${money.contracts} contracts, ${money.approved} statements approved, ${money.paid} paid`);
  return phases;
}
